"""numba's typing of the values a kernel finds around it: a module-level NumPy scalar keeps its
dtype (HALF = np.float32(0.5) is a float32, as numba types it), constant expressions over
globals fold where numba wants a constant (shapes), NumPy's math functions and constants work
on numbers, pow() is **, and tuples unpack into nested targets. Each check runs on real data
and compares with NumPy or with the same kernel given the value as a typed argument."""
import io
import math
import re

import numpy as np
import pytest

from pyjitc import cuda

HALF = np.float32(0.5)
BIG32 = np.float32(2 ** 24)
N32 = np.int32(7)
TPB = 16
SHAPE_N = np.int32(8)
PAIR = (np.float32(0.25), np.float32(4.0))

DTYPES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
          "float64"]
VALUES = {"bool_": True, "int8": -7, "int16": -300, "int32": 100000, "int64": -(2 ** 40), "uint8": 200,
          "uint16": 60000, "uint32": 4000000000, "uint64": 2 ** 63 + 11, "float16": 1.5, "float32": 0.1,
          "float64": 0.1}


def _types(kernel):
    buf = io.StringIO()
    kernel.inspect_types(file=buf)
    return dict(re.findall(r"^ *#   (\w+) :: (.+)$", buf.getvalue(), re.M))  # each name's type, as annotated


def _global_kernel(c):
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            a = c * x[i]
            b = c + 1
            d = c * 0.5
            e = x[i] - c
            f = c
            out[0, i] = a
            out[1, i] = b
            out[2, i] = d
            out[3, i] = e
            out[4, i] = f
    return k


@cuda.jit
def arg_kernel(x, out, c):
    i = cuda.grid(1)
    if i < x.size:
        a = c * x[i]
        b = c + 1
        d = c * 0.5
        e = x[i] - c
        f = c
        out[0, i] = a
        out[1, i] = b
        out[2, i] = d
        out[3, i] = e
        out[4, i] = f


@pytest.mark.parametrize("xdtype", ["float32", "int32", "float64"])
@pytest.mark.parametrize("name", DTYPES)
def test_numpy_scalar_global_types_as_its_dtype(name, xdtype):
    """A global np.<dtype>(v) types and computes exactly as an argument of that dtype does."""
    c = getattr(np, name)(VALUES[name])
    x = (np.arange(1, 9) * 3).astype(xdtype)
    got = np.full((5, 8), np.nan)
    want = np.full((5, 8), np.nan)
    kg = _global_kernel(c)
    kg[1, 8](x, got)
    arg_kernel[1, 8](x, want, c)
    np.testing.assert_array_equal(got, want)
    tg = _types(kg)
    ta = _types(arg_kernel)
    for var in "abdef":
        assert tg[var] == ta[var], (var, tg[var], ta[var])
    assert tg["f"] == ("bool" if name == "bool_" else name)


