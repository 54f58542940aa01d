# Names that are neither parameters, locals, module constants nor imported modules.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a, x):
    i = cuda.grid(1)
    a[i] = undefined_thing + 1.0  # expect error@12: name 'undefined_thing' is not defined
    a[i] = (x +
            other_thing)  # expect error@13: name 'other_thing' is not defined
