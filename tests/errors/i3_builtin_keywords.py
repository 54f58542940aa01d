# Keyword arguments a builtin does not have, arguments given twice, a missing argument, and
# (Python's own syntax rule) a positional argument after a keyword argument.
# ARGS: --emit=types --sig "void(float32[:])"
from numba import cuda, float32


@cuda.jit
def k(a):
    ok = cuda.shared.array(dtype=float32, shape=(2, 3))
    s1 = cuda.shared.array(4, dtype=float32, order="C")  # expect error@46: cuda.shared.array() got an unexpected keyword argument 'order'
    s2 = cuda.local.array(shape=4, typ=float32)  # expect error@36: cuda.local.array() got an unexpected keyword argument 'typ'
    s3 = cuda.shared.array(4, float32, dtype=float32)  # expect error: cuda.shared.array() got multiple values for argument
    s4 = cuda.shared.array(dtype=float32)  # expect error@10: cuda.shared.array() is missing argument
    cuda.syncthreads(mask=1)  # expect error@22: cuda.syncthreads() got an unexpected keyword argument 'mask'
    cuda.threadfence(scope=1)  # expect error@22: cuda.threadfence() got an unexpected keyword argument 'scope'
    i = cuda.grid(ndim=1)  # expect error@19: cuda.grid() got an unexpected keyword argument 'ndim'
    a[0] = max(a[0], a[1], key=1)  # expect error@28: max() got an unexpected keyword argument 'key'
    s5 = cuda.shared.array(shape=4, float32)  # expect error: positional argument follows keyword argument
