# `nonlocal` that Python itself rejects (the command line reads files Python never compiled), and
# inner functions that rebind nonlocal variables (inlined where called) used where they cannot be.
# ARGS: --emit=types --sig "void(int64[:])"
from numba import cuda


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@cuda.jit
def k(a):
    nonlocal a  # expect error@14: no binding for nonlocal 'a' found
    s = 0

    def inc(v):
        nonlocal s, missing  # expect error@21: no binding for nonlocal 'missing' found
        s += v
        return s

    a[0] = inc(1)
    a[1] = apply(inc, 2)  # expect error@18: inner function 'inc' rebinds nonlocal variables, so it can only be called
