"""Exceptions in kernels, as numba-cuda has them: with debug=True a raise, an index out of bounds
or a division by zero stops the thread and the launch raises the Python exception (the user's
own class, with numba's message); without debug a raise only ends the thread."""
import numpy as np
import pytest

from pyjitc import cuda


class MyError(Exception):
    pass


@cuda.jit("void(int32)", debug=True, opt=False)
def raiser(x):
    if x == 1:
        raise MyError
    elif x == 2:
        raise MyError("foo", 3)
    elif x == 3:
        raise KeyError


def test_user_exception_with_numba_message():
    raiser[1, 1](0)  # nothing raised
    with pytest.raises(MyError, match=r"^In function 'raiser', file .*test_kernel_exceptions\.py, line 17, "
                                      r"tid=\[0, 0, 0\] ctaid=\[0, 0, 0\]$"):
        raiser[1, 1](1)
    with pytest.raises(MyError, match=r"line 19, tid=\[0, 0, 0\] ctaid=\[0, 0, 0\]: foo, 3$"):
        raiser[1, 1](2)
    with pytest.raises(KeyError):
        raiser[1, 1](3)


@cuda.jit(device=True)
def checked_sqrt(v):
    if v < 0:
        raise ValueError("negative input")
    return v ** 0.5


@cuda.jit(debug=True, opt=False)
def roots(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = checked_sqrt(x[i])


def test_raise_in_a_device_function_reaches_the_host():
    x = np.array([1.0, 4.0, 9.0, 16.0])
    out = np.zeros(4)
    roots[1, 32](x, out)
    np.testing.assert_allclose(out, np.sqrt(x), rtol=1e-15)  # x ** 0.5: libdevice's pow on the GPU
    x[2] = -1.0
    with pytest.raises(ValueError, match=r"In function 'checked_sqrt'.*: negative input$"):
        roots[1, 32](x, out)


def test_without_debug_a_raise_ends_the_thread_only():
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            if x[i] < 0:
                raise ValueError("negative")
            out[i] = x[i] * 2

    x = np.array([1.0, -1.0, 3.0, -4.0, 5.0])
    out = np.full(5, 7.0)
    k[1, 32](x, out)  # no exception: numba checks only with debug=True
    np.testing.assert_array_equal(out, [2.0, 7.0, 6.0, 7.0, 10.0])


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
def test_division_by_zero_in_debug(dtype):
    @cuda.jit(debug=True, opt=False)
    def div(r, x, y):
        r[0] = y[0] / x[0]
        r[1] = y[0] // x[0]
        r[2] = y[0] % x[0]
        r[3] = 1

    r = np.zeros(4)
    div[1, 1](r, np.array([2], dtype), np.array([7], dtype))
    np.testing.assert_array_equal(r, [3.5, 3, 1, 1])
    r[:] = 0
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        div[1, 1](r, np.zeros(1, dtype), np.ones(1, dtype))
    assert r[3] == 0  # the thread stopped at the division


def test_division_by_zero_without_debug_or_under_fastmath_gives_inf():
    def f(r, x, y):
        r[0] = y[0] / x[0]
        r[1] = 1

    for k in (cuda.jit(f), cuda.jit(debug=True, opt=False, fastmath=True)(f)):
        r = np.zeros(2)
        k[1, 1](r, np.zeros(1), np.ones(1))
        assert np.isinf(r[0]) and r[1] == 1


def test_index_errors_in_debug():
    @cuda.jit(debug=True, opt=False)
    def k(a, out, n):
        x = cuda.threadIdx.x
        if x == 2:
            out[n] = a.shape[-x]

    out = np.zeros(2)
    k[1, 3](np.zeros((3, 4)), out, 1)
    assert out[1] == 3
    with pytest.raises(IndexError, match="tuple index out of range"):
        k[1, 3](np.zeros(5), out, 0)  # shape[-2] of a 1-d array
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 2"):
        k[1, 3](np.zeros((2, 2)), out, 5)
