# Statements outside the kernel language are each rejected on their first line, naming the
# statement; all of them are reported in one run, and the lines inside their bodies add nothing.
# ARGS: --emit=types --sig "void(int64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    with open("f") as f:  # expect error@5: with statement
        a[i] = 1
    try:  # expect error@5: try statement
        a[i] = 2
    except Exception:
        a[i] = 3
    class C:  # expect error@5: class definition
        pass
    global G  # expect error@5: global statement
    import math  # expect error@5: import statement
    del i  # expect error@5: delete statement
    assert i > 0  # expect error@5: assert statement
    raise  # expect error@5: a bare raise (a re-raise) is not supported in kernels
