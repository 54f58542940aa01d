# A variable read where only other paths assign it compiles, as numba compiles it, with numba's
# warning (the read gives 0 on the paths that do not assign it); a read that no earlier line
# assigns on any path stays an error.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    if n > 0:
        c = 1.0
    else:
        c += 1.0
    a[0] = c
    a[1] = z  # expect error@12: local variable 'z' is referenced before assignment
    z = 2.0
