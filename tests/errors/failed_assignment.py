# An assignment whose value fails to type is reported once: the names it would have bound
# bring no "used before it has a value" errors of their own later.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    x, y = undefined_fn(a)  # expect error@12: undefined_fn
    z = a[0] + 1j * None  # expect error@16: unsupported operand types
    a[0] = x + y + z
