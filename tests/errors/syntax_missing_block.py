# An `if` with no indented block is a syntax error (CPython: IndentationError: expected an
# indented block after 'if' statement on line 9); it must not be accepted with the next line moved
# out of the if (which silently changes what the kernel does).
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    if x > 0:
    a[0] = 2.0  # expect error: indent
