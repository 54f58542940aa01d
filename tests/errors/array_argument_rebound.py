# Assigning a number to an array argument where a later read may see either is a type error at
# the assignment. (A number assigned where no read sees the argument as well is a variable of its
# own, as numba's SSA versions are: tests/python/test_variable_versions.py.)
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    if n > 0:
        a = 1.5  # expect error@9: cannot unify array(float64, 1d, C) and float64 for 'a'
    a[0] = 2.0
