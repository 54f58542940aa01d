"""Grid-stride loops, numba's other way of covering an array, against nvcc's `if i < n:` kernels
(GPU only): a saxpy written as `for i in range(cuda.grid(1), n, cuda.gridsize(1))` with an int32
n, with out.size as the bound, and as a `while i < out.size:` loop ending in
`i += cuda.gridsize(1)`; a scaled copy (two arrays) with the start and stride named first; a
loop over four arrays (a * b + c, not unrolled); and the scaled copy in numba's documented 2-D
style (starts from cuda.grid(2), strides written as gridDim * blockDim) against nvcc's 2-D `if`
kernel. Each runs on a grid of one thread an element (one pass a thread) and on a fixed grid of 16
blocks an SM (many passes), over 2^26 float32, against nvcc -O3's `if` kernels on one thread an
element; with each kernel's registers a thread. CUDA-event medians of 25 launches, each behind a
spin kernel; outputs checked against NumPy.

    PYTHONPATH=build/python python3 bench/grid_stride.py"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from suite import time_kernel  # noqa: E402  (medians of 25 launches, each behind a spin kernel)
from suite_kernels import CUDA_C  # noqa: E402  (its saxpy and spin kernels)

KERNELS = '''
import numpy as np
from pyjitc import cuda


@cuda.jit
def saxpy_range_int32(a, x, y, out, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_range_size(a, x, y, out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_while(a, x, y, out):
    i = cuda.grid(1)
    while i < out.size:
        out[i] = a * x[i] + y[i]
        i += cuda.gridsize(1)


@cuda.jit
def copy_named(x, out, n):
    start, stride = cuda.grid(1), cuda.gridsize(1)
    for i in range(start, n, stride):
        out[i] = x[i] * np.float32(2)


@cuda.jit
def fma_four_arrays(a, b, c, out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = a[i] * b[i] + c[i]


@cuda.jit
def copy_2d_docs(x, out):
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    for r in range(startY, out.shape[0], gridY):
        for c in range(startX, out.shape[1], gridX):
            out[r, c] = x[r, c] * np.float32(2)
'''

COPY_C = r'''
extern "C" __global__ void copy_if(const float *x, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] * 2.0f;
}

extern "C" __global__ void fma_if(const float *a, const float *b, const float *c, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i] + c[i];
}

extern "C" __global__ void copy_2d_if(const float *x, float *out, long rows, long cols) {
  long c = blockIdx.x * (long)blockDim.x + threadIdx.x;
  long r = blockIdx.y * (long)blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[r * cols + c] = x[r * cols + c] * 2.0f;
}
'''


def main():
    import cupy as cp
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "gs_kernels.py"), "w") as f:
        f.write(KERNELS)
    sys.path.insert(0, d)
    import gs_kernels as k
    cu = os.path.join(d, "gs.cu")
    with open(cu, "w") as f:
        f.write(CUDA_C + COPY_C)
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", "-o", cu + "bin", cu], check=True)
    mod = cp.RawModule(path=cu + "bin")
    spin = mod.get_function("spin")

    def timed(launch):
        return time_kernel(cp, spin, launch, None)

    n = 1 << 26
    rng = np.random.default_rng(1)
    x, y, z = (cp.asarray(rng.random(n, np.float32)) for _ in range(3))
    out = cp.empty(n, cp.float32)
    a = np.float32(2.5)
    want_saxpy, want_copy = 2.5 * cp.asnumpy(x) + cp.asnumpy(y), 2 * cp.asnumpy(x)
    want_fma = cp.asnumpy(x) * cp.asnumpy(y) + cp.asnumpy(z)
    one = ((n + 255) // 256,)
    ref = {"saxpy": timed(lambda: mod.get_function("saxpy")(one, (256,), (a, x, y, out, np.int64(n)))),
           "copy": timed(lambda: mod.get_function("copy_if")(one, (256,), (x, out, np.int64(n)))),
           "fma": timed(lambda: mod.get_function("fma_if")(one, (256,), (x, y, z, out, np.int64(n))))}
    print(f"nvcc -O3 `if i < n:` kernels, one thread an element: saxpy {ref['saxpy']:.4f} ms, "
          f"copy {ref['copy']:.4f} ms, fma {ref['fma']:.4f} ms")
    print(f"{'kernel':>18} | {'grid':>10} | {'ms':>7} | {'/ nvcc':>6} | registers")
    for grid, tag in ((one, "one pass"), ((132 * 16,), "16 an SM")):
        for name, args, what, want in (
                ("saxpy_range_int32", (a, x, y, out, np.int32(n)), "saxpy", want_saxpy),
                ("saxpy_range_size", (a, x, y, out), "saxpy", want_saxpy),
                ("saxpy_while", (a, x, y, out), "saxpy", want_saxpy),
                ("copy_named", (x, out, np.int32(n)), "copy", want_copy),
                ("fma_four_arrays", (x, y, z, out), "fma", want_fma)):
            kern = getattr(k, name)
            out.fill(0)
            ms = timed(lambda: kern[grid, 256](*args))
            np.testing.assert_allclose(cp.asnumpy(out), want, rtol=1e-6)
            regs = next(iter(kern.get_regs_per_thread().values()))
            print(f"{name:>18} | {tag:>10} | {ms:7.4f} | {ms / ref[what]:6.3f} | {regs}")
    # numba's documented 2-D style over an 8192 x 8192 array, blocks of 32 x 8
    rows = cols = 8192
    x2, out2 = x.reshape(rows, cols), out.reshape(rows, cols)
    one2 = (cols // 32, rows // 8)
    ref2 = timed(lambda: mod.get_function("copy_2d_if")(one2, (32, 8), (x, out, np.int64(rows), np.int64(cols))))
    print(f"nvcc -O3 2-D `if` copy, one thread an element: {ref2:.4f} ms")
    for grid, tag in ((one2, "one pass"), ((16, 132), "16 an SM")):
        out.fill(0)
        ms = timed(lambda: k.copy_2d_docs[grid, (32, 8)](x2, out2))
        np.testing.assert_allclose(cp.asnumpy(out), want_copy, rtol=1e-6)
        regs = next(iter(k.copy_2d_docs.get_regs_per_thread().values()))
        print(f"{'copy_2d_docs':>18} | {tag:>10} | {ms:7.4f} | {ms / ref2:6.3f} | {regs}")


if __name__ == "__main__":
    main()
