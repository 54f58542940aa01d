"""The `in` and `not in` operators in kernels, with numba's meaning (operator.contains): over a
tuple, whether an item equals the value by `==` (numba compiles `for item in t: if item == x`),
an empty tuple holding nothing; over an array of numbers, whether an element does (every element,
in C order, of any layout). Tuples also compare with `==` and `!=` item by item. Each kernel is a
plain Python function that runs again in Python on the same data as the reference."""
import math

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


def membership(xs, out):
    for i in range(xs.size):
        x = xs[i]
        t = (x - 1, 7, x * 2)
        out[i, 0] = x in (1, 2, 3)
        out[i, 1] = x not in (2, 5)
        out[i, 2] = x in ()
        out[i, 3] = x not in ()
        out[i, 4] = 5 in t
        out[i, 5] = 0 < x in (1, 2, 4)  # a chain: 0 < x and x in (...)
        out[i, 6] = x in (0.5, 3, True)  # items of several types, each compared in its pair's type
        out[i, 7] = (x, x + 1) in ((2, 3), (4, 6), (7, 8))
        out[i, 8] = 1 if x in (2, 3) else 3  # numba-cuda's test_debuginfo
        out[i, 9] = (x, 1) == (2, 1)
        out[i, 10] = (x, 1) != (2, 1, 0)
        out[i, 11] = () == ()
        out[i, 12] = x in xs.shape


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, np.float32, np.float64])
def test_membership_in_tuples_as_python(dtype):
    xs = np.array([0, 1, 2, 3, 4, 5, 6, 7], dtype=dtype)
    got, want = np.zeros((xs.size, 13), np.int64), np.zeros((xs.size, 13), np.int64)
    cuda.jit(membership)[1, 1](xs, got)
    membership(xs, want)
    np.testing.assert_array_equal(got, want)


def floats_in(xs, out):
    for i in range(xs.size):
        x = xs[i]
        out[i, 0] = x in (0.5, 2, math.inf)
        out[i, 1] = x not in (0.1, -0.0)
        out[i, 2] = x in (math.nan, 1.5)  # NaN equals nothing, itself included (numba's ==)


def test_floats_zero_signs_and_nan():
    xs = np.array([0.5, 2.0, np.inf, 0.1, 0.0, -0.0, np.nan, 1.5, 3.0])
    got, want = np.zeros((xs.size, 3), np.bool_), np.zeros((xs.size, 3), np.bool_)
    cuda.jit(floats_in)[1, 1](xs, got)
    floats_in(xs, want)
    np.testing.assert_array_equal(got, want)
    assert not got[6, 2] and got[7, 2]


@cuda.jit
def in_array(keys, a, out):
    i = cuda.grid(1)
    if i < keys.size:
        out[i, 0] = keys[i] in a
        out[i, 1] = keys[i] not in a[::2, 1:]  # a strided view


@pytest.mark.parametrize("dtype", [np.int16, np.uint32, np.float32, np.float64, np.bool_])
def test_membership_in_arrays(dtype, rng):
    a = rng.integers(0, 20, size=(6, 5)).astype(dtype)
    keys = np.arange(-2, 24, dtype=np.int64)
    out = np.zeros((keys.size, 2), np.bool_)
    in_array[1, 32](keys, a, out)
    view = a[::2, 1:]
    np.testing.assert_array_equal(out[:, 0], [any(v == k for v in a.ravel()) for k in keys])
    np.testing.assert_array_equal(out[:, 1], [all(v != k for v in view.ravel()) for k in keys])


def test_membership_through_a_device_function_and_debug():
    @cuda.jit(device=True)
    def pick(x, t):
        return 10 if x in t else 20

    @cuda.jit("void(int32[:], int32[:])", debug=True, opt=False)
    def f(inp, outp):
        outp[0] = 1 if inp[0] in (2, 3) else 3
        outp[1] = pick(inp[0], (4, 2))
        outp[2] = pick(inp[0], (1,))

    for v, want in [(2, [1, 10, 20]), (3, [1, 20, 20]), (4, [3, 10, 20]), (1, [3, 20, 10])]:
        out = np.zeros(3, np.int32)
        f[1, 1](np.array([v], np.int32), out)
        np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("body,message", [
    ("out[0] = x in 5", r"the 'in' operator needs a tuple or an array on its right in kernels, not int64"),
    ("out[0] = x not in (None, 1)", r"'not in' is not supported between float64 and Tuple\(none, int64\)"),
    ("out[0] = (x, 1) < (2, 1)", r"'<' between Tuple\(float64, int64\) and UniTuple\(int64 x 2\) is not supported in kernels"),
])
def test_unsupported_membership_is_a_located_error(body, message):
    ns = {"cuda": cuda}
    exec(f"def k(x, out):\n    {body}\n", ns)
    with pytest.raises(TypingError, match=r":2:\d+: error: " + message):
        cuda.jit(ns["k"])[1, 1](1.5, np.zeros(1))
