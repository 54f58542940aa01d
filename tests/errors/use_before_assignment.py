# Reading a local before any assignment to it has run (straight-line code) is an error, as in
# Python (UnboundLocalError) and numba (NameError: variable not defined); it must not compile to a
# read of an uninitialised value just because a later line gives the variable a type.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    a[0] = y  # expect error@12: 'y'
    y = 2.0
    a[1] = y
