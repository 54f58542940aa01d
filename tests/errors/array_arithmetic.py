# Arithmetic on whole arrays (also an augmented assignment to a slice) is not compiled in
# kernels, as in numba-cuda: the message says to loop over the elements.
# ARGS: --emit=types --sig "void(float64[:], float64[:,:])"
from numba import cuda


@cuda.jit
def k(a, m):
    a[1:3] += 1  # expect error@5: unsupported operand types for +: array(float64, 1d, A) and int64 (arithmetic on whole arrays would allocate
    b = m[0] * 2.0  # expect error@9: loop over the elements
    a[0] = b[0]
