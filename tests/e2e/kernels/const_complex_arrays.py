"""Module-level complex arrays read by a kernel, written as numba programs write them: complex
literals (1 + 2j, -1j, 0.5j), real numbers with a complex dtype, and a 2-D table through
cuda.const.array_like. The command line folds them from the source text."""
import numpy as np
from numba import cuda

TABLE = np.array([[1 + 2j, 3 - 4j, 0.5j], [2, -1j, 7 + 0.25j]], dtype=np.complex64)
WIDE = np.array([1 + 1j, 2 - 3j, 0.125j, -4])
REALS = np.array([1, 2.5, -3], dtype=np.complex128)


@cuda.jit
def lookup(out, wide, reals):
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    c = cuda.const.array_like(TABLE)
    out[i, j] = c[i, j]
    if i == 0:
        wide[j] = WIDE[j] * 2
        reals[j] = REALS[j] + 1j
