# f-strings that the parser refuses, at the place in the string: a spec computed at run time,
# format() of an f-string, and escapes a kernel cannot print.
# ARGS: --emit=types --sig "void(float64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, n):
    x = a[0]
    print(f"{x:>{n[0]}}")  # expect error@17: a format spec computed at run time
    print(f"a{x:{'>'}10}")  # expect error@17: a format spec computed at run time
    print(f"{x}".format())  # expect error@11: format() of an f-string is not supported in kernels
    print("\N{DEGREE SIGN}")  # expect error@12: a \N{...} escape (a character by its name) is not supported in kernels
    print(f"a\0b{x}")  # expect error@14: a NUL character in a string is not supported in kernels
    print(f"{x:\x3e5}")  # expect error@15: an escape sequence or a line break in a format spec is not supported
