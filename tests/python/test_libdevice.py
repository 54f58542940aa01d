"""cuda.libdevice (numba.cuda.libdevice): each of its 317 functions run in a kernel on a few hundred
values (zeros of both signs, infinities, NaN, subnormals, the largest values, halfway cases,
random values over the function's range), on the CPU executor or, with PYJITC_TEST_TARGET=cuda, on
the GPU, and checked against references computed here independently of pyjitc: exact integer
arithmetic, exact rounding of fractions in each rounding mode (the _rn/_rz/_ru/_rd functions and
conversions, bit for bit), NumPy, and high-precision values (hpmath.py, Python's decimal). Each
function's tolerance is its maximum error in CUDA's documentation (ulps of the correctly rounded
result, or an absolute error where CUDA gives one). Also: the table numba's own test reads
(libdevicefuncs), typing errors, the ways the module is imported, and PTX with a call of every
__nv_ function."""
import math
import os
import re
import subprocess
import tempfile
from fractions import Fraction

import numpy as np
import pytest

import hpmath as hp
from pyjitc import _core, cuda, types
from pyjitc.cuda import libdevice, libdevicefuncs
from pyjitc.errors import TypingError

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
INF, NAN = math.inf, math.nan
RNG = np.random.default_rng(20250317)
N_RANDOM = 240  # random values per function, besides the special ones

# ---- formats and exact rounding ----------------------------------------------------------------

F32 = (24, -126, 127, np.float32)  # significand bits, least normal exponent, greatest exponent
F64 = (53, -1022, 1023, np.float64)
MODES = ("rn", "rz", "ru", "rd")


def fmt_of(dtype):
    return F32 if np.dtype(dtype) == np.float32 else F64


def _ilog2(q):
    """floor(log2 q) of a positive fraction."""
    e = q.numerator.bit_length() - q.denominator.bit_length()
    return e if Fraction(2) ** e <= q else e - 1


def round_int(q, mode):
    """A fraction rounded to an integer: rn (halves to even), rz, ru, rd, ra (halves away)."""
    fl = math.floor(q)
    if q == fl:
        return fl
    if mode == "rz":
        return fl if q > 0 else fl + 1
    if mode == "ru":
        return fl + 1
    if mode == "rd":
        return fl
    d = q - fl
    if d != Fraction(1, 2):
        return fl + (d > Fraction(1, 2))
    if mode == "ra":
        return fl + 1 if q > 0 else fl
    return fl if fl % 2 == 0 else fl + 1


def round_frac(q, fmt, mode, zero_sign=1):
    """The float of format fmt nearest q in the rounding mode (overflow as IEEE: the largest finite
    value when rounding toward zero or away from the infinity); a zero q gives a zero of zero_sign."""
    p, emin, emax, _ = fmt
    if q == 0:
        return math.copysign(0.0, zero_sign)
    sign = 1 if q > 0 else -1
    a = abs(q)
    e = max(_ilog2(a), emin)
    ulp = Fraction(2) ** (e - p + 1)
    m = a / ulp
    # a negative value rounds up toward zero, down away from it
    mm = {"rn": "rn", "rz": "rz", "ru": "ru" if sign > 0 else "rd", "rd": "rd" if sign > 0 else "ru"}[mode]
    k = round_int(m, "rz" if mm == "rz" else "rd" if mm == "rd" else "ru" if mm == "ru" else "rn")
    r = k * ulp
    biggest = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if r > biggest:
        to_inf = mode == "rn" or (mode == "ru" and sign > 0) or (mode == "rd" and sign < 0)
        return sign * (INF if to_inf else float(biggest))
    return sign * float(r)