@cuda.jit
def float32_constants(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[0, i] = BIG32 + x[i]          # float32: 2**24 + 1 rounds back to 2**24
        out[1, i] = x[i] * HALF           # float32 * float32 stays float32
        out[2, i] = math.erf(x[i] * HALF)  # erf of a float32 is the float32 function
        lo, hi = PAIR
        out[3, i] = lo * x[i] + hi
        out[4, i] = N32 * x[i]


def test_float32_constants_compute_in_float32():
    x = np.ones(4, np.float32)
    out = np.zeros((5, 4), np.float64)
    float32_constants[1, 4](x, out)
    assert (out[0] == 2.0 ** 24).all()  # a float64 constant would give 2**24 + 1
    np.testing.assert_array_equal(out[1], np.float32(0.5))
    np.testing.assert_allclose(out[2], math.erf(0.5), rtol=1e-6)
    np.testing.assert_array_equal(out[3], np.float32(4.25))
    np.testing.assert_array_equal(out[4], 7.0)
    t = _types(float32_constants)
    assert t["lo"] == "float32" and t["hi"] == "float32"


@cuda.jit
def folded_shapes(x, out):
    s = cuda.shared.array((TPB + 2, TPB * 2 // 4), np.float32)
    loc = cuda.local.array(SHAPE_N * 2, np.int64)
    t = cuda.threadIdx.x
    for k in range(TPB * 2 // 4):
        s[t + 1, k] = x[t] + k
    for k in range(SHAPE_N * 2):
        loc[k] = k * t
    cuda.syncthreads()
    acc = 0.0
    for k in range(TPB * 2 // 4):
        acc += s[t + 1, k]
    out[t] = acc + loc[SHAPE_N * 2 - 1] + s.shape[0] + s.shape[1] * 100 + loc.size * 10000


def test_constant_expressions_as_shapes():
    x = np.arange(TPB, dtype=np.float32)
    out = np.zeros(TPB, np.float64)
    folded_shapes[1, TPB](x, out)
    t = np.arange(TPB)
    want = sum(x + k for k in range(8)) + 15 * t + 18 + 8 * 100 + 16 * 10000
    np.testing.assert_array_equal(out, want)


@cuda.jit
def numpy_math(x, y, i32, i8, out, kinds):
    i = cuda.grid(1)
    if i < x.size:
        out[0, i] = np.sin(x[i]) + np.cos(x[i])
        out[1, i] = np.exp(x[i] * np.float32(0.1)) - np.log1p(x[i])
        out[2, i] = np.sqrt(x[i]) * np.pi + np.e
        out[3, i] = np.arctan2(x[i], y[i]) + np.hypot(x[i], y[i])
        out[4, i] = np.floor(x[i] * 1.5) + np.ceil(y[i]) + np.trunc(-x[i])
        out[5, i] = np.abs(-x[i]) + np.absolute(i32[i]) + np.fabs(y[i])
        out[6, i] = np.sqrt(i32[i]) + np.sqrt(i8[i])
        out[7, i] = np.degrees(x[i]) + np.rad2deg(y[i]) + np.deg2rad(x[i])
        out[8, i] = 1.0 if np.isnan(x[i] - x[i]) or np.isinf(x[i] / 0.0 if x[i] < 0 else 1.0) else 0.0
        out[9, i] = np.tanh(x[i]) + np.arcsinh(y[i]) + np.exp2(x[i]) + np.log2(y[i] + 1) + np.cbrt(x[i])
        if i == 0:
            a = np.sin(x[i])
            b = np.sqrt(i8[i])
            c = np.sqrt(i32[i])
            d = np.arctan2(x[i], i8[i])
            kinds[0] = a
            kinds[1] = b
            kinds[2] = c
            kinds[3] = d


def test_numpy_ufuncs_on_numbers():
    rng = np.random.default_rng(7)
    n = 64
    x = rng.uniform(0.1, 3, n).astype(np.float32)
    y = rng.uniform(-2, 2, n).astype(np.float32)
    i32 = rng.integers(-50, 50, n).astype(np.int32)
    i8 = rng.integers(0, 100, n).astype(np.int8)
    out = np.zeros((10, n))
    kinds = np.zeros(4)
    numpy_math[2, 32](x, y, i32, i8, out, kinds)
    f = np.float32
    with np.errstate(invalid="ignore"):
        want = [np.sin(x) + np.cos(x), np.exp(x * f(0.1)) - np.log1p(x), np.sqrt(x) * f(np.pi) + f(np.e),
                np.arctan2(x, y) + np.hypot(x, y), np.floor(x * 1.5) + np.ceil(y) + np.trunc(-x),
                np.abs(-x) + np.abs(i32) + np.fabs(y), np.sqrt(i32.astype(np.float64)) + np.sqrt(i8.astype(np.float32)),
                np.degrees(x) + np.rad2deg(y) + np.deg2rad(x), np.zeros(n),
                np.tanh(x) + np.arcsinh(y) + np.exp2(x) + np.log2(y + 1) + np.cbrt(x)]
    for row, w in enumerate(want):
        np.testing.assert_allclose(out[row], w, rtol=2e-6, atol=1e-6, equal_nan=True, err_msg=f"row {row}")
    t = _types(numpy_math)
    # NumPy's loops as numba picks them: float32 in -> float32; int8 -> float32; int32 -> float64
    assert (t["a"], t["b"], t["c"], t["d"]) == ("float32", "float32", "float64", "float32")


@cuda.jit
def pow_and_unpacking(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        (a, b), c = (x[i], pow(x[i], 2)), pow(n[i], 3)
        ((p, q), (r, s)) = ((1, 2), (c, a))
        out[i] = a + b + c + p * 10 + q * 100 + r + s + pow(2.0, x[i]) + pow(n[i], -1)


def test_pow_and_nested_unpacking():
    x = np.linspace(-2, 2, 20)
    n = np.arange(-10, 10, dtype=np.int64)
    out = np.zeros(20)
    pow_and_unpacking[1, 20](x, n, out)
    # int ** negative int, as numba computes it: 0 unless the base is 1 or -1; 0 gives int64's minimum
    inv = np.where(np.abs(n) == 1, n, np.where(n == 0, np.iinfo(np.int64).min, 0)).astype(np.float64)
    want = x + x ** 2 + n ** 3 + 10 + 200 + n ** 3 + x + 2.0 ** x + inv
    np.testing.assert_allclose(out, want, rtol=1e-12)
    t = _types(pow_and_unpacking)
    assert t["c"] == "int64" and t["b"] == "float64"


def test_pow_with_modulus_is_a_diagnostic():
    @cuda.jit
    def bad(a):
        a[0] = pow(a[0], 2, 5)

    from pyjitc import TypingError
    with pytest.raises(TypingError, match=r"pow\(\) with a modulus"):
        bad[1, 1](np.zeros(1, np.int64))


class _HostJit:
    """What numba's @njit makes of a function, as pyjitc sees it: a callable holding py_func."""

    def __init__(self, fn):
        self.py_func = fn

    def __call__(self, *args):
        return self.py_func(*args)


@_HostJit
def host_poly(x, k):
    return x * x * k + 1


def host_plain(x):
    return x + 1


@cuda.jit
def calls_host_jit(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = host_poly(a[i], 3)


def test_host_jit_function_called_from_a_kernel():
    a = np.linspace(-3, 3, 50)
    out = np.zeros(50)
    calls_host_jit[2, 32](a, out)
    np.testing.assert_allclose(out, host_poly(a, 3), rtol=1e-15)  # NumPy on the host (a*b+c may fuse)


def test_plain_python_function_is_a_diagnostic():
    @cuda.jit
    def calls_plain(a):
        a[0] = host_plain(a[0])

    from pyjitc import TypingError
    with pytest.raises(TypingError, match=r"'host_plain' is a Python function.*@cuda.jit\(device=True\)"):
        calls_plain[1, 1](np.zeros(1))


LUT = np.arange(10, dtype=np.float32) * 1.5
D_LUT = cuda.to_device(LUT)                  # a global device array: captured by reference
D_ACC = cuda.to_device(np.zeros(4, np.int64))
D_VIEW = cuda.to_device(np.arange(24.0).reshape(4, 6))[:, ::2]  # a strided view


@cuda.jit
def uses_device_globals(idx, out):
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = D_LUT[idx[i]] + D_VIEW[i % 4, i % 3]
        cuda.atomic.add(D_ACC, i % 4, 1)


def test_global_device_arrays_by_reference():
    idx = np.arange(40, dtype=np.int64) % 10
    out = np.zeros(40)
    uses_device_globals[2, 32](idx, out)
    view = np.arange(24.0).reshape(4, 6)[:, ::2]
    want = LUT[idx].astype(np.float64) + np.array([view[i % 4, i % 3] for i in range(40)])
    np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(D_ACC.copy_to_host(), [10, 10, 10, 10])
    # the kernel reads the array where it is: a change made after compiling is seen
    D_LUT.copy_to_device(LUT * 2)
    uses_device_globals[2, 32](idx, out)
    want2 = (LUT * 2)[idx].astype(np.float64) + np.array([view[i % 4, i % 3] for i in range(40)])
    np.testing.assert_array_equal(out, want2)
    np.testing.assert_array_equal(D_ACC.copy_to_host(), [20, 20, 20, 20])
    D_LUT.copy_to_device(LUT)


@cuda.jit
def doubles(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 2


def test_broadcast_view_argument():
    """An array whose strides are all 0 (np.broadcast_to of one element) is read as such, not
    as a C-contiguous array (every element is the one value)."""
    base = np.array([3.0, 99.0, 98.0, 97.0])
    view = np.lib.stride_tricks.as_strided(base, shape=(4,), strides=(0,))
    out = np.zeros(4)
    doubles[1, 4](view, out)
    np.testing.assert_array_equal(out, [6.0] * 4)
    one = np.broadcast_to(np.float64(5.0), (300,))
    out = np.zeros(300)
    doubles[3, 128](one, out)
    np.testing.assert_array_equal(out, 10.0)


@cuda.jit
def more_math(x, y, out, h):
    i = cuda.grid(1)
    if i < x.size:
        out[0, i] = math.exp2(x[i])
        out[1, i] = math.nextafter(x[i], y[i])
        h[i] = cuda.fp16.hexp10(np.float16(x[i]))


def test_exp2_nextafter_hexp10():
    x = np.linspace(-3, 3, 32)
    y = np.where(np.arange(32) % 2 == 0, np.inf, -np.inf)
    out = np.zeros((2, 32))
    h = np.zeros(32, np.float16)
    more_math[1, 32](x, y, out, h)
    np.testing.assert_allclose(out[0], np.exp2(x), rtol=1e-15)
    np.testing.assert_array_equal(out[1], np.nextafter(x, y))
    np.testing.assert_allclose(h.astype(np.float64), 10.0 ** x.astype(np.float16).astype(np.float64), rtol=2e-3)


@cuda.jit
def rounds(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], n[i])


def test_round_scaled_past_the_largest_double():
    x = np.array([np.finfo(np.float64).max, 1e300, -1.5e308, 2.5, 123.456, 1e-300])
    n = np.array([300, 20, 5, 0, -1, 310])
    out = np.zeros(6)
    rounds[1, 6](x, n, out)
    np.testing.assert_array_equal(out, [round(float(a), int(b)) for a, b in zip(x, n)])  # CPython's floats
