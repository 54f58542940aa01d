"""CuPy arrays and PyTorch tensors in and out of pyjitc on the GPU, through the CUDA array
interface, without copies. GPU only: on the CPU executor there is no device memory to share."""
import os

import numpy as np
import pytest

from pyjitc import cuda

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
pytestmark = pytest.mark.skipif(not ON_CUDA, reason="GPU memory interop needs the GPU")


@cuda.jit
def scale_add(x, a, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + i


@cuda.jit
def bump2d(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] += i * 10 + j


def test_cupy_arrays_in():
    import cupy
    x = cupy.arange(1000, dtype=cupy.float32)
    out = cupy.zeros(1000, dtype=cupy.float32)
    scale_add[4, 256](x, np.float32(3.0), out)
    cuda.synchronize()
    np.testing.assert_array_equal(cupy.asnumpy(out), 3 * np.arange(1000, dtype=np.float32) + np.arange(1000))


def test_cupy_strided_view_in():
    import cupy
    m = cupy.zeros((8, 12), dtype=cupy.int64)
    bump2d[(2, 2), (8, 8)](m[:, ::3])
    cuda.synchronize()
    want = np.zeros((8, 12), np.int64)
    want[:, ::3] += np.arange(8)[:, None] * 10 + np.arange(4)[None, :]
    np.testing.assert_array_equal(cupy.asnumpy(m), want)


@cuda.jit
def bump3d(t):
    i, j, k = cuda.grid(3)
    if i < t.shape[0] and j < t.shape[1] and k < t.shape[2]:
        t[i, j, k] += i * 100 + j * 10 + k


def test_cupy_arrays_of_every_layout_in():
    # C-contiguous arrays are read without their strides (and 1-D ones without their shape):
    # contiguous, strided, transposed, Fortran-ordered, 3-D and empty arrays must all come out right
    import cupy
    x = cupy.arange(40, dtype=cupy.float64)
    for view in (x, x[::2], x[5:25], x[::-1]):
        out = cupy.zeros(view.size, dtype=cupy.float64)
        scale_add[1, 64](view, 2.0, out)
        cuda.synchronize()
        v = cupy.asnumpy(view)
        np.testing.assert_array_equal(cupy.asnumpy(out), 2.0 * v + np.arange(v.size))
    base = np.zeros((6, 5), np.int64)
    want = np.arange(6)[:, None] * 10 + np.arange(5)[None, :]
    for m in (cupy.zeros((6, 5), dtype=cupy.int64), cupy.asfortranarray(cupy.zeros((6, 5), dtype=cupy.int64))):
        bump2d[(1, 1), (8, 8)](m)
        cuda.synchronize()
        np.testing.assert_array_equal(cupy.asnumpy(m), base + want)
    mt = cupy.zeros((5, 6), dtype=cupy.int64)
    bump2d[(1, 1), (8, 8)](mt.T)                          # a transposed view: F-ordered
    cuda.synchronize()
    np.testing.assert_array_equal(cupy.asnumpy(mt), (base + want).T)
    t = cupy.zeros((3, 4, 5), dtype=cupy.int32)
    bump3d[(1, 1, 1), (4, 4, 8)](t)
    cuda.synchronize()
    i, j, k = np.indices((3, 4, 5))
    np.testing.assert_array_equal(cupy.asnumpy(t), i * 100 + j * 10 + k)
    empty = cupy.zeros(0, dtype=cupy.float64)
    scale_add[1, 32](empty, 2.0, empty)
    cuda.synchronize()


def test_torch_tensors_in():
    import torch
    x = torch.arange(1000, dtype=torch.float64, device="cuda")
    out = torch.empty(1000, dtype=torch.float64, device="cuda")
    scale_add[4, 256](x, 0.5, out)
    cuda.synchronize()
    np.testing.assert_array_equal(out.cpu().numpy(), 0.5 * np.arange(1000.0) + np.arange(1000))


def test_pyjitc_arrays_out_to_cupy_and_torch_without_copy():
    import cupy
    import torch
    d = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))
    c = cupy.asarray(d)            # the same memory
    t = torch.as_tensor(d, device="cuda")
    assert c.data.ptr == d.__cuda_array_interface__["data"][0] == t.data_ptr()
    c += 1
    cupy.cuda.runtime.deviceSynchronize()
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(12, dtype=np.float32).reshape(3, 4) + 1)
    bump2d[(1, 1), (4, 4)](d)
    cuda.synchronize()
    want = np.arange(12, dtype=np.float32).reshape(3, 4) + 1 + np.arange(3)[:, None] * 10 + np.arange(4)[None, :]
    np.testing.assert_array_equal(t.cpu().numpy(), want)


