"""Dynamic shared memory: cuda.shared.array(0, dtype), sized by the launch (test_dynamic_shared.py)."""
from numba import cuda, float32
@cuda.jit
def k(x, out):
    s = cuda.shared.array(0, float32)
    t = cuda.threadIdx.x
    s[t] = x[cuda.grid(1)]
    cuda.syncthreads()
    out[cuda.grid(1)] = s[s.size - 1 - t] + s.size


@cuda.jit
def size_of(out):
    s = cuda.shared.array(0, float32)
    out[cuda.grid(1)] = s.size
