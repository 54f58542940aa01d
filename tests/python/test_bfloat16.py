"""bfloat16 in kernels (numba.cuda.bf16): construction, arithmetic, the cuda.bf16 intrinsics and
conversions, checked bit for bit against an independent round-to-nearest-even done in NumPy on
float32 bit patterns (bfloat16 is the top half of a float32)."""
import math

import numpy as np
import pytest

from pyjitc import cuda, float32, int16, int32, uint8
from pyjitc.cuda.bf16 import (bfloat16, habs, hadd, hdiv, heq, hfma_relu, hfma_sat, hisinf, hisnan, hlt, hmax,
                              hmax_nan, hmin, hmin_nan, hmul, hmul_sat, hneg, hsqrt, hsub, hsub_sat, htrunc)

if not cuda.is_bfloat16_supported():
    pytest.skip("bfloat16 needs compute capability 8.0", allow_module_level=True)


def bf16_bits(x):
    """Round float32 values to bfloat16, to nearest even, as the uint16 bit patterns."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(x, np.float32))
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(nan, np.uint16(0x7FC0), r)


def bf16_value(bits):
    return (np.asarray(bits, np.uint32) << 16).astype(np.uint32).view(np.float32)


def bits_of(f32):
    return (np.asarray(f32, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def sample(rng, n):
    """bfloat16 values of both signs, magnitudes 2^-4 .. 2^4: sums and products of two are exact
    in float32, so rounding that float32 once gives the correctly rounded bfloat16 result."""
    x = rng.uniform(0.0625, 16.0, n) * rng.choice([-1.0, 1.0], n)
    return bf16_value(bf16_bits(x.astype(np.float32)))


def test_supported_and_type():
    assert cuda.is_bfloat16_supported()
    assert str(bfloat16) == "bfloat16"


def test_construction_rounds_to_nearest_even(rng):
    x = np.concatenate([rng.standard_normal(200).astype(np.float32) * 1000,
                        np.float32([1.00390625, 1.01171875, -1.00390625, 3.4e38, 0.0])])

    @cuda.jit
    def k(out, xs):
        i = cuda.grid(1)
        if i < xs.size:
            out[i] = float32(bfloat16(xs[i]))

    out = np.zeros_like(x)
    k[1, x.size](out, x)
    np.testing.assert_array_equal(bits_of(out), bf16_bits(x))


def test_operators_and_intrinsics(rng):
    a, b = sample(rng, 64), sample(rng, 64)

    @cuda.jit
    def k(out, xs, ys):
        i = cuda.grid(1)
        if i < xs.size:
            x = bfloat16(xs[i])
            y = bfloat16(ys[i])
            out[0, i] = float32(x + y)
            out[1, i] = float32(x - y)
            out[2, i] = float32(x * y)
            out[3, i] = float32(hadd(x, y))
            out[4, i] = float32(hsub(x, y))
            out[5, i] = float32(hmul(x, y))
            out[6, i] = float32(hneg(x))
            out[7, i] = float32(habs(x))
            out[8, i] = float32(hmax(x, y))
            out[9, i] = float32(hmin(x, y))

    out = np.zeros((10, a.size), np.float32)
    k[1, a.size](out, a, b)
    expected = [a + b, a - b, a * b, a + b, a - b, a * b, -a, np.abs(a), np.maximum(a, b), np.minimum(a, b)]
    for row, exp in zip(out, expected):
        np.testing.assert_array_equal(bits_of(row), bf16_bits(exp))


def test_division_and_sqrt(rng):
    a, b = np.abs(sample(rng, 64)), sample(rng, 64)

    @cuda.jit
    def k(out, xs, ys):
        i = cuda.grid(1)
        if i < xs.size:
            x = bfloat16(xs[i])
            y = bfloat16(ys[i])
            out[0, i] = float32(x / y)
            out[1, i] = float32(hdiv(x, y))
            out[2, i] = float32(hsqrt(x))
            out[3, i] = float32(htrunc(y))

    out = np.zeros((4, a.size), np.float32)
    k[1, a.size](out, a, b)
    # float64 quotients and roots rounded to float32 then bfloat16: one rounding error at most
    for row, exp in zip(out, [a / b, a / b, np.sqrt(a)]):
        diff = np.abs(bits_of(row).astype(np.int32) - bf16_bits(exp.astype(np.float32)).astype(np.int32))
        assert diff.max() <= 1
    np.testing.assert_array_equal(out[3], np.trunc(b))


def test_saturating_nan_and_comparisons():
    @cuda.jit
    def k(out, flags, x, y):
        a = bfloat16(x)
        b = bfloat16(y)
        out[0] = float32(hsub_sat(b, a))        # 0.75 - 1.5 -> 0
        out[1] = float32(hmul_sat(a, b))        # 1.125 -> 1
        out[2] = float32(hfma_sat(a, b, b))     # 1.875 -> 1
        out[3] = float32(hfma_relu(-a, b, b))   # -0.375 -> 0
        out[4] = float32(hmax_nan(a, bfloat16(math.nan)))
        out[5] = float32(hmin_nan(a, bfloat16(math.nan)))
        out[6] = float32(hmax(a, bfloat16(math.nan)))
        flags[0] = hisnan(bfloat16(math.nan))
        flags[1] = hisnan(a)
        flags[2] = hisinf(bfloat16(-math.inf)) == -1
        flags[3] = heq(a, a) and hlt(b, a) and a > b and not (a == b)

    out = np.zeros(7, np.float32)
    flags = np.zeros(4, np.bool_)
    k[1, 1](out, flags, 1.5, 0.75)
    np.testing.assert_array_equal(out[:4], [0.0, 1.0, 1.0, 0.0])
    assert math.isnan(out[4]) and math.isnan(out[5]) and out[6] == 1.5
    np.testing.assert_array_equal(flags, [True, False, True, True])


def test_integer_conversions():
    vals = np.array([0, 1, -7, 255, 256, 257, 789, -789, 40000, 2 ** 31 - 1], np.int64)

    @cuda.jit
    def k(to_bf, back, xs):
        i = cuda.grid(1)
        if i < xs.size:
            v = bfloat16(xs[i])
            to_bf[i] = float32(v)
            back[i] = int32(v)

    to_bf = np.zeros(vals.size, np.float32)
    back = np.zeros(vals.size, np.int32)
    k[1, vals.size](to_bf, back, vals)
    np.testing.assert_array_equal(bits_of(to_bf), bf16_bits(vals.astype(np.float64).astype(np.float32)))
    np.testing.assert_array_equal(back, np.clip(to_bf.astype(np.float64), -2 ** 31, 2 ** 31 - 1).astype(np.int32))

    @cuda.jit
    def narrow(out, x):
        v = bfloat16(x)
        out[0] = int16(v)
        out[1] = uint8(bfloat16(3.75))

    o = np.zeros(2, np.int16)
    narrow[1, 1](o, -300.5)
    np.testing.assert_array_equal(o, [-300, 3])


def test_device_function_and_mixed_types():
    @cuda.jit(device=True)
    def add(a, b):
        return a + b

    @cuda.jit
    def k(out):
        a = bfloat16(3.140625)
        out[0] = float32(add(a, bfloat16(5)))
        out[1] = a * float32(2.0)          # bfloat16 with float32: float32
        out[2] = float32(a * 2)            # an integer literal: float64, then rounded

    out = np.zeros(3, np.float32)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [bf16_value(bf16_bits(8.140625)), 6.28125, 6.28125])


@cuda.jit(device=True)
def _add_constant(x, c):
    return hadd(x, c)


@pytest.mark.parametrize("opt", [False, True])
def test_a_bfloat16_constant_passed_to_a_device_function(opt):
    """At opt=False the call stays a call, and LLVM 19's NVPTX back end crashed the process on a
    bfloat16 constant argument (st.param of a bf16 immediate): it is now passed in a register."""
    def add_one_and_a_half(out, x):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = float32(_add_constant(bfloat16(x[i]), bfloat16(1.5)))

    ptx, _ = cuda.compile_ptx(add_one_and_a_half, "void(float32[:], float32[:])", opt=opt)
    assert ".entry" in ptx
    kernel = cuda.jit(opt=opt)(add_one_and_a_half)
    x = sample(np.random.default_rng(7), 256)
    out = np.zeros(256, np.float32)
    kernel[2, 128](out, x)
    np.testing.assert_array_equal(out, bf16_value(bf16_bits(x + np.float32(1.5))))
