# Keywords are reserved: one where a name or a statement belongs is a syntax error at the keyword
# (CPython: invalid syntax there), whichever way the parser recovers around it.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    a[0] = import  # expect error@12: invalid syntax: 'import' is a keyword
    a[1] = x.for  # expect error@14: invalid syntax: 'for' is a keyword
    a[2] = in  # expect error@12: invalid syntax: 'in' is a keyword
    a[3] = 1.0
    except: a[4] = 2.0  # expect error@5: invalid syntax: 'except' is a keyword
    a[5] = 3.0
    elif x: a[6] = 4.0  # expect error@5: invalid syntax: 'elif' is a keyword