def test_as_cuda_array_views_foreign_memory():
    import cupy
    c = cupy.arange(64, dtype=cupy.int32)
    d = cuda.as_cuda_array(c)
    assert d.shape == (64,) and d.dtype == np.int32
    np.testing.assert_array_equal(d[10:20].copy_to_host(), np.arange(10, 20, dtype=np.int32))


@cuda.jit
def add_rows(dst, src, k):
    i, j = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        dst[i, j] = src[i, j] + k * i + j


def test_cupy_arrays_read_from_cupys_structs():
    """After some CuPy arrays read through their attributes (python/args.c learns and checks
    where CuPy keeps pointer, dtype, shape and strides), launches read them from CuPy's structs:
    every dtype, layout, view and an in-place reshape must give what NumPy gives."""
    import cupy
    from pyjitc import _core
    keep = []
    for n in range(2, 60):  # distinct sizes and pointers, so that the offsets single out
        x = cupy.arange(n, dtype=cupy.float32)
        out = cupy.zeros(n, dtype=cupy.float32)
        keep.append((x, out))
        scale_add[1, 64](x, np.float32(2.0), out)
    cuda.synchronize()
    for x, out in keep:
        np.testing.assert_array_equal(cupy.asnumpy(out), 2 * cupy.asnumpy(x) + np.arange(x.size))
    assert _core.cupy_direct() == 2, "CuPy's struct offsets were not found or did not check out"
    rng = np.random.default_rng(7)
    for dtype in (np.float32, np.float64, np.int32, np.int64, np.int16, np.uint8):
        src_h = (rng.random((33, 47)) * 100).astype(dtype)
        src = cupy.asarray(src_h)
        for view in (src, src[3:, 5:], src[::2, ::3], src.T, src[::-1, ::-1], cupy.asfortranarray(src)):
            v = cupy.asnumpy(view)
            dst = cupy.zeros(view.shape, dtype=dtype)
            add_rows[(8, 8), (8, 8)](dst, view, 3)
            cuda.synchronize()
            i, j = np.indices(v.shape)
            np.testing.assert_array_equal(cupy.asnumpy(dst), (v + 3 * i + j).astype(dtype))
    # one CuPy object whose shape changes in place between two launches
    m = cupy.arange(24, dtype=cupy.float64)
    out = cupy.zeros(24, dtype=cupy.float64)
    scale_add[1, 32](m, 1.0, out)
    m.shape = (4, 6)
    dst = cupy.zeros((4, 6), dtype=cupy.float64)
    add_rows[(1, 1), (8, 8)](dst, m, 0)
    m.shape = (6, 4)
    dst2 = cupy.zeros((6, 4), dtype=cupy.float64)
    add_rows[(1, 1), (8, 8)](dst2, m, 0)
    cuda.synchronize()
    base = np.arange(24, dtype=np.float64)
    np.testing.assert_array_equal(cupy.asnumpy(out), base + np.arange(24))
    i, j = np.indices((4, 6))
    np.testing.assert_array_equal(cupy.asnumpy(dst), base.reshape(4, 6) + j)
    i, j = np.indices((6, 4))
    np.testing.assert_array_equal(cupy.asnumpy(dst2), base.reshape(6, 4) + j)
    empty = cupy.zeros(0, dtype=cupy.float32)  # an empty array: nothing to do
    scale_add[1, 32](empty, np.float32(1.0), empty)
    cuda.synchronize()
