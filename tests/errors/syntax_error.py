# Syntax errors are reported on their own lines, several per run, and typing does not run.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    i = cuda.grid(1)
    a[1] = 1.0
    a[2] = 2.0 2.0  # expect error: invalid syntax
    a[3] = 3.0
    a[4] = 4.0 4.0  # expect error: invalid syntax
