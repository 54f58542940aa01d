# A small grid-stride while loop over an array is unrolled by 4 on the GPU (four loads in flight,
# then the remainder), which LLVM's own runtime unrolling refuses for a stride known only at run
# time; a loop of arithmetic alone (no array access) is left as it is.
# ARGS: --emit=ptx --sig "void(float32[::1], float32[::1], int64)"
from numba import cuda


@cuda.jit
def stride_sum(x, out, steps):
    i = cuda.grid(1)
    acc = 0.0
    while i < x.size:
        acc += x[i]
        i += cuda.gridsize(1)
    k = 0
    z = 1.0
    while k < steps and z < 1e30:
        z = z * 1.5 + 1.0
        k += 1
    out[cuda.grid(1)] = acc + z

# PTX-LABEL: .visible .entry stride_sum(
# PTX-COUNT-5: ld.global.f32
# PTX-NOT: ld.global.f32
# PTX: fma.rn.f64
# PTX-NOT: fma.rn.f64
# PTX: st.global.f32
