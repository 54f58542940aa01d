# A warp vote's mask is an integer and its predicate an integer or a bool, as numba types them.
# ARGS: --emit=types --sig "void(float32[:], float64[:], boolean[:], int32[:])"
from numba import cuda


@cuda.jit
def k(f, d, b, out):
    i = cuda.grid(1)
    out[i] = cuda.all_sync(f[i], 1)  # expect error@14: cuda.all_sync(): Mask type must be an integer, not float32
    out[i] = cuda.any_sync(b[i], 1)  # expect error@14: cuda.any_sync(): Mask type must be an integer, not bool
    out[i] = cuda.eq_sync(0xFFFFFFFF, d[i])  # expect error@14: cuda.eq_sync(): Predicate must be an integer or boolean, not float64
    out[i] = cuda.ballot_sync(0xFFFFFFFF, b[i]) + cuda.all_sync(out[i], out[i] > 0)
