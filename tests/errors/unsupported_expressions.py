# Expressions outside the kernel language are rejected where they start, naming the construct.
# ARGS: --emit=types --sig "void(int64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    f = lambda x: x + 1  # expect error@9: lambda
    xs = [1, 2, 3]  # expect error@10: list
    ys = [j for j in range(3)]  # expect error@10: a list comprehension
    d = {1: 2}  # expect error@9: a dict
    yield i  # expect error@5: yield
    n = max(**a)  # expect error@13: **-unpacking
    e = ...  # expect error@9: '...'
