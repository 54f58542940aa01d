# Indexing errors: a scalar indexed, too many / too few indices, non-integer indices, tuple
# indices out of range, or not constant where the items differ in type.
# ARGS: --emit=types --sig "void(float64[:], float32[:,:], float64, int64)"
from numba import cuda


@cuda.jit
def k(a, m, x, n):
    i = cuda.grid(1)
    a[i] = x[0]  # expect error@12: float64 cannot be indexed
    a[i] = m[i, 0, 1]  # expect error@14: too many indices for array(float32, 2d, C): 3
    a[i] = m[i]  # expect error@12: cannot store array(float32, 1d, C) into an element of array(float64, 1d, C)
    a[i] = a[x]  # expect error@14: array index must be an integer, not float64
    a[i] = a[1.5]  # expect error@14: array index must be an integer, not float64
    a[i] = m[i, x]  # expect error@17: array index must be an integer, not float64
    t = (1, 2)
    a[i] = t[2]  # expect error@14: tuple index out of range
    h = (1, 2.5)
    a[i] = h[n]  # expect error@14: a tuple index must be a constant integer: the items of Tuple(int64, float64) differ in type
    a[i] = a.shape[1]  # expect error@20: tuple index out of range
