# Slicing makes views; a view takes a number or an array of as many dimensions or fewer
# (broadcast); a view cannot be stored into an element, nor complex numbers into real elements.
# ARGS: --emit=types --sig "void(float64[:], float64[:,:], complex128[:])"
from numba import cuda


@cuda.jit
def k(a, m, z):
    i = cuda.grid(1)
    a[1:3] = 0
    m[0, :] = a[1:]
    a[i] = a[i:]  # expect error@12: cannot store array(float64, 1d, A) into an element
    a[1:] = m  # expect error@13: cannot assign array(float64, 2d, C) to a slice of array(float64, 1d, C)
    m[:, 1] = z  # expect error@15: cannot store array(complex128, 1d, C) into elements of
    a[2:] = (1, 2)  # expect error@13: give a number or an array of at most 1 dimension
    m[1:], a[0] = z, 1.0  # expect error@5: cannot store array(complex128, 1d, C) into elements of
