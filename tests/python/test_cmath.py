"""The cmath module in kernels (complex64 and complex128, and real arguments taken as complex),
checked against Python's cmath over a grid with signed zeros, infinities, NaNs, huge and
subnormal parts and points on the branch cuts (a result with a NaN part is checked for having
one, as numba's own tests do); and the .real / .imag views of complex arrays,
read and written through (atomics too), checked against NumPy."""
import cmath
import io
import itertools
import math
import re

import numpy as np
import pytest

from pyjitc import cuda

INF, NAN = math.inf, math.nan
PARTS64 = [-0.0, 0.0, 0.5, 1.0, -1.0, 1.5, -3.5, 2.0, 1e-310, -1e-310, 1e300, -1e300, INF, -INF, NAN]
PARTS32 = [-0.0, 0.0, 0.5, 1.0, -1.0, 1.5, -3.5, 2.0, 0.25, 1e10, -1e10, INF, -INF, NAN]


@cuda.jit
def k_exp(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.exp(z[i])


@cuda.jit
def k_log(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.log(z[i])


@cuda.jit
def k_log10(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.log10(z[i])


@cuda.jit
def k_sqrt(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.sqrt(z[i])


@cuda.jit
def k_sin(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.sin(z[i])


@cuda.jit
def k_cos(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.cos(z[i])


@cuda.jit
def k_tan(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.tan(z[i])


@cuda.jit
def k_asin(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.asin(z[i])


@cuda.jit
def k_acos(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.acos(z[i])


@cuda.jit
def k_atan(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.atan(z[i])


@cuda.jit
def k_sinh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.sinh(z[i])


@cuda.jit
def k_cosh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.cosh(z[i])


@cuda.jit
def k_tanh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.tanh(z[i])


@cuda.jit
def k_asinh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.asinh(z[i])


@cuda.jit
def k_acosh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.acosh(z[i])


@cuda.jit
def k_atanh(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.atanh(z[i])


UNARY = {"exp": k_exp, "log": k_log, "log10": k_log10, "sqrt": k_sqrt, "sin": k_sin, "cos": k_cos, "tan": k_tan,
         "asin": k_asin, "acos": k_acos, "atan": k_atan, "sinh": k_sinh, "cosh": k_cosh, "tanh": k_tanh,
         "asinh": k_asinh, "acosh": k_acosh, "atanh": k_atanh}
# numba's tests ignore the sign of a zero part for these (CPython's own tables leave it unspecified)
ZERO_SIGN_FREE = {"tan", "tanh", "atanh"}
# atan of a NaN part: CPython's table and the formula through atanh differ in NaN-vs-number; numba
# checks atan on NaN-free values only
NAN_FREE = {"atan"}


def _close(got, want, ulps, fdtype, zero_sign=True):
    if math.isnan(want):
        return math.isnan(got)
    if math.isinf(want) or want == 0.0:
        if got != want:
            return False
        return not zero_sign or want != 0.0 or math.copysign(1, got) == math.copysign(1, want)
    spacing = float(np.spacing(fdtype(abs(want))))
    return abs(got - want) <= ulps * spacing


def _expected(fn, z):
    try:
        return fn(z)
    except (ValueError, OverflowError):
        return None  # Python raises; a kernel returns some value, not checked


def _check_unary(name, dtype, parts, ulps):
    values = [complex(x, y) for x, y in itertools.product(parts, parts)]
    if name in NAN_FREE:
        values = [v for v in values if not cmath.isnan(v)]
    z = np.array(values, dtype=dtype)
    out = np.zeros_like(z)
    UNARY[name][(z.size + 63) // 64, 64](z, out)
    fdtype = np.float32 if dtype == np.complex64 else np.float64
    bad = []
    for zin, got in zip(z, out):
        want = _expected(getattr(cmath, name), complex(zin))
        if want is None:
            continue
        if dtype == np.complex64:
            with np.errstate(over="ignore"):
                want = complex(np.complex64(want))
        zs = name not in ZERO_SIGN_FREE
        if cmath.isnan(want):
            # a result with a NaN part: as numba (and its tests), only that it has one; CPython's
            # tables also fix the other part (see docs/language.md)
            if not cmath.isnan(complex(got)):
                bad.append((complex(zin), complex(got), want))
            continue
        if not (_close(got.real, want.real, ulps, fdtype, zs) and _close(got.imag, want.imag, ulps, fdtype, zs)):
            bad.append((complex(zin), complex(got), want))
    assert not bad, f"cmath.{name} {np.dtype(dtype).name}: {len(bad)} wrong, e.g. {bad[:4]}"


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_complex128(name):
    _check_unary(name, np.complex128, PARTS64, 4)


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_complex64(name):
    _check_unary(name, np.complex64, PARTS32, 1)


@cuda.jit
def k_classes(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = cmath.isnan(z[i])
        out[i, 1] = cmath.isinf(z[i])
        out[i, 2] = cmath.isfinite(z[i])
        out[i, 3] = math.isnan(z[i].imag)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_classification(dtype):
    values = [complex(x, y) for x, y in itertools.product([0.0, -2.5, INF, -INF, NAN], repeat=2)]
    z = np.array(values, dtype=dtype)
    out = np.zeros((z.size, 4), dtype=np.bool_)
    k_classes[1, 64](z, out)
    want = np.array([[cmath.isnan(v), cmath.isinf(v), cmath.isfinite(v), math.isnan(v.imag)] for v in values])
    np.testing.assert_array_equal(out, want)


@cuda.jit
def k_polar(z, mod, arg, back):
    i = cuda.grid(1)
    if i < z.size:
        r, phi = cmath.polar(z[i])
        mod[i] = r
        arg[i] = cmath.phase(z[i])
        back[i] = cmath.rect(r, phi)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_polar_phase_rect(dtype):
    parts = [-0.0, 0.0, 1.0, -1.0, 0.75, -3.5, INF, -INF, NAN]
    values = [complex(x, y) for x, y in itertools.product(parts, parts)]
    z = np.array(values, dtype=dtype)
    fd = np.float32 if dtype == np.complex64 else np.float64
    mod, arg, back = np.zeros(z.size, fd), np.zeros(z.size, fd), np.zeros(z.size, dtype)
    k_polar[1, 128](z, mod, arg, back)
    for v, m, a, b in zip(values, mod, arg, back):
        r, phi = cmath.polar(v)
        assert _close(float(m), float(fd(r)), 1, fd) and _close(float(a), float(fd(phi)), 1, fd), v
        assert _close(float(a), float(fd(cmath.phase(v))), 1, fd)
        try:
            want = complex(cmath.rect(float(m), float(a)))
        except ValueError:
            continue
        want = complex(dtype(want))
        assert _close(b.real, want.real, 2, fd) and _close(b.imag, want.imag, 2, fd), (v, b, want)


@cuda.jit
def k_log_base(z, base, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.log(z[i], base[i])


def test_log_with_base():
    parts = [0.5, -1.0, 2.0, -3.5, 1e-3]
    values = [complex(x, y) for x, y in itertools.product(parts, parts)]
    pairs = list(itertools.product(values, values))
    z = np.array([p[0] for p in pairs])
    base = np.array([p[1] for p in pairs])
    out = np.zeros_like(z)
    k_log_base[(z.size + 127) // 128, 128](z, base, out)
    for a, b, got in zip(z, base, out):
        try:
            want = cmath.log(complex(a), complex(b))
        except (ValueError, ZeroDivisionError):
            continue
        # a complex division: each part within a few ulps of the result's magnitude (a part that
        # nearly cancels has no relative accuracy; the GPU contracts into fused multiply-adds)
        assert abs(got - want) <= 16 * np.spacing(abs(want)), (a, b, got, want)


@cuda.jit
def k_real_args(x, f, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cmath.sqrt(x[i])
        out[i, 1] = cmath.log(f[i])
        out[i, 2] = cmath.acos(x[i])
        out[i, 3] = cmath.rect(f[i], f[i])


def _types(kernel):
    buf = io.StringIO()
    kernel.inspect_types(file=buf)
    return dict(re.findall(r"^ *#   (\w+) :: (.+)$", buf.getvalue(), re.M))  # each name's type, as annotated


@cuda.jit
def k_result_types(z32, f32, z64, out):
    a = cmath.exp(z32[0])
    b = cmath.sqrt(f32[0])
    c = cmath.phase(z32[0])
    d = cmath.rect(f32[0], f32[0])
    e = cmath.log(z64[0], z32[0])
    f = cmath.isnan(z32[0])
    out[0] = a + b + c + d + e + f


def test_real_arguments_and_result_types():
    x = np.array([-4, -1, 0, 2, 9])
    f = np.array([0.5, -2.0, 3.0, 1e-3, -0.25])
    out = np.zeros((x.size, 4), dtype=np.complex128)
    k_real_args[1, 8](x, f, out)
    for i in range(x.size):
        want = [cmath.sqrt(x[i]), cmath.log(f[i]), cmath.acos(x[i]), cmath.rect(f[i], f[i])]
        for j in range(4):
            assert _close(out[i, j].real, want[j].real, 4, np.float64) and _close(out[i, j].imag, want[j].imag, 4, np.float64), (i, j)
    z32 = np.array([1 + 2j], dtype=np.complex64)
    f32 = np.array([2.0], dtype=np.float32)
    res = np.zeros(1, dtype=np.complex128)
    k_result_types[1, 1](z32, f32, z32.astype(np.complex128), res)
    t = _types(k_result_types)
    assert (t["a"], t["b"], t["c"], t["d"], t["e"], t["f"]) == ("complex64", "complex64", "float32", "complex64",
                                                               "complex128", "bool")
    z = complex(z32[0])
    want = cmath.exp(z) + cmath.sqrt(2.0) + cmath.phase(z) + cmath.rect(2.0, 2.0) + cmath.log(z, z) + 0
    assert abs(res[0] - want) < 1e-5 * abs(want)


# ---- .real / .imag of complex arrays: views ------------------------------------------------

@cuda.jit
def k_parts(a, re, im):
    i = cuda.grid(1)
    if i < a.size:
        re[i] = a.real[i]
        im[i] = a.imag[i]
        a.imag[i] = a.real[i] * 2.0
        a.real[i] = -re[i]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_part_views_read_and_write(dtype):
    a = (np.arange(10) + 1j * np.arange(10, 20)).astype(dtype)
    orig = a.copy()
    fd = a.real.dtype
    re, im = np.zeros(10, fd), np.zeros(10, fd)
    k_parts[1, 16](a, re, im)
    np.testing.assert_array_equal(re, orig.real)
    np.testing.assert_array_equal(im, orig.imag)
    np.testing.assert_array_equal(a.real, -orig.real)
    np.testing.assert_array_equal(a.imag, orig.real * 2)


@cuda.jit
def k_parts_2d(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        v = a[:, ::2].imag
        if j < v.shape[1]:
            out[i, j] = v[i, j] + a.real.shape[1]
        a.real[i, j] += 1.0
        r = a.real
        r[i, j] = r[i, j] * 3.0


def test_part_views_of_2d_and_sliced_arrays():
    a = np.arange(24).reshape(4, 6) * (1 + 0.5j)
    orig = a.copy()
    out = np.zeros((4, 6))
    k_parts_2d[(1, 1), (4, 8)](a, out)
    np.testing.assert_array_equal(out[:, :3], orig[:, ::2].imag + 6)
    np.testing.assert_array_equal(a.real, (orig.real + 1) * 3)
    np.testing.assert_array_equal(a.imag, orig.imag)


@cuda.jit
def k_atomic_parts(a):
    i = cuda.grid(1)
    cuda.atomic.add(a.real, i % a.size, 1.0)
    cuda.atomic.add(a.imag, i % a.size, 2.0)


def test_atomics_on_part_views():
    a = np.arange(8) + 1j * np.arange(8)
    want = a + 4 * (1 + 2j)
    k_atomic_parts[1, 32](a)
    np.testing.assert_array_equal(a, want)


@cuda.jit
def k_real_of_real(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x.real[i] + 1.0


def test_real_of_a_real_array_is_itself():
    x = np.linspace(-1, 1, 7)
    out = np.zeros_like(x)
    k_real_of_real[1, 8](x, out)
    np.testing.assert_array_equal(out, x + 1.0)
