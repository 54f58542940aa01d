# Functions and dtypes passed to device functions, misused: a number called, a dtype or a
# function used as a number, a function returned, a plain Python function or a non-constant
# shape passed, a builtin called with the wrong arguments through a parameter.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda
import math
from numba import float32


@cuda.jit(device=True)
def call_it(f, x):
    return f(x)  # expect error@12: int64 is not callable


@cuda.jit(device=True)
def dtype_plus(dt, x):
    return dt + x  # expect error@12: unsupported operand types for +: class(float32) and float64


@cuda.jit(device=True)
def fn_times(f, x):
    return f * x  # expect error@12: unsupported operand types for *: function(math.sqrt) and float64


@cuda.jit(device=True)
def give_back(f):
    return f  # expect error@12: a device function cannot return function(math.sqrt)


@cuda.jit(device=True)
def shared_of(n):
    s = cuda.shared.array(n, float32)  # expect error@9: cuda.shared.array() needs a constant shape
    return s[0]


@cuda.jit(device=True)
def atomic_through(op, a):
    op(a, 0)  # expect error@5: cuda.atomic.add() takes


def plain(x):
    return x


@cuda.jit
def k(a, n):
    i = cuda.grid(1)
    a[i] = call_it(3, a[i])  # expect error@12: in the call of device function 'call_it'
    a[i] = dtype_plus(float32, a[i])  # expect error@12: in the call of device function 'dtype_plus'
    a[i] = fn_times(math.sqrt, a[i])  # expect error@12: in the call of device function 'fn_times'
    give_back(math.sqrt)  # expect error@5: in the call of device function 'give_back'
    a[i] = shared_of(n)  # expect error@12: in the call of device function 'shared_of'
    atomic_through(cuda.atomic.add, a)  # expect error@5: in the call of device function 'atomic_through'
    a[i] = call_it(plain, a[i])  # expect error@20: function 'plain' cannot be used as a value: it is not a CUDA function
    a[i] = math.sqrt + 1.0  # expect error@12: unsupported operand types for +: function(math.sqrt) and float64
