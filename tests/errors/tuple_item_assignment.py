# Tuples are immutable: storing into one is rejected (it once crashed the code generator), and a
# line with several statements separated by semicolons is fine.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    t = (1, 2)
    x = 1; y = 2
    t[0] = 5  # expect error@5: UniTuple(int64 x 2) does not support item assignment
    a.shape[0] = 5  # expect error@5: does not support item assignment
    a[0] = x + y
