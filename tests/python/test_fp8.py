"""FP8 in kernels (numba.cuda._internal.cuda_fp8): construction with CUDA's rounding (nearest even,
saturating to the largest finite value) and conversion back, bit for bit against ml_dtypes."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.cuda._internal.cuda_fp8 import fp8_e4m3, fp8_e5m2, fp8_e8m0
from pyjitc.types import float16, float32, float64, int32, int64, uint8

try:
    import ml_dtypes
except ImportError:  # the reference: the bit-exact tests need it
    ml_dtypes = None
needs_ml_dtypes = pytest.mark.skipif(ml_dtypes is None, reason="ml_dtypes (the reference) is not installed")


def _values():
    rng = np.random.default_rng(8)
    mags = np.exp2(rng.uniform(-20, 18, 400)).astype(np.float32)
    extra = np.array([0, 1, 1.5, 2.5, 3.25, 448, 449, 464, 480, 57344, 61439, 61440, 1e20, np.inf,
                      2.0**-9, 2.0**-10, 3 * 2.0**-11, 2.0**-16, 2.0**-17, 1.5 * 2.0**-17], np.float32)
    v = np.concatenate([mags, extra])
    return np.concatenate([v, -v])


def _ref(x, dt, maxnorm):
    sat = np.clip(x.astype(np.float64), -maxnorm, maxnorm)  # CUDA's constructors saturate
    return sat.astype(np.float32).astype(dt).astype(np.float32)


@cuda.jit
def _convert(x, x64, r):
    i = cuda.grid(1)
    if i < x.size:
        r[i, 0] = float32(fp8_e5m2(x[i]))
        r[i, 1] = float32(fp8_e4m3(x[i]))
        r[i, 2] = float32(fp8_e5m2(x64[i]))
        r[i, 3] = float32(fp8_e4m3(x64[i]))
        r[i, 4] = float32(float16(fp8_e5m2(x[i])))
        r[i, 5] = float64(fp8_e4m3(x[i]))
        r[i, 6] = float32(fp8_e8m0(x[i]))


@needs_ml_dtypes
def test_fp8_round_to_nearest_even_saturating():
    x = _values()
    r = np.zeros((x.size, 7), np.float32)
    _convert[(x.size + 63) // 64, 64](x, x.astype(np.float64), r)
    e5 = _ref(x, ml_dtypes.float8_e5m2, 57344.0)
    e4 = _ref(x, ml_dtypes.float8_e4m3fn, 448.0)
    np.testing.assert_array_equal(r[:, 0], e5)
    np.testing.assert_array_equal(r[:, 1], e4)
    np.testing.assert_array_equal(r[:, 2], e5)
    np.testing.assert_array_equal(r[:, 3], e4)
    np.testing.assert_array_equal(r[:, 4], e5)
    np.testing.assert_array_equal(r[:, 5], e4)
    # e8m0: |x| rounded down to a power of two (2^-127 below that, 2^127 above)
    a = np.abs(x.astype(np.float64))
    with np.errstate(divide="ignore"):
        k = np.where(a > 0, np.floor(np.log2(np.where(a > 0, a, 1))), -127)
    e8 = np.exp2(np.clip(k, -127, 127)).astype(np.float32)
    np.testing.assert_array_equal(r[:, 6], e8)


@cuda.jit
def _ints(v, r):
    i = cuda.grid(1)
    if i < v.size:
        r[i, 0] = int64(fp8_e4m3(v[i]))
        r[i, 1] = int64(int32(fp8_e5m2(v[i])))
        r[i, 2] = int64(uint8(fp8_e5m2(v[i])))
        r[i, 3] = int64(fp8_e8m0(v[i]))


@needs_ml_dtypes
def test_fp8_integers_in_and_out():
    v = np.arange(-600, 600, 7, dtype=np.int64)
    r = np.zeros((v.size, 4), np.int64)
    _ints[(v.size + 63) // 64, 64](v, r)
    e4 = _ref(v.astype(np.float32), ml_dtypes.float8_e4m3fn, 448.0)
    e5 = _ref(v.astype(np.float32), ml_dtypes.float8_e5m2, 57344.0)
    np.testing.assert_array_equal(r[:, 0], np.trunc(e4).astype(np.int64))
    np.testing.assert_array_equal(r[:, 1], np.trunc(e5).astype(np.int64))
    np.testing.assert_array_equal(r[:, 2], np.clip(np.trunc(e5), 0, 255).astype(np.int64))
    a = np.abs(v).astype(np.float64)
    k = np.where(a > 0, np.floor(np.log2(np.where(a > 0, a, 1))), -127)
    np.testing.assert_array_equal(r[:, 3], np.trunc(np.exp2(k)).astype(np.int64))


@cuda.jit
def _nan(r):
    nan = float32(float("nan"))
    r[0] = float32(fp8_e5m2(nan))
    r[1] = float32(fp8_e4m3(nan))
    r[2] = float32(fp8_e8m0(nan))


def test_fp8_nan():
    r = np.zeros(3, np.float32)
    _nan[1, 1](r)
    assert np.isnan(r).all()


def test_fp8_supported():
    assert cuda.api.is_fp8_supported() in (True, False)
    if not cuda.is_available():
        assert cuda.api.is_fp8_supported()
