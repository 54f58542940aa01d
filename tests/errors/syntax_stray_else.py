# Python keywords are not names: a stray `else:` is a syntax error (CPython: invalid syntax at
# `else`), not "a type annotation is not supported".
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    a[0] = 1.0
    else: a[1] = 2.0  # expect error@5: invalid syntax: 'else' is a keyword
    a[2] = 3.0
