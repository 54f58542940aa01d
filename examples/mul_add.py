"""y = x1 * x2 + B, elementwise, with a scalar B; one thread per element."""
from numba import cuda


@cuda.jit
def mul_add(x1, x2, B, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = x1[i] * x2[i] + B
