"""out = a * x + y, one GPU thread per element. `python examples/saxpy.py` runs it (on the GPU if
there is one, else on the CPU); `pyjitc examples/saxpy.py --emit=ptx` compiles it."""
import numpy as np
from pyjitc import cuda  # or: from numba import cuda, run with python -m pyjitc.numba


@cuda.jit("void(float32, float32[:], float32[:], float32[:])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


if __name__ == "__main__":
    n = 1 << 20
    rng = np.random.default_rng(0)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    out = cuda.device_array_like(x)
    saxpy[(n + 255) // 256, 256](np.float32(2.0), cuda.to_device(x), cuda.to_device(y), out)
    error = np.abs(out.copy_to_host() - (2 * x + y)).max()
    print(f"saxpy of {n} floats on {cuda.get_current_device().name.decode()}: largest error {error}")
