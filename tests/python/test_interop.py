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
