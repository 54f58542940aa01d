# range() takes 1 to 3 arguments, in a for loop as anywhere (a fuzz finding: four arguments were
# written past the end of a table of three).
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(x, start):
    for i in range(start, x.size, 1, 2):  # expect error@14: range() takes 1 to 3 arguments, got 4
        x[i] = 0.0
    for j in range():  # expect error@14: range() takes 1 to 3 arguments, got 0
        x[j] = 1.0
