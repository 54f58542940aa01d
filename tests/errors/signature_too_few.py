# The signature gives fewer arguments than the kernel has parameters: reported at the kernel.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a, n):  # expect error@5: kernel 'k' takes 2 arguments, got 1
    a[0] = n
