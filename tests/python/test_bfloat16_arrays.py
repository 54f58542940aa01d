"""ml_dtypes.bfloat16 NumPy arrays and scalars as kernel arguments (NumPy gives them no buffer
format: pyjitc reads them through their uint16 view), as module-level constants, made in kernels
with ml_dtypes.bfloat16(x), and in device arrays; results against NumPy computing in float32 and
ml_dtypes rounding once."""
import numpy as np
import pytest

from pyjitc import cuda

try:
    import ml_dtypes
except ImportError:  # only the host side needs it: the tests that make bfloat16 arrays skip
    ml_dtypes = None

needs_ml_dtypes = pytest.mark.skipif(ml_dtypes is None or not cuda.is_bfloat16_supported(),
                                     reason="needs ml_dtypes (bfloat16 NumPy arrays) and bfloat16 on the device")
BF16 = ml_dtypes.bfloat16 if ml_dtypes else None
OFFSET = ml_dtypes.bfloat16(1.5) if ml_dtypes else None


def bf(x):
    return np.asarray(x, np.float32).astype(BF16)


@cuda.jit
def axpb(a, b, s, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = 2 * a[i] + 4 * b[i] + ml_dtypes.bfloat16(3.0) + s + OFFSET


@needs_ml_dtypes
def test_host_arrays_scalar_and_constant():
    rng = np.random.default_rng(1)
    a = bf(rng.uniform(-8, 8, 100))
    b = np.arange(100)
    out = np.zeros(100, BF16)
    axpb[4, 32](a, b, BF16(0.5), out)
    # integers and bfloat16 mix in float64 (numba's rules): one rounding, at the store
    t = (2 * a.astype(np.float64) + 4 * b + 3.0 + 0.5 + 1.5).astype(BF16)
    np.testing.assert_array_equal(out.view(np.uint16), t.view(np.uint16))


@needs_ml_dtypes
def test_two_dimensional_and_strided_views():
    @cuda.jit
    def scale(x, y):
        i, j = cuda.grid(2)
        if i < x.shape[0] and j < x.shape[1]:
            y[i, j] = x[i, j] * x[i, j]

    base = bf(np.linspace(-3, 3, 6 * 10)).reshape(6, 10)
    x = base[::2, 1::3]  # not contiguous
    y = np.zeros((10, 8), BF16)[::2, ::2][: x.shape[0], : x.shape[1]]
    scale[(1, 1), (8, 8)](x, y)
    want = (x.astype(np.float32) * x.astype(np.float32)).astype(BF16)
    np.testing.assert_array_equal(y.view(np.uint16), want.view(np.uint16))


@needs_ml_dtypes
def test_device_arrays():
    a = bf([1.0, 2.5, -3.75, 1e30, -0.0])
    d = cuda.to_device(a)
    assert d.dtype == np.dtype(BF16)
    o = cuda.device_array(5, dtype=BF16)

    @cuda.jit
    def neg(x, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = -x[i] * 2

    neg[1, 8](d, o)
    np.testing.assert_array_equal(o.copy_to_host().view(np.uint16), (-(a.astype(np.float32)) * 2).astype(BF16).view(np.uint16))


@needs_ml_dtypes
def test_scalar_argument_is_typed_bfloat16():
    @cuda.jit
    def third(s, out):
        out[0] = s / 3  # bfloat16 / int64: float64, stored as float64
        out[1] = s

    out = np.zeros(2)
    third[1, 1](BF16(1.1), out)
    v = float(BF16(1.1))
    assert out[1] == v and out[1] != 1.1
    assert out[0] == v / 3


def test_a_record_of_two_bytes_is_not_bfloat16():
    @cuda.jit
    def k(x):
        pass

    with pytest.raises(Exception):
        k[1, 1](np.zeros(3, "V2"))
