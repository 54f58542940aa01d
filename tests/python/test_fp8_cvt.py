"""numba.cuda._internal.cuda_fp8's conversion intrinsics (cvt_float_to_fp8, cvt_double_to_e8m0, the x2
forms, cvt_e8m0_to_bf16raw, ...) in kernels, code for code against an exact model of CUDA's
cuda_fp8.hpp written here with Python's rationals: every fp8 code's value, its ties and their
neighbours, overflow, subnormals, infinities and NaNs, for every saturation, format and rounding
mode, constant or passed at run time. Where ml_dtypes imports, the model itself is checked against
it too."""
import bisect
import math
import struct
from fractions import Fraction

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.cuda._internal.cuda_fp8 import (cudaRoundMode, cvt_bfloat16raw_to_e8m0, cvt_bfloat16raw_to_fp8,
                                            cvt_double2_to_e8m0x2, cvt_double2_to_fp8x2, cvt_double_to_e8m0,
                                            cvt_double_to_fp8, cvt_e8m0_to_bf16raw, cvt_float2_to_e8m0x2,
                                            cvt_float2_to_fp8x2, cvt_float_to_e8m0, cvt_float_to_fp8,
                                            fp8_interpretation_t, saturation_t)
from pyjitc.errors import TypingError

try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None

NOSAT, SATFINITE = saturation_t.NOSAT, saturation_t.SATFINITE
E4M3, E5M2 = fp8_interpretation_t.E4M3, fp8_interpretation_t.E5M2
RZ, RU = cudaRoundMode.cudaRoundZero, cudaRoundMode.cudaRoundPosInf

# ---- the model: values of the codes, and rounding to nearest even among them -------------------

# (exponent bits, mantissa bits, bias, largest finite code, the code one past it)
FORMATS = {E4M3: (4, 3, 7, 0x7E, 0x7F), E5M2: (5, 2, 15, 0x7B, 0x7C)}


def code_value(code, fmt):
    """The exact value of a non-negative finite code (a Fraction): the formats' definitions."""
    ebits, mbits, bias = FORMATS[fmt][:3]
    e, m = code >> mbits, code & ((1 << mbits) - 1)
    if e == 0:
        return Fraction(m, 1 << mbits) * Fraction(2) ** (1 - bias)
    return (1 + Fraction(m, 1 << mbits)) * Fraction(2) ** (e - bias)


# the magnitudes of codes 0 .. one past the largest finite, in order: rounding picks among these
LADDER = {fmt: [code_value(c, fmt) for c in range(FORMATS[fmt][4] + 1)] for fmt in FORMATS}


def round_to_code(v, fmt):
    """|v| (a Fraction) to the nearest code, ties to the even code (its last mantissa bit 0)."""
    ladder = LADDER[fmt]
    if v >= ladder[-1]:
        return len(ladder) - 1
    lo = bisect.bisect_right(ladder, v) - 1
    if ladder[lo] == v:
        return lo
    hi = lo + 1
    d_lo, d_hi = v - ladder[lo], ladder[hi] - v
    return lo if d_lo < d_hi or (d_lo == d_hi and lo % 2 == 0) else hi


def bits64(x):
    return struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def ref_fp8(x, sat, fmt, double):
    """CUDA's __nv_cvt_float_to_fp8 (double=False, x a float32) / __nv_cvt_double_to_fp8."""
    x = float(x)
    maxcode, past = FORMATS[fmt][3:]
    sign = 0x80 if math.copysign(1.0, x) < 0 else 0
    if math.isnan(x):
        if not double:  # the float32 path makes every NaN 0x7fffffff first
            return 0x7F
        return (0x7F if fmt == E4M3 else 0x7E | ((bits64(x) >> 50) & 3)) | sign
    code = past if math.isinf(x) else round_to_code(abs(Fraction(x)), fmt)
    if code == past:
        code = maxcode if sat == SATFINITE else past if fmt == E5M2 else 0x7F
    return code | sign


FLT_MAX = Fraction(float(np.finfo(np.float32).max))


