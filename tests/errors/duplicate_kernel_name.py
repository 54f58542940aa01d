# Two @cuda.jit functions of one name in a file: Python would keep the later, silently; pyjitc
# finds functions by name and refuses, at the second, with a note at the first.
# ARGS: --sig void(float32[:])
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1.0


@cuda.jit
def k(a):  # expect error@5: 'k' is defined again (first at line 8)
    a[0] = 2.0


@cuda.jit(device=True)
def helper(x):
    return x


@cuda.jit(device=True)
def helper(x):  # expect error@5: 'helper' is defined again (first at line 18)
    return x + 1
