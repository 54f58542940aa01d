# Calls from a kernel: a device function with the wrong number of arguments, a plain Python
# function (not @cuda.jit), and a device function whose body does not type for the arguments
# given (the error points into its body, at the line that fails, and at the call).
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit(device=True)
def twice(v):
    return v * 2


@cuda.jit(device=True)
def first(a):
    return a[0]  # expect error@12: float64 cannot be indexed


def host_plus_one(v):
    return v + 1


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = twice(a[i], 3)  # expect error@12: twice() takes 1 positional argument but 2 were given
    a[i] = host_plus_one(a[i])  # expect error@12: 'host_plus_one' is not a CUDA function
    a[i] = first(a[i])  # expect error@12: in the call of device function 'first'
