# A grid-stride loop over four arrays gets no unroll count (pj_stride_unroll: a pointer for each
# array in each copy costs more registers than the copies gain), and without one it counts no
# passes: no division, and one load of each input a pass. Before, the counted loop went to LLVM's
# own runtime unrolling: 56 registers and 1.62x the time of nvcc's `if` kernel on an H200.
# ARGS: --emit=ptx --sig "void(float32[::1], float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def fma4(a, b, c, out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = a[i] * b[i] + c[i]

# PTX-LABEL: .visible .entry fma4(
# PTX-NOT: div.u
# PTX: ld.global.f32
# PTX: ld.global.f32
# PTX: ld.global.f32
# PTX-NOT: ld.global
# PTX: st.global.f32
# PTX-NOT: ld.global
# PTX-NOT: st.global
# PTX-NOT: div.u
# PTX: ret;
