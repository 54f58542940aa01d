# Two parameters of one name: CPython's SyntaxError, located at the second.
# ARGS: --sig void(float32[:],float32[:])
from numba import cuda


@cuda.jit
def k(a, a):  # expect error@10: duplicate argument 'a' in function definition
    a[0] = 1.0
