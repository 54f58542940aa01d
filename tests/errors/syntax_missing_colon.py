# A missing ':' after an if condition is reported where the ':' belongs (CPython: "expected ':'",
# line 9, col 13).
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    if n < 3  # expect error@13: expected ':'
        a[0] = 1.0
