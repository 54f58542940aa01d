"""The numba programs of the seed material, written once with the import line as a parameter:
`program_source("numba")` is the numba-cuda program, `program_source("pyjitc")` the same program
for pyjitc. Each entry of PROGRAMS runs one of them on real data and returns its outputs."""
import math
import textwrap

import numpy as np

SOURCE = '''
from {module} import cuda
from {types_module} import float32

TPB = 16


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def add_one_kernel(A):
    x, y = cuda.grid(2)
    if x < A.shape[0] and y < A.shape[1]:
        A[x, y] += 1


@cuda.jit
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.0
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp


@cuda.jit
def fast_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x
    tmp = float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


@cuda.jit
def elementwise_copy(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i]


@cuda.jit
def convolve1d(result, mask, image):
    i = cuda.grid(1)
    if i >= image.shape[0]:
        return
    delta = mask.shape[0] // 2
    s = 0
    for k in range(mask.shape[0]):
        ik = i + k - delta
        if 0 <= ik < image.shape[0]:
            s += mask[k] * image[ik]
    result[i] = s


@cuda.jit
def convolve2d(result, mask, image):
    i, j = cuda.grid(2)
    image_rows, image_cols = image.shape
    if (i >= image_rows) or (j >= image_cols):
        return
    delta_rows = mask.shape[0] // 2
    delta_cols = mask.shape[1] // 2
    s = 0
    for k in range(mask.shape[0]):
        for l in range(mask.shape[1]):
            i_k = i - k + delta_rows
            j_l = j - l + delta_cols
            if (i_k >= 0) and (i_k < image_rows) and (j_l >= 0) and (j_l < image_cols):
                s += mask[k, l] * image[i_k, j_l]
    result[i, j] = s


@cuda.jit
def reduce_sum(x, total):
    tile = cuda.shared.array(256, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    s = 128
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])
'''


def program_source(framework):
    module = "numba" if framework == "numba" else "pyjitc"
    return SOURCE.format(module=module, types_module=module)


def _rng():
    return np.random.default_rng(2026)


def run_saxpy(m, cuda, n=1 << 22):
    r = _rng()
    x, y = r.random(n, np.float32), r.random(n, np.float32)
    dx, dy, dout = cuda.to_device(x), cuda.to_device(y), cuda.device_array(n, np.float32)
    return (m.saxpy, ((n + 255) // 256, 256), (np.float32(2.0), dx, dy, dout)), lambda: dout.copy_to_host()


def run_add_one(m, cuda, n=1024):
    a = cuda.to_device(np.arange(n * n, dtype=np.float32).reshape(n, n))
    return (m.add_one_kernel, ((n // 16, n // 16), (16, 16)), (a,)), lambda: a.copy_to_host()


def _mat(n):
    r = _rng()
    return r.random((n, n), np.float32), r.random((n, n), np.float32)


def run_matmul(m, cuda, n=1024):
    a, b = _mat(n)
    da, db, dc = cuda.to_device(a), cuda.to_device(b), cuda.device_array((n, n), np.float32)
    return (m.matmul, ((n // 16, n // 16), (16, 16)), (da, db, dc)), lambda: dc.copy_to_host()


def run_fast_matmul(m, cuda, n=1024):
    a, b = _mat(n)
    da, db, dc = cuda.to_device(a), cuda.to_device(b), cuda.device_array((n, n), np.float32)
    return (m.fast_matmul, ((n // 16, n // 16), (16, 16)), (da, db, dc)), lambda: dc.copy_to_host()


def run_elementwise_copy(m, cuda, n=1 << 22):
    x = cuda.to_device(_rng().random(n))
    out = cuda.device_array(n)
    return (m.elementwise_copy, (256, 256), (x, out)), lambda: out.copy_to_host()


def run_convolve1d(m, cuda, n=1 << 20):
    r = _rng()
    image, mask = cuda.to_device(r.random(n, np.float32)), cuda.to_device(r.random(13, np.float32))
    out = cuda.device_array(n, np.float32)
    return (m.convolve1d, ((n + 255) // 256, 256), (out, mask, image)), lambda: out.copy_to_host()


def run_convolve2d(m, cuda, n=1024):
    r = _rng()
    image, mask = cuda.to_device(r.random((n, n), np.float32)), cuda.to_device(r.random((5, 5), np.float32))
    out = cuda.device_array((n, n), np.float32)
    return (m.convolve2d, ((n // 16, n // 16), (16, 16)), (out, mask, image)), lambda: out.copy_to_host()


def run_reduce(m, cuda, n=1 << 20):
    x = cuda.to_device(np.ones(n, np.float32))
    total = cuda.to_device(np.zeros(1, np.float32))
    return (m.reduce_sum, ((n + 255) // 256, 256), (x, total)), lambda: total.copy_to_host()


PROGRAMS = {
    "saxpy": run_saxpy, "add_one_kernel": run_add_one, "matmul": run_matmul, "fast_matmul": run_fast_matmul,
    "elementwise_copy": run_elementwise_copy, "convolve1d": run_convolve1d, "convolve2d": run_convolve2d,
    "reduce_sum": run_reduce,
}
