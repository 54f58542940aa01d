"""cuda.bf16's conversions with a rounding mode (int32_to_bfloat16_rz, bfloat16_to_uint16_rd, ...)
and bit casts, every function on edge values and random ones, bit for bit against a reference
that knows nothing of bit tricks: the sorted list of every finite bfloat16 value (from its bit
pattern, as a Python float), searched with Python's exact int/float comparisons, and exact
Fraction distances for the ties. Needs no ml_dtypes: values travel as int16 bit patterns."""
import bisect
import math
from fractions import Fraction

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.cuda import bf16

if not cuda.is_bfloat16_supported():
    pytest.skip("bfloat16 needs compute capability 8.0", allow_module_level=True)

MODES = ("rn", "rz", "rd", "ru")
INTS = {"int16": np.int16, "uint16": np.uint16, "int32": np.int32, "uint32": np.uint32,
        "int64": np.int64, "uint64": np.uint64}

# every finite non-negative bfloat16 (bits 0x0000 .. 0x7f7f), and 2^128 standing for +inf
_POS = [float(v) for v in (np.arange(0x7F80, dtype=np.uint32) << 16).view(np.float32)] + [2.0 ** 128]
_POS_BITS = list(range(0x7F80)) + [0x7F80]


def ref_to_bf16(v, mode):
    """The bfloat16 bits (uint16) of an exact number v (int or float), rounded by mode."""
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, float) and math.isinf(v):
        return 0x7F80 if v > 0 else 0xFF80
    neg = v < 0 or (v == 0 and math.copysign(1.0, v) < 0)
    a = -v if v < 0 else v
    i = min(bisect.bisect_left(_POS, a), len(_POS) - 1)  # _POS[i-1] < a <= _POS[i] (2^128 and up: the last)
    if _POS[i] == a:
        k = i
    else:
        lo, hi = i - 1, i
        toward_zero_up = {"rz": False, "rd": neg, "ru": not neg}
        if mode == "rn":
            dlo, dhi = Fraction(a) - Fraction(_POS[lo]), Fraction(_POS[hi]) - Fraction(a)
            k = lo if dlo < dhi else hi if dhi < dlo else (lo if _POS_BITS[lo] % 2 == 0 else hi)
        else:
            k = hi if toward_zero_up[mode] else lo
    return _POS_BITS[k] | (0x8000 if neg else 0)


def ref_to_int(bits, mode, dtype):
    """A bfloat16 (bits) rounded by mode to dtype, saturated; NaN -> 0 (64 bits: the minimum)."""
    info = np.iinfo(dtype)
    f = float(np.array([bits << 16], np.uint32).view(np.float32)[0])
    if math.isnan(f):
        return info.min if info.bits == 64 and info.min < 0 else (1 << 63) if info.bits == 64 else 0
    if math.isinf(f):
        return info.max if f > 0 else info.min
    r = {"rn": round, "rz": math.trunc, "rd": math.floor, "ru": math.ceil}[mode](f)
    return min(max(r, info.min), info.max)


def _launch(kernel, x, out_dtype):
    out = np.zeros(x.size, out_dtype)
    kernel[(x.size + 63) // 64, 64](x, out)
    return out


def _to_kernel(fn):
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = bf16.bfloat16_as_int16(fn(x[i]))
    return k


def _from_kernel(fn):
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = fn(bf16.int16_as_bfloat16(x[i]))
    return k


def _int_inputs(dtype, rng):
    info = np.iinfo(dtype)
    edge = [0, 1, 2, 255, 256, 257, 383, 384, 385, 789, 65535, 0x1017F, 0x10180, 0x10181, 0x1FFFF,
            info.max, info.max - 1, (info.max >> 9) << 9, ((info.max >> 9) << 9) + 256]
    if info.min < 0:
        edge += [-v for v in edge[1:-4]] + [info.min, info.min + 1]
    vals = [v for v in edge if info.min <= v <= info.max]
    vals += [int(v) for v in rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)]
    # numbers of few significant bits around the ties: m * 2^s with m of 9 to 11 bits
    for s in range(0, info.bits - 11):
        for m in (0x101, 0x180, 0x181, 0x17F, 0x3FF, 0x201):
            if (m << s) <= info.max:
                vals.append(m << s)
                if info.min < 0:
                    vals.append(-(m << s))
    return np.array(vals, dtype)


