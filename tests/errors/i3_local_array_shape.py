# cuda.local.array has the same rules as cuda.shared.array: a constant shape of positive
# extents and a dtype object.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda, float64, int32

M = 3


@cuda.jit
def k(a, n):
    ok = cuda.local.array((M, 2), int32)
    l1 = cuda.local.array(n, float64)  # expect error@10: cuda.local.array() needs a constant shape
    l2 = cuda.local.array((M, n), float64)  # expect error@10: cuda.local.array() needs a constant shape
    l3 = cuda.local.array(0, float64)  # expect error@10: cuda.local.array() needs positive extents
    l4 = cuda.local.array((2, -1), float64)  # expect error@10: cuda.local.array() needs positive extents
    l5 = cuda.local.array(4, a)  # expect error@10: cuda.local.array() needs a dtype such as float32 as its dtype, not array(float64, 1d, C)
    l6 = cuda.local.array(shape=4)  # expect error@10: cuda.local.array() takes 2 to 3 arguments, got 1
