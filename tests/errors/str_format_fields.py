# "...".format(...) in kernels: what str.format raises for the fields of its string, at the field.
# ARGS: --emit=types --sig "void(float64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, n):
    x = a[0]
    print("{:{}}".format(x, 5))  # expect error@14: a format spec computed at run time
    print("{} {}".format(x))  # expect error@15: Replacement index 1 out of range for positional args tuple
    print("{0} {}".format(x, x))  # expect error@16: cannot switch from manual field specification to automatic field numbering
    print("{} {1}".format(x, x))  # expect error@15: cannot switch from automatic field numbering to manual field specification
    print("{y}".format(x=x))  # expect error@12: KeyError: 'y'
    print("{0[1]}".format(a))  # expect error@14: an index or attribute in a format field
    print("{0.real}".format(x))  # expect error@14: an index or attribute in a format field
    print("a } b".format())  # expect error@14: Single '}' encountered in format string
    print("a {".format())  # expect error@14: Single '{' encountered in format string