@pytest.mark.parametrize("tname", list(INTS))
@pytest.mark.parametrize("mode", MODES)
def test_int_to_bfloat16(tname, mode):
    dtype = INTS[tname]
    x = _int_inputs(dtype, np.random.default_rng(7))
    got = _launch(_to_kernel(getattr(bf16, f"{tname}_to_bfloat16_{mode}")), x, np.int16).view(np.uint16)
    want = [ref_to_bf16(int(v), mode) for v in x]
    bad = [(int(v), hex(g), hex(w)) for v, g, w in zip(x, got, want) if g != w]
    assert not bad, bad[:10]


def _float32_inputs(rng):
    special = [0.0, -0.0, 1.0, 1.5, 1.00390625, 1.01171875, 1.0039063, 1.0039062, -1.00390625, 3.3, -3.3,
               1e-40, -1e-40, 1.2e-38, 3.0e38, 3.3895313e38, 3.39e38, 3.4028235e38, -3.4028235e38,
               np.inf, -np.inf, 2.0 ** -133, 2.0 ** -134, 3 * 2.0 ** -135]
    bits = rng.integers(0, 2 ** 32, 400, dtype=np.uint64).astype(np.uint32)
    rand = bits.view(np.float32)
    rand = rand[np.isfinite(rand)]
    return np.concatenate([np.array(special, np.float32), rand])


@pytest.mark.parametrize("mode", MODES)
def test_float32_to_bfloat16(mode):
    x = _float32_inputs(np.random.default_rng(11))
    got = _launch(_to_kernel(getattr(bf16, f"float32_to_bfloat16_{mode}")), x, np.int16).view(np.uint16)
    want = [ref_to_bf16(float(v), mode) for v in x]
    bad = [(float(v), hex(g), hex(w)) for v, g, w in zip(x, got, want) if g != w]
    assert not bad, bad[:10]
    if mode == "rn":
        assert (_launch(_to_kernel(bf16.float32_to_bfloat16), x, np.int16) == got.view(np.int16)).all()


def test_float64_to_bfloat16_rounds_once():
    rng = np.random.default_rng(5)
    # halfway between two bfloat16s plus or minus a little less than float32 can hold: rounding
    # through float32 first would land on the tie and pick the even neighbour, wrongly
    lows = [float(v) for v in (np.arange(0x3F80, 0x3F90, dtype=np.uint32) << 16).view(np.float32)]
    x = [lo + 2.0 ** -8 * lo + s * 2.0 ** -40 * lo for lo in lows for s in (-1, 1)]
    x += [0.0, -0.0, 1e300, -1e300, 1e-300, -1e-300, 3.3895313892515355e38, 3.3961e38, np.inf, -np.inf, 2.0 ** -134,
          2.0 ** -134 * 1.0000001, 5e-324]
    x += list(rng.standard_normal(200) * 10.0 ** rng.integers(-40, 38, 200))
    x = np.array(x, np.float64)
    got = _launch(_to_kernel(bf16.float64_to_bfloat16), x, np.int16).view(np.uint16)
    want = [ref_to_bf16(float(v), "rn") for v in x]
    bad = [(float(v), hex(g), hex(w)) for v, g, w in zip(x, got, want) if g != w]
    assert not bad, bad[:10]


def _bf16_inputs():
    vals = [0x0000, 0x8000, 0x3F80, 0x3FC0, 0xBFC0, 0x4020, 0xC020, 0x4030, 0x3F00, 0xBF00, 0x3F40, 0xBF40,
            0x7F80, 0xFF80, 0x7FC0, 0xFFC0, 0x7FFF, 0x0001, 0x8001, 0x7F7F, 0xFF7F]
    # every exponent from 2^-2 to 2^70, several significands, both signs: crosses every range
    for e in range(125, 198):
        for m in (0, 1, 0x40, 0x41, 0x7F):
            vals += [(e << 7) | m, 0x8000 | (e << 7) | m]
    return np.array(vals, np.uint16).view(np.int16)


@pytest.mark.parametrize("tname", list(INTS))
@pytest.mark.parametrize("mode", MODES)
def test_bfloat16_to_int(tname, mode):
    dtype = INTS[tname]
    x = _bf16_inputs()
    got = _launch(_from_kernel(getattr(bf16, f"bfloat16_to_{tname}_{mode}")), x, dtype)
    want = [ref_to_int(int(b) & 0xFFFF, mode, dtype) for b in x]
    bad = [(hex(int(b) & 0xFFFF), int(g), w) for b, g, w in zip(x, got, want) if int(g) != w]
    assert not bad, bad[:10]


