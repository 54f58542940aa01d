"""isinstance() in kernels, answered when compiling as numba answers it: int, float, complex and
bool are numba's Integer, Float, Complex and Boolean kinds (any width: a NumPy int32 is an int,
a float32 a float, unlike in Python), a NumPy or numba scalar class is that one type, tuple and
np.ndarray any tuple or array, and a tuple of classes any of them. The branch not taken is not
compiled, so each may use what only its type has. Checked against the same rules applied to the
values' NumPy dtypes."""
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.cuda import float32, int16
from pyjitc.errors import NumbaPerformanceWarning, TypingError


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        yield


@cuda.jit(device=True)
def kind(x):
    if isinstance(x, bool):
        return 5
    if isinstance(x, (int,)):
        return 1
    elif isinstance(x, float):
        return 2
    elif isinstance(x, complex):
        return 3
    return 4


@cuda.jit(device=True)
def exact(x):
    return 10 * isinstance(x, np.float32) + isinstance(x, (np.int16, float32))


@cuda.jit(device=True)
def magnitude(x):
    if isinstance(x, complex):
        return x.real * x.real + x.imag * x.imag  # .real only where x is complex
    return x * x


def numba_kind(v):
    k = np.asarray(v).dtype.kind
    return {"b": 5, "i": 1, "u": 1, "f": 2, "c": 3}[k]


def test_kinds_classes_and_tuples():
    values = [np.int32(3), np.uint8(7), 2.5, np.float32(1.5), np.float16(0.5), 1j, np.complex64(2), True]

    @cuda.jit
    def kern(out, a, t):
        out[0] = kind(np.int32(3))
        out[1] = kind(np.uint8(7))
        out[2] = kind(2.5)
        out[3] = kind(np.float32(1.5))
        out[4] = kind(np.float16(0.5))
        out[5] = kind(1j)
        out[6] = kind(np.complex64(2))
        out[7] = kind(True)
        out[8] = kind(a)
        out[9] = exact(np.float32(1)) + 100 * exact(np.int16(2)) + 1000 * exact(1.0) + 10000 * exact(int16(5))
        out[10] = isinstance(a, np.ndarray) + 2 * isinstance(t, tuple) + 4 * isinstance(a[0], np.float32)
        out[11] = isinstance(t, np.ndarray) + 2 * isinstance(a, tuple) + 4 * isinstance(a[0], np.float64)

    out = np.zeros(12, np.int64)
    kern[1, 1](out, np.zeros(3, np.float32), (1, 2.0))
    want = [numba_kind(v) for v in values] + [4, 11 + 100 * 1 + 0 + 10000 * 1, 7, 0]
    np.testing.assert_equal(out, want)


def test_the_branch_not_taken_is_not_compiled():
    @cuda.jit
    def kern(out, x, z):
        out[0] = magnitude(x)
        out[1] = magnitude(z)

    out = np.zeros(2)
    kern[1, 1](out, 3.0, 3 + 4j)
    np.testing.assert_equal(out, [9.0, 25.0])


def test_an_unknown_class_is_refused_at_the_line():
    class Thing:
        pass

    @cuda.jit
    def kern(out):
        out[0] = isinstance(out, Thing)

    with pytest.raises(TypingError) as e:
        kern[1, 1](np.zeros(1))
    assert "isinstance() takes a class pyjitc knows in kernels" in str(e.value), str(e.value)
    assert "isinstance(out, Thing)" in str(e.value)
