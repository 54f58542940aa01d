# A variable holds one type: an array and a number cannot share it (numba: "Cannot unify"); an
# array argument cannot be rebound to a number.
# ARGS: --emit=types --sig "void(float64[:], int64, float64)"
from numba import cuda


@cuda.jit
def k(a, n, x):
    i = cuda.grid(1)
    if i > 3:
        v = a
    else:
        v = 1.0  # expect error@9: cannot unify array(float64, 1d, C) and float64 for 'v'
    a[i] = n if x > 0 else a  # expect error@12: cannot unify int64 and array(float64, 1d, C)
    a = 1.5  # expect error@5: for 'a'
    a[i] = None  # expect error@12: cannot assign a value of type none
