# Module-level globals are compile-time constants when they are numbers, bools or tuples of them
# (Y, Z below are fine); an array or a list made at module level cannot be used in a kernel.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda
import numpy as np

X = np.zeros(3)
W = [1, 2]
Y = 3
Z = (1, 2.5)


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = Y + Z[1]
    a[i] = X[0]  # expect error@12: global 'X' is not a compile-time constant
    a[i] = W[0]  # expect error@12: global 'W' is not a compile-time constant
