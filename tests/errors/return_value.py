# A kernel returns nothing: `return value` is rejected at the value; a bare return (or return
# None) is fine.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    if n > 0:
        return
    if n < -5:
        return None
    return a[0] * 2  # expect error@12: a kernel cannot return a value
