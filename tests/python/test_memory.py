"""Device memory: transfers, device array attributes, views, streams, events, the device."""
import io
import contextlib
import os

import numpy as np
import pytest

from pyjitc import cuda

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


@cuda.jit
def add_scalar(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += v


@cuda.jit
def add_scalar_2d(a, v):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] += v + i * 100 + j


# ---------------------------------------------------------------- transfers

def test_to_device_roundtrip(rng):
    for dt in (np.float32, np.float64, np.int8, np.uint16, np.int32, np.int64, np.complex128, np.bool_):
        h = (rng.random((5, 7)) * 100).astype(dt)
        d = cuda.to_device(h)
        assert cuda.is_device_array(d)
        back = d.copy_to_host()
        assert back.dtype == h.dtype
        np.testing.assert_array_equal(back, h)


def test_device_array_attributes():
    h = np.arange(24, dtype=np.float32).reshape(4, 6)
    d = cuda.to_device(h)
    assert d.shape == (4, 6)
    assert d.dtype == np.float32
    assert d.strides == h.strides == (24, 4)
    assert d.size == 24
    assert d.ndim == 2
    assert len(d) == 4
    assert d.nbytes == h.nbytes
    assert d.itemsize == 4
    assert d.is_c_contiguous()


def test_device_array_and_like():
    d = cuda.device_array((3, 5), dtype=np.int32)
    assert d.shape == (3, 5) and d.dtype == np.int32 and d.strides == (20, 4)
    d1 = cuda.device_array(10)
    assert d1.shape == (10,) and d1.dtype == np.float64
    f = np.asfortranarray(np.zeros((3, 4), dtype=np.float64))
    dl = cuda.device_array_like(f)
    assert dl.shape == (3, 4) and dl.dtype == np.float64
    assert dl.strides == f.strides
    dl.copy_to_device(np.arange(12.0).reshape(3, 4))
    np.testing.assert_array_equal(dl.copy_to_host(), np.arange(12.0).reshape(3, 4))


def test_copy_to_host_with_out_and_ary(rng):
    h = rng.random(50)
    d = cuda.to_device(h)
    out = np.empty_like(h)
    res = d.copy_to_host(out)
    assert res is out
    np.testing.assert_array_equal(out, h)
    out2 = np.zeros_like(h)
    d.copy_to_host(ary=out2)
    np.testing.assert_array_equal(out2, h)
    with pytest.raises(ValueError):
        d.copy_to_host(np.zeros(49))


def test_copy_to_device(rng):
    d = cuda.device_array(30, dtype=np.float64)
    h = rng.random(30)
    d.copy_to_device(h)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    # from another device array
    d2 = cuda.device_array(30, dtype=np.float64)
    d2.copy_to_device(d)
    np.testing.assert_array_equal(d2.copy_to_host(), h)
    # to_device(..., to=)
    h3 = rng.random(30)
    r = cuda.to_device(h3, to=d2)
    assert r is d2
    np.testing.assert_array_equal(d2.copy_to_host(), h3)
    np.testing.assert_array_equal(d.copy_to_host(), h)  # d untouched


def test_kernel_on_device_array_leaves_host_alone(rng):
    h = rng.random(100)
    d = cuda.to_device(h)
    h0 = h.copy()
    add_scalar[4, 32](d, 1.5)
    np.testing.assert_array_equal(h, h0)
    np.testing.assert_allclose(d.copy_to_host(), h0 + 1.5)
    add_scalar[4, 32](d, 1.5)  # state persists on the device
    np.testing.assert_allclose(d.copy_to_host(), h0 + 3.0)


# ---------------------------------------------------------------- views

def test_slice_view_1d_kernel(rng):
    h = rng.random(20)
    d = cuda.to_device(h)
    v = d[2:10]
    assert v.shape == (8,) and len(v) == 8
    np.testing.assert_array_equal(v.copy_to_host(), h[2:10])
    add_scalar[1, 32](v, 10.0)
    expected = h.copy()
    expected[2:10] += 10.0
    np.testing.assert_allclose(d.copy_to_host(), expected)


def test_step_view_kernel(rng):
    h = rng.random(21)
    d = cuda.to_device(h)
    v = d[::2]
    assert v.shape == (11,)
    assert v.strides == (16,)
    np.testing.assert_array_equal(v.copy_to_host(), h[::2])
    add_scalar[1, 32](v, -1.0)
    expected = h.copy()
    expected[::2] -= 1.0
    np.testing.assert_allclose(d.copy_to_host(), expected)


def test_column_view_kernel(rng):
    h = rng.random((6, 4))
    d = cuda.to_device(h)
    col = d[:, 1]
    assert col.shape == (6,) and col.strides == (32,)
    np.testing.assert_array_equal(col.copy_to_host(), h[:, 1])
    add_scalar[1, 32](col, 5.0)
    expected = h.copy()
    expected[:, 1] += 5.0
    np.testing.assert_allclose(d.copy_to_host(), expected)


