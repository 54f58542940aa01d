"""The CPU executor against plain C loops over the same cores: each kernel of the table below runs
as a numba-style kernel on pyjitc's CPU executor and as the same algorithm written as a C loop
(OpenMP over the same number of threads), compiled when the benchmark starts with the system C
compiler (`cc -O2 -fopenmp`, or $CC). The kernels with barriers (tiled matmul, block reduction)
are compared with C loops of the same tiling: one 16x16 tile or one 256-thread block at a time.
saxpy also runs in numba's grid-stride style (a fixed grid, `for i in range(cuda.grid(1), n,
cuda.gridsize(1))`, an int32 size) against the same C loop.
Outputs are checked against NumPy; times are medians of repeated runs, side by side in one process.

    PYTHONPATH=build/python python3 bench/cpu_executor.py [--quick] [--out FILE.md]"""
import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

EXTRA = '''

@cuda.jit
def poly(x, out, c0, c1, c2, c3):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = ((c3 * v + c2) * v + c1) * v + c0


@cuda.jit
def saxpy_stride(a, x, y, out, n):  # numba's other style: a grid-stride loop, an int32 size
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]
'''

C_SOURCE = r'''
#include <stdint.h>
#include <stddef.h>

void saxpy(float a, const float *x, const float *y, float *out, int64_t n) {
  #pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++) out[i] = a * x[i] + y[i];
}

void poly(const float *x, float *out, int64_t n, float c0, float c1, float c2, float c3) {
  #pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++) {
    float v = x[i];
    out[i] = ((c3 * v + c2) * v + c1) * v + c0;
  }
}

void jacobi(const float *src, float *dst, int64_t n, int64_t m) {
  #pragma omp parallel for schedule(static)
  for (int64_t i = 1; i < n - 1; i++)
    for (int64_t j = 1; j < m - 1; j++)
      dst[i * m + j] = 0.25f * (src[(i - 1) * m + j] + src[(i + 1) * m + j] + src[i * m + j - 1] + src[i * m + j + 1]);
}

/* the kernel's tiling: a 16x16 tile of C at a time, A's and B's tiles copied to local arrays */
void matmul_tiled(const float *A, const float *B, float *C, int64_t n) {
  int64_t tiles = n / 16;
  #pragma omp parallel for schedule(static)
  for (int64_t tile = 0; tile < tiles * tiles; tile++) {
    int64_t row0 = tile / tiles * 16, col0 = tile % tiles * 16;
    float sA[16][16], sB[16][16], acc[16][16] = {{0}};
    for (int64_t t = 0; t < tiles; t++) {
      for (int ty = 0; ty < 16; ty++)
        for (int tx = 0; tx < 16; tx++) {
          sA[ty][tx] = A[(row0 + ty) * n + t * 16 + tx];
          sB[ty][tx] = B[(t * 16 + ty) * n + col0 + tx];
        }
      for (int ty = 0; ty < 16; ty++)
        for (int k = 0; k < 16; k++)
          for (int tx = 0; tx < 16; tx++) acc[ty][tx] += sA[ty][k] * sB[k][tx];
    }
    for (int ty = 0; ty < 16; ty++)
      for (int tx = 0; tx < 16; tx++) C[(row0 + ty) * n + col0 + tx] = acc[ty][tx];
  }
}

/* the kernel's blocks: 256 grid-strided partial sums, a tree in a local tile, one atomic add */
void reduce_sum(const float *x, float *total, int64_t n, int64_t blocks) {
  int64_t stride = blocks * 256;
  #pragma omp parallel for schedule(static)
  for (int64_t b = 0; b < blocks; b++) {
    float tile[256];
    for (int t = 0; t < 256; t++) {
      float acc = 0.0f;
      for (int64_t i = b * 256 + t; i < n; i += stride) acc += x[i];
      tile[t] = acc;
    }
    for (int s = 128; s > 0; s /= 2)
      for (int t = 0; t < s; t++) tile[t] += tile[t + s];
    #pragma omp atomic
    *total += tile[0];
  }
}
'''


def median_ms(f, reps):
    f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def c_library(threads):
    d = tempfile.mkdtemp(prefix="pyjitc-bench-c-")
    src, lib = os.path.join(d, "loops.c"), os.path.join(d, "loops.so")
    with open(src, "w") as f:
        f.write(C_SOURCE)
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-fopenmp", "-shared", "-fPIC", src, "-o", lib], check=True)
    os.environ["OMP_NUM_THREADS"] = str(threads)
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return ctypes.CDLL(lib), version


