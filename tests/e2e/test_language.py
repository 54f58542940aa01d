"""The language of the slice, pinned to numba's semantics with real data: one small kernel file
per group in kernels/, launched on the test target (PYJITC_TEST_TARGET), every element checked
against an independent reference in plain Python or NumPy that follows numba's rules (typing of
mixed arithmetic, Python's // and % on negative operands, numba's numpy error model, wrapping).

Outputs start as poison (NaN, or a value the kernel never writes), so an element the launch
leaves unwritten fails the test."""
import math
import os

import numpy as np
import pytest

from pjrun import TARGET, here, launch


def K(name):
    return here(__file__, os.path.join("kernels", name))


INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
EPS32 = float(np.finfo(np.float32).eps)
EPS64 = float(np.finfo(np.float64).eps)


def run(file, kernel, n, *args, block=64, grid=None):
    """Launches kernels/FILE's KERNEL over n elements (a 1D grid covering them, unless given)."""
    out, _ = launch(K(file), grid if grid is not None else max(1, (n + block - 1) // block), block, *args,
                    kernel=kernel)
    return out


def poison(n, dtype):
    """An output filled with a value the test's kernels do not write there: NaN, -123 or 123.
    A bool output cannot hold one; those tests launch twice, over all-False and all-True."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return np.full(n, np.nan, dtype)
    if dtype.kind == "b":
        raise AssertionError("no poison value for bool: launch twice, over False and over True")
    info = np.iinfo(dtype)
    return np.full(n, max(info.min, -123) if dtype.kind == "i" else min(info.max, 123), dtype)


# ---- numba's integer typing, as a small model -------------------------------------------------

def bits(t):
    return np.dtype(t).itemsize * 8


def signed(t):
    return np.dtype(t).kind == "i"


def int_result(ta, tb):
    """numba's integer operator type: 64 bits (at least intp's width), signed if either is."""
    return "int64" if signed(ta) or signed(tb) else "uint64"


def wrap(v, t):
    """v (a Python int) converted to dtype t as a C cast does: modulo 2**bits."""
    n = bits(t)
    v &= (1 << n) - 1
    if signed(t) and v >= 1 << (n - 1):
        v -= 1 << n
    return v


def values(t, rng, n):
    """Edge values of dtype t, then random ones over its whole range."""
    info = np.iinfo(t)
    edges = {0, 1, 2, 3, 7, info.max, info.max - 1, info.max // 2, info.max // 2 + 1}
    if signed(t):
        edges |= {-1, -2, -3, -7, info.min, info.min + 1, info.min // 2}
    edges = sorted(edges)
    rand = rng.integers(info.min, info.max, n - len(edges), dtype=t, endpoint=True)
    small = rng.integers(max(info.min, -50), 50, n // 4, dtype=t)
    rand[: small.size] = small
    return np.concatenate([np.array(edges, dtype=t), rand])


def check_elements(name, got, want, inputs):
    """got (array) == want (list of Python numbers) element by element, with a readable report."""
    bad = []
    for k in range(len(want)):
        g, w = got[k].item(), want[k]
        same = (math.isnan(w) and math.isnan(g)) if isinstance(w, float) and math.isnan(w) else g == w
        if isinstance(w, float) and not math.isnan(w) and w == 0 and same:
            same = math.copysign(1, g) == math.copysign(1, w)
        if not same:
            bad.append(f"  [{k}] {name}{tuple(x[k].item() for x in inputs)}: got {g!r}, want {w!r}")
    assert not bad, f"{name}: {len(bad)} of {len(want)} elements wrong:\n" + "\n".join(bad[:20])


def check_all(*checks):
    """check_elements for each (name, got, want, inputs), reporting every failing one."""
    errors = []
    for check in checks:
        try:
            check_elements(*check)
        except AssertionError as e:
            errors.append(str(e))
    assert not errors, "\n".join(errors)


def assert_ulps(name, got, ref, eps, ulps, tiny=0.0):
    """|got - ref| <= ulps * eps * |ref| (+ tiny), NaN where ref is NaN, inf where ref is inf."""
    got64, ref64 = got.astype(np.float64), ref.astype(np.float64)
    assert not np.isnan(got64[~np.isnan(ref64)]).any(), f"{name}: NaN where a number is expected"
    with np.errstate(invalid="ignore"):
        err = np.abs(got64 - ref64)
        ok = (err <= ulps * eps * np.abs(ref64) + tiny) | (np.isnan(ref64) & np.isnan(got64)) | (got64 == ref64)
    bad = np.argwhere(~ok).ravel()
    assert bad.size == 0, (f"{name}: {bad.size} elements differ, e.g. "
                           + ", ".join(f"[{k}] got {got[k]!r} want {ref[k]!r}" for k in bad[:8]))


# ---- integer arithmetic ------------------------------------------------------------------------

def py_floordiv(x, y, rt):
    if y == 0:
        return 0  # numba's numpy error model
    if signed(rt) and x == np.iinfo(rt).min and y == -1:
        return 0  # numba returns 0, 0 for the one overflowing division
    return wrap(x // y, rt)


def py_mod(x, y, rt):
    if y == 0:
        return 0
    if signed(rt) and x == np.iinfo(rt).min and y == -1:
        return 0
    return wrap(x % y, rt)


def py_truediv(x, y):
    x, y = float(x), float(y)
    if y == 0:
        return math.nan if x == 0 or math.isnan(x) else math.copysign(math.inf, x) * math.copysign(1, y)
    return x / y


PAIRS = [(t, t) for t in INTS] + [("int32", "uint32"), ("uint32", "int32"), ("int64", "uint64"), ("uint64", "int64"),
                                  ("int8", "uint8"), ("uint8", "int16"), ("int8", "uint64"), ("uint16", "int64"),
                                  ("int16", "int32")]


@pytest.mark.parametrize("ta,tb", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_int_binops_compute_at_64_bits(ta, tb):
    """x + y, x - y, x * y, x // y, x % y, x / y for a pair of dtypes: numba computes at 64 bits,
    signed if either operand is signed, so the results are stored into 64-bit outputs exactly."""
    rng = np.random.default_rng(bits(ta) * 100 + bits(tb) + signed(ta) * 7 + signed(tb) * 13)
    n = 600
    a = values(ta, rng, n)
    b = values(tb, rng, n)
    rng.shuffle(b)
    b[::17] = 0  # zero divisors: 0 for // and %, inf/nan for /
    rt = int_result(ta, tb)
    outs = [poison(n, rt) for _ in range(5)] + [poison(n, np.float64)]
    out = run("int_arith.py", "binops", n, a, b, *outs)
    xs = [wrap(int(v), rt) for v in a]  # operands converted to the operation's type
    ys = [wrap(int(v), rt) for v in b]
    check_all(
        ("add", out["add"], [wrap(x + y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("sub", out["sub"], [wrap(x - y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("mul", out["mul"], [wrap(x * y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("floordiv", out["fdiv"], [py_floordiv(x, y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("mod", out["mod"], [py_mod(x, y, rt) for x, y in zip(xs, ys)], (a, b)),
        # int / int is float64, each operand converted to float64 first
        ("truediv", out["tdiv"], [py_truediv(int(x), int(y)) for x, y in zip(a, b)], (a, b)),
    )


@pytest.mark.parametrize("t", ["int8", "int32", "uint8", "uint32"])
def test_int_results_stored_into_narrow_outputs(t):
    """int32 + int32 computes in int64; storing into an int32/int8 output then wraps (a C cast)."""
    rng = np.random.default_rng(5)
    n = 300
    a = values(t, rng, n)
    b = values(t, rng, n)
    rng.shuffle(b)
    b[b == 0] = 1
    rt = int_result(t, t)
    outs = [poison(n, t) for _ in range(5)] + [poison(n, np.float32)]
    out = run("int_arith.py", "binops", n, a, b, *outs)
    xs, ys = [int(v) for v in a], [int(v) for v in b]
    check_all(
        ("add", out["add"], [wrap(x + y, t) for x, y in zip(xs, ys)], (a, b)),
        ("sub", out["sub"], [wrap(x - y, t) for x, y in zip(xs, ys)], (a, b)),
        ("mul", out["mul"], [wrap(x * y, t) for x, y in zip(xs, ys)], (a, b)),
        ("floordiv", out["fdiv"], [wrap(py_floordiv(x, y, rt), t) for x, y in zip(xs, ys)], (a, b)),
        ("mod", out["mod"], [wrap(py_mod(x, y, rt), t) for x, y in zip(xs, ys)], (a, b)),
        # the float64 quotient rounded to float32 on the store
        ("truediv", out["tdiv"], [float(np.float32(x / y)) for x, y in zip(xs, ys)], (a, b)),
    )


def test_int64_overflow_wraps():
    big = np.array([2**63 - 1, -(2**63), 2**62, -(2**62) - 1, 2**32, 3037000500], dtype=np.int64)
    other = np.array([1, -1, 2, 3, 2**32, 3037000500], dtype=np.int64)
    n = big.size
    outs = [poison(n, np.int64) for _ in range(5)] + [poison(n, np.float64)]
    out = run("int_arith.py", "binops", n, big, other, *outs)
    xs, ys = [int(v) for v in big], [int(v) for v in other]
    check_all(
        ("add", out["add"], [wrap(x + y, "int64") for x, y in zip(xs, ys)], (big, other)),
        ("sub", out["sub"], [wrap(x - y, "int64") for x, y in zip(xs, ys)], (big, other)),
        ("mul", out["mul"], [wrap(x * y, "int64") for x, y in zip(xs, ys)], (big, other)),
    )


def test_int_min_floordiv_minus_one_is_zero():
    """numba returns 0 for INT64_MIN // -1 and INT64_MIN % -1 (the one overflowing division)
    rather than trapping."""
    a = np.array([-(2**63), -(2**63), 7], dtype=np.int64)
    b = np.array([-1, 1, -1], dtype=np.int64)
    outs = [poison(3, np.int64) for _ in range(5)] + [poison(3, np.float64)]
    out = run("int_arith.py", "binops", 3, a, b, *outs)
    assert out["fdiv"].tolist() == [0, -(2**63), -7]
    assert out["mod"].tolist() == [0, 0, 0]


@pytest.mark.parametrize("t", INTS)
def test_int_unary(t):
    """-x and ~x are computed in x's own width, then widened to (u)int64 (numba negates and
    inverts before upcasting: -int8(-128) is -128, ~uint8(0) is 255); `not x` is x == 0."""
    rng = np.random.default_rng(bits(t))
    n = 200
    a = values(t, rng, n)
    rt = "int64" if signed(t) else "uint64"
    out = run("int_arith.py", "unary", n, a, poison(n, rt), poison(n, rt), poison(n, np.int8), poison(n, rt))
    xs = [int(v) for v in a]

    def neg(x):
        # On the GPU, -int16(-32768) is +32768: ptxas widens neg.s16 (measured on the H100 with
        # numba-cuda 0.30.4, which gives the same; int8 and int32 wrap). docs/language.md.
        if TARGET == "cuda" and t == "int16" and x == -32768:
            return 32768
        return wrap(wrap(-x, t), rt)

    check_all(
        ("neg", out["neg"], [neg(x) for x in xs], (a,)),
        ("invert", out["inv"], [wrap(wrap(~x, t), rt) for x in xs], (a,)),
        ("not", out["lnot"], [int(x == 0) for x in xs], (a,)),
        ("pos", out["pos"], [wrap(x, rt) for x in xs], (a,)),
    )


BIT_PAIRS = [("int64", "int64"), ("int32", "int32"), ("uint8", "uint8"), ("uint64", "uint64"), ("int8", "uint64"),
             ("uint32", "int16"), ("int16", "int16")]


@pytest.mark.parametrize("ta,tb", BIT_PAIRS, ids=[f"{a}-{b}" for a, b in BIT_PAIRS])
def test_bit_ops(ta, tb):
    rng = np.random.default_rng(bits(ta) + bits(tb))
    n = 300
    a, b = values(ta, rng, n), values(tb, rng, n)
    rng.shuffle(b)
    rt = int_result(ta, tb)
    out = run("int_arith.py", "bitops", n, a, b, poison(n, rt), poison(n, rt), poison(n, rt))
    xs = [wrap(int(v), rt) for v in a]
    ys = [wrap(int(v), rt) for v in b]
    check_all(
        ("and", out["band"], [wrap(x & y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("or", out["bor"], [wrap(x | y, rt) for x, y in zip(xs, ys)], (a, b)),
        ("xor", out["bxor"], [wrap(x ^ y, rt) for x, y in zip(xs, ys)], (a, b)),
    )


@pytest.mark.parametrize("t", INTS)
def test_shifts(t):
    """x << s and x >> s compute in (u)int64 (the left operand's signedness): << does not wrap at
    x's width, >> is arithmetic for signed and logical for unsigned x."""
    rng = np.random.default_rng(bits(t) + 1)
    n = 256
    a = values(t, rng, n)
    s = rng.integers(0, 64, n).astype(np.int64)
    s[:64] = np.arange(64)
    rt = "int64" if signed(t) else "uint64"
    out = run("int_arith.py", "shifts", n, a, s, poison(n, rt), poison(n, rt))
    xs = [wrap(int(v), rt) for v in a]
    check_all(
        ("shl", out["shl"], [wrap(x << int(k), rt) for x, k in zip(xs, s)], (a, s)),
        ("shr", out["shr"], [wrap(x >> int(k), rt) for x, k in zip(xs, s)], (a, s)),
    )


@pytest.mark.parametrize("t", ["uint64", "uint32", "int64"])
def test_shift_by_int_literal(t):
    """`u >> 1` with u uint64 and the literal an int64: numba types the shift by its left operand
    (uint64), so it is a logical shift."""
    info = np.iinfo(t)
    a = np.array([info.max, info.max - 5, info.max // 2 + 1, 12345, 0, 1] + ([info.min, -12345] if signed(t) else []),
                 dtype=t)
    n = a.size
    rt = "int64" if signed(t) else "uint64"
    out = run("int_arith.py", "shift_const", n, a, poison(n, rt), poison(n, rt), poison(n, rt))
    xs = [wrap(int(v), rt) for v in a]
    check_all(
        ("x >> 1", out["shr1"], [wrap(x >> 1, rt) for x in xs], (a,)),
        ("x >> 60", out["shr60"], [wrap(x >> 60, rt) for x in xs], (a,)),
        ("x << 3", out["shl3"], [wrap(x << 3, rt) for x in xs], (a,)),
    )


def numba_int_pow(x, y, rt):
    if y < 0:
        if x == 0:
            return wrap(-1 << 63, rt)  # numba's numpy error model: 0x8000... for 0 ** negative
        if x not in (1, -1):
            return 0
        return x ** (-y)  # 1.0 / r, converted back: 1 or -1
    return wrap(pow(x, y, 1 << 64), rt)  # repeated squaring at 64 bits


@pytest.mark.parametrize("ta,tb", [("int64", "int64"), ("int32", "int32"), ("uint64", "uint64"), ("int8", "int64")])
def test_int_power(ta, tb):
    """int ** int is an integer: exact with wrapping; a negative exponent gives 0 unless the base
    is 1 or -1."""
    rng = np.random.default_rng(bits(ta))
    lo_a = -12 if signed(ta) else 0
    lo_b = -5 if signed(tb) else 0
    a = np.concatenate([np.array([0, 1, 2, 3] + ([-1, -2, -3] if signed(ta) else []), dtype=ta),
                        rng.integers(lo_a, 13, 300).astype(ta)])
    b = np.concatenate([np.array([5, 0, 63, 40] + ([-1, -2, -3] if signed(tb) else []), dtype=tb),
                        rng.integers(lo_b, 70, 300).astype(tb)])
    keep = ~((a == 0) & (b < 0)) if signed(tb) else np.ones(a.size, bool)  # 0 ** -n: below
    a, b = a[keep], b[keep]
    rt = int_result(ta, tb)
    n = a.size
    out = run("int_arith.py", "power", n, a, b, poison(n, rt))
    check_elements("pow", out["out"], [numba_int_pow(int(x), int(y), rt) for x, y in zip(a, b)], (a, b))


def test_int_zero_to_negative_power():
    """0 ** -1 under numba's numpy error model: the most negative integer (0x8000...)."""
    a = np.array([0, 0, 2], dtype=np.int64)
    b = np.array([-1, -7, -1], dtype=np.int64)
    out = run("int_arith.py", "power", 3, a, b, poison(3, np.int64))
    assert out["out"].tolist() == [-(2**63), -(2**63), 0]


def test_augmented_assignment_to_names():
    rng = np.random.default_rng(9)
    n = 500
    a = rng.integers(-10**6, 10**6, n).astype(np.int32)
    b = rng.integers(-10**6, 10**6, n).astype(np.int64)
    out = run("int_arith.py", "augmented", n, a, b, poison(n, np.int64))
    want = []
    for x, y in zip(a.tolist(), b.tolist()):
        x += y
        x *= 3
        x -= 7
        x //= 2
        x %= 1000
        x **= 2
        x <<= 2
        x >>= 1
        x &= 0xFFFF
        x |= 1
        x ^= 0x55
        want.append(x)
    check_elements("augmented", out["out"], want, (a, b))


def test_augmented_assignment_to_elements():
    """a[i] += b[i] etc.: the element is read, combined (at 64 bits), and stored back (wrapping
    to the array's dtype)."""
    rng = np.random.default_rng(10)
    n = 500
    a = rng.integers(-30000, 30000, n).astype(np.int16)
    b = rng.integers(-30000, 30000, n).astype(np.int64)
    out = run("int_arith.py", "aug_element", n, a, b)
    want = []
    for x, y in zip(a.tolist(), b.tolist()):
        x = wrap(x + y, "int16")
        x = wrap(x * 2, "int16")
        x = wrap(x - 1, "int16")
        x = wrap(x // 3, "int16")
        want.append(x)
    check_elements("a[i] op= b[i]", out["a"], want, (a, b))


# ---- floats and mixed types --------------------------------------------------------------------

def float_values(t, rng, n):
    edges = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 3.0, -3.0, 7.25, -7.25, 1e-30, -1e-30, 1e30, -1e30,
             math.inf, -math.inf, math.nan]
    v = np.concatenate([np.array(edges), rng.standard_normal(n - len(edges)) * 10.0 ** rng.integers(-3, 4, n - len(edges))])
    return v.astype(t)


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_float_binops(t):
    """+ - * / on floats are single IEEE operations in the operands' type (float32 stays
    float32); // and % follow Python (the divisor's sign), computed in that type as numba does."""
    rng = np.random.default_rng(bits(t))
    n = 900
    x = float_values(t, rng, n)
    y = float_values(t, rng, n)
    rng.shuffle(y)
    y[y == 0] = 1.5  # x // 0.0 differs by design (docs/language.md), x % 0.0 is checked below
    outs = [poison(n, t) for _ in range(6)]
    out = run("float_arith.py", "fbinops", n, x, y, *outs)
    for name in ("add", "sub", "mul", "div", "fdiv", "mod"):
        assert out[name].dtype == np.dtype(t), name
    with np.errstate(all="ignore"):
        check_all(
            ("add", out["add"], (x + y).tolist(), (x, y)),
            ("sub", out["sub"], (x - y).tolist(), (x, y)),
            ("mul", out["mul"], (x * y).tolist(), (x, y)),
            ("div", out["div"], (x / y).tolist(), (x, y)),
            # NumPy's float // and % use CPython's algorithm (fmod, then correct toward the divisor's sign)
            ("floordiv", out["fdiv"], np.floor_divide(x, y).tolist(), (x, y)),
            ("mod", out["mod"], np.remainder(x, y).tolist(), (x, y)),
        )


def test_float64_floordiv_mod_match_python():
    rng = np.random.default_rng(12)
    pairs = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.0, -3.0), (-0.0, 3.0), (1.0, math.inf),
             (-1.0, math.inf), (1.0, -math.inf), (math.inf, 2.0), (1e300, 1e-300), (5.0, 0.1), (-1e-300, 1e300),
             (0.3, 0.1), (-0.3, 0.1)]
    pairs += list(zip((rng.standard_normal(300) * 1000).tolist(), (rng.standard_normal(300) * 3).tolist()))
    x = np.array([p[0] for p in pairs])
    y = np.array([p[1] for p in pairs])
    n = x.size
    out = run("float_arith.py", "fbinops", n, x, y, *[poison(n, np.float64) for _ in range(6)])
    check_all(
        ("x // y", out["fdiv"], [a // b for a, b in pairs], (x, y)),
        ("x % y", out["mod"], [a % b for a, b in pairs], (x, y)),
    )


def test_float_mod_by_zero_is_nan():
    x = np.array([1.0, -1.0, 0.0, 5.5])
    y = np.array([0.0, 0.0, -0.0, -0.0])
    out = run("float_arith.py", "fbinops", 4, x, y, *[poison(4, np.float64) for _ in range(6)])
    assert np.isnan(out["mod"]).all(), out["mod"]
    with np.errstate(all="ignore"):
        check_elements("x / 0.0", out["div"], (x / y).tolist(), (x, y))


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_float_unary(t):
    x = np.array([0.0, -0.0, 1.5, -1.5, math.inf, -math.inf, math.nan, 1e-40, 3.0], dtype=t)
    out = run("float_arith.py", "fneg", x.size, x, poison(x.size, t), poison(x.size, np.int8))
    check_all(
        ("-x", out["neg"], (-x).tolist(), (x,)),
        ("not x", out["lnot"], [int(not v) for v in x.tolist()], (x,)),
    )


# (a's dtype, b's dtype, the type numba computes a+b, a*b and a/b in)
MIXED = [
    ("float32", "float32", "float32"), ("float32", "float64", "float64"), ("float64", "float32", "float64"),
    ("int8", "float32", "float32"), ("int16", "float32", "float32"), ("uint8", "float32", "float32"),
    ("bool", "float32", "float32"), ("float32", "int16", "float32"),
    ("uint16", "float32", "float64"), ("float32", "uint16", "float64"),
    ("int32", "float32", "float64"), ("int64", "float32", "float64"), ("uint32", "float32", "float64"),
    ("uint64", "float32", "float64"), ("float32", "int64", "float64"),
    ("int32", "float64", "float64"), ("int64", "float64", "float64"), ("uint64", "float64", "float64"),
]


@pytest.mark.parametrize("ta,tb,ct", MIXED, ids=[f"{a}-{b}" for a, b, _ in MIXED])
def test_mixed_promotion(ta, tb, ct):
    """A float with an integer computes in float64, except float32 with a bool, int8, int16 or
    uint8 (numba's safe conversions), which stays float32; float32 with float64 is float64. The
    outputs are float64, so a float32 computation shows as a float32-rounded value."""
    rng = np.random.default_rng(len(ta) * 10 + len(tb))
    n = 400

    def gen(t):
        if t == "bool":
            return rng.integers(0, 2, n).astype(bool)
        if np.dtype(t).kind == "f":
            return (rng.standard_normal(n) * 1000).astype(t)
        info = np.iinfo(t)
        return rng.integers(max(info.min, -(2**62)), min(info.max, 2**62), n, dtype=t)

    a, b = gen(ta), gen(tb)
    if np.dtype(tb).kind != "f":
        b[b == 0] = 3
    out = run("float_arith.py", "mixed", n, a, b, *[poison(n, np.float64) for _ in range(3)])
    A, B = a.astype(ct), b.astype(ct)
    with np.errstate(all="ignore"):
        check_all(*[(f"{name} in {ct}", out[name], ref.astype(np.float64).tolist(), (a, b))
                    for name, ref in [("add", A + B), ("mul", A * B), ("div", A / B)]])


def test_float32_with_python_literals():
    """A Python int literal is int64 and a float literal float64: float32 * 3, float32 + 0.1,
    float32 / 3 all compute in float64 (numba), then are stored into float32 outputs."""
    rng = np.random.default_rng(13)
    n = 500
    x = (rng.standard_normal(n) * 1000).astype(np.float32)
    out = run("float_arith.py", "literals", n, x, *[poison(n, np.float32) for _ in range(5)])
    X = x.astype(np.float64)
    check_all(
        ("x * 3", out["mul3"], (X * 3).astype(np.float32).tolist(), (x,)),
        ("x + 0.1", out["add_tenth"], (X + 0.1).astype(np.float32).tolist(), (x,)),
        ("x / 3", out["div3"], (X / 3).astype(np.float32).tolist(), (x,)),
        ("x + 16777217", out["add_big"], (X + 16777217).astype(np.float32).tolist(), (x,)),
        ("x * 0.5", out["mul_half"], (X * 0.5).astype(np.float32).tolist(), (x,)),
    )


def test_float32_with_python_literals_float64_outputs():
    rng = np.random.default_rng(14)
    n = 500
    x = (rng.standard_normal(n) * 1000).astype(np.float32)
    out = run("float_arith.py", "literals", n, x, *[poison(n, np.float64) for _ in range(5)])
    X = x.astype(np.float64)
    check_all(
        ("x * 3", out["mul3"], (X * 3).tolist(), (x,)),
        ("x + 0.1", out["add_tenth"], (X + 0.1).tolist(), (x,)),
        ("x / 3", out["div3"], (X / 3).tolist(), (x,)),
        ("x + 16777217", out["add_big"], (X + 16777217).tolist(), (x,)),
    )


@pytest.mark.parametrize("tx,ty,ct", [("float64", "float64", "float64"), ("float32", "float32", "float32"),
                                      ("float32", "float64", "float64"), ("int64", "float64", "float64")])
def test_float_power_float(tx, ty, ct):
    """float ** float is pow() in the computation type (NaN for a negative base and a fractional
    exponent)."""
    rng = np.random.default_rng(15)
    n = 400
    x = np.concatenate([np.array([2.0, -2.0, 0.0, 4.0, -8.0, 1.0, 10.0, 0.5]),
                        rng.random(n - 8) * 20 - (5 if tx != "int64" else 0)])
    y = np.concatenate([np.array([0.5, 0.5, 2.0, -0.5, 3.0, 1e10, -3.0, 0.25]), rng.random(n - 8) * 8 - 4])
    x, y = x.astype(tx), y.astype(ty)
    out = run("float_arith.py", "fpow", n, x, y, poison(n, np.float64))
    with np.errstate(all="ignore"):
        ref = np.power(x.astype(ct), y.astype(ct))
    eps = EPS32 if ct == "float32" else EPS64
    if ct == "float32":
        assert (out["out"][np.isfinite(out["out"])].astype(np.float32).astype(np.float64)
                == out["out"][np.isfinite(out["out"])]).all(), "float32 ** float32 is not computed in float32"
    assert_ulps("x ** y", out["out"], ref, eps, 8)


@pytest.mark.parametrize("tx", ["float64", "float32"])
def test_float_power_int(tx):
    """float ** int: numba multiplies repeatedly in the float's type (float32 ** int64 stays
    float32), 1/r for a negative exponent."""
    rng = np.random.default_rng(16)
    n = 300
    x = (rng.random(n) * 6 - 3).astype(tx)
    x[:4] = [0.5, -2.0, 3.0, -1.5]
    y = rng.integers(-8, 9, n).astype(np.int64)
    y[:4] = [0, -3, 8, 5]
    out = run("float_arith.py", "fpow", n, x, y, poison(n, np.float64))
    ref = np.array([float(a) ** int(b) for a, b in zip(x.astype(np.float64), y)])
    if tx == "float32":
        got = out["out"]
        assert (got.astype(np.float32).astype(np.float64) == got).all(), "float32 ** int64 is not computed in float32"
        assert_ulps("x ** n", got, ref, EPS32, 16)
    else:
        assert_ulps("x ** n", out["out"], ref, EPS64, 16)


# (source dtype, destination dtype, values)
STORES = [
    ("float64", "float32", [0.1, -1e-3, 1e30, 3.4e38, 1e-45, 2.5, -0.0, math.inf, math.nan]),
    ("float64", "int32", [2.9, -2.9, 0.5, -0.5, 2147483647.0, -2147483648.0, 1e9 + 0.75, -0.0]),
    ("float32", "int64", [2.9, -2.9, 1e18, -1e18, 16777217.0, 0.999]),
    ("float64", "uint8", [0.0, 1.5, 254.99, 200.2]),
    ("int64", "int8", [127, 128, 255, 256, -129, -(2**63), 2**63 - 1, 1000]),
    ("int64", "uint8", [-1, 256, 255, 300, -(2**63)]),
    ("int64", "uint32", [-1, 2**32, 2**32 + 5, 2**31]),
    ("uint64", "int16", [2**64 - 1, 32768, 65535, 70000]),
    ("int64", "float32", [2**24 + 1, 2**53 + 1, -(2**63), 3]),
    ("int64", "float64", [2**53 + 1, 2**63 - 1, -(2**63), -3]),
    ("uint64", "float64", [2**64 - 1, 2**63 + 2**11 + 1, 12345]),
    ("bool", "float64", [True, False]),
    ("bool", "int32", [True, False]),
    ("int64", "bool", [0, 1, -1, 2**40]),
    ("float64", "bool", [0.0, -0.0, 0.5, math.nan, -math.inf]),
]


@pytest.mark.parametrize("ts,td,vals", STORES, ids=[f"{a}-{b}" for a, b, _ in STORES])
def test_store_converts_to_the_array_dtype(ts, td, vals):
    """dst[i] = src[i] converts as numba does: float to int truncates toward zero, int to a
    narrower int wraps, int to float rounds to nearest, anything to bool is `!= 0`."""
    src = np.array(vals, dtype=ts)
    n = src.size
    if td == "bool":
        outs = []
        for fill in (False, True):  # a bool output cannot hold a poison value: launch twice
            out = run("float_arith.py", "store", n, src, np.full(n, fill, bool))
            outs.append(out["dst"])
        assert (outs[0] == outs[1]).all(), "elements left unwritten"
        got = outs[0]
        want = [bool(v != 0) or (isinstance(v, float) and math.isnan(v)) for v in vals]
    else:
        got = run("float_arith.py", "store", n, src, poison(n, td))["dst"]
        if np.dtype(td).kind == "f":
            want = src.astype(td).tolist()
        elif np.dtype(ts).kind == "f":
            want = [int(math.trunc(v)) for v in src.tolist()]  # in range: exact truncation
        else:
            want = [wrap(int(v), td) for v in src.tolist()]
    check_elements(f"{ts} -> {td}", got, want, (src,))


# ---- comparisons, and/or/not, conditional expressions, if/elif/else ----------------------------

CMP_TYPES = [("int64", "int64", "int64"), ("float64", "float64", "float64"), ("int32", "uint32", "int64"),
             ("int64", "uint64", "uint64"), ("float32", "float64", "float32"), ("int64", "float64", "int32"),
             ("uint8", "int8", "int16")]


@pytest.mark.parametrize("ta,tb,tc", CMP_TYPES, ids=[f"{a}-{b}-{c}" for a, b, c in CMP_TYPES])
def test_comparisons(ta, tb, tc):
    """< <= == != > >= and chained a < b <= c, with operands of mixed types compared by value
    (numba compares int64 with uint64 as float64: -1 < uint64(5) is True)."""
    rng = np.random.default_rng(21)
    n = 400

    def gen(t):
        if np.dtype(t).kind == "f":
            v = np.round(rng.standard_normal(n) * 4, 1).astype(t)
            v[:6] = [math.nan, 0.0, -0.0, math.inf, -math.inf, 1.0]
            return v
        info = np.iinfo(t)
        v = rng.integers(max(info.min, -6), min(info.max, 6), n, endpoint=True).astype(t)
        v[-8:] = rng.integers(max(info.min, -(2**52)), min(info.max, 2**52), 8, endpoint=True).astype(t)
        if t == "uint64":
            v[-3:] = [2**64 - 1, 2**63, 2**63 + 2**12]  # far from every int64 below 2**52
        return v

    a, b, c = gen(ta), gen(tb), gen(tc)
    out = run("logic.py", "compare", n, a, b, c, *[poison(n, np.int8) for _ in range(8)])
    A, B, C = [[v.item() for v in arr] for arr in (a, b, c)]  # Python numbers compare by value
    check_all(
        ("<", out["lt"], [int(x < y) for x, y in zip(A, B)], (a, b)),
        ("<=", out["le"], [int(x <= y) for x, y in zip(A, B)], (a, b)),
        ("==", out["eq"], [int(x == y) for x, y in zip(A, B)], (a, b)),
        ("!=", out["ne"], [int(x != y) for x, y in zip(A, B)], (a, b)),
        (">", out["gt"], [int(x > y) for x, y in zip(A, B)], (a, b)),
        (">=", out["ge"], [int(x >= y) for x, y in zip(A, B)], (a, b)),
        ("x < y <= z", out["chain"], [int(x < y <= z) for x, y, z in zip(A, B, C)], (a, b, c)),
        ("x <= y < z != x", out["chain3"], [int(x <= y < z != x) for x, y, z in zip(A, B, C)], (a, b, c)),
    )


def test_and_or_not_values():
    """`a and b` is a if a is falsy else b; `a or b` is a if a is truthy else b (the values, not
    bools); with an int and a float the result is their unification (float64)."""
    rng = np.random.default_rng(22)
    n = 300
    a = rng.integers(-2, 3, n).astype(np.int64)
    b = rng.integers(-3, 4, n).astype(np.int64) * 7
    x = np.round(rng.standard_normal(n), 2)
    x[::5] = 0.0
    x[1::7] = math.nan
    outs = [poison(n, np.int64), poison(n, np.int64), poison(n, np.int8), poison(n, np.float64),
            poison(n, np.float64), poison(n, np.int64), poison(n, np.float64)]
    out = run("logic.py", "andor", n, a, b, x, *outs)
    A, B, X = a.tolist(), b.tolist(), x.tolist()
    check_all(
        ("a and b", out["and_v"], [p and q for p, q in zip(A, B)], (a, b)),
        ("a or b", out["or_v"], [p or q for p, q in zip(A, B)], (a, b)),
        ("not a", out["not_v"], [int(not p) for p in A], (a,)),
        ("a and x", out["and_f"], [float(p and q) for p, q in zip(A, X)], (a, x)),
        ("x or a", out["or_f"], [float(q or p) for p, q in zip(A, X)], (a, x)),
        ("a if a > b else b * 2", out["cond_v"], [p if p > q else q * 2 for p, q in zip(A, B)], (a, b)),
        ("a if a > b else x", out["cond_f"], [float(p) if p > q else r for p, q, r in zip(A, B, X)], (a, b, x)),
    )


def test_if_elif_else():
    rng = np.random.default_rng(23)
    n = 500
    a = rng.integers(-10, 15, n).astype(np.int32)
    b = rng.integers(-10, 15, n).astype(np.int64)
    out = run("logic.py", "branches", n, a, b, poison(n, np.int64))

    def ref(x, y):
        if x < 0:
            r = -1
        elif x == 0:
            r = 0
        elif x < y:
            r = 1
        elif x == y:
            r = 2
        else:
            r = 3
        if x > 5 and y > 5 or x == -7:
            r += 10
        if not (x % 2 == 0):
            r += 100
        if x > 0:
            r += 1000 if y > 0 else 2000
        return r

    check_elements("branches", out["out"], [ref(int(x), int(y)) for x, y in zip(a, b)], (a, b))


# ---- loops, while, break/continue, return -------------------------------------------------------

def test_range_with_start_stop_step():
    """range(start, stop, step) with negative steps and empty ranges: the count, the sum, and the
    loop variable after the loop (unchanged when the loop does not run)."""
    rng = np.random.default_rng(31)
    n = 600
    start = rng.integers(-20, 21, n).astype(np.int64)
    stop = rng.integers(-20, 21, n).astype(np.int64)
    step = rng.integers(1, 6, n).astype(np.int64) * rng.choice([-1, 1], n)
    start[:4], stop[:4], step[:4] = [0, 10, 5, -3], [10, 0, 5, 4], [3, -3, -1, 2]
    out = run("control.py", "ranges", n, start, stop, step, *[poison(n, np.int64) for _ in range(3)])
    rs = [range(int(p), int(q), int(s)) for p, q, s in zip(start, stop, step)]
    check_all(
        ("count", out["count"], [len(r) for r in rs], (start, stop, step)),
        ("sum", out["total"], [sum(r) for r in rs], (start, stop, step)),
        ("last", out["last"], [r[-1] if len(r) else -999 for r in rs], (start, stop, step)),
    )


@pytest.mark.parametrize("t", ["int64", "int32", "uint8"])
def test_range_forms(t):
    """range(n), range(a, n), range(n, -1, -1), range(10, 0, -3), a loop body reassigning the loop
    variable (the iteration is unchanged), range(-n, n, 4), empty ranges."""
    n_vals = np.arange(1, 41).astype(t)
    n = n_vals.size
    out, _ = launch(K("control.py"), 1, 64, n_vals, np.full((n, 8), -123, np.int64), kernel="range_forms")
    got = out["out"]

    def ref(m):
        r = [sum(range(m)), sum(k * k for k in range(3, m))]
        s = 0
        for k in range(m, -1, -1):
            s = (s * 3 + k) % 1000003
        r.append(s)
        s = 0
        for k in range(10, 0, -3):
            s = s * 100 + k
        r.append(s)
        s = 0
        for k in range(m):
            s += k
            k = 100
            s += k
        # -m is computed in m's type: for an unsigned m it wraps (numba), and the range is empty
        r += [s, k, sum(range(wrap(-m, t), m, 4)), 0]
        return r

    want = np.array([ref(int(m)) for m in n_vals], dtype=np.int64)
    bad = np.argwhere(got != want)
    assert bad.size == 0, "\n".join(f"n={n_vals[i]} column {j}: got {got[i, j]}, want {want[i, j]}" for i, j in bad[:20])


def test_nested_loops_break_continue():
    rng = np.random.default_rng(32)
    m = rng.integers(-20, 100, (300, 12)).astype(np.int64)
    out = run("control.py", "nested", 300, m, poison(300, np.int64))

    def ref(row):
        t = 0
        for j in range(len(row)):
            if row[j] < 0:
                continue
            if row[j] > 90:
                break
            for k in range(j):
                if k > 3:
                    break
                if k == 1:
                    continue
                t += k
            t += row[j]
        return t

    check_elements("nested", out["out"], [ref(r) for r in m.tolist()], (m[:, 0],))


def test_while_break_continue():
    rng = np.random.default_rng(33)
    n = 300
    a = rng.integers(1, 100, (n, 10)).astype(np.int64)
    a[:, 2] = rng.integers(1, 3000, n)
    out = run("control.py", "whiles", n, a, *[poison(n, np.int64) for _ in range(3)])

    def first(row):
        for j, v in enumerate(row):
            if v % 2 == 1 and v > 50:
                return j
        return -1

    def collatz(v):
        c = 0
        while v > 1:
            c += 1
            v = v // 2 if v % 2 == 0 else 3 * v + 1
        return c

    rows = a.tolist()
    check_all(
        ("first odd > 50", out["first"], [first(r) for r in rows], (a[:, 0],)),
        ("gcd", out["gcd"], [math.gcd(r[0], r[1]) for r in rows], (a[:, 0], a[:, 1])),
        ("collatz steps", out["steps"], [collatz(r[2]) for r in rows], (a[:, 2],)),
    )


def test_early_return():
    """Threads that return early write nothing: their elements keep the poison value."""
    rng = np.random.default_rng(34)
    n = 300
    a = rng.integers(-50, 12000, n).astype(np.int64)
    out = run("control.py", "early_return", n, a, poison(n, np.int64), grid=8, block=64)

    def ref(i, v):
        if i % 3 == 0:
            return -123
        if v < 0:
            return -1
        for k in range(100):
            if k * k >= v:
                return k
        return 100

    check_elements("early return", out["out"], [ref(i, int(v)) for i, v in enumerate(a)], (a,))


# ---- arrays ------------------------------------------------------------------------------------

@pytest.mark.parametrize("t", ["float32", "int64", "uint8"])
def test_negative_indices_wrap(t):
    n = 333
    a = (np.arange(n) % 200 + 1).astype(t)
    out = run("arrays.py", "neg_index", n, a, poison(n, t), poison(n, np.float64))
    check_all(
        ("a[i - a.size]", out["out"], a.tolist(), (a,)),
        ("a[-1] * 1000 + a[-a.size]", out["ends"], [float(a[-1].item() * 1000 + a[0].item())] * n, (a,)),
    )


def test_negative_index_store():
    n = 100
    out = run("arrays.py", "neg_store", n, poison(n, np.int32))
    check_elements("out[-1 - i] = i", out["out"], list(range(n - 1, -1, -1)), (np.arange(n),))


def test_2d_tuple_indices():
    rng = np.random.default_rng(41)
    m = rng.integers(-100, 100, (37, 53)).astype(np.int32)
    o = np.full((37, 53), -12345, np.int64)
    out, _ = launch(K("arrays.py"), (3, 4), (16, 16), m, o, kernel="index_2d")
    want = m.astype(np.int64) * 10 + m[::-1, ::-1]
    np.testing.assert_array_equal(out["out"], want)


def test_3d_tuple_indices():
    rng = np.random.default_rng(42)
    t = rng.integers(0, 100, (5, 6, 7)).astype(np.int64)
    o = np.full((5, 6, 7), -12345, np.int64)
    out, _ = launch(K("arrays.py"), (2, 2, 2), (4, 4, 4), t, o, kernel="index_3d")
    want = t + t[-1][None, :, :] * 1000 + t[:, ::-1, :] * 1000000
    np.testing.assert_array_equal(out["out"], want)


def test_2d_row_sums_with_len():
    rng = np.random.default_rng(43)
    m = rng.standard_normal((50, 17))
    out = run("arrays.py", "row_sums", 50, m, poison(50, np.float64))
    want = []
    for row in m.tolist():
        s = 0.0
        for v in row:
            s += v
        want.append(s)
    check_elements("row sums", out["out"], want, (m[:, 0],))


def test_shape_size_len():
    a1 = np.zeros(7, np.float32)
    a2 = np.zeros((3, 5), np.int16)
    a3 = np.zeros((2, 3, 4), np.float64)
    out = run("arrays.py", "shapes", 1, a1, a2, a3, poison(12, np.int64))
    assert out["out"].tolist() == [7, 7, 7, 15, 3, 3, 5, 24, 2, 2, 3, 4]


# ---- thread and block indices ------------------------------------------------------------------

@pytest.mark.parametrize("grid,block", [((2, 3, 2), (4, 2, 3)), ((3, 1, 2), (2, 5, 1)), ((1, 1, 1), (8, 4, 2))])
def test_thread_indices_3d(grid, block):
    NX, NY, NZ = (g * b for g, b in zip(grid, block))
    rec = np.full((NX, NY, NZ * 20), -123, np.int64)
    out, _ = launch(K("threads.py"), grid, block, rec, kernel="record")
    got = out["rec"].reshape(NX, NY, NZ, 20)
    want = np.empty_like(got)
    for x in range(NX):
        for y in range(NY):
            for z in range(NZ):
                t = (x % block[0], y % block[1], z % block[2])
                b = (x // block[0], y // block[1], z // block[2])
                want[x, y, z] = [*t, *b, *block, *grid, NX, NY, x, NX, NX, NY, NZ, x * 1000 + y]
    names = ["threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z",
             "blockDim.x", "blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z",
             "gridsize(2)[0]", "gridsize(2)[1]", "grid(1)", "gridsize(1)", "gridsize(3)[0]", "gridsize(3)[1]",
             "gridsize(3)[2]", "grid(2)"]
    bad = np.argwhere(got != want)
    assert bad.size == 0, f"{len(bad)} wrong: " + "; ".join(
        f"thread {tuple(p[:3])} {names[p[3]]}: got {got[tuple(p)]}, want {want[tuple(p)]}" for p in bad[:12])


def test_thread_index_arithmetic_is_signed():
    """numba-cuda types threadIdx/blockDim .x as int32, so threadIdx.x - blockDim.x is negative
    (int64), not a wrapped unsigned value."""
    n = 64
    outs = [poison(n, np.int64), poison(n, np.float64), poison(n, np.int64), poison(n, np.int8)]
    out = run("threads.py", "index_arith", n, *outs, block=16, grid=4)
    tx = [i % 16 for i in range(n)]
    check_all(
        ("threadIdx.x - blockDim.x", out["diff"], [t - 16 for t in tx], (np.arange(n),)),
        ("-threadIdx.x", out["neg"], [float(-t) for t in tx], (np.arange(n),)),
        ("(threadIdx.x - blockDim.x) // 2", out["halves"], [(t - 16) // 2 for t in tx], (np.arange(n),)),
        ("threadIdx.x - blockDim.x < 0", out["below"], [1] * n, (np.arange(n),)),
    )


# ---- math functions ----------------------------------------------------------------------------

def math_inputs(t, rng, n):
    x = np.concatenate([np.array([0.0, -0.0, 1.0, 0.5, 2.0, -1.0, -2.5, 100.0, -100.0, math.inf, -math.inf, math.nan,
                                  1e-3, 3.14159, 20.0, 80.0]),
                        rng.random(n // 2) * 40 - 20, rng.random(n - n // 2 - 16) * 4])
    return x.astype(t)


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_math_unary(t):
    """math.sqrt/exp/log/sin/cos/fabs in the argument's precision (float32 stays float32, as
    numba-cuda's libdevice calls do): compared with NumPy in float64 rounded to the type."""
    rng = np.random.default_rng(51)
    n = 1000
    x = math_inputs(t, rng, n)
    out = run("mathfn.py", "unary_math", n, x, *[poison(n, np.float64) for _ in range(6)])
    X = x.astype(np.float64)
    eps, ulps = (EPS32, 8) if t == "float32" else (EPS64, 4)
    errors = []
    with np.errstate(all="ignore"):
        for name, fn in [("sqrt", np.sqrt), ("exp", np.exp), ("log", np.log), ("sin", np.sin), ("cos", np.cos),
                         ("fabs", np.fabs)]:
            got = out[name + "_"]
            ref = fn(X).astype(t)
            try:
                if t == "float32":
                    finite = np.isfinite(got)
                    assert (got[finite].astype(np.float32).astype(np.float64) == got[finite]).all(), \
                        f"math.{name}(float32) is not computed in float32"
                # sin/cos of large arguments: an ulp of the argument's size in absolute terms
                tiny = eps * ulps * (np.abs(X) if name in ("sin", "cos") else 0) + 1e-300
                assert_ulps(f"math.{name}({t})", got, ref, eps, ulps, tiny)
            except AssertionError as e:
                errors.append(str(e))
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("tx,ty,ct", [("float64", "float64", "float64"), ("float32", "float32", "float32"),
                                      ("float32", "float64", "float64"), ("int64", "int64", "float64"),
                                      ("float32", "int64", "float64")])
def test_math_pow(tx, ty, ct):
    rng = np.random.default_rng(52)
    n = 400
    x = np.concatenate([np.array([2.0, -2.0, 0.0, 4.0, -8.0, 1.0, 10.0, 0.5]), rng.random(n - 8) * 10])
    y = np.concatenate([np.array([0.5, 2.0, -1.0, -0.5, 3.0, 1e10, -3.0, 0.25]), rng.random(n - 8) * 6 - 3])
    x, y = x.astype(tx), y.astype(ty)
    out = run("mathfn.py", "pow_math", n, x, y, poison(n, np.float64))
    with np.errstate(all="ignore"):
        ref = np.power(x.astype(ct), y.astype(ct)).astype(np.float64)
    got = out["out"]
    if ct == "float32":
        finite = np.isfinite(got)
        assert (got[finite].astype(np.float32).astype(np.float64) == got[finite]).all(), "not computed in float32"
    assert_ulps("math.pow", got, ref, EPS32 if ct == "float32" else EPS64, 8)


def test_math_pow_float32_int32_stays_float32():
    """numba-cuda types math.pow(float32, int32) as float32 (its (float32, int32) signature)."""
    x = np.array([1.1, 2.5, -1.3, 0.7, 3.3], dtype=np.float32)
    y = np.array([3, -2, 5, 7, 0], dtype=np.int32)
    out = run("mathfn.py", "pow_math", 5, x, y, poison(5, np.float64))
    got = out["out"]
    assert (got.astype(np.float32).astype(np.float64) == got).all(), f"not computed in float32: {got}"
    assert_ulps("math.pow", got, np.power(x.astype(np.float64), y).astype(np.float32), EPS32, 8)


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_floor_ceil(t):
    """math.floor and math.ceil of a float return a float in numba-cuda (not Python's int);
    int() of them indexes and shifts, and `/` on them is true division."""
    rng = np.random.default_rng(53)
    n = 500
    x = np.concatenate([np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 1e15 + 0.5, -7.999]),
                        rng.standard_normal(n - 10) * 100]).astype(t)
    lut = np.array([11, 22, 33, 44, 55, 66, 77], np.int64)
    outs = [poison(n, np.int64), poison(n, np.int64), poison(n, np.float64), poison(n, np.int64), poison(n, np.int64)]
    out = run("mathfn.py", "floor_ceil", n, x, lut, *outs)
    X = [float(v) for v in x]
    check_all(
        ("floor", out["fl"], [math.floor(v) for v in X], (x,)),
        ("ceil", out["ce"], [math.ceil(v) for v in X], (x,)),
        ("floor / 4", out["fl_f"], [float(np.floor(v)) / 4 for v in X], (x,)),  # a float floor: -0.0 stays
        ("lut[floor % 7]", out["picked"], [int(lut[math.floor(v) % 7]) for v in X], (x,)),
        ("1 << (ceil % 8)", out["shifted"], [1 << (math.ceil(v) % 8) for v in X], (x,)),
    )


def test_min_max_floats_python_semantics():
    """min/max of two floats are libdevice's fmin/fmax, as numba-cuda has them: a number wins over
    a NaN, max(nan, 1.0) and max(1.0, nan) are both 1.0 (the sign of a zero against a zero of the
    other sign is left unchecked: fmax may give either). Of three or more, numba's generic
    min/max keeps the first of equal (or unordered) candidates, as Python does: max(nan, 1.0, 0.0)
    is nan, max(-0.0, 0.0, 0.0) is -0.0."""
    special = [math.nan, 1.0, -1.0, 0.0, -0.0, math.inf, -math.inf, 2.5]
    triples = [(a, b, c) for a in special for b in special for c in special]
    rng = np.random.default_rng(54)
    triples += [tuple(v) for v in np.round(rng.standard_normal((200, 3)), 1).tolist()]
    x, y, z = (np.array(col) for col in zip(*triples))
    n = x.size
    out = run("mathfn.py", "minmax", n, x, y, z, *[poison(n, np.float64) for _ in range(5)])
    pairs = np.array([not (a == 0 and b == 0 and math.copysign(1, a) != math.copysign(1, b)) for a, b, _ in triples])
    check_all(
        ("min(x, y)", out["mn"][pairs], np.fmin(x, y)[pairs], (x[pairs], y[pairs])),
        ("max(x, y)", out["mx"][pairs], np.fmax(x, y)[pairs], (x[pairs], y[pairs])),
        ("min(x, y, z)", out["mn3"], [min(a, b, c) for a, b, c in triples], (x, y, z)),
        ("max(x, y, z)", out["mx3"], [max(a, b, c) for a, b, c in triples], (x, y, z)),
        ("abs(x)", out["ab"], [abs(a) for a, _, _ in triples], (x,)),
    )


MINMAX_INT = [("int64", "int64", "int64", "int64"), ("int32", "uint32", "int64", "int64"),
              ("int64", "uint64", "uint64", "float64"), ("int32", "float32", "float32", "float64"),
              ("int8", "int8", "int8", "int64")]


@pytest.mark.parametrize("tx,ty,tz,to", MINMAX_INT, ids=[f"{a}-{b}-{c}" for a, b, c, _ in MINMAX_INT])
def test_min_max_abs_ints_and_mixed(tx, ty, tz, to):
    """min/max of mixed types compare by value in their unified type (int64 with uint64: float64);
    abs of an int8 stays int8 (abs(-128) is -128, numba's abs keeps the type)."""
    rng = np.random.default_rng(55)
    n = 300

    def gen(t):
        if np.dtype(t).kind == "f":
            return np.round(rng.standard_normal(n) * 50, 2).astype(t)
        info = np.iinfo(t)
        v = rng.integers(max(info.min, -100), min(info.max, 100), n, endpoint=True).astype(t)
        v[:2] = [info.min, info.max]
        return v

    x, y, z = gen(tx), gen(ty), gen(tz)
    out = run("mathfn.py", "minmax", n, x, y, z, *[poison(n, to) for _ in range(4)], poison(n, np.int64 if tx != "float32" else np.float64))
    X, Y, Z = x.tolist(), y.tolist(), z.tolist()
    conv = float if to == "float64" else int
    # abs keeps an integer's type: abs(int8(-128)) wraps back to -128
    ab = [abs(a) if np.dtype(tx).kind == "f" else wrap(abs(a), tx) for a in X]
    check_all(
        ("min(x, y)", out["mn"], [conv(min(a, b)) for a, b in zip(X, Y)], (x, y)),
        ("max(x, y)", out["mx"], [conv(max(a, b)) for a, b in zip(X, Y)], (x, y)),
        ("min(x, y, z)", out["mn3"], [conv(min(a, b, c)) for a, b, c in zip(X, Y, Z)], (x, y, z)),
        ("max(x, y, z)", out["mx3"], [conv(max(a, b, c)) for a, b, c in zip(X, Y, Z)], (x, y, z)),
        ("abs(x)", out["ab"], ab, (x,)),
    )


@pytest.mark.parametrize("tx", ["float64", "float32"])
def test_int_float_casts(tx):
    """int(x) truncates toward zero (int64); float(a) is float64, rounding to nearest."""
    x = np.array([2.7, -2.7, 0.5, -0.5, 0.0, -0.0, 1e15 + 0.5, -1e18, 123456.999, -1.5, 7.0, -7.0], dtype=tx)
    a = np.array([1, -1, 2**53 + 1, -(2**53) - 1, 2**63 - 1, -(2**63), 7, -7, 10, -10, 0, 5], dtype=np.int64)
    n = x.size
    outs = [poison(n, np.int64), poison(n, np.float64), poison(n, np.int64), poison(n, np.float64)]
    out = run("mathfn.py", "casts", n, x, a, *outs)
    X = [float(v) for v in x]
    check_all(
        ("int(x)", out["to_int"], [int(v) for v in X], (x,)),
        ("float(a)", out["to_float"], [float(v) for v in a.tolist()], (a,)),
        ("int(x) // 2", out["int_half"], [int(v) // 2 for v in X], (x,)),
        ("float(a) // 3", out["float_div"], [float(v) // 3 for v in a.tolist()], (a,)),
    )


# ---- constants, tuples, bools ------------------------------------------------------------------

def test_module_constants():
    rng = np.random.default_rng(61)
    n = 200
    x = rng.standard_normal(n).astype(np.float32)
    out = run("misc.py", "constants", n, x, poison(n, np.float64), poison(n, np.int64))
    check_all(
        # float32 * SCALE (a float64 constant) computes in float64
        ("x * SCALE + N + OFFSET", out["scaled"], [float(v) * 2.5 + 4 - 3 for v in x.tolist()], (x,)),
        ("i % N if FLAG", out["wrapped"], [i % 4 for i in range(n)], (x,)),
    )


def test_module_constant_expression():
    """BIG = 2**40 at module level: numba sees the value Python computed, an int."""
    n = 100
    out = run("misc.py", "constant_expression", n, poison(n, np.int64))
    check_elements("BIG + i * N", out["big"], [2**40 + i * 4 for i in range(n)], (np.arange(n),))


def test_tuple_unpacking_and_swap():
    rng = np.random.default_rng(62)
    n = 150
    a = rng.integers(-100, 100, n).astype(np.int64)
    b = rng.integers(-100, 100, n).astype(np.int64)
    out = run("misc.py", "tuples", n, a, b, *[poison(n, np.int64) for _ in range(4)])
    check_all(
        ("x, y = y, x (x)", out["out_a"], b.tolist(), (a, b)),
        ("x, y = y, x (y)", out["out_b"], a.tolist(), (a, b)),
        ("p, q, r = q, r, p", out["rot"], [231] * n, (a,)),
        ("u, v = (grid(1), x)", out["grid_t"], [i * 10 + int(v) for i, v in enumerate(b)], (b,)),
    )


def test_swap_array_elements():
    """a[i], b[i] = b[i], a[i]: the right side is evaluated completely before the stores."""
    a = np.arange(50, dtype=np.float32)
    b = -np.arange(50, dtype=np.float32) - 100
    out = run("misc.py", "swap_elements", 50, a, b)
    np.testing.assert_array_equal(out["a"], b)
    np.testing.assert_array_equal(out["b"], a)


@pytest.mark.parametrize("flag", [True, False])
def test_bools(flag):
    """bool arrays and a bool scalar: `and`/`or` of bools are bools, `^` of bools is a bool,
    bool + bool is an int, -True is -1, and ~ of a bool is `not` (numba follows NumPy: ~True is
    False)."""
    rng = np.random.default_rng(63)
    n = 120
    p = rng.integers(0, 2, n).astype(bool)
    q = rng.integers(0, 2, n).astype(bool)
    outs = [poison(n, np.int8) for _ in range(4)] + [poison(n, np.int64), poison(n, np.int64), poison(n, np.int8),
                                                      poison(n, np.int8), poison(n, np.int64)]
    out = run("misc.py", "bools", n, p, q, bool(flag), *outs)
    P, Q = p.tolist(), q.tolist()
    check_all(
        ("p and q", out["and_"], [int(u and v) for u, v in zip(P, Q)], (p, q)),
        ("p or q", out["or_"], [int(u or v) for u, v in zip(P, Q)], (p, q)),
        ("p ^ q", out["xor_"], [int(u ^ v) for u, v in zip(P, Q)], (p, q)),
        ("not p", out["not_"], [int(not u) for u in P], (p,)),
        ("p + q", out["sum_"], [int(u) + int(v) for u, v in zip(P, Q)], (p, q)),
        ("-p", out["neg_"], [-int(u) for u in P], (p,)),
        ("~p", out["inv_"], [int(not u) for u in P], (p,)),
        ("p == flag", out["eq_flag"], [int(u == flag) for u in P], (p,)),
        ("10 if p else 20 (if flag)", out["sel"], [(10 if u else 20) if flag else 30 for u in P], (p,)),
    )


def test_bool_array_output():
    """Comparisons stored into bool arrays; launched twice, over all-False and all-True outputs,
    so an element left unwritten shows as a difference."""
    rng = np.random.default_rng(64)
    n = 257
    x = rng.standard_normal(n)
    results = []
    for fill in (False, True):
        out = run("misc.py", "bool_out", n, x, 0.5, np.full(n, fill), np.full(n, fill))
        assert out["positive"].dtype == np.bool_
        results.append(out)
    for name, want in [("positive", x > 0.5), ("both", (x > 0.5) & (x < 1.0))]:
        np.testing.assert_array_equal(results[0][name], want, err_msg=name)
        np.testing.assert_array_equal(results[1][name], want, err_msg=name)


def test_for_over_tuples_and_arrays():
    """for over tuples of one item type and over arrays (1D values, 2D rows), as numba allows;
    a tuple indexed by a run-time integer."""
    n = 40
    rng = np.random.default_rng(5)
    a = rng.integers(-20, 50, n).astype(np.int64)
    m = rng.integers(-9, 9, (3, 7)).astype(np.int64)
    t_idx = rng.integers(-3, 3, n).astype(np.int64)
    out = run("control.py", "iterate", n, a, m, t_idx, np.zeros((n, 7), np.int64))["out"]
    for i in range(n):
        v = int(a[i])
        pair = (v, -v, 2 * v)
        s = 0
        for x in pair:
            s = s * 3 + x
        run_sum = 0
        for x in a:
            if x > v:
                break
            run_sum += int(x)
        want = [357, (1 + 2 + 8) * v, s, (100 + 3) * 100 + 7, run_sum, int(m[:, i % 7].sum()) + 1000 * int(m[i % 3, 1:].sum()), pair[t_idx[i]]]
        assert list(out[i]) == want, (i, list(out[i]), want)


def test_round_like_python():
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.675, 1.25, 0.125, 14.999, 15.0, 25.0, -35.0, 1e10 + 0.5,
                  123.456, -0.04], np.float64)
    k = np.array([1234, 1250, 1350, -1250, 49, 51, 0, 7, 150, 250, -150, 99, 1, 2, 3, 5], np.int64)
    n = x.size
    out = run("float_arith.py", "rounding", n, x, k, np.zeros(n, np.int64), np.zeros((n, 3)), np.zeros((n, 3), np.int64))
    assert list(out["out_int"]) == [round(v) for v in x]
    for c, nd in enumerate((1, 2, -1)):
        want = [round(v * 10.0 ** nd) / 10.0 ** nd if nd >= 0 else round(v / 10.0 ** -nd) * 10.0 ** -nd for v in x]
        np.testing.assert_array_equal(out["out_f"][:, c], want)  # numba's scaling (2.675 -> 2.68; CPython: 2.67)
    assert list(out["out_k"][:, 0]) == [round(int(v), -2) for v in k]
    assert list(out["out_k"][:, 1]) == [round(int(v), 1) for v in k]
    assert list(out["out_k"][:, 2]) == [int(v) for v in k]


def test_enumerate_and_zip_in_for_loops():
    a = np.array([3, -1, 4, 1, -5, 9], np.int64)
    b = np.array([2, 7, 1, 8], np.int64)
    out = run("control.py", "enumerate_zip", 8, a, b, np.zeros((8, 4), np.int64))["out"]
    for i in range(8):
        want = [sum(j * v for j, v in enumerate(a)), sum(j * v for j, v in enumerate(b, 10)),
                sum(v * w + i for v, w in zip(a, b)), sum(v * w for v, w in zip(b, (2, 3, 5)))]
        assert list(out[i]) == want, (i, list(out[i]), want)
