# Device function parameters: names, name=constant and a last *name; keyword-only parameters,
# **kwargs and defaults that are not constants are rejected at themselves, and the call says
# that the function cannot be compiled.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda

n = 3


@cuda.jit(device=True)
def d(a,
      *rest,
      y,  # expect error@7: parameter 'y' after *rest: keyword-only
      **kw):  # expect error@7: parameter '**kw'
    return a


@cuda.jit(device=True)
def e(a, b=n + 1, c=len):  # expect error@21: parameter 'c': a default value must be a constant
    return a + b


@cuda.jit
def k(a, x):
    a[0] = d(x)  # expect error@12: device function 'd' cannot be compiled
    a[1] = e(x)  # expect error@12: device function 'e' cannot be compiled
