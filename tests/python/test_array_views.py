"""a.reshape(...) and a.view(dtype) in kernels, as numba has them: views of the same memory."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


@cuda.jit
def reshape_2d(a, shape, out):
    y = a.reshape(shape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            out[i, j] = y[i, j]


@cuda.jit
def reshape_ints(a, out):
    y = a.reshape(2, -1, 3)  # -1: inferred from the size
    y[1, 0, 2] = 99.0        # a view: writes reach a
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            for k in range(y.shape[2]):
                out[i, j, k] = y[i, j, k]


def test_reshape_views_the_same_elements():
    a = np.arange(24.0)
    out = np.zeros((4, 6))
    reshape_2d[1, 1](a, (4, 6), out)
    np.testing.assert_array_equal(out, a.reshape(4, 6))
    out3 = np.zeros((2, 4, 3))
    b = np.arange(24.0)
    reshape_ints[1, 1](b, out3)
    want = np.arange(24.0)
    want.reshape(2, -1, 3)[1, 0, 2] = 99.0
    np.testing.assert_array_equal(b, want)
    np.testing.assert_array_equal(out3, want.reshape(2, 4, 3))


def test_view_reinterprets_bytes():
    @cuda.jit
    def k(byte_arr, out):
        for s in range(out.size):
            out[s] = byte_arr[4 * s:4 * s + 4].view(np.int32)[0]

    b = np.arange(64, dtype=np.uint8)
    out = np.zeros(16, np.int32)
    k[1, 1](b, out)
    np.testing.assert_array_equal(out, b.view(np.int32))

    @cuda.jit
    def k2(x, out):
        v = x.view(np.uint32)  # 2-D: the last axis reinterpreted
        for i in range(v.shape[0]):
            for j in range(v.shape[1]):
                out[i, j] = v[i, j]

    x = np.arange(12, dtype=np.float64).reshape(3, 4)
    out2 = np.zeros((3, 8), np.uint32)
    k2[1, 1](x, out2)
    np.testing.assert_array_equal(out2, x.view(np.uint32))


def test_reshape_of_a_strided_view_is_an_error():
    @cuda.jit
    def k(a, out):
        y = a[::2].reshape(2, 2)
        out[0] = y[0, 0]

    with pytest.raises(TypingError, match="reshape\\(\\) needs a C-contiguous array"):
        k[1, 1](np.arange(8.0), np.zeros(1))


@cuda.jit
def reshape_shape(a, m, n, out):
    y = a.reshape(m, n)
    out[0] = y.shape[0]
    out[1] = y.shape[1]
    if y.size:
        out[2] = y[y.shape[0] - 1, y.shape[1] - 1]


@cuda.jit(debug=True, opt=False)
def reshape_shape_debug(a, m, n, out):
    y = a.reshape(m, n)
    out[0] = y.shape[0]
    out[1] = y.shape[1]


@pytest.mark.parametrize("size,m,n,shape", [(6, 2, 3, (2, 3)), (6, 3, -1, (3, 2)), (6, -1, 2, (3, 2)),
                                            (6, -2, 3, (2, 3)), (6, 6, -5, (6, 1)), (0, 0, -1, (0, 0)),
                                            (0, 4, -1, (4, 0))])
def test_reshape_takes_any_negative_extent_for_the_unknown(size, m, n, shape):
    # numba: a negative extent is the one to infer, whatever its value (NumPy wants -1)
    a = np.arange(float(size))
    out = np.full(3, -7.0)
    reshape_shape[1, 1](a, m, n, out)
    assert tuple(out) == shape + ((5.0,) if size else (-7.0,))


@pytest.mark.parametrize("m,n", [(4, 4), (4, -1), (-2, -1), (2, 2), (-3, -3)])
def test_reshape_to_another_size_stops_the_thread(m, n):
    # numba raises ValueError; without debug=True the thread stops there: the view is never used,
    # so nothing past the 6 elements is read (before, reshape(4, 4) gave a 16-element view)
    a = np.arange(6.0)
    out = np.full(3, -7.0)
    reshape_shape[1, 1](a, m, n, out)
    np.testing.assert_array_equal(out, [-7.0, -7.0, -7.0])


@pytest.mark.parametrize("m,n,message", [(4, 4, "total size of new array must be unchanged"),
                                         (4, -1, "total size of new array must be unchanged"),
                                         (-2, -1, "multiple negative shape values")])
def test_reshape_to_another_size_is_numbas_value_error_under_debug(m, n, message):
    out = np.zeros(2)
    with pytest.raises(ValueError, match=message):
        reshape_shape_debug[1, 1](np.arange(6.0), m, n, out)
        cuda.synchronize()
