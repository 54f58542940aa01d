"""for loops over enumerate() and zip() of any iterables, nested as deep as written, with any
unpacking target: the idioms numba users write (`for i, (x, y) in enumerate(zip(a, b))`)."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


def test_enumerate_zip_and_zip_enumerate(rng):
    @cuda.jit
    def k(x, y, out):
        for i, (xv, yv) in enumerate(zip(x, y), 10):
            out[i - 10, 0] = xv * yv + i
        for (i, xv), yv in zip(enumerate(x), y[::2]):
            out[i, 1] = xv - yv
        for t in enumerate(y):  # the pair itself
            out[t[0], 2] = t[1]

    x, y = rng.standard_normal(12), rng.standard_normal(9)
    out = np.zeros((12, 3))
    k[1, 1](x, y, out)
    n = 9
    want = np.zeros((12, 3))
    want[:n, 0] = x[:n] * y + np.arange(10, 10 + n)
    m = len(y[::2])
    want[:m, 1] = x[:m] - y[::2]
    want[:n, 2] = y
    np.testing.assert_allclose(out, want)


@pytest.mark.parametrize("start,stop,step", [(0, 10, 1), (10, 0, -1), (3, 20, 4), (20, 3, -3), (5, 5, 2), (0, -7, -2), (4, 1, 1)])
def test_ranges_inside_enumerate_and_zip(start, stop, step):
    @cuda.jit
    def k(a, b, out, count):
        n = 0
        for i, (j, v) in enumerate(zip(range(a, b, STEP), out)):
            out[i] = j * 10 + i
            n += 1
        count[0] = n

    k.py_func.__globals__["STEP"] = step
    out = np.full(40, -1, np.int64)
    count = np.zeros(1, np.int64)
    k[1, 1](start, stop, out, count)
    want = [j * 10 + i for i, j in enumerate(range(start, stop, step))]
    assert count[0] == len(want)
    np.testing.assert_array_equal(out[:len(want)], want)
    assert (out[len(want):] == -1).all()


def test_a_range_step_must_be_constant_inside_zip():
    @cuda.jit
    def k(a, s):
        for i, j in zip(range(0, 10, s), a):
            a[0] = i

    with pytest.raises(TypingError, match="a range inside enumerate\\(\\) or zip\\(\\) needs a constant, non-zero step"):
        k[1, 1](np.zeros(3), 2)
