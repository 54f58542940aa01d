# Module-level values the command line reads without running the module: None, dtype classes
# and dtype objects (tests/e2e/test_module_values.py).
from numba import cuda
import numpy as np

NOTHING = None
DT = np.float32
NP_DTYPE = np.dtype(np.int32)
BY_NAME = np.dtype("int16")


@cuda.jit
def module_values(x, out):
    i = cuda.grid(1)
    a = cuda.local.array(2, dtype=NP_DTYPE)
    if i < x.size:
        a[0] = NP_DTYPE.type(x[i])
        out[0, i] = DT(x[i])
        out[1, i] = a[0]
        out[2, i] = BY_NAME.type(x[i] * 1000)
        out[3, i] = x.dtype.type(x[i]) * 2
        if NOTHING is None:
            out[4, i] = 1
        if NOTHING:
            out[4, i] = 2
        out[5, i] = (x.dtype == np.float64) + 2 * (a.dtype == NP_DTYPE)


G0 = np.array(5)
H0 = np.array(2.5, dtype=np.float32)


@cuda.jit
def zero_d(x, out):
    # 0-d module-level arrays: constants, read as G0[()]
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * G0[()] + H0[()] + G0.ndim + G0.size
