# Assigning a number to an array argument is a type error at the assignment.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    a = 1.5  # expect error@5: cannot unify array(float64, 1d, C) and float64 for 'a'
