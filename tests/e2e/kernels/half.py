"""float16 arithmetic, math and cuda.fp16 (test_half.py)."""
import math
import numpy as np
from numba import cuda, float16

@cuda.jit
def k(a, b, out, cmp):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = x + y
        out[i, 1] = x * y - x / y
        out[i, 2] = cuda.fp16.hfma(x, y, x)
        out[i, 3] = math.sqrt(x)
        out[i, 4] = cuda.fp16.hsin(x)
        out[i, 5] = float16(x * 2.5)
        out[i, 6] = x + np.int8(3)
        cmp[i] = cuda.fp16.hlt(x, y)
