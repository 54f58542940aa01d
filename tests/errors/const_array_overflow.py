# A module-level array NumPy cannot make (a float no integer holds, for an integer dtype) is not a
# constant array kernels can read; one of floats holds inf as it is. (A fuzz finding: the float
# was cast to an integer with undefined behaviour.)
# ARGS: --emit=types --sig "void(float64[:])"
import numpy as np
from numba import cuda

BIG = np.array([1.5, 1e999], dtype=np.int64)
INF = np.array([1.5, 1e999])


@cuda.jit
def k(a):
    a[0] = INF[0] + INF[1]
    a[1] = BIG[0]  # expect error@12: global 'BIG' is not a compile-time constant
