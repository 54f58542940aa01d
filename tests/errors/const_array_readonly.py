# Module-level NumPy arrays are constants in kernels: storing into one is rejected.
# ARGS: --emit=types --sig "void(float64[:])"
import numpy as np
from numba import cuda

TABLE = np.array([1.0, 2.0, 3.0])


@cuda.jit
def k(a):
    TABLE[0] = a[0]  # expect error@5: constant array 'TABLE' is read-only in kernels
    a[0] = TABLE[1]
