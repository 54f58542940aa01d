# Arithmetic and comparisons on arrays (no array expressions in kernels) and invalid operand types.
# ARGS: --emit=types --sig "void(float64[:], float64, int64)"
from numba import cuda


@cuda.jit
def k(a, x, n):
    i = cuda.grid(1)
    a[i] = a + x  # expect error@12: unsupported operand types for +: array(float64, 1d, C) and float64
    a[i] = x * a  # expect error@12: unsupported operand types for *: float64 and array(float64, 1d, C)
    a[i] = -a  # expect error@12: bad operand type for unary -: array(float64, 1d, C)
    a[i] = ~x  # expect error@12: bad operand type for unary ~: float64
    a[i] = a < x  # expect error@12: cannot compare array(float64, 1d, C) and float64
    a[i] = n & x  # expect error@12: unsupported operand types for &: int64 and float64
    a += 1  # expect error@5: unsupported operand types for +: array(float64, 1d, C) and int64
