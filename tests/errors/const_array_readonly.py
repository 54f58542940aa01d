# Module-level NumPy arrays are constants in kernels: storing into one, into a view of one, through
# another name, or updating one atomically is rejected (numba's readonly arrays).
# ARGS: --emit=types --sig "void(float64[:])"
import numpy as np
from numba import cuda

TABLE = np.array([1.0, 2.0, 3.0])


@cuda.jit
def k(a):
    TABLE[0] = a[0]  # expect error@5: constant array 'TABLE' is read-only in kernels
    a[0] = TABLE[1]
    t = TABLE
    t[1] += a[0]  # expect error@5: Cannot modify readonly array of type: readonly array(float64, 1d, C)
    v = TABLE[1:]
    v[0] = a[0]  # expect error@5: Cannot modify readonly array of type: readonly array(float64, 1d, A)
    c = cuda.const.array_like(TABLE)
    c[0] = 1.0  # expect error@5: Cannot modify readonly array of type: readonly array(float64, 1d, C)
    cuda.atomic.add(TABLE, 0, a[0])  # expect error@5: cuda.atomic.add() cannot update readonly array(float64, 1d, C)
    cuda.atomic.max(v, 0, a[0])  # expect error@5: cuda.atomic.max() cannot update readonly array(float64, 1d, A)
    x = TABLE if a[0] > 0 else a  # expect error@9: cannot unify
