"""numba's host API as pyjitc has it: *_array_like (layouts as NumPy's zeros_like), managed
arrays, the default stream objects, `with cuda.gpus[0]:`, is_cuda_array / auto_device, the
argument hints cuda.In / Out / InOut and launch extensions (kernel.extensions)."""
import numpy as np
import pytest

from pyjitc import cuda

LIKE = (cuda.device_array_like, cuda.mapped_array_like, cuda.pinned_array_like)


def set_three(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 3 * (i + 1)


def add(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


@pytest.mark.parametrize("like", LIKE)
@pytest.mark.parametrize("shape, order", [((10,), "C"), ((4, 6), "C"), ((4, 6), "F"), ((3, 4, 5), "F")])
def test_array_like_keeps_layout(like, shape, order):
    a = np.zeros(shape, np.float32, order=order)
    got = like(a)
    assert (got.shape, got.strides, got.dtype) == (a.shape, a.strides, a.dtype)


@pytest.mark.parametrize("like", LIKE)
@pytest.mark.parametrize("order", ["C", "F"])
def test_array_like_of_a_view_is_contiguous_like_numpy(like, order):
    view = np.zeros((10, 12), order=order)[::2, ::3]
    d_view = cuda.device_array((10, 12), order=order)[::2, ::3]
    want = np.zeros_like(view)
    for src in (view, d_view):
        got = like(src)
        assert got.shape == want.shape and got.strides == want.strides
        assert got.flags["C_CONTIGUOUS"] == want.flags["C_CONTIGUOUS"]
        assert got.flags["F_CONTIGUOUS"] == want.flags["F_CONTIGUOUS"]


def test_mapped_like_and_managed_arrays_are_used_in_place():
    m = cuda.managed_array(8, dtype=np.int64)
    m[:] = 0
    cuda.jit(set_three)[1, 8](m)
    cuda.synchronize()
    np.testing.assert_array_equal(m, 3 * np.arange(1, 9))
    mp = cuda.mapped_array_like(np.zeros(5, np.float64))
    mp[:] = 0
    cuda.jit(set_three)[1, 5](mp)
    cuda.synchronize()
    np.testing.assert_array_equal(mp, 3.0 * np.arange(1, 6))


@pytest.mark.parametrize("make", [cuda.default_stream, cuda.legacy_default_stream, cuda.per_thread_default_stream])
def test_default_streams(make):
    s = make()
    a = cuda.to_device(np.zeros(16, np.int32), stream=s)
    cuda.jit(set_three)[1, 16, s](a)
    s.synchronize()
    np.testing.assert_array_equal(a.copy_to_host(stream=s), 3 * np.arange(1, 17))
    with s.auto_synchronize():
        pass


def test_gpus_context_manager():
    with cuda.gpus.current as dev:
        a = np.zeros(4, np.int64)
        cuda.jit(set_three)[1, 4](a)
        assert dev.id == 0
    np.testing.assert_array_equal(a, [3, 6, 9, 12])


def test_is_cuda_array_auto_device_alloc_size():
    h = np.arange(10.0)
    d = cuda.to_device(h)
    assert cuda.is_cuda_array(d) and not cuda.is_cuda_array(h)
    d2, copied = cuda.devicearray.auto_device(d)
    assert d2 is d and not copied
    c, copied = cuda.devicearray.auto_device(2)
    assert copied and c.copy_to_host() == np.array(2)
    with pytest.raises(ValueError):
        cuda.devicearray.auto_device(h[::2])
    assert d[2:].alloc_size == d.alloc_size == h.nbytes


def test_in_out_inout():
    k = cuda.jit(set_three)
    a = np.zeros(6, np.int64)
    k[1, 6](cuda.In(a))
    np.testing.assert_array_equal(a, 0)  # In: the kernel's writes are not copied back
    k[1, 6](cuda.InOut(a))
    np.testing.assert_array_equal(a, 3 * np.arange(1, 7))
    b = np.zeros(6, np.int64)
    k[1, 6](cuda.Out(b))
    np.testing.assert_array_equal(b, 3 * np.arange(1, 7))
    x, y, out = np.arange(5.0), np.arange(5.0) * 10, np.zeros(5)
    cuda.jit(add)[1, 5](cuda.Out(out), cuda.In(x), cuda.In(y))
    np.testing.assert_array_equal(out, x + y)
    d = cuda.to_device(np.zeros(6, np.int64))
    k[1, 6](cuda.In(d))  # a device array is passed as it is: the writes stay in it
    np.testing.assert_array_equal(d.copy_to_host(), 3 * np.arange(1, 7))


class _InByDefault:
    def prepare_args(self, ty, val, **kwargs):
        return ty, cuda.args.wrap_arg(val, default=cuda.In)


def test_launch_extensions():
    k = cuda.jit(set_three)
    k.extensions.append(_InByDefault())
    a = np.zeros(4, np.int64)
    k[1, 4](a)
    np.testing.assert_array_equal(a, 0)
    k[1, 4](cuda.InOut(a))  # an explicit hint wins over the default
    np.testing.assert_array_equal(a, [3, 6, 9, 12])
