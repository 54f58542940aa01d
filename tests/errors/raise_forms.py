# raise in kernels: an exception class, or a call of one with constant arguments (numba's rule);
# anything else is reported at the exception.
# ARGS: --emit=types --sig "void(int64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    if n == 1:
        raise ValueError
    if n == 2:
        raise ValueError("n is", 2, -1.5, None)
    if n == 3:
        raise ValueError(n)  # expect error@15: raise takes an exception class, or a call of one with constant arguments
    if n == 4:
        e = 5
        raise e  # expect error@15: raise takes an exception class
    if n == 5:
        raise ValueError(msg="x")  # expect error@15: raise takes an exception class
