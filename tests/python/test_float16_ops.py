"""float16 arithmetic, abs, negation and comparisons in kernels (the operators and cuda.fp16's
hadd, hsub, hmul, habs, hneg, hfma), checked bit for bit against NumPy's float16 (which computes in
float32 and rounds once more: for one add, subtract or multiply of two float16s that is the
correctly rounded result) over zeros of both signs, subnormals, the largest finite values and
their overflow, infinities, NaNs and random bit patterns. On the GPU these are the half-precision
instructions (add.f16, abs.f16, setp.gt.f16 ...); on the CPU LLVM's float16 in float32. A NaN
result is checked to be a NaN: PTX leaves its payload unspecified."""
from fractions import Fraction

import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # the performance warnings of small grids and host arrays

# zeros, the smallest and largest subnormals, the smallest normals, ones and their neighbours,
# the largest finite values, infinities, quiet and signalling NaNs of both signs
SPECIAL_BITS = [0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x0200, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x0401,
                0x1400, 0x3555, 0x3800, 0x3BFF, 0x3C00, 0xBC00, 0x3C01, 0x4000, 0x5BFF, 0x7800, 0x7BFE,
                0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7C01]


def f16(bits):
    return np.asarray(bits, np.uint16).view(np.float16)


def operands(rng):
    """Every pair of the special values, random bit patterns (NaNs included), and values near one
    another (sums and differences that cancel, products that round)."""
    s = f16(SPECIAL_BITS)
    a = np.repeat(s, s.size)
    b = np.tile(s, s.size)
    r1 = f16(rng.integers(0, 1 << 16, 4000))
    r2 = f16(rng.integers(0, 1 << 16, 4000))
    near = rng.uniform(0.5, 2.0, 2000).astype(np.float16)
    near2 = (near * rng.uniform(0.999, 1.001, 2000)).astype(np.float16) * rng.choice([-1, 1], 2000).astype(np.float16)
    return np.concatenate([a, r1, near]), np.concatenate([b, r2, near2])


def assert_same_bits(got, want, what):
    got, want = np.asarray(got, np.float16), np.asarray(want, np.float16)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan), f"{what}: NaN where NumPy has none, or the reverse"
    bad = np.flatnonzero(got.view(np.uint16)[~nan] != want.view(np.uint16)[~nan])
    assert bad.size == 0, f"{what}: {bad.size} results differ, first {got[~nan][bad[0]]!r} vs {want[~nan][bad[0]]!r}"


