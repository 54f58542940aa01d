# The dtype of cuda.shared.array must be a dtype object (float32, np.float32, numba.int32, ...):
# not an array, a number, a builtin type or a module; the dtype is required.
# ARGS: --emit=types --sig "void(float32[:], int64)"
import numpy as np
from numba import cuda, float32


@cuda.jit
def k(a, n):
    ok = cuda.shared.array(4, np.float32)
    s1 = cuda.shared.array(4, a)  # expect error@10: cuda.shared.array() needs a dtype such as float32 as its dtype, not array(float32, 1d, C)
    s2 = cuda.shared.array(4, 3)  # expect error@10: needs a dtype such as float32 as its dtype, not int64
    s3 = cuda.shared.array(4, dtype=n)  # expect error@10: needs a dtype such as float32 as its dtype, not int64
    s4 = cuda.shared.array(4)  # expect error@10: cuda.shared.array() takes 2 to 3 arguments, got 1
    s5 = cuda.shared.array(4, dtype=np)  # expect error: module 'np' cannot be used as a value
