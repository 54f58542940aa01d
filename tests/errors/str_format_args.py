# "...".format(...) in kernels: conversions, the end of the string, and arguments that call a
# function (Python evaluates each once, in order; a field may print it once, in that order).
# ARGS: --emit=types --sig "void(float64[:], int64[:])"
from numba import cuda


@cuda.jit(device=True)
def bump(n):
    n[0] += 1
    return n[0]


@cuda.jit
def k(a, n):
    print("{0:x".format(3))  # expect error@12: expected '}' before end of string
    print("{!x}".format(3))  # expect error@13: Unknown conversion specifier
    print("{!r2}".format(3))  # expect error@13: expected ':' after conversion specifier
    print("{} {}".format(*(1, 2)))  # expect error@26: *-unpacking in a format() call
    print("{0} {0}".format(bump(n)))  # expect error@16: a format() argument that calls a function must be printed once
    print("{1} {0}".format(bump(n), bump(n)))  # expect error@16: printed once, in the order of the arguments
    print("{0} {1}".format(bump(n), bump(n)), "{a}{b}".format(a=n[0], b=bump(n)))
