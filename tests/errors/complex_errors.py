# What Python and numba refuse with complex numbers: ordering, //, bit operations, int(), math
# functions (cmath has the complex ones), and storing into a real array.
# ARGS: --emit=types --sig "void(float64[:])"
import math
from numba import cuda


@cuda.jit
def k(a):
    z = complex(a[0], a[1])
    b = z < 1j  # expect error@9: '<' is not supported between complex128 and complex128
    c = z // 2  # expect error@9: unsupported operand types for //
    d = int(z)  # expect error@9: int() takes a real number, not complex128
    e = math.sqrt(z)  # expect error@9: math.sqrt() takes real numbers, not complex128
    a[2] = z  # expect error@12: cannot store complex128 into an element of array(float64, 1d, C)
