# Constructs that parse but cannot be typed in a kernel: print of an array, keyword
# arguments, strings and f-strings, `is` of arrays, `in` of a number, and functions numba has but this slice
# does not.
# ARGS: --emit=types --sig "void(int64[:], int64[:])"
from numba import cuda
import math


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    print(a)  # expect error@5: print() takes numbers, strings and tuples of them, not array(int64, 1d, C)
    a[i] = max(a[i], b[i], key=3)  # expect error@28: unexpected keyword argument 'key'
    s = "hello"  # expect error@9: strings are not supported
    w = f"x{i}"  # expect error@9: an f-string or str.format() is supported in kernels only as an argument of print()
    a[i] = a is b  # expect error@12: 'is' operator
    a[i] = i in i  # expect error@12: the 'in' operator needs a tuple or an array
    a[i] = math.factorial(3)  # expect error@12: 'math.factorial'
    a[i] = b[i] @ b[i]  # expect error@12: unsupported operand types for @
