# Inner functions read only constants of the function they are written in (numba's rule for
# functions used as values); calls of device functions bind arguments as Python does, and f(*t)
# needs a tuple it can read more than once. Each mistake is reported where it is made.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit(device=True)
def use(f, v):
    return f(v)  # expect error@12: in the call of device function 'from_param'


@cuda.jit(device=True)
def pair(a, b, c=2.0):
    return a + b + c


@cuda.jit(device=True)
def two():
    return (1.0, 2.0)


@cuda.jit
def k(out, x):
    y = x * 2.0
    z = 1.0
    if x > 0:
        z = 3.0

    def from_param(v):
        return v + x  # expect error@20: Cannot capture the non-constant value associated with variable 'x'

    def from_local(v):
        return v + y  # expect error@20: Cannot capture the non-constant value associated with variable 'y'

    def from_twice(v):
        return v + z  # expect error@20: Cannot capture a constant value for variable 'z'

    out[0] = use(from_param, 1.0)  # expect error@14: in the call of device function 'use'
    out[1] = from_local(1.0)  # expect error@14: in the call of device function 'from_local'
    out[2] = from_twice(1.0)  # expect error@14: in the call of device function 'from_twice'
    out[3] = pair(1.0, 2.0, d=3.0)  # expect error@29: got an unexpected keyword argument 'd'
    out[4] = pair(1.0)  # expect error@14: missing required argument 'b'
    out[5] = pair(1.0, 2.0, 3.0, 4.0)  # expect error@14: takes 3 positional arguments but 4 were given
    out[6] = pair(1.0, a=2.0)  # expect error@24: got multiple values for argument 'a'
    out[7] = pair(*x)  # expect error@20: the argument after * must be a tuple, not float64
    out[8] = pair(*two())  # expect error@20: assign the tuple to a variable first
