# The CPU executor inlines device functions that hold barriers, shared arrays or warp
# collectives: one that calls itself cannot be, and such a call cannot sit where only some
# threads evaluate it.
# ARGS: --emit=types --target cpu --sig "void(int32[:], int32)"
from numba import cuda


@cuda.jit(device=True)
def spread(v, depth):
    if depth == 0:
        return v
    return spread(v + cuda.shfl_xor_sync(0xFFFFFFFF, v, depth), depth - 1)  # expect error@12: device function 'spread' calls itself and holds a barrier, a shared array or a warp collective


@cuda.jit(device=True)
def warp_total(v):
    return cuda.shfl_down_sync(0xFFFFFFFF, v, 1) + v


@cuda.jit
def k(a, n):
    i = cuda.grid(1)
    a[i] = spread(a[i], 4)
    if n > 0 and warp_total(a[i]) > 0:  # expect error@18: a call of 'warp_total', which holds a barrier, a shared array or a warp collective, inside 'and', 'or' or a conditional expression cannot run on the CPU executor yet
        a[i] = 0
