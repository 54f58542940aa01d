# A syntax error points at the offending token, as CPython does (here the '*' after '+', col 17;
# the statement itself starts at col 5 and is not the problem), not at the start of the statement.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 2.0 +* 3.0  # expect error@17: invalid syntax
