# Inner functions passed to other functions read only constants of the function they are
# written in (numba's rule for functions used as values); called where they are written they may
# read any of its variables; calls of device functions bind arguments as Python does, and f(*t)
# needs a tuple it can read more than once. Each mistake is reported where it is made.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit(device=True)
def use(f, v):
    return f(v)  # expect error@12: Cannot capture the non-constant value associated with variable 'x'


@cuda.jit(device=True)
def use2(f, v):
    return f(v)  # expect error@12: Cannot capture the non-constant value associated with variable 'y'


@cuda.jit(device=True)
def use3(f, v):
    return f(v)  # expect error@12: Cannot capture a constant value for variable 'z'


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
        return v + x

    def from_local(v):
        return v + y

    def from_twice(v):
        return v + z

    def nested(v):
        def deeper(w):
            return w + y  # expect error@24: Cannot capture the non-constant value associated with variable 'y'

        return deeper(v)  # expect error@16: in the call of device function 'deeper'

    out[0] = use(from_param, 1.0)  # expect error@14: in the call of device function 'use'
    out[1] = from_local(1.0) + use2(from_local, 1.0)  # expect error@32: in the call of device function 'use2'
    out[2] = from_twice(1.0) + use3(from_twice, 1.0)  # expect error@32: in the call of device function 'use3'
    out[9] = nested(1.0)  # expect error@14: in the call of device function 'nested'
    out[3] = pair(1.0, 2.0, d=3.0)  # expect error@29: got an unexpected keyword argument 'd'
    out[4] = pair(1.0)  # expect error@14: missing required argument 'b'
    out[5] = pair(1.0, 2.0, 3.0, 4.0)  # expect error@14: takes 3 positional arguments but 4 were given
    out[6] = pair(1.0, a=2.0)  # expect error@24: got multiple values for argument 'a'
    out[7] = pair(*x)  # expect error@20: the argument after * must be a tuple, not float64
    out[8] = pair(*two())  # expect error@20: assign the tuple to a variable first
