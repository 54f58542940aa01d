"""One element of a device array read and written by index (`d[i]`, `d[i, j]`, `d[i] = v`), as
numba's device arrays allow and as a kernel's driver code does between launches (a counter set
back to zero): against NumPy doing the same to a copy, for several dtypes, orders, strided
views, negative and NumPy-integer indices, out-of-range indices and values that convert. Such an
index takes a short path (no view made); anything else (slices, fewer indices) the general one."""
import numpy as np
import pytest

from pyjitc import cuda

DTYPES = [np.float32, np.float64, np.int8, np.uint16, np.int64, np.uint64, np.complex64, np.bool_]


def fill(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(-100, 100, size=shape)
    return values.astype(dtype) if dtype is not np.bool_ else values > 0


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(7,), (4, 6), (3, 4, 5)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_elements_read_and_written(dtype, shape, order):
    host = np.asarray(fill(shape, dtype, 1), order=order)
    dev = cuda.to_device(host)
    rng = np.random.default_rng(2)
    for _ in range(20):
        index = tuple(int(rng.integers(-n, n)) for n in shape)
        assert dev[index] == host[index], index
        assert type(dev[index]) is type(host[index])
        value = fill((), dtype, int(rng.integers(1000)))[()]
        dev[index] = value
        host[index] = value
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_numpy_integers_and_one_index_of_a_1d_array():
    host = np.arange(10, dtype=np.float64)
    dev = cuda.to_device(host)
    for i in (np.int8(3), np.int32(-2), np.uint64(9), np.int64(0), 5):
        assert dev[i] == host[i]
        dev[i] = -1.5
        host[i] = -1.5
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_strided_views_and_mixed_indices():
    host = np.arange(60, dtype=np.int32).reshape(6, 10)
    dev = cuda.to_device(host)
    view, hview = dev[::2, 1::3], host[::2, 1::3]
    for index in [(0, 0), (2, 2), (-1, -2), (1, -3)]:
        assert view[index] == hview[index]
        view[index] = 1000 + index[0]
        hview[index] = 1000 + index[0]
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    np.testing.assert_array_equal(dev[2].copy_to_host(), host[2])       # fewer indices: a view
    np.testing.assert_array_equal(dev[1, 2:5].copy_to_host(), host[1, 2:5])
    dev[3] = 7                                                          # a row from one value
    host[3] = 7
    dev[4, :] = np.arange(10)
    host[4, :] = np.arange(10)
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_values_convert_as_numpy_converts_them():
    host = np.zeros(4, np.int16)
    dev = cuda.to_device(host)
    for i, value in enumerate([2.7, -3.9, True, np.float32(1e4)]):
        dev[i] = value
        host[i] = value
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    with pytest.raises(OverflowError):
        dev[0] = 1 << 20
    with pytest.raises((TypeError, ValueError)):
        dev[0] = "x"


@pytest.mark.parametrize("index", [(4, 0), (0, 6), (-5, 0), (0, -7)])
def test_out_of_range_is_numpys_error(index):
    dev = cuda.to_device(np.zeros((4, 6)))
    with pytest.raises(IndexError) as read:
        dev[index]
    with pytest.raises(IndexError) as numpy_says:
        np.zeros((4, 6))[index]
    assert str(read.value) == str(numpy_says.value)
    with pytest.raises(IndexError):
        dev[index] = 1.0
    with pytest.raises(IndexError):
        dev[0, 0, 0]