def ptr(a):
    return a.ctypes.data_as(ctypes.c_void_p)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the small sizes only")
    ap.add_argument("--out", help="also write the table to this Markdown file")
    args = ap.parse_args()
    os.environ.setdefault("PYJITC_TARGET", "cpu")
    os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")  # a CPU grid of 16 blocks a thread
    import importlib.util
    from pyjitc import cuda
    from suite_kernels import PYTHON
    d = tempfile.mkdtemp(prefix="pyjitc-bench-")
    path = os.path.join(d, "cpu_kernels.py")
    with open(path, "w") as f:
        f.write(PYTHON.format(module="pyjitc") + EXTRA)
    spec = importlib.util.spec_from_file_location("cpu_kernels", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    threads = int(os.environ.get("PYJITC_CPU_THREADS") or len(os.sched_getaffinity(0)))
    lib, cc_version = c_library(threads)
    i64, f32 = ctypes.c_int64, ctypes.c_float
    rng = np.random.default_rng(2026)
    rows = []

    def row(name, size, run_pj, run_c, check, reps):
        run_pj()
        cuda.synchronize()
        check("pyjitc")
        run_c()
        check("C")
        pj = median_ms(lambda: (run_pj(), cuda.synchronize()), reps)
        c = median_ms(run_c, reps)
        rows.append((name, size, pj, c))
        print(f"{name:>14} {size:>10}: pyjitc {pj:9.3f} ms   C {c:9.3f} ms   ratio {pj / c:5.2f}", flush=True)

    sizes = [1 << 20] if args.quick else [1 << 20, 1 << 24]
    for n in sizes:
        reps = 50 if n <= 1 << 20 else 15
        x, y = rng.random(n, np.float32), rng.random(n, np.float32)
        dx, dy, dout = cuda.to_device(x), cuda.to_device(y), cuda.device_array(n, np.float32)
        out = np.empty(n, np.float32)
        a = np.float32(2.5)

        def check_saxpy(who, dout=dout, out=out, x=x, y=y):
            got = dout.copy_to_host() if who == "pyjitc" else out
            np.testing.assert_allclose(got, 2.5 * x + y, rtol=1e-6)
        row("saxpy", f"2^{n.bit_length() - 1}", lambda: m.saxpy[(n + 255) // 256, 256](a, dx, dy, dout),
            lambda: lib.saxpy(f32(a), ptr(x), ptr(y), ptr(out), i64(n)), check_saxpy, reps)
        stride_blocks = 16 * threads  # a fixed grid, as grid-stride kernels are launched
        row("saxpy stride", f"2^{n.bit_length() - 1}",
            lambda: m.saxpy_stride[stride_blocks, 256](a, dx, dy, dout, np.int32(n)),
            lambda: lib.saxpy(f32(a), ptr(x), ptr(y), ptr(out), i64(n)), check_saxpy, reps)
        cs = [np.float32(v) for v in (0.5, -1.25, 0.75, 2.0)]

        def check_poly(who, dout=dout, out=out, x=x):
            got = dout.copy_to_host() if who == "pyjitc" else out
            want = ((2.0 * x.astype(np.float64) + 0.75) * x - 1.25) * x + 0.5
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
        row("poly map", f"2^{n.bit_length() - 1}", lambda: m.poly[(n + 255) // 256, 256](dx, dout, *cs),
            lambda: lib.poly(ptr(x), ptr(out), i64(n), *(f32(c) for c in cs)), check_poly, reps)
    for w in ([1024] if args.quick else [1024, 4096]):
        src = rng.random((w, w), np.float32)
        dsrc, ddst = cuda.to_device(src), cuda.to_device(np.zeros((w, w), np.float32))
        dst = np.zeros((w, w), np.float32)
        want = 0.25 * (src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])

        def check_jacobi(who, ddst=ddst, dst=dst, want=want):
            got = ddst.copy_to_host() if who == "pyjitc" else dst
            np.testing.assert_allclose(got[1:-1, 1:-1], want, rtol=1e-5)
        row("jacobi", f"{w}^2", lambda: m.jacobi[((w + 31) // 32, (w + 7) // 8), (32, 8)](dsrc, ddst),
            lambda: lib.jacobi(ptr(src), ptr(dst), i64(w), i64(w)), check_jacobi, 30 if w <= 1024 else 10)
    k = 256 if args.quick else 512
    A, B = rng.random((k, k), np.float32), rng.random((k, k), np.float32)
    dA, dB, dC = cuda.to_device(A), cuda.to_device(B), cuda.device_array((k, k), np.float32)
    C = np.zeros((k, k), np.float32)
    want_mm = A.astype(np.float64) @ B.astype(np.float64)

    def check_mm(who):
        np.testing.assert_allclose(dC.copy_to_host() if who == "pyjitc" else C, want_mm, rtol=1e-4)
    row("matmul_tiled", f"{k}^2", lambda: m.matmul_tiled[(k // 16, k // 16), (16, 16)](dA, dB, dC),
        lambda: lib.matmul_tiled(ptr(A), ptr(B), ptr(C), i64(k)), check_mm, 10)
    for n in sizes:
        xr = rng.random(n, np.float32)
        dxr = cuda.to_device(xr)
        blocks = 16 * threads
        dtotal, total = cuda.to_device(np.zeros(1, np.float32)), np.zeros(1, np.float32)
        want = float(xr.astype(np.float64).sum())

        def run_pj(dxr=dxr, dtotal=dtotal, blocks=blocks):
            dtotal[0] = 0  # the kernel adds into it
            m.reduce_sum[blocks, 256](dxr, dtotal)

        def run_c(xr=xr, total=total, n=n, blocks=blocks):
            total[0] = 0
            lib.reduce_sum(ptr(xr), ptr(total), i64(n), i64(blocks))

        def check_reduce(who, dtotal=dtotal, total=total, want=want):
            got = float(dtotal.copy_to_host()[0] if who == "pyjitc" else total[0])
            np.testing.assert_allclose(got, want, rtol=1e-4)
        row("reduce_sum", f"2^{n.bit_length() - 1}", run_pj, run_c, check_reduce, 30 if n <= 1 << 20 else 10)

    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    lines = [f"CPU executor against C loops: {cpu}, {threads} threads; C: {cc_version}, -O2 -fopenmp, "
             f"OMP_NUM_THREADS={threads}; {len(os.sched_getaffinity(0))} cores available",
             "", "| kernel | size | pyjitc ms | C loop ms | pyjitc / C |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {size} | {pj:.3f} | {c:.3f} | {pj / c:.2f} |" for name, size, pj, c in rows]
    print("\n".join(lines))
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
