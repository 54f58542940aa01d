# The CPU executor inlines device functions that hold barriers, shared arrays or warp
# collectives: one that calls itself cannot be.
# ARGS: --emit=types --target cpu --sig "void(int32[:], int32)"
from numba import cuda


@cuda.jit(device=True)
def spread(v, depth):
    if depth == 0:
        return v
    return spread(v + cuda.shfl_xor_sync(0xFFFFFFFF, v, depth), depth - 1)  # expect error@12: device function 'spread' calls itself and holds a barrier, a shared array or a warp collective


@cuda.jit
def k(a, n):
    i = cuda.grid(1)
    a[i] = spread(a[i], 4)
