# A malformed eager signature in the decorator is a diagnostic at the decorator's line (the
# user's source), not only a command-line message without a location.
# ARGS: --emit=types
from numba import cuda


@cuda.jit("void(float64[:]")  # expect error: expected ')'
def k(a):
    a[0] = 1.0
