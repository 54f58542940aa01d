# Grid groups: sync() takes no argument, a group has no other method and is no number; the
# grid barrier exists only as this_grid().sync().
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    g = cuda.cg.this_grid()
    g.sync(1)  # expect error@5: GridGroup.sync() takes no arguments, got 1
    g.wait()  # expect error@7: GridGroup has no method 'wait' in kernels
    a[0] = g + 1  # expect error@12: unsupported operand types for +: GridGroup and int64
    if g:  # expect error@8: a condition must be a number or a bool, not GridGroup
        pass
    cuda.cg.this_grid(0)  # expect error@5: cuda.cg.this_grid() takes 0 arguments, got 1
    cuda.cg.sync()  # expect error@5: 'cuda.cg.sync' is not supported in kernels
    print(g)  # expect error@5: print() takes numbers, strings and tuples of them, not GridGroup
