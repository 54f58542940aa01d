"""out = a * x + y, one thread per element."""
from numba import cuda


@cuda.jit("void(float32, float32[:], float32[:], float32[:])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]