@pytest.mark.parametrize("tname,dtype", [("int8", np.int8), ("uint8", np.uint8)])
def test_bfloat16_to_8bit(tname, dtype):
    x = _bf16_inputs()
    got = _launch(_from_kernel(getattr(bf16, f"bfloat16_to_{tname}_rz")), x, dtype)
    want = [ref_to_int(int(b) & 0xFFFF, "rz", dtype) for b in x]
    assert [int(g) for g in got] == want


def test_bfloat16_to_float32_and_bit_casts():
    x = _bf16_inputs()
    f = _launch(_from_kernel(bf16.bfloat16_to_float32), x, np.float32)
    want = (x.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(f.view(np.uint32), want.view(np.uint32))

    @cuda.jit
    def casts(x, i2, u2):
        i = cuda.grid(1)
        if i < x.size:
            b = bf16.uint16_as_bfloat16(x[i])
            i2[i] = bf16.bfloat16_as_int16(b)
            u2[i] = bf16.bfloat16_as_uint16(bf16.int16_as_bfloat16(i2[i]))

    u = x.view(np.uint16)
    i2, u2 = np.zeros(u.size, np.int16), np.zeros(u.size, np.uint16)
    casts[1, u.size](u, i2, u2)
    np.testing.assert_array_equal(i2, x)
    np.testing.assert_array_equal(u2, u)


def test_cuda_names_are_the_same_functions():
    assert bf16.int2bfloat16_rz is bf16.int32_to_bfloat16_rz
    assert bf16.bfloat162ull_ru is bf16.bfloat16_to_uint64_ru
    assert bf16.bfloat16_as_short is bf16.bfloat16_as_int16
    from pyjitc.cuda._internal import cuda_bf16
    assert cuda_bf16.__float2bfloat16_rd is bf16.float32_to_bfloat16_rd


def test_conversion_rejects_complex():
    @cuda.jit
    def k(out):
        out[0] = bf16.bfloat16_as_int16(bf16.int32_to_bfloat16_rn(1j))

    with pytest.raises(Exception, match="int32_to_bfloat16_rn"):
        k[1, 1](np.zeros(1, np.int16))


def test_float_of_a_string_constant():
    @cuda.jit
    def k(out):
        out[0] = float("nan")
        out[1] = float("-inf")
        out[2] = float(" Infinity ")
        out[3] = float("1_000.5e-1")
        out[4] = float("-2.5")
        out[5] = bf16.bfloat16_to_float32(bf16.float64_to_bfloat16(float("+NaN")))

    out = np.zeros(6, np.float64)
    k[1, 1](out)
    assert math.isnan(out[0]) and math.isnan(out[5])
    assert list(out[1:5]) == [float("-inf"), float("inf"), float("1_000.5e-1"), -2.5]


def _bad_abc(out):
    out[0] = float("abc")


def _bad_hex(out):
    out[0] = float("0x1p3")


def _bad_exponent(out):
    out[0] = float("1e")


def _bad_underscores(out):
    out[0] = float("1__0")


def _bad_payload(out):
    out[0] = float("nan(1)")


def _bad_empty(out):
    out[0] = float("")


@pytest.mark.parametrize("fn", [_bad_abc, _bad_hex, _bad_exponent, _bad_underscores, _bad_payload, _bad_empty])
def test_float_of_a_bad_string_is_an_error(fn):
    with pytest.raises(Exception, match="could not convert string to float"):
        cuda.jit(fn)[1, 1](np.zeros(1))


def test_unordered_comparisons():
    @cuda.jit
    def k(x, y, out):
        i = cuda.grid(1)
        if i < x.size:
            a = bf16.float32_to_bfloat16(x[i])
            b = bf16.float32_to_bfloat16(y[i])
            out[i, 0] = bf16.hequ(a, b)
            out[i, 1] = bf16.hneu(a, b)
            out[i, 2] = bf16.hgeu(a, b)
            out[i, 3] = bf16.hgtu(a, b)
            out[i, 4] = bf16.hleu(a, b)
            out[i, 5] = bf16.hltu(a, b)
            out[i, 6] = bf16.heq(a, b)
            out[i, 7] = bf16.hlt(a, b)

    vals = np.array([-2.0, 0.0, -0.0, 1.5, np.inf, np.nan], np.float32)
    x, y = (a.ravel() for a in np.meshgrid(vals, vals))
    out = np.zeros((x.size, 8), np.bool_)
    k[1, 64](x, y, out)
    unord = np.isnan(x) | np.isnan(y)
    with np.errstate(invalid="ignore"):
        want = np.stack([(x == y) | unord, x != y, (x >= y) | unord, (x > y) | unord, (x <= y) | unord,
                         (x < y) | unord, x == y, x < y], axis=1)
    np.testing.assert_array_equal(out, want)
