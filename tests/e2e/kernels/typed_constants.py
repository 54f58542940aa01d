# Module-level NumPy scalars as the command line reads them: each keeps its dtype in kernels
# (numba's typing), arithmetic on them at module level follows NumPy 2's promotion (NEP 50),
# and constant expressions fold into shapes.
import math

import numpy as np
from numba import cuda, float32, int32

HALF = np.float32(0.5)
BIG = np.float32(2 ** 24)
THIRD = np.float32(1) / 3           # float32 / Python int: float32
WIDE = np.float32(0.5) * np.float64(3)  # float32 * float64: float64
N = np.int32(7)
WRAP = np.int8(100) + np.int8(100)  # int8 + int8 wraps to -56
NEG = -np.uint8(1)                  # 255
MIXED = np.int16(3) * 2.5           # an integer scalar with a Python float: float64 7.5
U16 = np.uint16(65535) + np.int8(1) # uint16 + int8: int32 65536
F = float32(1.25)                   # numba's type objects construct scalars too
I = int32(-4)
TPB = 8


@cuda.jit
def consts(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[0, i] = BIG + x[i]
        out[1, i] = x[i] * HALF + THIRD
        out[2, i] = WIDE * x[i]
        out[3, i] = N * x[i] + WRAP
        out[4, i] = NEG + MIXED + U16
        out[5, i] = math.erf(x[i] * HALF)
        out[6, i] = F * x[i] + I


@cuda.jit
def shapes(x, out):
    s = cuda.shared.array((TPB + 2, TPB // 2), float32)
    t = cuda.threadIdx.x
    for k in range(TPB // 2):
        s[t + 1, k] = x[t] * (k + 1)
    cuda.syncthreads()
    acc = float32(0)
    for k in range(TPB // 2):
        acc += s[t + 1, k]
    out[t] = acc + s.shape[0] * 1000
