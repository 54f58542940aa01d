# Builtins called with the wrong number or kind of arguments; cuda.grid/gridsize need a constant
# 1, 2 or 3.
# ARGS: --emit=types --sig "void(float64[:], int64, float64)"
from numba import cuda
import math


@cuda.jit
def k(a, n, x):
    i = cuda.grid(1)
    a[i] = math.sqrt(1.0, 2.0)  # expect error@12: math.sqrt() takes 1 argument, got 2
    a[i] = math.sqrt()  # expect error@12: math.sqrt() takes 1 argument, got 0
    a[i] = math.pow(x)  # expect error@12: math.pow() takes 2 arguments, got 1
    j = cuda.grid(4)  # expect error@9: cuda.grid() takes a constant 1, 2 or 3
    m = cuda.grid(n)  # expect error@9: cuda.grid() takes a constant 1, 2 or 3 (the number of dimensions) (numba: RequireLiteralValue
    g = cuda.grid(0)  # expect error@9: cuda.grid() takes a constant 1, 2 or 3
    h = cuda.gridsize(5)  # expect error@9: cuda.gridsize() takes a constant 1, 2 or 3
    a[i] = min(x)  # expect error@12: min() takes 2 to 16 arguments, got 1
    a[i] = abs(x, x)  # expect error@12: abs() takes 1 argument, got 2
    a[i] = len(a, a)  # expect error@12: len() takes 1 argument, got 2
    a[i] = math.sqrt(a)  # expect error@12: math.sqrt() takes real numbers, not array(float64, 1d, C)
    a[i] = int(a)  # expect error@12: int() takes a real number, not array(float64, 1d, C)
    a[i] = range(3)  # expect error@12: range() is only supported as the iterable of a for loop
    a[i] = cuda.grid  # expect error@12: 'cuda.grid' must be called