def test_2d_subview_kernel(rng):
    h = rng.random((10, 12))
    d = cuda.to_device(h)
    v = d[1:8:2, 2:11:3]
    assert v.shape == (4, 3)
    np.testing.assert_array_equal(v.copy_to_host(), h[1:8:2, 2:11:3])
    add_scalar_2d[(1, 1), (8, 8)](v, 0.5)
    expected = h.copy()
    i, j = np.indices((4, 3))
    expected[1:8:2, 2:11:3] += 0.5 + i * 100 + j
    np.testing.assert_allclose(d.copy_to_host(), expected)


def test_getitem_scalar_and_setitem(rng):
    h = rng.random((5, 5))
    d = cuda.to_device(h)
    assert d[2, 3] == h[2, 3]
    assert d[-1, -1] == h[-1, -1]
    d[2, 3] = 42.0
    d[0] = 7.0                      # broadcast a scalar over a row
    d[:, 4] = np.arange(5.0)        # a column from an array
    d[1:3, 0:2] = np.array([[1.0, 2.0], [3.0, 4.0]])
    expected = h.copy()
    expected[2, 3] = 42.0
    expected[0] = 7.0
    expected[:, 4] = np.arange(5.0)
    expected[1:3, 0:2] = [[1.0, 2.0], [3.0, 4.0]]
    np.testing.assert_array_equal(d.copy_to_host(), expected)
    with pytest.raises(IndexError):
        d[5, 0]


def test_copy_to_device_into_view(rng):
    d = cuda.to_device(np.zeros(12))
    d[3:9].copy_to_device(np.arange(6.0))
    d[::4].copy_to_device(np.array([-1.0, -2.0, -3.0]))
    expected = np.zeros(12)
    expected[3:9] = np.arange(6.0)
    expected[::4] = [-1.0, -2.0, -3.0]
    np.testing.assert_array_equal(d.copy_to_host(), expected)


# ---------------------------------------------------------------- streams and events

def test_stream_transfers_and_launch(rng):
    s = cuda.stream()
    h = rng.random(4096)
    d = cuda.to_device(h, stream=s)
    add_scalar[16, 256, s](d, 2.0)
    out = np.empty_like(h)
    d.copy_to_host(out, stream=s)
    s.synchronize()
    np.testing.assert_allclose(out, h + 2.0)


def test_stream_auto_synchronize(rng):
    s = cuda.stream()
    h = rng.random(100)
    with s.auto_synchronize():
        d = cuda.to_device(h, stream=s)
        add_scalar[1, 128, s](d, 1.0)
        out = d.copy_to_host(stream=s)
    np.testing.assert_allclose(out, h + 1.0)


def test_events():
    start, end = cuda.event(), cuda.event()
    d = cuda.to_device(np.zeros(10000))
    start.record()
    for _ in range(5):
        add_scalar[40, 256](d, 1.0)
    end.record()
    end.synchronize()
    t = start.elapsed_time(end)
    assert isinstance(t, float)
    assert t >= 0.0
    assert cuda.event_elapsed_time(start, end) >= 0.0
    np.testing.assert_array_equal(d.copy_to_host(), np.full(10000, 5.0))


def test_events_on_stream():
    s = cuda.stream()
    e1, e2 = cuda.event(), cuda.event()
    d = cuda.to_device(np.ones(1000), stream=s)
    e1.record(s)
    add_scalar[4, 256, s](d, 1.0)
    e2.record(s)
    e2.synchronize()
    assert e1.elapsed_time(e2) >= 0.0
    s.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), np.full(1000, 2.0))


def test_synchronize():
    d = cuda.to_device(np.zeros(256, dtype=np.float32))
    add_scalar[1, 256](d, np.float32(4.0))
    cuda.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), np.full(256, 4.0, dtype=np.float32))


# ---------------------------------------------------------------- the device

def test_is_available_matches_target():
    assert cuda.is_available() == ON_CUDA


def test_detect():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        r = cuda.detect()
    assert bool(r) == ON_CUDA
    assert "Found" in buf.getvalue()


def test_get_current_device_and_gpus():
    dev = cuda.get_current_device()
    assert dev.id == 0
    assert isinstance(dev.name, bytes) and len(dev.name) > 0
    cc = dev.compute_capability
    assert isinstance(cc, tuple) and len(cc) == 2 and cc[0] >= 1
    assert (len(cuda.gpus) >= 1) if ON_CUDA else (len(cuda.gpus) == 0)
    if ON_CUDA:
        assert cuda.gpus[0].id == 0
        assert [g.id for g in cuda.gpus][0] == 0
        assert cuda.gpus.current.id == 0
    else:
        assert list(cuda.gpus) == []


# ---------------------------------------------------------------- __cuda_array_interface__

