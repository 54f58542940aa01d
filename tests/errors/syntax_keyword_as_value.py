# A keyword used as a value is a syntax error (CPython: invalid syntax), not "name 'for' is not
# defined".
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    a[0] = for + 1.0  # expect error@12: invalid syntax: 'for' is a keyword
