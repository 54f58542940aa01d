# Atomic calls with the wrong index or arguments: one integer index per dimension (an integer
# or a tuple), an array first, numbers as values, the right number of arguments;
# compare_and_swap works on a 1-D array's element 0.
# ARGS: --emit=types --sig "void(float64[:], float64[:,:], float64, int32[:,:])"
from numba import cuda


@cuda.jit
def k(a, m, x, im):
    cuda.atomic.add(m, (0, 1), 1.0)
    cuda.atomic.add(a, (0, 1), 1.0)  # expect error@5: cuda.atomic.add() needs 1 integer index for array(float64, 1d, C)
    cuda.atomic.add(m, 0, 1.0)  # expect error@5: cuda.atomic.add() needs 2 integer indices for array(float64, 2d, C)
    cuda.atomic.max(m, (0, 1, 2), 1.0)  # expect error@5: cuda.atomic.max() needs 2 integer indices for array(float64, 2d, C)
    cuda.atomic.add(a, 1.5, 1.0)  # expect error@5: cuda.atomic.add() needs 1 integer index
    cuda.atomic.min(m, (0, x), 1.0)  # expect error@5: cuda.atomic.min() needs 2 integer indices
    cuda.atomic.add(x, 0, 1.0)  # expect error@5: cuda.atomic.add() needs an array first, not float64
    cuda.atomic.max(a, 0, a)  # expect error@5: cuda.atomic.max() takes numbers as values, not array(float64, 1d, C)
    cuda.atomic.add(a, 0, 1.0, 2.0)  # expect error@5: cuda.atomic.add() takes 3 arguments, got 4
    cuda.atomic.sub(a, 0)  # expect error@5: cuda.atomic.sub() takes 3 arguments, got 2
    cuda.atomic.cas(im, 0, 1, 2)  # expect error@5: cuda.atomic.cas() needs 2 integer indices
    cuda.atomic.compare_and_swap(im, 1, 2)  # expect error@5: cuda.atomic.compare_and_swap() needs a 1-D array