@pytest.mark.skipif(not ON_CUDA, reason="__cuda_array_interface__ needs GPU memory")
def test_cuda_array_interface():
    h = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = cuda.to_device(h)
    cai = d.__cuda_array_interface__
    assert cai["shape"] == (3, 4)
    assert np.dtype(cai["typestr"]) == np.float32
    assert cai["strides"] is None
    assert cai["data"][0] != 0
    assert cai["version"] >= 2
    v = d[:, 1]
    vcai = v.__cuda_array_interface__
    assert vcai["shape"] == (3,) and vcai["strides"] == (16,)
    assert vcai["data"][0] == cai["data"][0] + 4
    again = cuda.as_cuda_array(v)
    np.testing.assert_array_equal(again.copy_to_host(), h[:, 1])


@pytest.mark.skipif(ON_CUDA, reason="CPU executor only")
def test_cuda_array_interface_on_cpu_is_host_memory_of_its_own():
    """On the CPU executor device arrays export their (host) memory as numba's simulator does;
    pyjitc reads such a pointer only where it is memory of its own."""
    import ctypes

    class Foreign:  # another library's object wrapping the interface
        def __init__(self, desc):
            self.__cuda_array_interface__ = desc

    @cuda.jit
    def twice(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 2

    h = np.arange(6.0)
    d = cuda.to_device(h)
    cai = d.__cuda_array_interface__
    assert cai["shape"] == (6,) and cai["typestr"] == "<f8" and cai["data"][0] == d.device_ctypes_pointer.value
    twice[1, 32](Foreign(cai))  # launched on the wrapper: the memory is pyjitc's
    np.testing.assert_array_equal(d.copy_to_host(), h * 2)
    np.testing.assert_array_equal(cuda.as_cuda_array(Foreign(d[::2].__cuda_array_interface__)).copy_to_host(),
                                  (h * 2)[::2])
    other = (ctypes.c_double * 6)()  # memory that is not pyjitc's: refused, never read
    bad = Foreign({"shape": (6,), "typestr": "<f8", "data": (ctypes.addressof(other), False), "version": 3,
                   "strides": None})
    with pytest.raises(TypeError, match="GPU memory"):
        twice[1, 32](bad)
    with pytest.raises(TypeError, match="GPU memory"):
        cuda.as_cuda_array(bad)


def test_transpose_and_reshape(rng):
    h = rng.random((3, 4))
    d = cuda.to_device(h)
    np.testing.assert_array_equal(d.reshape(4, 3).copy_to_host(), h.reshape(4, 3))
    np.testing.assert_array_equal(d.ravel().copy_to_host(), h.ravel())
    # numba's DeviceNDArray has .T and transpose()
    np.testing.assert_array_equal(d.T.copy_to_host(), h.T)
    np.testing.assert_array_equal(d.transpose().copy_to_host(), h.T)


def test_reversed_device_view_in_kernel():
    d = cuda.to_device(np.arange(10.0))
    v = d[::-1]
    np.testing.assert_array_equal(v.copy_to_host(), np.arange(10.0)[::-1])
    add_scalar[1, 16](v, np.arange(10.0)[0] + 1)
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(10.0) + 1)


def test_to_device_from_list_and_noncontiguous():
    d = cuda.to_device([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(d.copy_to_host(), [1.0, 2.0, 3.0])
    h = np.arange(24.0).reshape(4, 6)[:, ::2]
    d2 = cuda.to_device(h)
    np.testing.assert_array_equal(d2.copy_to_host(), h)
    add_scalar_2d[(1, 1), (8, 8)](d2, 1.0)
    i, j = np.indices(h.shape)
    np.testing.assert_array_equal(d2.copy_to_host(), h + 1.0 + i * 100 + j)


# ---- pinned and mapped host memory ------------------------------------------------------------

@cuda.jit
def _triple_in_place(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 3 * a[i] + i


def test_pinned_array_round_trip():
    h = cuda.pinned_array((4, 250), np.float32)
    assert isinstance(h, np.ndarray) and h.shape == (4, 250) and h.dtype == np.float32
    h[...] = np.arange(1000, dtype=np.float32).reshape(4, 250)
    d = cuda.to_device(h)
    back = cuda.pinned_array((4, 250), np.float32)
    d.copy_to_host(back)
    np.testing.assert_array_equal(back, h)


def test_mapped_array_is_used_in_place():
    m = cuda.mapped_array(1000, np.int64)
    m[:] = np.arange(1000)
    _triple_in_place[4, 256](m)
    cuda.synchronize()
    np.testing.assert_array_equal(m, 3 * np.arange(1000) + np.arange(1000))
    view = m[100:200]
    _triple_in_place[1, 128](view)
    cuda.synchronize()
    want = 3 * np.arange(1000) + np.arange(1000)
    want[100:200] = 3 * want[100:200] + np.arange(100)
    np.testing.assert_array_equal(m, want)
