"""Module-level NumPy arrays captured as constant arrays (test_const_arrays.py)."""
import numpy as np
from numba import cuda

W = np.array([[0.25, 0.5, 0.25], [1, 2, 3]], dtype=np.float32)
IDX = np.array([3, 1, 2])
TAPS = np.asarray((1.0, -2.0, 1.0))


@cuda.jit
def weighted(x, out):
    i = cuda.grid(1)
    if i < x.size:
        w = cuda.const.array_like(W)
        out[i] = w[0, i % 3] * x[i] + W[1, IDX[i % 3] - 1] + W.shape[1]


@cuda.jit
def laplace(x, out):
    i = cuda.grid(1)
    if 0 < i < x.size - 1:
        acc = 0.0
        for k in range(TAPS.size):
            acc += TAPS[k] * x[i - 1 + k]
        out[i] = acc
