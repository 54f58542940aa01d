# An eager signature in the decorator with more arguments than the kernel has parameters.
# ARGS: --emit=types
from numba import cuda


@cuda.jit("void(float64[:], float64)")  # expect error@11: the signature has 2 arguments; kernel 'k' takes 1
def k(a):
    a[0] = 1.0
