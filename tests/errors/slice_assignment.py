# Slicing makes views, but storing into a view (a[1:3] = 0) or storing a view into an element
# is not supported yet.
# ARGS: --emit=types --sig "void(float64[:], float64[:])"
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    a[1:3] = 0  # expect error@5: assigning to a slice
    b[i] = a[i:]  # expect error@12: cannot store array
