"""Classic numba-cuda programs, written as a numba user writes them (only the import differs)."""
import math

import numpy as np
import pytest
from pyjitc import cuda
from pyjitc import float32

TPB = 16


# ---------------------------------------------------------------- kernels

@cuda.jit
def saxpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


@cuda.jit
def add_one_kernel(arr):
    x, y = cuda.grid(2)
    if x < arr.shape[0] and y < arr.shape[1]:
        arr[x, y] += 1


@cuda.jit
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
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
def elementwise_copy(src, dst):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, src.shape[0], stride):
        dst[i] = src[i]


@cuda.jit
def convolve_1d(result, signal, kernel):
    i = cuda.grid(1)
    if i >= result.size:
        return
    half = kernel.size // 2
    s = 0.0
    for k in range(kernel.size):
        j = i + k - half
        if j >= 0 and j < signal.size:
            s += signal[j] * kernel[k]
    result[i] = s


@cuda.jit
def convolve_2d(result, image, mask):
    i, j = cuda.grid(2)
    if i >= result.shape[0] or j >= result.shape[1]:
        return
    dm = mask.shape[0] // 2
    dn = mask.shape[1] // 2
    s = 0.0
    for k in range(mask.shape[0]):
        for l in range(mask.shape[1]):
            ii = i + k - dm
            jj = j + l - dn
            if ii >= 0 and ii < image.shape[0] and jj >= 0 and jj < image.shape[1]:
                s += image[ii, jj] * mask[k, l]
    result[i, j] = s


RED_TPB = 128