def sqrt_frac(q, fmt, mode):
    """sqrt(q) of a positive fraction, rounded in the mode."""
    p, emin, emax, _ = fmt
    e = max(_ilog2(q) // 2, emin)
    while Fraction(2) ** (2 * (e + 1)) <= q:
        e += 1
    ulp = Fraction(2) ** (e - p + 1)
    t = q / (ulp * ulp)  # sqrt(q) / ulp = sqrt(t)
    m = math.isqrt(math.floor(t))
    if m * m == t:
        k = m
    elif mode in ("rz", "rd"):
        k = m
    elif mode == "ru":
        k = m + 1
    else:
        mid = Fraction(2 * m + 1, 2) ** 2
        k = m + 1 if t > mid or (t == mid and m % 2) else m
    return round_frac(k * ulp, fmt, "rn")  # k fits the format (or carries to the next power of 2)


def ulp_of(v, fmt):
    p, emin, _, _ = fmt
    if v == 0 or not math.isfinite(v):
        return math.ldexp(1.0, emin - p + 1)
    return math.ldexp(1.0, max(math.frexp(abs(v))[1] - 1, emin) - p + 1)


def same(got, want, zero_sign=True):
    """Bit-level equality of two numbers: NaN with NaN, and signed zeros (unless zero_sign is False)."""
    got, want = float(got), float(want)
    if math.isnan(want):
        return math.isnan(got)
    if got != want:
        return False
    return not (zero_sign and want == 0) or math.copysign(1, got) == math.copysign(1, want)


# ---- values --------------------------------------------------------------------------------------

S64 = [0.0, -0.0, INF, -INF, NAN, 5e-324, -5e-324, 2.2250738585072014e-308, -2.2250738585072014e-308, 1e-310,
       -3.3e-317, 1.7976931348623157e308, -1.7976931348623157e308, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
       2.0, 3.0, -3.0, 0.1, -0.1, 1e-300, -1e-300, 1e300, -1e300, 2.0 ** 52, 2.0 ** 52 + 0.5, 2.0 ** 63,
       -(2.0 ** 63), 2.0 ** 64, 1e30, -1e30, 100.25, -100.75, 0.49999999999999994, 4503599627370497.0]
S32 = [0.0, -0.0, INF, -INF, NAN, 1e-45, -1e-45, 1.1754944e-38, -1.1754944e-38, 5.9e-39, -3.1e-42,
       3.4028235e38, -3.4028235e38, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2.0, 3.0, -3.0, 0.1, -0.1,
       1e-30, -1e-30, 1e30, -1e30, 16777216.0, 8388608.5, 2.0 ** 31, -(2.0 ** 31), 2.0 ** 32, 2.0 ** 63,
       -(2.0 ** 63), 2.0 ** 64, 100.25, -100.75, 0.49999997, 16777217.0]


def specials(dtype):
    return list(np.array(S32 if np.dtype(dtype) == np.float32 else S64, dtype=dtype))


def anyfloat(dtype, n=N_RANDOM):
    """Random floats of every magnitude and both signs: random bit patterns, NaNs and infinities out."""
    if np.dtype(dtype) == np.float32:
        bits = RNG.integers(0, 2 ** 32, 4 * n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    else:
        bits = RNG.integers(0, 2 ** 63, 4 * n, dtype=np.int64).view(np.float64) * RNG.choice([-1, 1], 4 * n)
    return list(bits[np.isfinite(bits)][:n])


def uniform(dtype, lo, hi, n=N_RANDOM):
    return list(RNG.uniform(lo, hi, n).astype(dtype))


def logmag(dtype, lo, hi, n=N_RANDOM, signed=True):
    """|x| log-uniform in [2^lo, 2^hi], random signs."""
    v = np.exp2(RNG.uniform(lo, hi, n)) * (RNG.choice([-1, 1], n) if signed else 1)
    return list(v.astype(dtype))


def pool(dtype, *parts, special=True):
    vals = (specials(dtype) if special else []) + [v for part in parts for v in part]
    return np.array(vals, dtype=dtype)


I32_EDGES = [0, 1, -1, 2, -2, 2 ** 31 - 1, -2 ** 31, 2 ** 24 - 1, -2 ** 24, 2 ** 23, -2 ** 23 - 1, 2 ** 16, 255, 256,
             0x12345678, -0x12345678, 0x7F7F7F7F, 0x55555555, -0x55555556, 3, 7, 8, 1000, -1000]
I64_EDGES = [0, 1, -1, 2 ** 63 - 1, -2 ** 63, 2 ** 32, 2 ** 32 - 1, -2 ** 32, 2 ** 53 + 1, 2 ** 24 + 1, -2 ** 24 - 1,
             0x123456789ABCDEF0, -0x123456789ABCDEF0, 0x5555555555555555, 2 ** 62 + 2 ** 39 + 1, 3, 1000]


def ints(bits, n=N_RANDOM):
    edges = I32_EDGES if bits == 32 else I64_EDGES
    rnd = RNG.integers(-2 ** (bits - 1), 2 ** (bits - 1), n, dtype=np.int64)
    small = RNG.integers(-300, 300, n // 4, dtype=np.int64)
    return np.array(edges + list(rnd) + list(small), dtype=np.int32 if bits == 32 else np.int64)


def s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= 0xFFFFFFFFFFFFFFFF
    return v - (1 << 64) if v >> 63 else v


# ---- running one function ----------------------------------------------------------------------

_KERNELS = {}


def signature(name):
    retty, args = libdevicefuncs.functions["__nv_" + name]
    sig = libdevicefuncs.create_signature(retty, args)
    results = list(sig.return_type) if isinstance(sig.return_type, (types.Tuple, types.UniTuple)) else [sig.return_type]
    return results, list(sig.args)


def kernel(name):
    """A kernel that calls libdevice.<name> on element i of its argument arrays into result arrays."""
    if name not in _KERNELS:
        results, args = signature(name)
        outs = [f"r{i}" for i in range(len(results))]
        ins = [f"a{i}" for i in range(len(args))]
        src = (f"def k_{name}({', '.join(outs + ins)}):\n    i = cuda.grid(1)\n    if i < r0.size:\n"
               f"        {', '.join(o + '[i]' for o in outs)} = "
               f"libdevice.{name}({', '.join(a + '[i]' for a in ins)})\n")
        ns = {}
        exec(src, {"cuda": cuda, "libdevice": libdevice}, ns)
        _KERNELS[name] = cuda.jit(ns["k_" + name])
    return _KERNELS[name]


def run(name, *args):
    """libdevice.<name> on the arrays args (converted to its parameter types): its results, as arrays."""
    results, params = signature(name)
    n = len(args[0])
    ins = [np.ascontiguousarray(np.asarray(a).astype(types.np_dtype(t))) for a, t in zip(args, params)]
    outs = [np.zeros(n, dtype=types.np_dtype(t)) for t in results]
    kernel(name)[(n + 127) // 128, 128](*outs, *ins)
    return ins, outs


def fail(name, msgs):
    if msgs:
        pytest.fail(f"{name}: {len(msgs)} wrong values; the first ones:\n" + "\n".join(msgs[:12]))


# ---- kinds of checks --------------------------------------------------------------------------------
# Each function of the table below has a check: called with the function's name, it runs the
# function and compares every result.

def exact(ref, *inputs, zero_sign=True):
    """Every result bit for bit: ref(*python values) gives the expected value (or tuple of values)."""
    def check(name):
        ins, outs = run(name, *inputs)
        msgs = []
        for i in range(len(ins[0])):
            xs = [v[i].item() for v in ins]
            want = ref(*xs)
            want = want if isinstance(want, tuple) else (want,)
            for k, (o, w) in enumerate(zip(outs, want)):
                got = o[i].item()
                ok = same(got, w, zero_sign) if isinstance(w, float) else got == w
                if not ok:
                    msgs.append(f"  {name}{tuple(xs)}[{k}] = {got!r}, expected {w!r}")
        fail(name, msgs)
    return check


def decimal_error(got, want, fmt):
    """|got - want| in ulps of the format at want (a Decimal or a float)."""
    wf = float(want)
    big = float(np.finfo(fmt[3]).max)
    if abs(wf) >= (2 - 2.0 ** -fmt[0]) * 2.0 ** fmt[2]:  # rounds past the format's range: the right
        wf = math.copysign(INF, wf)                       # infinity, or the largest value
    if math.isinf(wf):
        return 0.0 if got == wf or got == math.copysign(big, wf) else INF
    if math.isinf(got) and (got > 0) == (wf > 0):  # an overflow: the infinity is one ulp past the largest value
        return decimal_error(math.copysign(big, wf), want, fmt) + 1.0
    if not math.isfinite(got):
        return INF
    diff = abs(Fraction(got) - Fraction(want)) if isinstance(want, (float, Fraction)) else abs(hp.D(got) - want)
    return float(diff) / ulp_of(wf if wf != 0 else 0.0, fmt)


def close(ref, bound, *inputs, fmt=None, special=None, absolute=None, rel_digits=None, domain=None, nan_ok=None):
    """Within `bound` ulps of the correctly rounded value (bound + 1/2 ulps of the exact one, which
    ref gives: a Decimal, a Fraction or a float; a float that is infinite, NaN or zero is an exact
    special value, compared bit for bit). absolute(x...) may give an absolute error allowed for
    those arguments instead of the ulps (Bessel functions away from the origin). domain(x...)
    false: that value is not checked for accuracy (only special results are). bound may be a
    function of the arguments. nan_ok(x...) true: a NaN is what the function gives there (libdevice's
    own result on the GPU, said where it is used)."""
    def check(name):
        ins, outs = run(name, *inputs)
        f = fmt or fmt_of(outs[0].dtype)
        msgs, worst = [], 0.0
        for i in range(len(ins[0])):
            xs = [v[i].item() for v in ins]
            want = ref(*xs)
            got = outs[0][i].item()
            if nan_ok and math.isnan(got) and nan_ok(*xs):
                continue
            if isinstance(want, float) and (want == 0 or not math.isfinite(want)):
                zs = any(isinstance(x, float) and x == 0 for x in xs)  # f(±0) = ±0 is part of the spec
                if not same(got, want, zero_sign=zs) and not (want == 0 and absolute and absolute(*xs) is not None
                                                         and abs(got) <= absolute(*xs)):
                    msgs.append(f"  {name}{tuple(xs)} = {got!r}, expected {want!r}")
                continue
            if domain and not domain(*xs):
                continue
            if absolute and absolute(*xs) is not None:
                err = abs(float(hp.D(got) - hp.D(want))) if math.isfinite(got) else INF
                if not err <= absolute(*xs):
                    msgs.append(f"  {name}{tuple(xs)} = {got!r}, expected {float(want)!r}: absolute error {err:.3g}")
                continue
            err = decimal_error(got, want, f)
            worst = max(worst, err)
            b = bound(*xs) if callable(bound) else bound
            if not err <= b + 0.5 + 1e-9:
                msgs.append(f"  {name}{tuple(xs)} = {got!r}, expected {float(want)!r}: {err:.2f} ulps (bound {b})")
        fail(name, msgs)
        WORST[name] = worst
    return check


WORST = {}


# ---- the references ------------------------------------------------------------------------------

def np1(fn):
    """A NumPy function of one float64, its IEEE special values included."""
    def ref(x):
        with np.errstate(all="ignore"):
            return float(fn(np.float64(x)))
    return ref


def hp1(fn, special):
    """A high-precision function of one argument: special(x) decides the special inputs (a float
    result, or None for none)."""
    def ref(x):
        s = special(x)
        return s if s is not None else fn(x)
    return ref


def nonfinite_like(npfn):
    """Special values as NumPy gives them (C99's Annex F): for infinities, NaN and zeros, and where
    the result is infinite or NaN (a pole, outside the domain)."""
    def special(x):
        with np.errstate(all="ignore"):
            v = float(npfn(np.float64(x)))
        return v if not (math.isfinite(x) and x != 0 and math.isfinite(v)) else None
    return special


def odd_zero(x):
    return x if x == 0 or math.isnan(x) else None


# float64 and float32 accuracy bounds (ulps) of CUDA's documentation, and the references
TRANSCENDENTAL = {
    # name: (reference, special values, float64 bound, float32 bound)
    "acos": (hp.acos, nonfinite_like(np.arccos), 2, 2),
    "acosh": (hp.acosh, nonfinite_like(np.arccosh), 3, 4),
    "asin": (hp.asin, nonfinite_like(np.arcsin), 2, 2),
    "asinh": (hp.asinh, nonfinite_like(np.arcsinh), 3, 3),
    "atan": (hp.atan, nonfinite_like(np.arctan), 2, 2),
    "atanh": (hp.atanh, nonfinite_like(np.arctanh), 2, 3),
    "cbrt": (lambda x: (hp.D(x).copy_abs() ** (hp.D(1) / 3)).copy_sign(hp.D(x)), nonfinite_like(np.cbrt), 1, 1),
    "cos": (lambda x: hp.sin_cos(x)[1], nonfinite_like(np.cos), 2, 2),
    "cosh": (hp.cosh, nonfinite_like(np.cosh), 1, 2),
    "erf": (hp.erf, nonfinite_like(lambda v: np.copysign(1.0, v) if np.isinf(v) else v), 2, 2),
    "erfc": (hp.erfc, lambda x: None if math.isfinite(x) else NAN if math.isnan(x) else 0.0 if x > 0 else 2.0,
             5, 4),
    "exp": (hp.exp, nonfinite_like(np.exp), 1, 2),
    "exp10": (lambda x: hp.exp(hp.D(x) * hp.ln(10, 60), 50), nonfinite_like(lambda v: np.power(10.0, v)), 1, 2),
    "exp2": (lambda x: hp.exp(hp.D(x) * hp.ln(2, 60), 50), nonfinite_like(np.exp2), 1, 2),
    "expm1": (hp.expm1, nonfinite_like(np.expm1), 1, 1),
    "log": (hp.ln, nonfinite_like(np.log), 1, 1),
    "log10": (lambda x: hp.ln(x, 50) / hp.ln(10, 50), nonfinite_like(np.log10), 1, 2),
    "log1p": (hp.log1p, nonfinite_like(np.log1p), 1, 1),
    "log2": (lambda x: hp.ln(x, 50) / hp.ln(2, 50), nonfinite_like(np.log2), 1, 1),
    "sin": (lambda x: hp.sin_cos(x)[0], nonfinite_like(np.sin), 2, 2),
    "sinh": (hp.sinh, nonfinite_like(np.sinh), 2, 3),
    "tan": (lambda x: hp.sin_cos(x)[0] / hp.sin_cos(x)[1], nonfinite_like(np.tan), 2, 4),
    "tanh": (hp.tanh, nonfinite_like(np.tanh), 2, 2),
    "sinpi": (lambda x: hp.sincospi(x)[0], lambda x: x if x == 0 or math.isnan(x) else NAN if math.isinf(x) else None,
              2, 1),
    "cospi": (lambda x: hp.sincospi(x)[1], lambda x: 1.0 if x == 0 else NAN if not math.isfinite(x) else None, 2, 1),
    "rsqrt": (lambda x: 1 / hp.D(x).sqrt(), lambda x: (INF if x == 0 and math.copysign(1, x) > 0 else -INF) if x == 0
              else NAN if (math.isnan(x) or x < 0) else 0.0 if math.isinf(x) else None, 1, 2),
    "rcbrt": (lambda x: 1 / (hp.D(x).copy_abs() ** (hp.D(1) / 3)).copy_sign(hp.D(x)),
              lambda x: math.copysign(INF, x) if x == 0 else NAN if math.isnan(x) else math.copysign(0.0, x)
              if math.isinf(x) else None, 1, 1),
    "erfcx": (hp.erfcx, lambda x: NAN if math.isnan(x) else (0.0 if x > 0 else INF) if math.isinf(x) else None, 4, 4),
    "erfinv": (hp.erfinv, lambda x: x if x == 0 or math.isnan(x) else math.copysign(INF, x) if abs(x) == 1
               else NAN if abs(x) > 1 else None, 5, 2),
    "erfcinv": (hp.erfcinv, lambda x: INF if x == 0 else -INF if x == 2 else NAN if not 0 < x < 2 else None, 6, 4),
    "normcdf": (hp.normcdf, lambda x: NAN if math.isnan(x) else (1.0 if x > 0 else 0.0) if math.isinf(x) else None,
                5, 5),
    "normcdfinv": (hp.normcdfinv, lambda x: -INF if x == 0 else INF if x == 1 else NAN if not 0 < x < 1 else None,
                   8, 5),
}
# the inputs of each (both widths): a float64 pool and a float32 pool
TRANS_INPUTS = {
    "acos": lambda t: pool(t, uniform(t, -1, 1), logmag(t, -60, 0)),
    "asin": lambda t: pool(t, uniform(t, -1, 1), logmag(t, -60, 0)),
    "acosh": lambda t: pool(t, uniform(t, 1, 3), logmag(t, 0, 120, signed=False)),
    "atanh": lambda t: pool(t, uniform(t, -1, 1), logmag(t, -60, 0)),
    "cosh": lambda t: pool(t, uniform(t, -90, 90), logmag(t, -40, 9.5)),
    "sinh": lambda t: pool(t, uniform(t, -90, 90), logmag(t, -40, 9.5)),
    "exp": lambda t: pool(t, uniform(t, -750, 710) if t == np.float64 else uniform(t, -104, 89), logmag(t, -40, 6)),
    "exp10": lambda t: pool(t, uniform(t, -325, 309) if t == np.float64 else uniform(t, -46, 39), logmag(t, -40, 5)),
    "exp2": lambda t: pool(t, uniform(t, -1080, 1024) if t == np.float64 else uniform(t, -150, 128), logmag(t, -40, 6)),
    "expm1": lambda t: pool(t, uniform(t, -40, 710) if t == np.float64 else uniform(t, -20, 89), logmag(t, -60, 3)),
    "erf": lambda t: pool(t, uniform(t, -6, 6), logmag(t, -60, 3)),
    "erfc": lambda t: pool(t, uniform(t, -6, 27.5) if t == np.float64 else uniform(t, -4, 10.5), logmag(t, -60, 3)),
    "erfcx": lambda t: pool(t, uniform(t, -26, 30) if t == np.float64 else uniform(t, -9, 30), logmag(t, -30, 40)),
    "tanh": lambda t: pool(t, uniform(t, -20, 20), logmag(t, -60, 5)),
    "sinpi": lambda t: pool(t, uniform(t, -4, 4), logmag(t, -30, 60), [v / 4 for v in range(-16, 17)]),
    "cospi": lambda t: pool(t, uniform(t, -4, 4), logmag(t, -30, 60), [v / 4 for v in range(-16, 17)]),
    "erfinv": lambda t: pool(t, uniform(t, -1, 1), logmag(t, -60, 0), [1 - 2.0 ** -k for k in range(1, 50, 3)]),
    "erfcinv": lambda t: pool(t, uniform(t, 0, 2), logmag(t, -1070 if t == np.float64 else -148, 1, signed=False)),
    "normcdf": lambda t: pool(t, uniform(t, -38, 9) if t == np.float64 else uniform(t, -14, 6), logmag(t, -60, 3)),
    "normcdfinv": lambda t: pool(t, uniform(t, 0, 1), logmag(t, -1070 if t == np.float64 else -148, 0, signed=False)),
}


def default_inputs(t):
    return pool(t, anyfloat(t, N_RANDOM // 2), logmag(t, -10, 10, N_RANDOM // 2))


def transcendental(name, width):
    ref, special, b64, b32 = TRANSCENDENTAL[name]
    t = np.float64 if width == 64 else np.float32
    xs = TRANS_INPUTS.get(name, default_inputs)(t)
    return close(hp1(ref, special), b64 if width == 64 else b32, xs)


# two-argument functions
def atan2_ref(y, x):
    if not (math.isfinite(x) and math.isfinite(y)) or (x == 0 and y == 0):
        return math.atan2(y, x) if not (math.isnan(x) or math.isnan(y)) else NAN
    if y == 0:
        return math.atan2(y, x)
    return hp.atan2(y, x)


def hypot_ref(x, y):
    if math.isinf(x) or math.isinf(y):
        return INF
    if math.isnan(x) or math.isnan(y):
        return NAN
    if x == 0 and y == 0:
        return 0.0
    return (hp.D(x) ** 2 + hp.D(y) ** 2).sqrt()


def pow_ref(x, y):
    with np.errstate(all="ignore"):
        v = float(np.power(np.float64(x), np.float64(y)))
    if not (math.isfinite(x) and math.isfinite(y)) or x == 0 or y == 0 or x == 1 or v == 0 or not math.isfinite(v):
        return v
    if x < 0:
        if y != math.floor(y):
            return NAN
        sign = -1 if int(y) % 2 else 1
        return sign * hp.exp(hp.D(y) * hp.ln(-x, 60), 50)
    return hp.exp(hp.D(y) * hp.ln(x, 60), 50)


def pair_pool(t, a, b):
    """Pairs of values: the special values against each other, and random pairs."""
    s = specials(t)[:12]
    xs = [u for u in s for _ in s] + list(a)
    ys = [v for _ in s for v in s] + list(b)
    return np.array(xs, dtype=t), np.array(ys, dtype=t)


# ---- the functions ---------------------------------------------------------------------------------

CHECKS = {}


def define(name, check):
    assert "__nv_" + name in libdevicefuncs.functions, name
    assert name not in CHECKS, name
    CHECKS[name] = check


# integer functions: exact, in Python integers
I32, I64 = ints(32), ints(64)
I32b, I32c = np.roll(I32, 7), np.roll(I32, 13)
I64b = np.roll(I64, 5)
u32 = lambda v: v & 0xFFFFFFFF  # noqa: E731
u64 = lambda v: v & 0xFFFFFFFFFFFFFFFF  # noqa: E731
define("abs", exact(lambda x: s32(abs(x)), I32))
define("llabs", exact(lambda x: s64(abs(x)), I64))
define("max", exact(max, I32, I32b))
define("min", exact(min, I32, I32b))
define("llmax", exact(max, I64, I64b))
define("llmin", exact(min, I64, I64b))
define("umax", exact(lambda x, y: s32(max(u32(x), u32(y))), I32, I32b))
define("umin", exact(lambda x, y: s32(min(u32(x), u32(y))), I32, I32b))
define("ullmax", exact(lambda x, y: s64(max(u64(x), u64(y))), I64, I64b))
define("ullmin", exact(lambda x, y: s64(min(u64(x), u64(y))), I64, I64b))
define("brev", exact(lambda x: s32(int(f"{u32(x):032b}"[::-1], 2)), I32))
define("brevll", exact(lambda x: s64(int(f"{u64(x):064b}"[::-1], 2)), I64))
define("clz", exact(lambda x: 32 - u32(x).bit_length(), I32))
define("clzll", exact(lambda x: 64 - u64(x).bit_length(), I64))
define("ffs", exact(lambda x: (u32(x) & -u32(x)).bit_length(), I32))
define("ffsll", exact(lambda x: (u64(x) & -u64(x)).bit_length(), I64))
define("popc", exact(lambda x: bin(u32(x)).count("1"), I32))
define("popcll", exact(lambda x: bin(u64(x)).count("1"), I64))
define("hadd", exact(lambda x, y: (x + y) >> 1, I32, I32b))
define("rhadd", exact(lambda x, y: (x + y + 1) >> 1, I32, I32b))
define("uhadd", exact(lambda x, y: s32((u32(x) + u32(y)) >> 1), I32, I32b))
define("urhadd", exact(lambda x, y: s32((u32(x) + u32(y) + 1) >> 1), I32, I32b))
s24 = lambda v: (v & 0xFFFFFF) - (1 << 24) if v & 0x800000 else v & 0xFFFFFF  # noqa: E731
define("mul24", exact(lambda x, y: s32(s24(x) * s24(y)), I32, I32b))
define("umul24", exact(lambda x, y: s32((x & 0xFFFFFF) * (y & 0xFFFFFF)), I32, I32b))
define("mulhi", exact(lambda x, y: (x * y) >> 32, I32, I32b))
define("umulhi", exact(lambda x, y: s32((u32(x) * u32(y)) >> 32), I32, I32b))
define("mul64hi", exact(lambda x, y: (x * y) >> 64, I64, I64b))
define("umul64hi", exact(lambda x, y: s64((u64(x) * u64(y)) >> 64), I64, I64b))
define("sad", exact(lambda x, y, z: s32(abs(x - y) + u32(z)), I32, I32b, I32c))
define("usad", exact(lambda x, y, z: s32(abs(u32(x) - u32(y)) + u32(z)), I32, I32b, I32c))


def byte_perm_ref(x, y, s):
    b = (u32(y) << 32) | u32(x)
    return s32(sum(((b >> (8 * ((u32(s) >> (4 * n)) & 7))) & 0xFF) << (8 * n) for n in range(4)))


SEL = np.array(list(RNG.integers(-2 ** 31, 2 ** 31, len(I32) - 6, dtype=np.int64)) +
               [0x3210, 0x7654, 0x0123, 0x4444, 0x5140, 0xFFFF], dtype=np.int32)
define("byte_perm", exact(byte_perm_ref, I32, I32b, SEL))

# bits and classes
F64ALL = pool(np.float64, anyfloat(np.float64))
F32ALL = pool(np.float32, anyfloat(np.float32))
define("double_as_longlong", exact(lambda x: int(np.float64(x).view(np.int64)), F64ALL))
define("longlong_as_double", exact(lambda x: float(np.int64(x).view(np.float64)), I64))
define("float_as_int", exact(lambda x: int(np.float32(x).view(np.int32)), F32ALL))
define("int_as_float", exact(lambda x: float(np.int32(x).view(np.float32)), I32))
define("double2hiint", exact(lambda x: s32(int(np.float64(x).view(np.uint64)) >> 32), F64ALL))
define("double2loint", exact(lambda x: s32(int(np.float64(x).view(np.uint64))), F64ALL))
define("hiloint2double", exact(lambda h, lo: float(np.uint64((u32(h) << 32) | u32(lo)).view(np.float64)), I32, I32b))
define("isinfd", exact(lambda x: int(math.isinf(x)), F64ALL))
define("isinff", exact(lambda x: int(math.isinf(x)), F32ALL))
define("isnand", exact(lambda x: int(math.isnan(x)), F64ALL))
define("isnanf", exact(lambda x: int(math.isnan(x)), F32ALL))
define("isfinited", exact(lambda x: int(math.isfinite(x)), F64ALL))
define("finitef", exact(lambda x: int(math.isfinite(x)), F32ALL))
define("signbitd", exact(lambda x: int(math.copysign(1, x) < 0), F64ALL))
define("signbitf", exact(lambda x: int(math.copysign(1, x) < 0), F32ALL))


def half_bits(x):
    h = int(np.float32(x).astype(np.float16).view(np.uint16))
    return s32(h) if h < 0x8000 else h - 0x10000


def check_float2half(name):
    xs = pool(np.float32, anyfloat(np.float32), uniform(np.float32, -70000, 70000), logmag(np.float32, -26, 17),
              [6.1035156e-05, 5.9604645e-08, 2.9802322e-08, 65504.0, 65520.0, 65519.996, 1.00048828125, 1.0009765625])
    ins, (out,) = run(name, xs)
    with np.errstate(all="ignore"):
        want = ins[0].astype(np.float16)
    got = out.view(np.float16)
    bad = ~((got.view(np.uint16) == want.view(np.uint16)) | (np.isnan(got) & np.isnan(want)))
    fail(name, [f"  float2half_rn({x!r}) = {g!r}, expected {w!r}" for x, g, w in zip(ins[0][bad], got[bad], want[bad])])


def check_half2float(name):
    bits = np.arange(-2 ** 15, 2 ** 15, dtype=np.int64).astype(np.int16)  # every half
    ins, (out,) = run(name, bits)
    want = bits.view(np.float16).astype(np.float32)
    bad = ~((out.view(np.uint32) == want.view(np.uint32)) | (np.isnan(out) & np.isnan(want)))
    fail(name, [f"  half2float({b}) = {g!r}, expected {w!r}" for b, g, w in zip(bits[bad], out[bad], want[bad])])


define("float2half_rn", check_float2half)
define("half2float", check_half2float)


# arithmetic in a rounding mode: exact fractions rounded in the mode, IEEE's special values
def arith_ref(op, fmt, mode):
    def ref(*xs):
        if not all(math.isfinite(v) for v in xs):
            with np.errstate(all="ignore"):
                a = [fmt[3](v) for v in xs]
                return float({"add": lambda: a[0] + a[1], "sub": lambda: a[0] - a[1], "mul": lambda: a[0] * a[1],
                              "div": lambda: a[0] / a[1], "rcp": lambda: fmt[3](1) / a[0],
                              "sqrt": lambda: np.sqrt(a[0]), "fma": lambda: a[0] * a[1] + a[2]}[op]())
        q = [Fraction(v) for v in xs]
        neg_zero = -1 if mode == "rd" else 1  # the sign of an exact zero sum of values of opposite signs
        if op in ("add", "sub"):
            y = xs[1] if op == "add" else -xs[1]
            r = q[0] + (q[1] if op == "add" else -q[1])
            if r == 0:
                alike = xs[0] == 0 and math.copysign(1, xs[0]) == math.copysign(1, y)  # -0 + -0, +0 + +0
                both = math.copysign(1, xs[0]) if alike else neg_zero
                return round_frac(r, fmt, mode, both)
            return round_frac(r, fmt, mode)
        if op == "mul":
            return round_frac(q[0] * q[1], fmt, mode, math.copysign(1, xs[0]) * math.copysign(1, xs[1]))
        if op == "div":
            if xs[1] == 0:
                return NAN if xs[0] == 0 else math.copysign(INF, xs[0]) * math.copysign(1, xs[1])
            return round_frac(q[0] / q[1], fmt, mode, math.copysign(1, xs[0]) * math.copysign(1, xs[1]))
        if op == "rcp":
            return math.copysign(INF, xs[0]) if xs[0] == 0 else round_frac(1 / q[0], fmt, mode)
        if op == "sqrt":
            return xs[0] if xs[0] == 0 else NAN if xs[0] < 0 else sqrt_frac(q[0], fmt, mode)
        p = q[0] * q[1]
        r = p + q[2]
        if r == 0:
            ps = math.copysign(1, xs[0]) * math.copysign(1, xs[1])
            zs = ps if p == 0 and xs[2] == 0 and ps == math.copysign(1, xs[2]) else neg_zero
            return round_frac(r, fmt, mode, zs)
        return round_frac(r, fmt, mode)
    return ref


def arith_inputs(t, n_args):
    """Operands that round: random bits, near overflow and underflow, and exact cases."""
    s = specials(t)[:14]
    base = anyfloat(t, 160) + logmag(t, -20, 20, 80) + list(np.array([1, 3, 7, 0.1, 1 / 3], dtype=t))
    cols = []
    for k in range(n_args):
        col = [v for v in s for _ in range(len(s) if n_args > 1 else 1)] if k == 0 else \
              [v for _ in s for v in s] if k == 1 else [s[(i * 5) % len(s)] for i in range(len(s) ** 2)]
        col = col + list(RNG.permutation(np.array(base, dtype=t)))
        cols.append(col)
    n = min(len(c) for c in cols)
    # near-cancelling and tiny results: y close to -x, products near the underflow threshold
    extra = RNG.uniform(0.5, 2, 40).astype(t)
    cols[0] = cols[0][:n] + list(extra)
    if n_args > 1:
        cols[1] = cols[1][:n] + list(-extra * t(1 + 2 ** -10))
    if n_args > 2:
        cols[2] = cols[2][:n] + list(extra * extra)
    return [np.array(c, dtype=t) for c in cols]


for _m in MODES:
    for _op, _pre32, _pre64 in (("add", "fadd", "dadd"), ("sub", "fsub", None), ("mul", "fmul", "dmul"),
                                ("div", "fdiv", "ddiv"), ("rcp", "frcp", "drcp"), ("sqrt", "fsqrt", "dsqrt"),
                                ("fma", "fmaf", "fma")):
        nargs = {"rcp": 1, "sqrt": 1, "fma": 3}.get(_op, 2)
        define(f"{_pre32}_{_m}", exact(arith_ref(_op, F32, _m), *arith_inputs(np.float32, nargs)))
        if _pre64:
            define(f"{_pre64}_{_m}", exact(arith_ref(_op, F64, _m), *arith_inputs(np.float64, nargs)))
_rs_in = pool(np.float32, anyfloat(np.float32), logmag(np.float32, -149, 128, signed=False),
              [4.0, 0.25, 2.0, 1.0, 16777215.0])
def frsqrt_ref(x):
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return math.copysign(INF, x)
    if math.isinf(x):
        return 0.0
    return sqrt_frac(1 / Fraction(x), F32, "rn")


define("frsqrt_rn", exact(frsqrt_ref, _rs_in))


# conversions: exact, with saturation; a NaN gives 0 (from float32 into 32 bits) or 1 << (bits - 1)
def to_int_ref(bits, signed, from64, mode):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)

    def ref(x):
        if math.isnan(x):
            v = 0 if (not from64 and bits == 32) else 1 << (bits - 1)
        elif math.isinf(x):
            v = hi if x > 0 else lo
        else:
            v = min(max(round_int(Fraction(x), mode), lo), hi)
        return s32(v) if bits == 32 else s64(v)
    return ref


def conversion_floats(t):
    halves = [k + 0.5 for k in range(-6, 6)] + [k + 0.25 for k in range(-3, 3)] + [-0.75, 0.75, -0.5, 0.5]
    big = [2.0 ** 31 - 0.5, 2.0 ** 31 - 1, 2.0 ** 31 + 1, -(2.0 ** 31) - 1, -(2.0 ** 31) + 0.5, 2.0 ** 32 - 0.5,
           2.0 ** 32, 2.0 ** 32 + 1, 2.0 ** 63 - 2048, 2.0 ** 64 - 4096, -(2.0 ** 63) - 4096, 4294967295.5]
    return pool(t, halves, big, anyfloat(t, 80), logmag(t, -3, 66, 160))


for _src, _t, _from64 in (("float", np.float32, False), ("double", np.float64, True)):
    for _dst, _bits, _signed in (("int", 32, True), ("uint", 32, False), ("ll", 64, True), ("ull", 64, False)):
        for _m in MODES:
            define(f"{_src}2{_dst}_{_m}", exact(to_int_ref(_bits, _signed, _from64, _m), conversion_floats(_t)))
define("llrint", exact(to_int_ref(64, True, True, "rn"), conversion_floats(np.float64)))
define("llrintf", exact(to_int_ref(64, True, False, "rn"), conversion_floats(np.float32)))
define("llround", exact(to_int_ref(64, True, True, "ra"), conversion_floats(np.float64)))
define("llroundf", exact(to_int_ref(64, True, False, "ra"), conversion_floats(np.float32)))


def from_int_ref(fmt, mode, unsigned_bits=None):
    def ref(v):
        if unsigned_bits:
            v &= (1 << unsigned_bits) - 1
        return round_frac(Fraction(v), fmt, mode)
    return ref


INT_CONV32 = np.array(list(I32) + [2 ** 24 + 1, 2 ** 24 + 3, -(2 ** 24) - 1, 2 ** 25 + 2, 2 ** 31 - 1, 16777217],
                      dtype=np.int32)
INT_CONV64 = np.array(list(I64) + [2 ** 53 + 1, 2 ** 53 + 3, -(2 ** 53) - 1, 2 ** 24 + 1, 2 ** 63 - 1, -1, -2,
                                   2 ** 62 + 1, 0x7FFFFF8000000001], dtype=np.int64)
for _m in MODES:
    define(f"int2float_{_m}", exact(from_int_ref(F32, _m), INT_CONV32))
    define(f"uint2float_{_m}", exact(from_int_ref(F32, _m, 32), INT_CONV32))
    define(f"ll2float_{_m}", exact(from_int_ref(F32, _m), INT_CONV64))
    define(f"ull2float_{_m}", exact(from_int_ref(F32, _m, 64), INT_CONV64))
    define(f"ll2double_{_m}", exact(from_int_ref(F64, _m), INT_CONV64))
    define(f"ull2double_{_m}", exact(from_int_ref(F64, _m, 64), INT_CONV64))
    define(f"double2float_{_m}", exact(lambda x, _m=_m: float(np.float32(x)) if not math.isfinite(x) else
                                       round_frac(Fraction(x), F32, _m, math.copysign(1, x)),
                                       pool(np.float64, anyfloat(np.float64), logmag(np.float64, -155, 130))))
define("int2double_rn", exact(from_int_ref(F64, "rn"), INT_CONV32))
define("uint2double_rn", exact(from_int_ref(F64, "rn", 32), INT_CONV32))


# functions with exact results: NumPy's, or exact arithmetic
def np_exact(fn, t):
    def ref(*xs):
        with np.errstate(all="ignore"):
            r = fn(*[t(x) for x in xs])
        return tuple(v.item() for v in r) if isinstance(r, tuple) else float(r)
    return ref


def ilogb_ref(x):
    if math.isnan(x) or x == 0:
        return -2 ** 31
    if math.isinf(x):
        return 2 ** 31 - 1
    return math.frexp(x)[1] - 1


def round_away(t):
    def ref(x):
        return x if not math.isfinite(x) or x == 0 else math.copysign(float(round_int(Fraction(x), "ra")), x)
    return ref


def ldexp_ref(fmt):
    def ref(x, n):
        if not math.isfinite(x) or x == 0:
            return x
        n = max(-2200, min(2200, n))  # past these, every finite x overflows or underflows alike
        return round_frac(Fraction(x) * Fraction(2) ** n, fmt, "rn", math.copysign(1, x))
    return ref


def remquo_ref(t):
    def ref(x, y):
        if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
            return NAN, None
        if math.isinf(y):
            return x, 0
        q = Fraction(x) / Fraction(y)
        n = round_int(q, "rn")
        r = float(Fraction(x) - n * Fraction(y))
        return (r if r != 0 else math.copysign(0.0, x)), n
    return ref


def check_remquo(name, t):
    a = uniform(t, -1e6, 1e6) + anyfloat(t, 100)
    b = uniform(t, -100, 100) + anyfloat(t, 100)
    xs, ys = pair_pool(t, a, b[:len(a)])
    ins, (rem, quo) = run(name, xs, ys)
    msgs = []
    for x, y, r, q in zip(ins[0].tolist(), ins[1].tolist(), rem.tolist(), quo.tolist()):
        wr, n = remquo_ref(t)(x, y)
        if not same(r, wr):
            msgs.append(f"  {name}({x!r}, {y!r}) remainder {r!r}, expected {wr!r}")
        elif n is not None and n % 8 != 0:
            # CUDA and C: the quotient's sign and at least its last 3 bits
            if (abs(q) % 8 != abs(n) % 8) or (q < 0) != (n < 0):
                msgs.append(f"  {name}({x!r}, {y!r}) quotient bits {q}, expected {n} modulo 8")
    fail(name, msgs)


def check_frexp(name, t):
    xs = pool(t, anyfloat(t))
    ins, (m, e) = run(name, xs)
    wm, we = np.frexp(ins[0])
    msgs = [f"  {name}({x!r}) = ({a!r}, {b}), expected ({c!r}, {d})" for x, a, b, c, d in
            zip(ins[0].tolist(), m.tolist(), e.tolist(), wm.tolist(), we.tolist())
            if not same(a, c) or (math.isfinite(x) and b != d)]
    fail(name, msgs)


def check_modf(name, t):
    xs = pool(t, anyfloat(t), uniform(t, -100, 100))
    ins, (frac, whole) = run(name, xs)
    wf, wi = np.modf(ins[0])
    msgs = [f"  {name}({x!r}) = ({a!r}, {b!r}), expected ({c!r}, {d!r})" for x, a, b, c, d in
            zip(ins[0].tolist(), frac.tolist(), whole.tolist(), wf.tolist(), wi.tolist())
            if not (same(a, c) and same(b, d))]
    fail(name, msgs)


for _w, _t, _sfx in ((64, np.float64, ""), (32, np.float32, "f")):
    _fmt = F64 if _w == 64 else F32
    _x = pool(_t, anyfloat(_t), uniform(_t, -10, 10), [k + 0.5 for k in range(-5, 5)])
    _xa, _xb = pair_pool(_t, anyfloat(_t, 120) + uniform(_t, -10, 10, 80), anyfloat(_t, 120) + uniform(_t, -10, 10, 80))
    for _n, _fn in (("ceil", np.ceil), ("floor", np.floor), ("trunc", np.trunc), ("rint", np.rint),
                    ("nearbyint", np.rint), ("fabs", np.fabs)):
        define(_n + _sfx, exact(np_exact(_fn, _t), _x))
    define("round" + _sfx, exact(round_away(_t), _x))
    for _n, _fn in (("copysign", np.copysign), ("fmax", np.fmax), ("fmin", np.fmin), ("fmod", np.fmod),
                    ("remainder", lambda a, b: np.float64(math.remainder(a, b)) if np.isfinite(a) and b != 0
                     and not np.isnan(b) else np.float64(a) if np.isinf(b) and np.isfinite(a) else np.float64(NAN)),
                    ("nextafter", np.nextafter)):
        define(_n + _sfx, exact(np_exact(_fn, _t), _xa, _xb, zero_sign=_n not in ("fmax", "fmin")))
    define("fdim" + _sfx, exact(lambda x, y, _t=_t, _fmt=_fmt: NAN if math.isnan(x) or math.isnan(y) else 0.0 if x <= y
                                else INF if math.isinf(x) or math.isinf(y)
                                else round_frac(Fraction(x) - Fraction(y), _fmt, "rn"),
                                _xa, _xb))
    define("logb" + _sfx, exact(lambda x: NAN if math.isnan(x) else INF if math.isinf(x) else -INF if x == 0
                                else float(math.frexp(x)[1] - 1), _x))
    define("ilogb" + _sfx, exact(ilogb_ref, _x))
    _n_exp = np.array(list(RNG.integers(-1200, 1200, len(_x) - 6)) + [0, 1, -1, 2 ** 31 - 1, -2 ** 31, 1100],
                      dtype=np.int32)
    define("ldexp" + _sfx, exact(ldexp_ref(_fmt), _x, _n_exp))
    define("scalbn" + _sfx, exact(ldexp_ref(_fmt), _x, _n_exp))
    define("frexp" + _sfx, lambda name, _t=_t: check_frexp(name, _t))
    define("modf" + _sfx, lambda name, _t=_t: check_modf(name, _t))
    define("remquo" + _sfx, lambda name, _t=_t: check_remquo(name, _t))

define("saturatef", exact(lambda x: 0.0 if not x > 0 else min(x, 1.0), pool(np.float32, uniform(np.float32, -2, 3),
                                                                           anyfloat(np.float32)), zero_sign=False))

# transcendental functions, both widths
for _name in TRANSCENDENTAL:
    define(_name, transcendental(_name, 64))
    define(_name + "f", transcendental(_name, 32))


def two_arg(ref, bound, t, a, b):
    xs, ys = pair_pool(t, a, b)
    return close(ref, bound, xs, ys)


define("atan2", two_arg(atan2_ref, 2, np.float64, anyfloat(np.float64, 150) + uniform(np.float64, -5, 5, 100),
                        anyfloat(np.float64, 150) + uniform(np.float64, -5, 5, 100)))
define("atan2f", two_arg(atan2_ref, 3, np.float32, anyfloat(np.float32, 150) + uniform(np.float32, -5, 5, 100),
                         anyfloat(np.float32, 150) + uniform(np.float32, -5, 5, 100)))
define("hypot", two_arg(hypot_ref, 2, np.float64, anyfloat(np.float64, 250), anyfloat(np.float64, 250)))
define("hypotf", two_arg(hypot_ref, 3, np.float32, anyfloat(np.float32, 250), anyfloat(np.float32, 250)))
_pa = uniform(np.float64, 0, 4, 120) + logmag(np.float64, -60, 60, 120) + [-2.0, -3.0, -0.5] * 10
_pb = uniform(np.float64, -30, 30, 120) + uniform(np.float64, -4, 4, 120) + [3.0, -2.0, 5.0] * 10
define("pow", two_arg(pow_ref, 2, np.float64, _pa, _pb))
define("powf", two_arg(pow_ref, 4, np.float32, _pa, _pb))


def powi_ref(t):
    """libdevice's powi: x^|n| by squaring in the float type, 1 / that for n < 0 (exactly the
    roundings of its method; checked for being within a few ulps of x^n below too)."""
    def ref(x, n):
        x, r, e = t(x), t(1), abs(n)
        with np.errstate(all="ignore"):
            while True:
                if e & 1:
                    r = t(r * x)
                e >>= 1
                if not e:
                    break
                x = t(x * x)
            return float(t(1) / r if n < 0 else r)
    return ref


_pix = pool(np.float64, uniform(np.float64, -3, 3), logmag(np.float64, -20, 20))
_pin = np.array(list(RNG.integers(-40, 40, len(_pix) - 8)) + [0, 1, -1, 2, 1000, -1000, 2 ** 31 - 1, -2 ** 31],
                dtype=np.int32)
define("powi", exact(powi_ref(np.float64), _pix, _pin))
define("powif", exact(powi_ref(np.float32), _pix.astype(np.float32), _pin))


def check_powi_accuracy():
    """powi against the exact power: within |n| + 2 ulps (each squaring doubles the error before it)
    where nothing overflows or underflows."""
    for name, t, fmt in (("powi", np.float64, F64), ("powif", np.float32, F32)):
        x = np.array(uniform(t, 0.5, 2, 200), dtype=t)
        n = RNG.integers(-60, 60, 200).astype(np.int32)
        ins, (out,) = run(name, x, n)
        for xv, nv, g in zip(ins[0].tolist(), ins[1].tolist(), out.tolist()):
            want = Fraction(xv) ** int(nv)
            err = abs(Fraction(g) - want) / Fraction(ulp_of(float(want), fmt))
            assert err <= abs(nv) + 2, (name, xv, nv, g, float(want))


# the fast (approximate) float32 functions: CUDA's bounds for them on the GPU; the CPU executor runs
# the accurate function, held to that function's bound (the tighter one)
def fast(name, accurate, bound_gpu, xs, ys=None):
    """accurate: the accurate function whose float32 bound holds on the CPU (None: exact, fdiv_rn)."""
    b32 = TRANSCENDENTAL[accurate][3] if accurate in TRANSCENDENTAL else 4 if accurate == "pow" else 0

    def check(n):
        args = (xs,) if ys is None else (xs, ys)
        if not ON_CUDA:
            return close(FAST_REFS[name], b32, *args)(n)
        ins, (out,) = run(n, *args)
        msgs = []
        for i in range(len(ins[0])):
            a = [v[i].item() for v in ins]
            want = FAST_REFS[name](*a)
            got = out[i].item()
            ok, what = bound_gpu(got, want, *a)
            if not ok:
                msgs.append(f"  {n}{tuple(a)} = {got!r}, expected {float(want)!r}: {what}")
        fail(n, msgs)
    return check


def abs_or_ulps(abs_in, abs_err, ulps):
    """CUDA's bounds of __logf and kin: an absolute error for x in abs_in, else ulps."""
    def bound(got, want, x, *rest):
        if isinstance(want, float) and (not math.isfinite(want)):
            return same(got, want, False), "special value"
        if abs_in[0] <= x <= abs_in[1]:
            e = abs(float(hp.D(got) - hp.D(want)))
            return e <= abs_err, f"absolute error {e:.3g} (bound {abs_err:.3g})"
        e = decimal_error(got, want, F32)
        return e <= ulps + 0.5, f"{e:.2f} ulps (bound {ulps})"
    return bound


def ulps_of_x(k):
    """CUDA's bound of __expf (2 + floor(|1.173 x|) ulps) and __exp10f (2 + floor(|2.97 x|))."""
    def bound(got, want, x):
        b = 2 + math.floor(abs(k * x))
        e = decimal_error(got, want, F32)
        return e <= b + 0.5, f"{e:.2f} ulps (bound {b})"
    return bound


def abs_err(limit):
    def bound(got, want, *xs):
        e = abs(float(hp.D(got) - hp.D(want)))
        return e <= limit, f"absolute error {e:.3g} (bound {limit:.3g})"
    return bound


def fdividef_bound(got, want, x, y):
    """__fdividef: 2 ulps for |y| in [2^-126, 2^126]; a result below the normal range may be 0."""
    if isinstance(want, float) and not math.isfinite(want):
        return same(got, want, False), "special value"
    e = decimal_error(got, want, F32)
    tiny = abs(float(want)) < 2.0 ** -126 or (x != 0 and abs(x) < 2.0 ** -126)
    return e <= 2.5 or (tiny and got == 0), f"{e:.2f} ulps (bound 2)"


def powf_fast_bound(got, want, x, y):
    """__powf is exp2(y * __log2f(x)): the logarithm's absolute error (2^-22 on [0.5, 2], 2 ulps
    beyond: at most 2^-21 here) times |y|, and the rounding of the product t, move the exponent:
    a relative error of (2^-21 |y| + 2^-24 |t|) ln 2, plus exp2's 2 ulps."""
    e = decimal_error(got, want, F32)
    t = abs(y * math.log2(x)) if x > 0 else 0
    b = 2 + (2 ** -21 * abs(y) + 2 ** -24 * t) * math.log(2) / 2 ** -24
    return e <= b + 0.5, f"{e:.2f} ulps (bound {b:.1f})"


FAST_REFS = {
    "fast_expf": hp1(hp.exp, nonfinite_like(np.exp)),
    "fast_exp10f": hp1(TRANSCENDENTAL["exp10"][0], TRANSCENDENTAL["exp10"][1]),
    "fast_logf": hp1(hp.ln, nonfinite_like(np.log)),
    "fast_log2f": hp1(TRANSCENDENTAL["log2"][0], TRANSCENDENTAL["log2"][1]),
    "fast_log10f": hp1(TRANSCENDENTAL["log10"][0], TRANSCENDENTAL["log10"][1]),
    "fast_sinf": hp1(lambda x: hp.sin_cos(x)[0], nonfinite_like(np.sin)),
    "fast_cosf": hp1(lambda x: hp.sin_cos(x)[1], nonfinite_like(np.cos)),
    "fast_tanf": hp1(TRANSCENDENTAL["tan"][0], TRANSCENDENTAL["tan"][1]),
    "fast_powf": pow_ref,
    "fast_fdividef": lambda x, y: Fraction(x) / Fraction(y) if math.isfinite(x) and math.isfinite(y) and y != 0
    else arith_ref("div", F32, "rn")(x, y),
}
_normal32 = lambda lo, hi: uniform(np.float32, lo, hi)  # noqa: E731
define("fast_expf", fast("fast_expf", "exp", ulps_of_x(1.173),
                         np.array(_normal32(-80, 80) + [0.0, 1.0, -1.0], np.float32)))
define("fast_exp10f", fast("fast_exp10f", "exp10", ulps_of_x(2.97),
                           np.array(_normal32(-35, 35) + [0.0, 1.0, 2.0], np.float32)))
_logx = np.array(_normal32(0.5, 2) + logmag(np.float32, -120, 120, signed=False) + [1.0, 2.0, 0.5], np.float32)
define("fast_logf", fast("fast_logf", "log", abs_or_ulps((0.5, 2), 2 ** -21.41, 3), _logx))
define("fast_log2f", fast("fast_log2f", "log2", abs_or_ulps((0.5, 2), 2 ** -22, 2), _logx))
define("fast_log10f", fast("fast_log10f", "log10", abs_or_ulps((0.5, 2), 2 ** -24, 3), _logx))
_trigx = np.array(_normal32(-math.pi, math.pi) + [0.0, 1.0, -1.0, 3.0], np.float32)
define("fast_sinf", fast("fast_sinf", "sin", abs_err(2 ** -21.41), _trigx))
define("fast_cosf", fast("fast_cosf", "cos", abs_err(2 ** -21.19), _trigx))
_tanx = np.array(_normal32(-1.2, 1.2) + [0.0, 0.5, -0.5], np.float32)
define("fast_tanf", fast("fast_tanf", "tan", lambda g, w, x: (
    abs(float(hp.D(g) - hp.D(w))) <= 2 ** -21 * (1 + float(w) ** 2) * 1.5, "derived from __sinf / __cosf"), _tanx))
_fpx = np.array(_normal32(0.5, 4) + [1.0, 2.0, 4.0], np.float32)
_fpy = np.array(_normal32(-8, 8) + [2.0, 0.5, -1.0], np.float32)
define("fast_powf", fast("fast_powf", "pow", powf_fast_bound, _fpx, _fpy))
_fdx = np.array(anyfloat(np.float32, 150) + _normal32(-10, 10), np.float32)
_fdy = np.array(list(np.array(logmag(np.float32, -125, 125, 150), np.float32)) + _normal32(1, 10), np.float32)
define("fast_fdividef", fast("fast_fdividef", None, fdividef_bound, _fdx, _fdy))


def check_fast_sincosf(name):
    """__sincosf: __sinf's and __cosf's absolute errors on [-pi, pi] on the GPU; the accurate
    sincosf's 2 ulps on the CPU executor."""
    xs = _trigx if ON_CUDA else pool(np.float32, anyfloat(np.float32), uniform(np.float32, -10, 10))
    ins, (s, c) = run(name, xs)
    msgs = []
    for x, sv, cv in zip(ins[0].tolist(), s.tolist(), c.tolist()):
        for got, k in ((sv, 0), (cv, 1)):
            if not math.isfinite(x):
                if not math.isnan(got):
                    msgs.append(f"  {name}({x!r})[{k}] = {got!r}, expected NaN")
                continue
            want = hp.sin_cos(x)[k]
            if ON_CUDA:
                e = abs(float(hp.D(got) - want))
                if not e <= 2 ** -21.19:
                    msgs.append(f"  {name}({x!r})[{k}] = {got!r}: absolute error {e:.3g}")
            elif not decimal_error(got, want, F32) <= 2.5:
                msgs.append(f"  {name}({x!r})[{k}] = {got!r}, expected {float(want)!r}")
    fail(name, msgs)


define("fast_sincosf", check_fast_sincosf)


def check_sincos(name, t, pi_form):
    """sincos / sincosf / sincospi / sincospif: both results, against sin and cos (of pi x)."""
    base = TRANS_INPUTS["sinpi"](t) if pi_form else pool(t, anyfloat(t), uniform(t, -10, 10))
    ins, (s, c) = run(name, base)
    fs, fc = ("sinpi", "cospi") if pi_form else ("sin", "cos")
    bound = TRANSCENDENTAL[fs][2 if t == np.float64 else 3]
    msgs = []
    for x, sv, cv in zip(ins[0].tolist(), s.tolist(), c.tolist()):
        for got, fn in ((sv, fs), (cv, fc)):
            ref = hp1(TRANSCENDENTAL[fn][0], TRANSCENDENTAL[fn][1])
            want = ref(x)
            if isinstance(want, float) and (want == 0 or not math.isfinite(want)):
                if not same(got, want, x == 0):
                    msgs.append(f"  {name}({x!r}) {fn} = {got!r}, expected {want!r}")
                continue
            e = decimal_error(got, want, fmt_of(t))
            if not e <= bound + 0.5:
                msgs.append(f"  {name}({x!r}) {fn} = {got!r}, expected {float(want)!r}: {e:.2f} ulps (bound {bound})")
    fail(name, msgs)


define("sincos", lambda n: check_sincos(n, np.float64, False))
define("sincosf", lambda n: check_sincos(n, np.float32, False))
define("sincospi", lambda n: check_sincos(n, np.float64, True))
define("sincospif", lambda n: check_sincos(n, np.float32, True))

# exact functions of three arguments and fma without a mode
_fa = arith_inputs(np.float64, 3)
_fa32 = arith_inputs(np.float32, 3)
define("fma", exact(arith_ref("fma", F64, "rn"), *_fa))
define("fmaf", exact(arith_ref("fma", F32, "rn"), *_fa32))
define("sqrt", exact(arith_ref("sqrt", F64, "rn"), pool(np.float64, anyfloat(np.float64))))
define("sqrtf", exact(arith_ref("sqrt", F32, "rn"), pool(np.float32, anyfloat(np.float32))))


# gamma functions: ulps outside the interval of negative x where CUDA gives no bound
def lgamma_ref(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x) or (x <= 0 and x == math.floor(x)):
        return INF
    if x in (1.0, 2.0):
        return 0.0
    return hp.lgamma_abs(x)


def tgamma_ref(x):
    if math.isnan(x) or x == -INF or (x < 0 and x == math.floor(x)):
        return NAN
    if x == INF:
        return INF
    if x == 0:
        return math.copysign(INF, x)
    if x > 172:
        return INF
    if x < -190:
        return math.copysign(0.0, hp.gamma_sign(x))
    return hp.tgamma(x)


_lg64 = pool(np.float64, uniform(np.float64, -30, 30), logmag(np.float64, -40, 30, signed=False), [-0.5, -1.5, -20.5])
_lg32 = pool(np.float32, uniform(np.float32, -15, 30), logmag(np.float32, -40, 30, signed=False), [-0.5, -1.5, -12.5])
define("lgamma", close(lgamma_ref, 4, _lg64, domain=lambda x: not (-23.0001 <= x <= -2.2637)))
define("lgammaf", close(lgamma_ref, 6, _lg32, domain=lambda x: not (-10.001 <= x <= -2.264)))
define("tgamma", close(tgamma_ref, 10, pool(np.float64, uniform(np.float64, -185, 172), uniform(np.float64, -5, 10),
                                                 logmag(np.float64, -60, 0))))
define("tgammaf", close(tgamma_ref, 5, pool(np.float32, uniform(np.float32, -40, 36), uniform(np.float32, -5, 10),
                                                 logmag(np.float32, -60, 0))))


# Bessel functions: ulps near the origin, an absolute error beyond (CUDA's bounds)
def bessel_ref(kind, order):
    def ref(*a):
        n, x = (order, a[0]) if order is not None else (a[0], a[1])
        if math.isnan(x):
            return NAN
        if kind == "j":
            if math.isinf(x):
                return 0.0
            if x == 0:
                return 1.0 if n == 0 else math.copysign(0.0, x) if n % 2 else 0.0
            return hp.bessel_j(n, x)
        if x < 0 or (math.isnan(x)):
            return NAN
        if x == 0:
            return -INF
        if math.isinf(x):
            return 0.0
        v = hp.bessel_y(n, x)
        return v if abs(v) < hp.D("1e310") else -INF
    return ref


def bessel_check(kind, order, width):
    t = np.float64 if width == 64 else np.float32
    ulps, absolute = (7, 5e-12) if width == 64 else (9, 2.2e-6)
    sign = kind == "j"
    xs = pool(t, uniform(t, -8 if sign else 0, 8, 120), uniform(t, -60 if sign else 0, 60, 100),
              logmag(t, -20, 3, 40, signed=sign), [1e3, 12345.5, 1e5])
    if order is not None:
        return close(bessel_ref(kind, order), ulps, xs, absolute=lambda x: None if abs(x) < 8 else absolute)
    ns = np.array([0, 1, 2, 3, 5, 10, 20, 50, 128] * (len(xs) // 9 + 1), dtype=np.int32)[:len(xs)]
    if kind == "j":  # CUDA: an absolute error at least for n = 128
        ref = bessel_ref(kind, None)
        # On the GPU, libdevice's jn/jnf give NaN where the exact value is below the format's smallest
        # number (jn(10, 5e-324), jnf(128, 1e-30)): its recurrence meets inf * 0 there. That is the
        # result numba-cuda's programs get too (the same __nv_jn); the CPU executor gives 0.
        return close(ref, ulps, ns, xs, fmt=F64 if width == 64 else F32, absolute=lambda n, x: absolute,
                     nan_ok=lambda n, x: ON_CUDA and x != 0 and float(ref(n, x)) == 0.0)
    # yn: the absolute error for |x| > 1.5 n, but y0/y1's bounds for n = 0, 1 (ulps for x < 8); float32:
    # ceil(2 + 2.5 n) ulps for |x| < n
    xs = np.abs(xs)
    return close(bessel_ref(kind, None), lambda n, x: math.ceil(2 + 2.5 * n) if width == 32 and x < n else ulps,
                 ns, xs, fmt=F64 if width == 64 else F32,
                 absolute=lambda n, x: absolute if x > 1.5 * n and not (n <= 1 and x < 8) else None,
                 domain=lambda n, x: x > 1.5 * n or (n <= 1 and x < 8) or (width == 32 and x < n))


for _k in ("j", "y"):
    for _o in (0, 1):
        define(f"{_k}{_o}", bessel_check(_k, _o, 64))
        define(f"{_k}{_o}f", bessel_check(_k, _o, 32))
    define(f"{_k}n", bessel_check(_k, None, 64))
    define(f"{_k}nf", bessel_check(_k, None, 32))


def test_the_table_is_complete():
    """Every function of numba-cuda 0.30's libdevice binding has a check here (and nothing else)."""
    assert len(libdevicefuncs.functions) == 317
    assert list(libdevicefuncs.functions) == sorted(libdevicefuncs.functions)  # the compiler's binary search
    assert sorted(CHECKS) == sorted(k[5:] for k in libdevicefuncs.functions)


@pytest.mark.parametrize("name", sorted(k[5:] for k in libdevicefuncs.functions))
def test_function(name):
    CHECKS[name](name)


def test_powi_accuracy():
    check_powi_accuracy()


# ---- the module, its table and its typing --------------------------------------------------------

def test_libdevicefuncs_table():
    """numba-cuda's test_libdevice reads functions and create_signature: pointer parameters become
    results after the function's own, in a UniTuple when all are of one type."""
    f = libdevicefuncs.functions
    retty, args = f["__nv_sincos"]
    assert retty == types.void and [(a.name, a.ty, a.is_ptr) for a in args] == \
        [("x", types.float64, False), ("sptr", types.float64, True), ("cptr", types.float64, True)]
    cases = {"sincos": (types.UniTuple(types.float64, 2), (types.float64,)),
             "fast_sincosf": (types.UniTuple(types.float32, 2), (types.float32,)),
             "sincospif": (types.UniTuple(types.float32, 2), (types.float32,)),
             "frexp": (types.Tuple([types.float64, types.int32]), (types.float64,)),
             "modff": (types.UniTuple(types.float32, 2), (types.float32,)),
             "remquo": (types.Tuple([types.float64, types.int32]), (types.float64, types.float64)),
             "sad": (types.int32, (types.int32, types.int32, types.int32)),
             "float2half_rn": (types.int16, (types.float32,)),
             "clzll": (types.int32, (types.int64,)),
             "jn": (types.float64, (types.int32, types.float64))}
    for name, (ret, params) in cases.items():
        sig = libdevicefuncs.create_signature(*f["__nv_" + name])
        assert sig.return_type == ret and tuple(sig.args) == params, (name, sig)
    assert isinstance(libdevicefuncs.create_signature(*f["__nv_frexp"]).return_type, types.Tuple)
    assert isinstance(libdevicefuncs.create_signature(*f["__nv_sincos"]).return_type, types.UniTuple)
    tuples = sorted(n[5:] for n, (r, a) in f.items() if any(x.is_ptr for x in a))
    assert tuples == ["fast_sincosf", "frexp", "frexpf", "modf", "modff", "remquo", "remquof", "sincos", "sincosf",
                      "sincospi", "sincospif"]


def test_stubs_are_kernel_only():
    """Called outside a kernel, a libdevice function says so (numba's stubs return None: a mistake
    that pyjitc reports); each has libdevice's parameters (libdevice's `in` is `x`, as numba has it)."""
    import inspect
    with pytest.raises(TypeError, match=r"cuda\.libdevice\.sin\(\) can only be called inside a kernel"):
        libdevice.sin(1.0)
    assert list(inspect.signature(libdevice.atan2).parameters) == ["x", "y"]
    assert list(inspect.signature(libdevice.int2float_rn).parameters) == ["x"]
    assert list(inspect.signature(libdevice.sincos).parameters) == ["x"]
    assert "__nv_sincos" in libdevice.sincos.__doc__
    assert len([n for n in dir(libdevice) if not n.startswith("_")]) == 317


def test_import_forms():
    """libdevice reached as numba-cuda programs reach it: `from pyjitc.cuda import libdevice`,
    `cuda.libdevice.X`, `import pyjitc.cuda.libdevice as ld`, `from pyjitc.cuda.libdevice import X`,
    written in the kernel's module (source text, not exec'd objects)."""
    import importlib
    src = '''
import pyjitc.cuda.libdevice as ld
from pyjitc import cuda
from pyjitc.cuda import libdevice
from pyjitc.cuda.libdevice import sincos, fadd_rz


@cuda.jit
def k(x, out, e):
    i = cuda.grid(1)
    if i < x.size:
        s, c = sincos(x[i])
        m, ex = cuda.libdevice.frexp(x[i])
        out[i, 0] = s
        out[i, 1] = c
        out[i, 2] = m
        out[i, 3] = ld.cbrt(x[i])
        out[i, 4] = libdevice.sinpi(x[i])
        out[i, 5] = fadd_rz(x[i], 1.0)
        e[i] = ex
'''
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "ld_import_forms.py")
        with open(path, "w") as fh:
            fh.write(src)
        spec = importlib.util.spec_from_file_location("ld_import_forms", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        x = np.array([0.25, 1.5, -3.0, 8.0, 1e-3, 100.0])
        out = np.zeros((x.size, 6))
        e = np.zeros(x.size, np.int32)
        mod.k[1, 32](x, out, e)
    np.testing.assert_allclose(out[:, 0], np.sin(x), rtol=1e-15)
    np.testing.assert_allclose(out[:, 1], np.cos(x), rtol=1e-15)
    m, ex = np.frexp(x)
    np.testing.assert_array_equal(out[:, 2], m)
    np.testing.assert_array_equal(e, ex)
    np.testing.assert_allclose(out[:, 3], np.cbrt(x), rtol=1e-15)
    np.testing.assert_allclose(out[:, 4], [math.sin(math.pi * v) if v != 100.0 else 0.0 for v in x], atol=1e-15)
    want = [round_frac(Fraction(float(np.float32(v))) + 1, F32, "rz") for v in x]
    np.testing.assert_array_equal(out[:, 5], want)


def test_arguments_convert_as_numba_converts_them():
    """Arguments of other types convert to libdevice's parameter types: an integer to float64 for
    sin, a float64 to float32 for sinf, a float to int32 for abs (truncated), a bool to int32."""
    ns = {}
    exec("def k(i64, f64, b, out, iout):\n    i = cuda.grid(1)\n    if i < out.shape[0]:\n"
         "        out[i, 0] = libdevice.sin(i64[i])\n        out[i, 1] = libdevice.sinf(f64[i])\n"
         "        iout[i, 0] = libdevice.abs(f64[i])\n        iout[i, 1] = libdevice.popc(b[i])\n"
         "        iout[i, 2] = libdevice.clzll(i64[i])\n", {"cuda": cuda, "libdevice": libdevice}, ns)
    k = cuda.jit(ns["k"])
    i64 = np.array([0, 1, -7, 123456789, 2 ** 40])
    f64 = np.array([0.5, -2.75, 1e3, -1e-3, 3.0])
    b = np.array([True, False, True, True, False])
    out, iout = np.zeros((5, 2)), np.zeros((5, 3), np.int32)
    k[1, 32](i64, f64, b, out, iout)
    np.testing.assert_allclose(out[:, 0], np.sin(i64.astype(np.float64)), rtol=1e-15)
    # the argument rounded to float32 first; sinf within 2 ulps
    np.testing.assert_allclose(out[:, 1], np.sin(f64.astype(np.float32).astype(np.float64)), rtol=2.5 * 2 ** -23)
    np.testing.assert_array_equal(iout[:, 0], np.abs(np.trunc(f64)).astype(np.int32))
    np.testing.assert_array_equal(iout[:, 1], b.astype(np.int32))
    np.testing.assert_array_equal(iout[:, 2], [64 - u64(int(v)).bit_length() for v in i64])


@pytest.mark.parametrize("body, message", [
    ("out[i] = libdevice.sin(x[i], x[i])", r"cuda\.libdevice\.sin\(\) takes 1 argument, got 2"),
    ("out[i] = libdevice.fma(x[i])", r"cuda\.libdevice\.fma\(\) takes 3 arguments, got 1"),
    ("out[i] = libdevice.sin(x[i] * 1j)", r"cuda\.libdevice\.sin\(\) takes real numbers .* not complex128"),
    ("out[i] = libdevice.sincos(x)[0]", r"cuda\.libdevice\.sincos\(\) takes real numbers .* not array"),
    ("out[i] = libdevice.no_such_function(x[i])", r"module 'libdevice' has no function 'no_such_function'"),
])
def test_typing_errors(body, message):
    ns = {}
    exec(f"def bad(x, out):\n    i = cuda.grid(1)\n    if i < x.size:\n        {body}\n",
         {"cuda": cuda, "libdevice": libdevice}, ns)
    with pytest.raises(TypingError, match=message):
        cuda.jit(ns["bad"])[1, 32](np.zeros(4), np.zeros(4))


# ---- PTX: a call of __nv_<name> for every function ----------------------------------------------

def test_every_function_is_a_call_of_libdevice_in_ptx():
    """One kernel calls all 317 functions; its PTX, made without LLVM's inliner (--passes
    globaldce), has a call of __nv_<name> for each: the GPU runs libdevice's own code. Needs
    libdevice (CUDA's libdevice.10.bc), as every PTX with math functions does."""
    if _core.libdevice()[0] is None:
        pytest.skip("libdevice.10.bc not found (the GPU's math functions): PTX with them cannot be made here")
    import pyjitc_command
    arrays = {"float64": "f64", "float32": "f32", "int16": "i16", "int32": "i32", "int64": "i64"}
    lines = ["from numba import cuda", "from numba.cuda import libdevice", "", "",
             "@cuda.jit", "def every(f64, f32, i16, i32, i64):", "    i = cuda.grid(1)"]
    names = sorted(k[5:] for k in libdevicefuncs.functions)
    for k, name in enumerate(names):
        results, params = signature(name)
        call = f"libdevice.{name}({', '.join(f'{arrays[str(t)]}[i + {j}]' for j, t in enumerate(params))})"
        lines.append(f"    r{k} = {call}")
        for j, t in enumerate(results):
            item = f"r{k}[{j}]" if len(results) > 1 else f"r{k}"
            lines.append(f"    {arrays[str(t)]}[i + {k * 4 + j}] = {item}")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "every.py")
        with open(path, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        proc = subprocess.run([pyjitc_command.program(), path, "--emit=ptx", "--passes", "globaldce", "--sig",
                               "void(float64[:], float32[:], int16[:], int32[:], int64[:])"],
                              capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    ptx = proc.stdout
    called = set(re.findall(r"call(?:\.uni)?\s[^;]*?\b__nv_(\w+)\s*,", ptx, re.S))
    missing = [n for n in names if n not in called]
    assert not missing, f"no call of __nv_<name> in the PTX for {missing}"
