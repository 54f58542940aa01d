"""Every math function of numba-cuda, casts through dtype objects and bool(), for
test_intrinsics.py. Each row k of x (and y) is the input of function k, in the order of the
UNARY / BINARY lists in test_intrinsics.py; `out` has the input's dtype, `wide` is float64, so
the test sees whether a float32 result was computed in float32 (it must be a float32 value)."""
import math

import numba
import numpy as np
from numba import cuda, float32, int16, int32, uint64


@cuda.jit
def unary_all(x, out, wide):
    i = cuda.grid(1)
    if i < x.shape[1]:
        for k in range(x.shape[0]):
            v = x[k, i]
            if k == 0:
                r = math.acos(v)
            elif k == 1:
                r = math.asin(v)
            elif k == 2:
                r = math.atan(v)
            elif k == 3:
                r = math.acosh(v)
            elif k == 4:
                r = math.asinh(v)
            elif k == 5:
                r = math.atanh(v)
            elif k == 6:
                r = math.cos(v)
            elif k == 7:
                r = math.sin(v)
            elif k == 8:
                r = math.tan(v)
            elif k == 9:
                r = math.cosh(v)
            elif k == 10:
                r = math.sinh(v)
            elif k == 11:
                r = math.tanh(v)
            elif k == 12:
                r = math.erf(v)
            elif k == 13:
                r = math.erfc(v)
            elif k == 14:
                r = math.exp(v)
            elif k == 15:
                r = math.expm1(v)
            elif k == 16:
                r = math.fabs(v)
            elif k == 17:
                r = math.gamma(v)
            elif k == 18:
                r = math.lgamma(v)
            elif k == 19:
                r = math.log(v)
            elif k == 20:
                r = math.log2(v)
            elif k == 21:
                r = math.log10(v)
            elif k == 22:
                r = math.log1p(v)
            elif k == 23:
                r = math.sqrt(v)
            elif k == 24:
                r = math.radians(v)
            else:
                r = math.degrees(v)
            out[k, i] = r
            wide[k, i] = r


@cuda.jit
def binary_all(x, y, out, wide):
    i = cuda.grid(1)
    if i < x.shape[1]:
        for k in range(x.shape[0]):
            a = x[k, i]
            b = y[k, i]
            if k == 0:
                r = math.hypot(a, b)
            elif k == 1:
                r = math.atan2(a, b)
            elif k == 2:
                r = math.remainder(a, b)
            elif k == 3:
                r = math.pow(a, b)
            elif k == 4:
                r = math.copysign(a, b)
            else:
                r = math.fmod(a, b)
            out[k, i] = r
            wide[k, i] = r


@cuda.jit
def ldexp_frexp_modf(x, n, ld, ld_wide, mant, expo, frac, whole):
    i = cuda.grid(1)
    if i < x.size:
        r = math.ldexp(x[i], n[i])
        ld[i] = r
        ld_wide[i] = r
        m, e = math.frexp(x[i])
        mant[i] = m
        expo[i] = e
        t = math.modf(x[i])
        frac[i] = t[0]
        whole[i] = t[1]


@cuda.jit
def rounding(x, fl, ce, tr, fl_half):
    """floor/ceil/trunc, stored into int64 arrays (numba-cuda returns floats; the store converts)."""
    i = cuda.grid(1)
    if i < x.size:
        fl[i] = math.floor(x[i])
        ce[i] = math.ceil(x[i])
        tr[i] = math.trunc(x[i])
        fl_half[i] = math.floor(x[i]) / 2  # an integer divided: true division of the int64


@cuda.jit
def predicates(x, isnan_, isinf_, isfinite_):
    i = cuda.grid(1)
    if i < x.size:
        isnan_[i] = math.isnan(x[i])
        isinf_[i] = math.isinf(x[i])
        isfinite_[i] = math.isfinite(x[i])


@cuda.jit
def constants(out, x32, scaled):
    """math.pi/e/tau/inf/nan are float64 constants; with a float32 operand the result is float64."""
    out[0] = math.pi
    out[1] = math.e
    out[2] = math.tau
    out[3] = math.inf
    out[4] = -math.inf
    out[5] = math.nan
    out[6] = math.pi * x32[0]
    for i in range(scaled.size):
        scaled[i] = math.pi * x32[i]


@cuda.jit
def int_arguments(n, m, out):
    """Integer arguments become float64."""
    i = cuda.grid(1)
    if i < n.size:
        out[0, i] = math.sqrt(n[i])
        out[1, i] = math.exp(m[i])
        out[2, i] = math.atan2(n[i], m[i])
        out[3, i] = math.hypot(n[i], m[i])
        out[4, i] = math.log1p(n[i])
        out[5, i] = math.pow(n[i], m[i])
        out[6, i] = math.cos(m[i])


@cuda.jit
def mixed_arguments(x32, x64, out):
    """float32 with float64 computes in float64."""
    i = cuda.grid(1)
    if i < x32.size:
        out[0, i] = math.atan2(x32[i], x64[i])
        out[1, i] = math.pow(x32[i], x64[i])
        out[2, i] = math.hypot(x32[i], float32(x64[i]))  # both float32: a float32 result


@cuda.jit
def casts(x, n, f32, i8, i32, u8, u64, i16f, b_f, b_i, i8sum, f32prod, via_np):
    i = cuda.grid(1)
    if i < x.size:
        f32[i] = float32(x[i])
        i8[i] = np.int8(n[i])
        i32[i] = numba.int32(n[i])
        u8[i] = np.uint8(n[i])
        u64[i] = uint64(n[i])
        i16f[i] = int16(x[i] * 100.0 if abs(x[i]) < 300.0 else 0.0)
        b_f[i] = bool(x[i])
        b_i[i] = bool(n[i])
        i8sum[i] = np.int8(n[i]) + np.int8(n[i])  # int8 + int8 computes in int64: no wrap at 8 bits
        f32prod[i] = float32(x[i]) * float32(3.0)  # stays float32
        via_np[i] = np.float32(n[i]) + int32(1)  # float32 + int32: float64


@cuda.jit
def fp32_ops_stay_f32(x, out):
    """Library calls chained on float32: the float64 output must hold float32 values."""
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = math.exp(math.sin(v)) + math.sqrt(math.fabs(v)) * math.tanh(v) - math.log1p(math.fabs(v))


@cuda.jit
def rounding_types(x32, x64, n, p32, p64, fl_n, fl_nan):
    """numba-cuda types math.floor/ceil/trunc like its other unary functions (cudamath.py):
    float32 -> float32, float64 -> float64, int64 -> float64 (not Python's int)."""
    i = cuda.grid(1)
    if i < x32.size:
        p32[i] = math.floor(x32[i]) * x32[i]  # float32 * float32: a float32 value
        p64[i] = math.ceil(x64[i]) + math.trunc(x64[i])
        fl_n[i] = math.floor(n[i])  # through float64: 2**53 + 1 rounds to 2**53
        fl_nan[i] = math.trunc(x64[i] * math.inf) if x64[i] == 0.0 else math.floor(x64[i] * math.nan)
