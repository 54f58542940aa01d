# for loops iterate over range(...), a tuple of one item type or an array's rows, with a single
# name as target and integer bounds.
# ARGS: --emit=types --sig "void(int64[:], float64)"
from numba import cuda


@cuda.jit(device=True)
def pair(x):
    return x, x


@cuda.jit
def k(a, x):
    for j in x:  # expect error@14: for loops iterate over range(...), a tuple or an array, not float64
        a[0] = 0
    for j in (1, 2.5):  # expect error@14: a for loop over a tuple needs items of one type, not Tuple(int64, float64) (iterate over literal_unroll
        pass
    for j in pair(1):  # expect error@14: a for loop over a tuple needs a literal, a variable or an element of one
        pass
    t = (1, 2)
    for j in t:  # expect error@14: the loop assigns 't', which a for loop over a tuple reads: iterate over a copy
        t = (j, j)
    a[0] = t[0]  # t read after the loop: the loop's t and the tuple iterated are one variable
    for (p, q) in range(3):  # expect error@9: the target of a for loop must be a name
        pass
    for j in enumerate(a, x):  # expect error@27: enumerate()'s start must be an integer, not float64
        pass
    for p, q in zip(a, x):  # expect error@24: for loops iterate over range(...), a tuple or an array, not float64
        pass
    for j in range(x):  # expect error@14: range() takes integers, not float64
        pass
    for j in range(1, 9, 0):  # expect error@26: range() arg 3 must not be zero
        pass