def ref_e8m0(x, sat, rnd, double):
    """CUDA's __nv_cvt_float_to_e8m0 / __nv_cvt_double_to_e8m0: 2^(k-127) for k = 0..254 below |x|
    (toward zero) or above it (up); 0xff is NaN. A finite float64 past the float32 range counts as
    just above the largest float32, as CUDA's rounding to a float32 with a sticky bit makes it."""
    x = float(x)
    if math.isnan(x):
        return 0xFF
    if math.isinf(x):
        k = 255
    else:
        a = abs(Fraction(x))
        if double and a > FLT_MAX:
            a = FLT_MAX + Fraction(1, 2 ** 200)
        # the largest k with 2^(k-127) <= a (0 for a below 2^-127), then one more rounding up past it
        k = 0 if a == 0 else max(0, a.numerator.bit_length() - a.denominator.bit_length() + 127)
        while k > 0 and Fraction(2) ** (k - 127) > a:
            k -= 1
        while Fraction(2) ** (k + 1 - 127) <= a:
            k += 1
        if rnd == RU and a > Fraction(2) ** (k - 127):
            k += 1
    if k > 254:
        return 0xFE if sat == SATFINITE else 0xFF
    return k


def bf16_of_e8m0(k):
    return 0x7FFF if k == 0xFF else 0x0040 if k == 0 else k << 7


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


# ---- the inputs ----------------------------------------------------------------------------------

def _inputs():
    vals = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, 2.0 ** 127, 2.0 ** -127, 2.0 ** -126, 2.0 ** -149,
            float(np.finfo(np.float32).max), 1e20, 1e-20, 3.0, 0.75]
    for fmt in FORMATS:
        ladder = [float(v) for v in LADDER[fmt]]
        vals += ladder
        vals += [(a + b) / 2 for a, b in zip(ladder, ladder[1:])]  # the ties
        vals += [ladder[-1] * 2, ladder[-2] * 1.01, ladder[1] / 2, ladder[1] / 4, ladder[1] * 0.49]
    for e in range(-130, 128, 3):  # powers of two and their neighbours (e8m0)
        vals += [2.0 ** e, 2.0 ** e * 1.5]
    vals += list(np.exp2(np.random.default_rng(8).uniform(-140, 130, 300)))
    x = np.array(vals, np.float32)
    # neighbours one float32 step either side of each (the ties' neighbours, 2^127's next)
    x = np.concatenate([x, np.nextafter(x, np.float32(np.inf)), np.nextafter(x, np.float32(-np.inf))])
    x = np.concatenate([x, -x])
    return x[~np.isnan(x)].tolist() + [math.nan]


F32 = np.array(_inputs(), np.float32)
# float64: the same values, and values a float32 cannot hold: the ties moved by less than a float32's
# step, the far ranges, NaNs of either sign with other payloads
_extra = np.array([1e300, -1e300, 5e-324, 1e-60, 2.0 ** 128, 2.0 ** 127 * (1 + 2 ** -40), 2.0 ** -127 * (1 + 2 ** -40),
                   2.0 ** -127 * (1 - 2 ** -40)], np.float64)
_ties = F32[np.isfinite(F32)].astype(np.float64)
F64 = np.concatenate([F32.astype(np.float64), _extra, _ties * (1 + 2.0 ** -40), _ties * (1 - 2.0 ** -40),
                      np.array([0x7FF8000000000000, 0xFFF8000000000000, 0x7FFC000000000000, 0x7FF4000000000000,
                                0xFFF0000000000001], np.uint64).view(np.float64)])

MODES_FP8 = [(s, f) for s in (NOSAT, SATFINITE) for f in (E4M3, E5M2)]
MODES_E8M0 = [(s, r) for s in (NOSAT, SATFINITE) for r in (RZ, RU)]


def _expected(x, double):
    out = np.zeros((len(x), 8), np.uint8)
    for i, v in enumerate(x):
        for j, (s, f) in enumerate(MODES_FP8):
            out[i, j] = ref_fp8(v, s, f, double)
        for j, (s, r) in enumerate(MODES_E8M0):
            out[i, 4 + j] = ref_e8m0(v, s, r, double)
    return out


