"""NumPy ufuncs in kernels beyond numbers: the output-array form (np.sin(x, out), np.add(a, b,
out=out)) with NumPy's broadcasting, and the ufuncs that are operators (np.add, np.less,
np.maximum, np.logical_xor, ...) on numbers. Checked against NumPy itself."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


@cuda.jit
def sin_into(x, out):
    np.sin(x, out)


@cuda.jit
def add_into(a, b, out):
    np.add(a, b, out=out)


@cuda.jit
def ops_into(x, y, out):
    r = np.maximum(x, y, out)  # a ufunc's value is its output array
    r[0] = r[0] + 0


def test_sin_into_arrays_of_every_layout(rng):
    for x in (rng.standard_normal(37), rng.standard_normal((5, 7)), np.asfortranarray(rng.standard_normal((4, 6))),
              rng.standard_normal((2, 3, 4)).astype(np.float32), rng.standard_normal((6, 8))[::2, 1::3]):
        out = np.zeros(x.shape, x.dtype)
        sin_into[1, 1](x, out)
        np.testing.assert_allclose(out, np.sin(x), rtol=1e-6)


def test_number_into_array_and_broadcasting(rng):
    out = np.zeros(3)
    sin_into[1, 1](0.5, out)
    np.testing.assert_allclose(out, np.full(3, np.sin(0.5)))
    a = rng.standard_normal((4, 5))
    for b in (rng.standard_normal(5), rng.standard_normal((4, 1)), rng.standard_normal((1, 5)), 2.5):
        out = np.zeros((4, 5))
        add_into[1, 1](a, b, out)
        np.testing.assert_allclose(out, np.add(a, b))


def test_shapes_that_do_not_broadcast_leave_out_unwritten(rng):
    out = np.full((4, 5), 7.0)
    add_into[1, 1](rng.standard_normal((4, 5)), rng.standard_normal(3), out)
    np.testing.assert_array_equal(out, np.full((4, 5), 7.0))


def test_integer_ufuncs_into_arrays(rng):
    @cuda.jit
    def k(a, b, o_and, o_xor, o_shift, o_less, o_lxor, o_inv):
        np.bitwise_and(a, b, o_and)
        np.bitwise_xor(a, b, o_xor)
        np.left_shift(a, 2, o_shift)
        np.less(a, b, o_less)
        np.logical_xor(a, b, o_lxor)
        np.invert(a, o_inv)

    a = rng.integers(-50, 50, 64, dtype=np.int32)
    b = rng.integers(-50, 50, 64, dtype=np.int32)
    b[::5] = 0
    outs = [np.zeros(64, np.int32) for _ in range(3)] + [np.zeros(64, np.bool_) for _ in range(2)] + [np.zeros(64, np.int32)]
    k[1, 1](a, b, *outs)
    for got, want in zip(outs, (a & b, a ^ b, a << 2, a < b, np.logical_xor(a, b), ~a)):
        np.testing.assert_array_equal(got, want)


def test_maximum_minimum_fmax_fmin_with_nans():
    x = np.array([1.0, np.nan, 3.0, np.nan, -0.5])
    y = np.array([2.0, 1.0, np.nan, np.nan, -1.5])

    @cuda.jit
    def k(x, y, o1, o2, o3, o4):
        i = cuda.grid(1)
        if i < x.size:
            o1[i] = np.maximum(x[i], y[i])
            o2[i] = np.minimum(x[i], y[i])
            o3[i] = np.fmax(x[i], y[i])
            o4[i] = np.fmin(x[i], y[i])

    outs = [np.zeros(5) for _ in range(4)]
    k[1, 32](x, y, *outs)
    for got, want in zip(outs, (np.maximum(x, y), np.minimum(x, y), np.fmax(x, y), np.fmin(x, y))):
        np.testing.assert_array_equal(got, want)
    out = np.zeros(5)
    ops_into[1, 1](x, y, out)
    np.testing.assert_array_equal(out, np.maximum(x, y))


def test_complex_order_and_operator_ufuncs_on_numbers(rng):
    z = (rng.integers(-2, 3, 40) + 1j * rng.integers(-2, 3, 40)).astype(np.complex128)
    w = (rng.integers(-2, 3, 40) + 1j * rng.integers(-2, 3, 40)).astype(np.complex128)

    @cuda.jit
    def k(z, w, lt, ge, mx):
        i = cuda.grid(1)
        if i < z.size:
            lt[i] = np.less(z[i], w[i])
            ge[i] = np.greater_equal(z[i], w[i])
            mx[i] = np.maximum(z[i], w[i])

    lt, ge, mx = np.zeros(40, np.bool_), np.zeros(40, np.bool_), np.zeros(40, np.complex128)
    k[1, 64](z, w, lt, ge, mx)
    np.testing.assert_array_equal(lt, np.less(z, w))
    np.testing.assert_array_equal(ge, np.greater_equal(z, w))
    np.testing.assert_array_equal(mx, np.maximum(z, w))


def test_operands_are_computed_once():
    @cuda.jit
    def k(counter, out):
        i = cuda.grid(1)
        if i < out.size:
            # np.square reads its operand twice; the atomic must still run once per thread
            out[i] = np.square(cuda.atomic.add(counter, 0, 1) * 0 + i)

    counter = np.zeros(1, np.int64)
    out = np.zeros(50, np.int64)
    k[1, 64](counter, out)
    assert counter[0] == 50
    np.testing.assert_array_equal(out, np.arange(50) ** 2)


def test_ufunc_on_an_array_without_an_output_is_an_error():
    @cuda.jit
    def k(x):
        y = np.sin(x)

    with pytest.raises(TypingError, match=r"numpy.sin\(\) of an array needs an output array in kernels"):
        k[1, 1](np.zeros(3))


def test_output_must_be_a_writable_array():
    C = np.arange(3.0)

    @cuda.jit
    def k(x):
        np.cos(x, C)

    with pytest.raises(TypingError, match=r"the output of numpy.cos\(\) must be a writable array"):
        k[1, 1](np.zeros(3))


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_ufuncs_into_arrays(rng, dtype):
    @cuda.jit
    def k(z, o1, o2, o3, o4, o5):
        np.sin(z, o1)
        np.log2(z, o2)
        np.sqrt(z, o3)
        np.arctanh(z, o4)
        np.exp(z, o5)

    z = (rng.standard_normal(50) + 1j * rng.standard_normal(50)).astype(dtype)
    z[0] = 0  # log2(0) is -inf + 0j in NumPy
    outs = [np.zeros_like(z) for _ in range(5)]
    k[1, 1](z, *outs)
    tol = 2e-5 if dtype == np.complex64 else 1e-12
    with np.errstate(divide="ignore"):
        for got, f in zip(outs, (np.sin, np.log2, np.sqrt, np.arctanh, np.exp)):
            assert got.dtype == f(z).dtype
            np.testing.assert_allclose(got, f(z), rtol=tol, atol=tol)
