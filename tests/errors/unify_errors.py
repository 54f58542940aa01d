# A variable holds one type where its definitions meet at a read: an array and a number cannot
# share it (numba: "Cannot unify"); an array argument cannot be rebound to a number that a read of
# the argument may also see.
# ARGS: --emit=types --sig "void(float64[:], int64, float64)"
from numba import cuda


@cuda.jit
def k(a, n, x):
    i = cuda.grid(1)
    if i > 3:
        v = a
    else:
        v = 1.0  # expect error@9: cannot unify array(float64, 1d, C) and float64 for 'v'
    w = v  # noqa: F841 (a read of v: its two definitions meet here)
    a[i] = n if x > 0 else a  # expect error@12: cannot unify int64 and array(float64, 1d, C)
    if x > 1:
        a = 1.5  # expect error@9: for 'a'
    a[i] = None  # expect error@12: cannot assign a value of type none