@cuda.jit
def arith(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        a = x[i]
        b = y[i]
        out[0, i] = a + b
        out[1, i] = a - b
        out[2, i] = a * b
        out[3, i] = abs(a)
        out[4, i] = -a
        out[5, i] = cuda.fp16.hadd(a, b)
        out[6, i] = cuda.fp16.hsub(a, b)
        out[7, i] = cuda.fp16.hmul(a, b)
        out[8, i] = cuda.fp16.habs(b)
        out[9, i] = cuda.fp16.hneg(b)
        c = a
        c += b
        c *= a
        out[10, i] = c


def test_arithmetic_abs_neg(rng):
    a, b = operands(rng)
    out = np.zeros((11, a.size), np.float16)
    arith.forall(a.size)(out, a, b)
    with np.errstate(all="ignore"):
        want = [a + b, a - b, a * b, np.abs(a), -a, a + b, a - b, a * b, np.abs(b), -b, (a + b) * a]
    names = ["a + b", "a - b", "a * b", "abs(a)", "-a", "hadd", "hsub", "hmul", "habs", "hneg", "c += b; c *= a"]
    for row, w, name in zip(out, want, names):
        assert_same_bits(row, w, name)


@cuda.jit
def compare(flags, x, y, n):
    i = cuda.grid(1)
    if i < x.size:
        a = x[i]
        b = y[i]
        flags[0, i] = a > b
        flags[1, i] = a >= b
        flags[2, i] = a < b
        flags[3, i] = a <= b
        flags[4, i] = a == b
        flags[5, i] = a != b
        flags[6, i] = a > n[i]
        flags[7, i] = a >= n[i]
        flags[8, i] = a < n[i]
        flags[9, i] = a <= n[i]
        flags[10, i] = a == n[i]
        flags[11, i] = n[i] != a
        flags[12, i] = cuda.fp16.hgt(a, b)
        flags[13, i] = cuda.fp16.hle(b, a)


def test_comparisons_with_float16_and_int8(rng):
    a, b = operands(rng)
    # every int8, and small integers that equal some of the float16 values
    n = np.concatenate([np.arange(-128, 128), rng.integers(-4, 5, a.size - 256)]).astype(np.int8)
    flags = np.zeros((14, a.size), np.bool_)
    compare.forall(a.size)(flags, a, b, n)
    with np.errstate(all="ignore"):
        want = [a > b, a >= b, a < b, a <= b, a == b, a != b,
                a > n, a >= n, a < n, a <= n, a == n, n != a, a > b, b <= a]
    for k, (row, w) in enumerate(zip(flags, want)):
        bad = np.flatnonzero(row != w)
        assert bad.size == 0, f"comparison {k}: {bad.size} differ, first at {a[bad[0]]!r}, {b[bad[0]]!r}, {n[bad[0]]}"


def test_scalar_arguments():
    """numba-cuda's own form: float16 scalars passed to the kernel (its PTX tests compile these)."""
    @cuda.jit("void(float16[:], boolean[:], float16, float16, int8)")
    def k(out, flags, a, b, n):
        out[0] = a + b
        out[1] = a - b
        out[2] = a * b
        out[3] = abs(a)
        out[4] = cuda.fp16.habs(b)
        flags[0] = a > n
        flags[1] = a <= n
        flags[2] = a != b

    cases = [(np.float16(65504), np.float16(32.0), 100), (np.float16(-6e-8), np.float16(6e-8), -1),
             (np.float16(-0.0), np.float16(0.0), 0), (np.float16(np.inf), np.float16(-np.inf), 127),
             (np.float16(3.1415926), np.float16(1.57), 3), (np.float16(np.nan), np.float16(1.0), -128)]
    for a, b, n in cases:
        out = np.zeros(5, np.float16)
        flags = np.zeros(3, np.bool_)
        k[1, 1](out, flags, a, b, np.int8(n))
        with np.errstate(all="ignore"):
            assert_same_bits(out, [a + b, a - b, a * b, np.abs(a), np.abs(b)], f"scalars {a!r}, {b!r}")
            np.testing.assert_array_equal(flags, [a > np.int8(n), a <= np.int8(n), a != b])


def fma_f16(a, b, c):
    """a * b + c rounded once to float16, to nearest even: exact in fractions (NumPy has no float16
    fma, and rounding a float32 fma again is off now and then)."""
    a, b, c = float(a), float(b), float(c)
    if not all(np.isfinite([a, b, c])):
        with np.errstate(all="ignore"):
            return np.float16(a * b + c)  # the infinities and NaNs: no rounding involved
    x = Fraction(a) * Fraction(b) + Fraction(c)
    if x == 0:  # IEEE's signs: -0 only as -0 + -0; an exact cancellation gives +0
        neg = np.signbit(a) != np.signbit(b) and np.signbit(c) and a * b == 0
        return np.float16(-0.0 if neg else 0.0)
    if abs(x) >= 65520:  # half an ulp past the largest finite value (65504) rounds to infinity
        return np.float16(np.inf if x > 0 else -np.inf)
    near = np.float16(float(x))
    cands = [v for v in (np.nextafter(near, np.float16(-np.inf)), near, np.nextafter(near, np.float16(np.inf)))
             if np.isfinite(v)]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - x), int(np.float16(v).view(np.uint16)) & 1))


# products that round twice wrongly through a float32 fma (found by search): bits of a, b, c
HARD_FMA = [(0x6E00, 0x3C4D, 0x88BD), (0x6D74, 0x190B, 0xE1D6), (0x5FC6, 0xB740, 0x9FFE), (0xA2FB, 0xE697, 0xEB4D),
            (0xC840, 0xDF08, 0x060E), (0x2567, 0xC657, 0xC2B4), (0x2EAB, 0xEC03, 0xF137), (0xF364, 0x4100, 0x9375)]


@cuda.jit
def fma(out, x, y, z):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = cuda.fp16.hfma(x[i], y[i], z[i])


def test_hfma_rounds_once(rng):
    s = f16(SPECIAL_BITS)
    grid = np.array(np.meshgrid(s, s, s[::3], indexing="ij")).reshape(3, -1)
    rand = f16(rng.integers(0, 1 << 16, (3, 20000)))
    hard = f16(np.array(HARD_FMA).T)
    a, b, c = (np.concatenate(parts) for parts in zip(grid, rand, hard))
    out = np.zeros(a.size, np.float16)
    fma.forall(a.size)(out, a, b, c)
    assert_same_bits(out, [fma_f16(*t) for t in zip(a, b, c)], "hfma")
