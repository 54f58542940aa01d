# for loops iterate over range(...) only, with a single name as target and integer bounds.
# ARGS: --emit=types --sig "void(int64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    for j in a:  # expect error@14: for loops must iterate over range(...)
        a[j] = 0
    for j in (1, 2):  # expect error@14: for loops must iterate over range(...)
        pass
    for (p, q) in range(3):  # expect error@9: the target of a for loop must be a name
        pass
    for j in range(x):  # expect error@14: range() takes integers, not float64
        pass
    for j in range(1, 9, 0):  # expect error@26: range() arg 3 must not be zero
        pass
