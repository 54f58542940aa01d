# Calling another function from a kernel (a @cuda.jit(device=True) function or a plain Python
# function) is not part of this slice: the call is rejected, naming the callee.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit(device=True)
def twice(v):
    return v * 2


def host_plus_one(v):
    return v + 1


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = twice(a[i])  # expect error@12: calling 'twice'
    a[i] = host_plus_one(a[i])  # expect error@12: calling 'host_plus_one'