@cuda.jit
def block_sum(a, total):
    sm = cuda.shared.array(RED_TPB, dtype=float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < a.size:
        sm[tid] = a[i]
    else:
        sm[tid] = 0
    cuda.syncthreads()
    s = RED_TPB // 2
    while s > 0:
        if tid < s:
            sm[tid] += sm[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        cuda.atomic.add(total, 0, sm[0])


# ---------------------------------------------------------------- references

def conv1d_ref(signal, kernel):
    half = kernel.size // 2
    out = np.zeros(signal.size, dtype=np.float64)
    for i in range(signal.size):
        for k in range(kernel.size):
            j = i + k - half
            if 0 <= j < signal.size:
                out[i] += signal[j] * kernel[k]
    return out


def conv2d_ref(image, mask):
    dm, dn = mask.shape[0] // 2, mask.shape[1] // 2
    padded = np.zeros((image.shape[0] + 2 * dm, image.shape[1] + 2 * dn))
    padded[dm:dm + image.shape[0], dn:dn + image.shape[1]] = image
    out = np.zeros(image.shape)
    for k in range(mask.shape[0]):
        for l in range(mask.shape[1]):
            out += mask[k, l] * padded[k:k + image.shape[0], l:l + image.shape[1]]
    return out


# ---------------------------------------------------------------- tests

@pytest.mark.parametrize("mode", ["host", "device"])
def test_saxpy(rng, mode):
    n = 1000
    a = np.float32(2.5)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    r = np.zeros(n, dtype=np.float32)
    blocks = (n + 127) // 128
    if mode == "host":
        saxpy[blocks, 128](r, a, x, y)
    else:
        d_r = cuda.device_array_like(r)
        saxpy[blocks, 128](d_r, a, cuda.to_device(x), cuda.to_device(y))
        r = d_r.copy_to_host()
    np.testing.assert_allclose(r, a * x + y, rtol=1e-6)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_add_one_2d(rng, mode):
    arr = rng.integers(0, 100, size=(37, 23)).astype(np.float64)
    expected = arr + 1
    tpb = (16, 16)
    bpg = (math.ceil(arr.shape[0] / tpb[0]), math.ceil(arr.shape[1] / tpb[1]))
    if mode == "host":
        add_one_kernel[bpg, tpb](arr)
        out = arr
    else:
        d = cuda.to_device(arr)
        add_one_kernel[bpg, tpb](d)
        out = d.copy_to_host()
        np.testing.assert_array_equal(arr, expected - 1)  # host copy untouched
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_naive_matmul(rng, mode):
    A = rng.random((33, 20))
    B = rng.random((20, 27))
    C = np.zeros((33, 27))
    tpb = (16, 16)
    bpg = (math.ceil(C.shape[0] / 16), math.ceil(C.shape[1] / 16))
    if mode == "host":
        matmul[bpg, tpb](A, B, C)
    else:
        dC = cuda.device_array((33, 27), dtype=np.float64)
        matmul[bpg, tpb](cuda.to_device(A), cuda.to_device(B), dC)
        C = dC.copy_to_host()
    np.testing.assert_allclose(C, A @ B, rtol=1e-12)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_shared_tiled_matmul(rng, mode):
    # square sizes that are not multiples of TPB: the kernel pads tiles with zeros
    n = 40
    A = rng.random((n, n), dtype=np.float32)
    B = rng.random((n, n), dtype=np.float32)
    C = np.zeros((n, n), dtype=np.float32)
    bpg = math.ceil(n / TPB)
    if mode == "host":
        fast_matmul[(bpg, bpg), (TPB, TPB)](A, B, C)
    else:
        dA, dB = cuda.to_device(A), cuda.to_device(B)
        dC = cuda.device_array_like(C)
        fast_matmul[(bpg, bpg), (TPB, TPB)](dA, dB, dC)
        C = dC.copy_to_host()
    np.testing.assert_allclose(C, A.astype(np.float64) @ B.astype(np.float64), rtol=1e-4)


@pytest.mark.parametrize("mode", ["host", "device"])
@pytest.mark.parametrize("blocks,threads", [(1, 32), (4, 64), (64, 256)])
def test_grid_stride_copy(rng, mode, blocks, threads):
    src = rng.integers(-1000, 1000, size=10007).astype(np.int32)
    dst = np.zeros_like(src)
    if mode == "host":
        elementwise_copy[blocks, threads](src, dst)
    else:
        d_dst = cuda.device_array(src.shape, src.dtype)
        elementwise_copy[blocks, threads](cuda.to_device(src), d_dst)
        dst = d_dst.copy_to_host()
    np.testing.assert_array_equal(dst, src)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_convolve_1d(rng, mode):
    signal = rng.random(500)
    kern = np.array([0.1, 0.2, 0.4, 0.2, 0.1])
    result = np.zeros_like(signal)
    if mode == "host":
        convolve_1d[(500 + 63) // 64, 64](result, signal, kern)
    else:
        d_res = cuda.device_array_like(result)
        convolve_1d[(500 + 63) // 64, 64](d_res, cuda.to_device(signal), cuda.to_device(kern))
        result = d_res.copy_to_host()
    np.testing.assert_allclose(result, conv1d_ref(signal, kern), rtol=1e-12)
    # also against NumPy's own convolution (symmetric kernel, 'same' mode)
    np.testing.assert_allclose(result, np.convolve(signal, kern, mode="same"), rtol=1e-12)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_convolve_2d(rng, mode):
    image = rng.random((45, 31)).astype(np.float32)
    mask = rng.random((3, 5)).astype(np.float32)
    result = np.zeros_like(image)
    tpb = (8, 8)
    bpg = (math.ceil(45 / 8), math.ceil(31 / 8))
    if mode == "host":
        convolve_2d[bpg, tpb](result, image, mask)
    else:
        d_res = cuda.device_array(image.shape, np.float32)
        convolve_2d[bpg, tpb](d_res, cuda.to_device(image), cuda.to_device(mask))
        result = d_res.copy_to_host()
    np.testing.assert_allclose(result, conv2d_ref(image.astype(np.float64), mask.astype(np.float64)),
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mode", ["host", "device"])
def test_block_reduction_atomic(rng, mode):
    n = 5000
    a = rng.random(n).astype(np.float32)
    total = np.zeros(1, dtype=np.float32)
    blocks = (n + RED_TPB - 1) // RED_TPB
    if mode == "host":
        block_sum[blocks, RED_TPB](a, total)
    else:
        d_total = cuda.to_device(total)
        block_sum[blocks, RED_TPB](cuda.to_device(a), d_total)
        total = d_total.copy_to_host()
    assert total[0] == pytest.approx(float(a.astype(np.float64).sum()), rel=1e-4)


def test_host_array_written_back_and_inputs_intact(rng):
    x = rng.random(300, dtype=np.float32)
    y = rng.random(300, dtype=np.float32)
    x0, y0 = x.copy(), y.copy()
    r = np.full(300, -1, dtype=np.float32)
    saxpy[3, 128](r, np.float32(-1.0), x, y)
    np.testing.assert_allclose(r, y0 - x0, rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(x, x0)
    np.testing.assert_array_equal(y, y0)
