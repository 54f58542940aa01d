# A grid-stride `for` loop over range(cuda.grid(1), n, cuda.gridsize(1)) with an int32 size: its
# start is never negative and its step positive by their forms, so x[i] needs no wraparound of a
# negative index (a shift of the sign bit and an and with the extent per access), as on the CPU.
# ARGS: --emit=ptx --sig "void(float32, float32[::1], float32[::1], float32[::1], int32)"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]

# PTX-LABEL: .visible .entry saxpy(
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ld.global.f32
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: fma.rn.f32
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: st.global.f32
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ret;
