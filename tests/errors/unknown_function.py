# Calls to functions that are not builtins of the kernel language, nor defined in the file.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda
import math


@cuda.jit
def k(a, x):
    i = cuda.grid(1)
    a[i] = foo(i)  # expect error@12: name 'foo' is not defined
    a[i] = divmod(x, 2.0)  # expect error@12: 'divmod'
    a[i] = math.no_such_function(x)  # expect error@12: 'math.no_such_function'
    a[i] = cuda.no_such_function()  # expect error@12: 'cuda.no_such_function'
    a[i] = a.size()  # expect error@14: has no method 'size'