def _check(got, want, x):
    bad = np.argwhere(got != want)
    assert bad.size == 0, "; ".join(f"x={x[i]!r} column {j}: got {got[i, j]:#04x}, want {want[i, j]:#04x}"
                                    for i, j in bad[:10])


# ---- the kernels ---------------------------------------------------------------------------------

@cuda.jit
def _float_kernel(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cvt_float_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[i, 1] = cvt_float_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[i, 2] = cvt_float_to_fp8(x[i], saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        out[i, 3] = cvt_float_to_fp8(x[i], saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[i, 4] = cvt_float_to_e8m0(x[i], saturation_t.NOSAT, cudaRoundMode.cudaRoundZero)
        out[i, 5] = cvt_float_to_e8m0(x[i], saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
        out[i, 6] = cvt_float_to_e8m0(x[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundZero)
        out[i, 7] = cvt_float_to_e8m0(x[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundPosInf)


@cuda.jit
def _double_kernel(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cvt_double_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[i, 1] = cvt_double_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[i, 2] = cvt_double_to_fp8(x[i], saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        out[i, 3] = cvt_double_to_fp8(x[i], saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[i, 4] = cvt_double_to_e8m0(x[i], saturation_t.NOSAT, cudaRoundMode.cudaRoundZero)
        out[i, 5] = cvt_double_to_e8m0(x[i], saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
        out[i, 6] = cvt_double_to_e8m0(x[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundZero)
        out[i, 7] = cvt_double_to_e8m0(x[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundPosInf)


def _launch(kernel, x, *extra):
    out = np.zeros((x.size, 8), np.uint8)
    kernel[(x.size + 127) // 128, 128](x, out, *extra)
    return out


def test_float_to_fp8_and_e8m0():
    _check(_launch(_float_kernel, F32), _expected(F32, False), F32)


def test_double_to_fp8_and_e8m0():
    _check(_launch(_double_kernel, F64), _expected(F64, True), F64)


@cuda.jit
def _runtime_modes(x, out, sat, fmt, rnd):
    """The modes as run-time values (kernel arguments), not constants."""
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cvt_float_to_fp8(x[i], sat, fmt)
        out[i, 1] = cvt_double_to_fp8(np.float64(x[i]) * 1.0000001, sat, fmt)
        out[i, 2] = cvt_float_to_e8m0(x[i], sat, rnd)
        out[i, 3] = cvt_double_to_e8m0(np.float64(x[i]) * 1.0000001, sat, rnd)


@pytest.mark.parametrize("sat", [NOSAT, SATFINITE])
@pytest.mark.parametrize("fmt,rnd", [(E4M3, RZ), (E5M2, RU)])
def test_modes_at_run_time(sat, fmt, rnd):
    got = _launch(_runtime_modes, F32, sat, fmt, rnd)
    x64 = F32.astype(np.float64) * 1.0000001
    want = np.array([[ref_fp8(a, sat, fmt, False), ref_fp8(b, sat, fmt, True), ref_e8m0(a, sat, rnd, False),
                      ref_e8m0(b, sat, rnd, True)] for a, b in zip(F32, x64)], np.uint8)
    _check(got[:, :4], want, F32)


@cuda.jit
def _pairs(x, x64, out):
    i = cuda.grid(1)
    if i < x.size:
        j = (i + 1) % x.size
        f2 = cuda.float32x2(x[i], x[j])
        d2 = cuda.float64x2(x64[i], x64[j])
        out[i, 0] = cvt_float2_to_fp8x2(f2, saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[i, 1] = cvt_float2_to_fp8x2(f2, saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[i, 2] = cvt_double2_to_fp8x2(d2, saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        out[i, 3] = cvt_double2_to_fp8x2(d2, saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[i, 4] = cvt_float2_to_e8m0x2(f2, saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
        out[i, 5] = cvt_double2_to_e8m0x2(d2, saturation_t.SATFINITE, cudaRoundMode.cudaRoundZero)


def test_x2_forms_put_x_in_the_low_byte():
    x = F32
    x64 = F64[:x.size]
    out = np.zeros((x.size, 6), np.uint16)
    _pairs[(x.size + 127) // 128, 128](x, x64, out)
    j = (np.arange(x.size) + 1) % x.size
    ops = [lambda v: ref_fp8(v, NOSAT, E4M3, False), lambda v: ref_fp8(v, SATFINITE, E5M2, False),
           lambda v: ref_fp8(v, SATFINITE, E4M3, True), lambda v: ref_fp8(v, NOSAT, E5M2, True),
           lambda v: ref_e8m0(v, NOSAT, RU, False), lambda v: ref_e8m0(v, SATFINITE, RZ, True)]
    src = [x, x, x64, x64, x, x64]
    want = np.array([[ops[k](src[k][i]) | ops[k](src[k][j[i]]) << 8 for k in range(6)] for i in range(x.size)],
                    np.uint16)
    bad = np.argwhere(out != want)
    assert bad.size == 0, [(int(i), int(k), hex(out[i, k]), hex(want[i, k])) for i, k in bad[:10]]


@cuda.jit
def _from_e8m0(codes, raw, out):
    i = cuda.grid(1)
    if i < codes.size:
        r = cvt_e8m0_to_bf16raw(codes[i])
        raw[i] = r.x
        out[i, 0] = cvt_bfloat16raw_to_fp8(r, saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[i, 1] = cvt_bfloat16raw_to_fp8(r, saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[i, 2] = cvt_bfloat16raw_to_fp8(r, saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        out[i, 3] = cvt_bfloat16raw_to_fp8(r, saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[i, 4] = cvt_bfloat16raw_to_e8m0(r, saturation_t.NOSAT, cudaRoundMode.cudaRoundZero)
        out[i, 5] = cvt_bfloat16raw_to_e8m0(r, saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
        out[i, 6] = cvt_bfloat16raw_to_e8m0(r, saturation_t.SATFINITE, cudaRoundMode.cudaRoundZero)
        out[i, 7] = cvt_bfloat16raw_to_e8m0(r, saturation_t.SATFINITE, cudaRoundMode.cudaRoundPosInf)


def test_every_e8m0_code_through_bfloat16_raw():
    codes = np.arange(256, dtype=np.uint8)
    raw = np.zeros(256, np.uint16)
    out = np.zeros((256, 8), np.uint8)
    _from_e8m0[2, 128](codes, raw, out)
    np.testing.assert_array_equal(raw, [bf16_of_e8m0(k) for k in range(256)])
    values = [bf16_value(bf16_of_e8m0(k)) for k in range(256)]
    _check(out, _expected(values, False), values)
    # the round trip keeps every code (0xff: NaN stays NaN), as the numba-cuda tests expect of 126
    np.testing.assert_array_equal(out[:, 4], codes)
    np.testing.assert_array_equal(out[:, 5], codes)


def test_numba_cuda_overflow_cases():
    """The cases numba-cuda's test_fp8_bindings checks, with its expected codes."""
    assert _launch(_float_kernel, np.array([1e20], np.float32))[0, :4].tolist() == [0x7F, 0x7C, 0x7E, 0x7B]
    assert _launch(_double_kernel, np.array([1e300]))[0, :4].tolist() == [0x7F, 0x7C, 0x7E, 0x7B]
    big = np.nextafter(np.float32(2.0 ** 127), np.float32(np.inf))
    assert _launch(_float_kernel, np.array([big]))[0, [5, 7]].tolist() == [0xFF, 0xFE]
    assert _launch(_double_kernel, np.array([np.nextafter(2.0 ** 127, np.inf)]))[0, [5, 7]].tolist() == [0xFF, 0xFE]


@pytest.mark.skipif(ml_dtypes is None, reason="ml_dtypes (a second reference for the model) is not installed")
def test_model_agrees_with_ml_dtypes():
    """Without saturation CUDA's overflow is ml_dtypes' (e4m3fn: NaN, e5m2: infinity); NaN's sign and
    payload are CUDA's own, so NaNs are left out. ml_dtypes rounds a float64 through a float32 (twice,
    so a float64 just past a tie can land on the tie and go to the even side, which CUDA's one
    rounding does not), so of the float64 inputs only those a float32 holds are compared."""
    f64 = F64[F64.astype(np.float32).astype(np.float64) == F64]
    for x, double in ((F32, False), (f64, True)):
        finite = x[~np.isnan(x)]
        for fmt, dt in ((E4M3, ml_dtypes.float8_e4m3fn), (E5M2, ml_dtypes.float8_e5m2)):
            want = finite.astype(dt).view(np.uint8)
            got = np.array([ref_fp8(v, NOSAT, fmt, double) for v in finite], np.uint8)
            np.testing.assert_array_equal(got, want)


def test_model_fixed_points():
    """A few codes read off CUDA's header by hand: the model is what it says."""
    assert ref_fp8(448.0, NOSAT, E4M3, False) == 0x7E and ref_fp8(464.0, NOSAT, E4M3, False) == 0x7E
    assert ref_fp8(464.0000305, NOSAT, E4M3, True) == 0x7F and ref_fp8(61440.0, SATFINITE, E5M2, False) == 0x7B
    assert ref_fp8(61440.0, NOSAT, E5M2, False) == 0x7C and ref_fp8(-2.0 ** -10, NOSAT, E4M3, False) == 0x80
    assert ref_fp8(-math.nan, NOSAT, E5M2, True) == 0xFE and ref_fp8(-math.nan, NOSAT, E5M2, False) == 0x7F
    assert ref_e8m0(3.0, NOSAT, RZ, False) == 128 and ref_e8m0(3.0, NOSAT, RU, False) == 129
    assert ref_e8m0(0.0, NOSAT, RU, False) == 0 and ref_e8m0(1e300, NOSAT, RZ, True) == 254


def test_mistakes_are_diagnosed():
    def rounding_nearest(out, x):
        out[0] = cvt_float_to_e8m0(x[0], saturation_t.NOSAT, cudaRoundMode.cudaRoundNearest)

    def number_for_raw(out, x):
        out[0] = cvt_bfloat16raw_to_fp8(x[0], saturation_t.NOSAT, fp8_interpretation_t.E4M3)

    def float_for_pair(out, x):
        out[0] = cvt_float2_to_fp8x2(x[0], saturation_t.NOSAT, fp8_interpretation_t.E4M3)

    def float_mode(out, x):
        out[0] = cvt_float_to_fp8(x[0], 1.5, fp8_interpretation_t.E4M3)

    out, x = np.zeros(1, np.uint8), np.ones(1, np.float32)
    for fn, msg in ((rounding_nearest, r"rounds toward zero .*rounding mode 0 undefined"),
                    (number_for_raw, r"takes a bfloat16_raw .*not float32"),
                    (float_for_pair, r"takes a float32x2, not float32"),
                    (float_mode, r"takes a saturation_t member as argument 2, not float64")):
        with pytest.raises(TypingError, match=msg):
            cuda.jit(fn)[1, 1](out, x)


class FastEnumMetaclass(type):
    """The shape of cuda-bindings' FastEnum classes (cuda.bindings.runtime.cudaRoundMode is one):
    int members made by a metaclass of this name, no enum.Enum; numba-cuda types them as IntEnums."""

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.__members__ = {k: int.__new__(cls, v) for k, v in ns.items() if isinstance(v, int) and not k.startswith("_")}
        for k, v in cls.__members__.items():
            setattr(cls, k, v)


class RoundLikeBindings(int, metaclass=FastEnumMetaclass):
    cudaRoundZero = 1
    cudaRoundPosInf = 2


def test_cuda_bindings_style_enum_members_in_kernels():
    @cuda.jit
    def k(out, x):
        out[0] = cvt_float_to_e8m0(x[0], saturation_t.NOSAT, RoundLikeBindings.cudaRoundZero)
        out[1] = cvt_float_to_e8m0(x[0], saturation_t.NOSAT, RoundLikeBindings.cudaRoundPosInf)

    out = np.zeros(2, np.uint8)
    k[1, 1](out, np.array([3.0], np.float32))
    assert out.tolist() == [128, 129]
    assert int(cudaRoundMode.cudaRoundZero) == 1 and int(cudaRoundMode.cudaRoundPosInf) == 2
