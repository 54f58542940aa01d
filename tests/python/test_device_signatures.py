"""Device functions declared with signatures (@cuda.jit("float32(float32, float32)", device=True),
cuda.jit([sig, ...], device=True)): a call from a kernel takes the signature numba's overload resolution
picks for its argument types (fewest unsafe, then safe, then promoting conversions; the first declared
on a tie), computes in that signature's types and gives its declared result type; arguments nothing
declared accepts are numba's "Invalid use of type" error. Checked against plain Python/NumPy doing the
same arithmetic in the chosen types."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError
from pyjitc.types import float32, float64, int32, void


def add(x, y):
    return x + y


def through(sigs):
    dev = cuda.jit(sigs, device=True)(add)

    @cuda.jit
    def k(r, x, y):
        r[0] = dev(x, y)

    return k


def run(k, dtype, x, y):
    r = np.zeros(1, dtype)
    k[1, 1](r, x, y)
    return r[0]


def test_exact_matches_and_no_match():
    k = through(["(int64, int64)", "(float64, float64)"])
    assert run(k, np.int64, 1, 2) == 3
    assert run(k, np.float64, 1.5, 2.5) == 4.0
    with pytest.raises(TypingError, match=r"Invalid use of type.*with parameters \(complex128, complex128\)"):
        run(k, np.complex128, 1j, 1j)


def test_the_narrowest_float_that_fits():
    k = through(["(float32, float32)", "(float64, float64)"])
    tiny = 2.0 ** -25
    # float32 arguments: the float32 signature, whose sum rounds the tiny part away
    assert run(k, np.float64, np.float32(1), np.float32(tiny)) == float(np.float32(1) + np.float32(tiny)) == 1.0
    # an int64 and a float64: only float64 takes both without an unsafe conversion
    assert run(k, np.float64, 1, tiny) == 1.0 + tiny


def test_unsafe_conversion_when_nothing_else_fits():
    k = through(["(int64, int64)"])
    assert run(k, np.int64, 1.5, 2.5) == int(1.5) + int(2.5) == 3


def test_declared_result_type_converts_the_value():
    k = through("float32(float32, float32)")
    got = run(k, np.float64, 1.0, 2.0 ** -30)  # computed and returned in float32
    assert got == float(np.float32(1.0) + np.float32(2.0 ** -30)) == 1.0
    k = through(int32(float64, float64))
    assert run(k, np.int64, 2.75, 0.5) == int(np.int32(2.75 + 0.5))


def test_first_declared_wins_a_tie():
    # two float64 arguments: each of the first two signatures converts one unsafely; the first is taken
    k = through(["(float32, float64)", "(float64, float32)", "(int64, int64)"])
    x, y = 1.0 + 2.0 ** -40, 2.0 ** -40
    assert run(k, np.float64, x, y) == float(np.float64(np.float32(x)) + y)


def set_rows(a, v):
    for i in range(a.shape[0]):
        a[i] = v


def test_array_signatures():
    dev = cuda.jit(void(float32[:], float64), device=True)(set_rows)

    @cuda.jit
    def k(a, v):
        dev(a, v[0])  # a C-contiguous array into the declared layout 'A'
        dev(a[2:], v[0] * 2)  # a view

    a = np.zeros(6, np.float32)
    k[1, 1](a, np.array([1.25]))
    np.testing.assert_array_equal(a, np.array([1.25, 1.25, 2.5, 2.5, 2.5, 2.5], np.float32))

    only_contiguous = cuda.jit(void(float32[::1], float64), device=True)(set_rows)

    @cuda.jit
    def bad(a):
        only_contiguous(a[::2], 1.0)

    with pytest.raises(TypingError, match=r"with parameters \(array\(float32, 1d, A\), float64\)"):
        bad[1, 1](np.zeros(4, np.float32))
    with pytest.raises(TypingError, match=r"with parameters \(array\(float64, 1d, C\), float64\)"):
        k[1, 1](np.zeros(6), np.array([1.0]))  # float64 elements: no signature takes them


def test_without_signatures_calls_are_typed_from_their_arguments():
    dev = cuda.jit(device=True)(add)

    @cuda.jit
    def k(r, x, y):
        r[0] = dev(x, y)

    r = np.zeros(1, np.complex128)
    k[1, 1](r, 1j, 2j)
    assert r[0] == 3j
