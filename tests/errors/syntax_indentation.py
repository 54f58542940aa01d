# An unexpected indent is a syntax error (CPython: IndentationError: unexpected indent), not a
# statement silently accepted at a deeper level.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1.0
      a[1] = 2.0  # expect error: indent
    a[2] = 3.0
