# Several independent errors in one kernel are all reported in one run, each on its own line,
# and the statements between them (valid) add nothing.
# ARGS: --emit=types --sig "void(float64[:,:], float64)"
from numba import cuda
import math


@cuda.jit
def k(m, x):
    i, j = cuda.grid(2)
    m[i, j] = x + missing  # expect error@19: name 'missing' is not defined
    y = math.sqrt(x)
    m[i] = m  # expect error@12: cannot assign array(float64, 2d, C) to a slice of array(float64, 2d, C)
    m[j, i] = y * 2.0
    return y  # expect error@12: a kernel cannot return a value
