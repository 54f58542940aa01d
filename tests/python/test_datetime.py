"""datetime64 and timedelta64 in kernels (numba's NPDatetime / NPTimedelta): arrays of every unit
and NumPy scalars as arguments, module-level constants, arithmetic with numba's units (a datetime
of years or months through the calendar), comparisons, NaT, abs / min / max / int / np.int64 /
np.isnat, views as int64 in kernels and on device arrays, ufuncs and gufuncs over them; results
against NumPy's own datetime arithmetic. What numba refuses is refused at the user's line."""
import re
import warnings

import numpy as np
import pytest

from pyjitc import cuda, guvectorize, vectorize
from pyjitc.errors import NumbaPerformanceWarning, TypingError
from pyjitc.types import NPDatetime, NPTimedelta, from_dtype

NAT = np.datetime64("NaT")
T0 = np.datetime64("2020-02-29")
STEP = np.timedelta64(36, "h")

# units, and for each the counts of datetimes between about 1900 and 2100 (finer units overflow
# nothing when converted to nanoseconds and subtracted)
RANGES = {"Y": 130, "M": 1560, "W": 6800, "D": 47000, "h": 47000 * 24, "m": 47000 * 1440, "s": 47000 * 86400,
          "ms": 47000 * 86400 * 1000, "us": 47000 * 86400 * 10 ** 6, "ns": 47000 * 86400 * 10 ** 9}
UNITS = list(RANGES)


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)  # small grids
        yield


def dates(unit, n, seed, nat=True):
    rng = np.random.default_rng(seed)
    a = rng.integers(-RANGES[unit], RANGES[unit], n).astype(f"M8[{unit}]")
    if nat:
        a[::7] = NAT
    return a


def deltas(unit, n, seed, scale=1000, nat=True):
    rng = np.random.default_rng(seed)
    a = rng.integers(-scale, scale, n).astype(f"m8[{unit}]")
    if nat:
        a[3::11] = np.timedelta64("NaT")
    return a


def same(got, want):
    """Equal values and dtypes, NaT where NumPy has NaT."""
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_array_equal(got.view(np.int64), want.view(np.int64))


def launch(kernel, *args):
    n = args[0].size
    kernel[(n + 63) // 64, 64](*args)


def typing_error(kernel, args, fragment, source):
    """The launch is refused with `fragment` in the message, at the line holding `source`."""
    with pytest.raises(TypingError) as e:
        kernel[1, 1](*args)
    text = str(e.value)
    assert fragment in text, text
    m = re.search(r"test_datetime\.py:(\d+):\d+: error: ([^\n]*)\n([^\n]*)", text)
    assert m and fragment in m.group(2) + text and source in m.group(3), text


@cuda.jit
def sub(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] - b[i]


@cuda.jit
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


# ---- numba-cuda's own tests (test_datetime.py), run here too ------------------------------------

def test_basic_datetime_kernel():
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.default_rng(1).integers(0, 10000, arr1.size)
    delta = np.zeros_like(arr1, dtype="timedelta64[D]")
    launch(sub, arr2, arr1, delta)
    same(delta, arr2 - arr1)


def test_scalar_arguments():
    @cuda.jit
    def foo(dates, target, delta, matches, outdelta):
        for i in range(cuda.grid(1), matches.size, cuda.gridsize(1)):
            matches[i] = dates[i] == target
            outdelta[i] = dates[i] - delta

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    matches = np.zeros_like(arr1, dtype=np.bool_)
    outdelta = np.zeros_like(arr1, dtype="datetime64[D]")
    foo[1, 32](arr1, arr1[5], arr1[6] - arr1[5], matches, outdelta)
    assert list(matches.nonzero()[0]) == [5]
    same(outdelta, arr1 - (arr1[6] - arr1[5]))


def test_ufunc_and_gufunc():
    datetime_t = from_dtype(np.dtype("datetime64[D]"))
    timedelta_t = from_dtype(np.dtype("timedelta64[D]"))
    assert datetime_t == NPDatetime("D") and timedelta_t == NPTimedelta("D") and str(datetime_t) == "datetime64[D]"

    @vectorize([(datetime_t, datetime_t)], target="cuda")  # no return type: numba infers it
    def timediff(start, end):
        return end - start

    @guvectorize([(datetime_t, datetime_t, timedelta_t[:])], "(),()->()", target="cuda")
    def gtimediff(start, end, out):
        out[0] = end - start

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.default_rng(2).integers(0, 10000, arr1.size)
    arr2[3] = NAT
    same(timediff(arr1, arr2), arr2 - arr1)
    same(gtimediff(arr1, arr2), arr2 - arr1)


@pytest.mark.parametrize("kind", ["M8[D]", "m8[ns]"])
def test_device_array_view_as_int64(kind):
    arr = np.arange(-50, 300, 7).astype(kind)
    arr[4] = np.array("NaT", kind)
    darr = cuda.to_device(arr)
    viewed = darr.view(np.int64)
    np.testing.assert_array_equal(viewed.copy_to_host(), arr.view(np.int64))
    assert viewed.gpu_data == darr.gpu_data and viewed.dtype == np.int64
    same(darr.copy_to_host(), arr)
    same(cuda.to_device(arr.view(np.int64)).view(kind).copy_to_host(), arr)
    # half the width: twice the elements on the last axis
    np.testing.assert_array_equal(darr.view(np.int32).copy_to_host(), arr.view(np.int32))


def test_device_arrays_in_kernels():
    a, b = dates("s", 300, 1), dates("D", 300, 2)
    out = cuda.device_array(300, "m8[s]")
    sub[5, 64](cuda.to_device(a), cuda.to_device(b), out)
    same(out.copy_to_host(), a - b)


class Foreign:
    """Another library's GPU array: only __cuda_array_interface__ (typestr '<M8[D]', as CuPy's)."""

    def __init__(self, dev):
        self._dev = dev
        self.__cuda_array_interface__ = dev.__cuda_array_interface__


def test_cuda_array_interface_inputs():
    a, b = dates("D", 100, 30), dates("D", 100, 31)
    out = cuda.device_array(100, "m8[D]")
    da, db = Foreign(cuda.to_device(a)), Foreign(cuda.to_device(b))
    assert da.__cuda_array_interface__["typestr"] == "<M8[D]"
    sub[2, 64](da, db, out)
    same(out.copy_to_host(), a - b)
    assert cuda.as_cuda_array(da).dtype == np.dtype("M8[D]")


# ---- arithmetic of every pair of units, against NumPy ------------------------------------------

@pytest.mark.parametrize("ua", UNITS)
def test_datetime_minus_datetime(ua):
    for ub in UNITS:
        a, b = dates(ua, 200, 3), dates(ub, 200, 4)
        want = a - b  # NumPy: the finer unit, years and months through the calendar
        out = np.zeros(200, want.dtype)
        launch(sub, a, b, out)
        same(out, want)


@cuda.jit
def shifts(a, d, minus, plus, rplus):
    i = cuda.grid(1)
    if i < a.size:
        minus[i] = a[i] - d[i]
        plus[i] = a[i] + d[i]
        rplus[i] = d[i] + a[i]


@pytest.mark.parametrize("dt_unit", UNITS)
def test_datetime_plus_minus_timedelta(dt_unit):
    for td_unit in UNITS:
        if td_unit in "YM" and dt_unit not in "YM":
            continue  # refused (below)
        a, d = dates(dt_unit, 150, 5), deltas(td_unit, 150, 6, scale=50)
        wants = (a - d, a + d, d + a)
        outs = [np.zeros(150, w.dtype) for w in wants]
        launch(shifts, a, d, *outs)
        for got, want in zip(outs, wants):
            same(got, want)


@cuda.jit
def sum_and_difference(a, b, plus, minus):
    i = cuda.grid(1)
    if i < a.size:
        plus[i] = a[i] + b[i]
        minus[i] = a[i] - b[i]


def test_timedelta_plus_minus_timedelta():
    pairs = [(x, y) for x in UNITS for y in UNITS if (x in "YM") == (y in "YM")]
    for ux, uy in pairs:
        a, b = deltas(ux, 100, 7), deltas(uy, 100, 8)
        wants = (a + b, a - b)
        outs = [np.zeros(100, w.dtype) for w in wants]
        launch(sum_and_difference, a, b, *outs)
        for got, want in zip(outs, wants):
            same(got, want)


def test_generic_units():
    a = deltas("D", 50, 9)
    g = np.arange(50).astype("m8")  # generic timedelta: takes the other's unit
    out = np.zeros(50, "m8[D]")
    launch(add, a, g, out)
    same(out, a + g)
    d = dates("h", 50, 10)
    out = np.zeros(50, "M8[h]")
    launch(add, d, g, out)
    same(out, d + g)


@cuda.jit
def scale_ops(td, k, f, mul, rmul, fmul, div, fdiv):
    i = cuda.grid(1)
    if i < td.size:
        mul[i] = td[i] * k[i]
        rmul[i] = k[i] * td[i]
        fmul[i] = td[i] * f[i]
        div[i] = td[i] / k[i]
        fdiv[i] = td[i] / f[i]


def test_timedelta_times_and_over_numbers():
    td = deltas("ms", 300, 11, scale=10 ** 6)
    rng = np.random.default_rng(12)
    for kd in (np.int32, np.int64, np.uint8):
        k = rng.integers(-9 if kd != np.uint8 else 0, 10, 300).astype(kd)
        k[5::13] = 0
        f = rng.uniform(-4, 4, 300)
        f[::17] = 0.0
        f[8::19] = np.nan
        outs = [np.zeros(300, "m8[ms]") for _ in range(5)]
        launch(scale_ops, td, k, f, *outs)
        with np.errstate(all="ignore"):
            wants = [td * k, k * td, td * f, td / k, td / f]
        for got, want in zip(outs, wants):
            same(got, want.astype("m8[ms]"))


@cuda.jit
def ratio(a, b, q, fq):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] / b[i]
        fq[i] = a[i] // b[i]


def test_timedelta_over_timedelta():
    for ua, ub in (("s", "s"), ("h", "s"), ("ms", "D"), ("W", "D"), ("Y", "M")):
        a, b = deltas(ua, 200, 13), deltas(ub, 200, 14, scale=30)
        b[::9] = np.timedelta64(0, ub)
        q, fq = np.zeros(200), np.zeros(200)
        launch(ratio, a, b, q, fq)
        with np.errstate(all="ignore"):
            np.testing.assert_array_equal(q, a / b)
            # numba types // as float64; NumPy gives int64 floors (0 for NaT and a zero divisor)
            np.testing.assert_array_equal(fq, (a // b).astype(np.float64))


@cuda.jit
def compare_all(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] == b[i]
        out[i, 1] = a[i] != b[i]
        out[i, 2] = a[i] < b[i]
        out[i, 3] = a[i] <= b[i]
        out[i, 4] = a[i] > b[i]
        out[i, 5] = a[i] >= b[i]


def numpy_compare(a, b):
    return np.stack([a == b, a != b, a < b, a <= b, a > b, a >= b], axis=1)


def test_datetime_comparisons_across_units():
    for ua, ub in (("D", "D"), ("M", "D"), ("Y", "W"), ("s", "ns"), ("h", "D"), ("M", "Y")):
        a, b = dates(ua, 300, 15), dates(ub, 300, 16)
        b[1::5] = a[1::5]  # equal values in both units
        out = np.zeros((300, 6), np.bool_)
        launch(compare_all, a, b, out)
        np.testing.assert_array_equal(out, numpy_compare(a, b))


def test_timedelta_comparisons():
    for ua, ub in (("s", "s"), ("h", "m"), ("Y", "M"), ("D", "W")):
        a, b = deltas(ua, 300, 17, scale=40), deltas(ub, 300, 18, scale=40)
        out = np.zeros((300, 6), np.bool_)
        launch(compare_all, a, b, out)
        np.testing.assert_array_equal(out, numpy_compare(a, b))


@cuda.jit
def unary_and_builtins(d, t, neg, ab, mx, mn, nat, counts):
    i = cuda.grid(1)
    if i < d.size:
        neg[i] = -t[i] + (+t[i]) - t[i]
        ab[i] = abs(t[i])
        mx[i] = max(d[i], T0)
        mn[i] = min(d[i], T0, d[0])
        nat[i, 0] = np.isnat(d[i])
        nat[i, 1] = np.isnat(t[i])
        counts[i, 0] = np.int64(d[i])
        counts[i, 1] = int(t[i])
        counts[i, 2] = np.uint64(t[i])


def test_unary_operators_and_builtins():
    d, t = dates("D", 200, 19), deltas("h", 200, 20)
    d[0] = np.datetime64("2000-01-01")
    neg, ab = np.zeros(200, "m8[h]"), np.zeros(200, "m8[h]")
    mx, mn = np.zeros(200, "M8[D]"), np.zeros(200, "M8[D]")
    nat, counts = np.zeros((200, 2), np.bool_), np.zeros((200, 3), np.int64)
    launch(unary_and_builtins, d, t, neg, ab, mx, mn, nat, counts)
    same(neg, -t)
    same(ab, np.abs(t))
    t0 = T0.astype("M8[D]")
    # Python's max/min (numba's): a later value replaces the first only where it compares greater
    # (less); NaT compares false, so a NaT first stays and a NaT later is passed over
    want_max = np.array([x if np.isnat(x) or not t0 > x else t0 for x in d], "M8[D]")
    want_min = np.array([x if np.isnat(x) else min(x, t0, d[0]) for x in d], "M8[D]")
    same(mx, want_max)
    same(mn, want_min)
    np.testing.assert_array_equal(nat, np.stack([np.isnat(d), np.isnat(t)], axis=1))
    np.testing.assert_array_equal(counts, np.stack([d.view("i8"), t.view("i8"), t.view("i8")], axis=1))


DAYS = np.arange("2021-03-01", "2021-03-11", dtype="M8[D]")
NOT_A_TIME = np.datetime64("NaT", "ns")


@cuda.jit
def constants(d, out, flags):
    i = cuda.grid(1)
    if i < d.size:
        out[i] = d[i] - T0 + STEP
        flags[i, 0] = d[i] == NOT_A_TIME
        flags[i, 1] = d[i] != NOT_A_TIME
        flags[i, 2] = DAYS[i % 10] < d[i]


def test_module_constants():
    d = dates("D", 100, 21)
    out, flags = np.zeros(100, "m8[h]"), np.zeros((100, 3), np.bool_)
    launch(constants, d, out, flags)
    same(out, d - T0 + STEP)
    np.testing.assert_array_equal(flags, np.stack([d == NOT_A_TIME, d != NOT_A_TIME, DAYS[np.arange(100) % 10] < d],
                                                  axis=1))


@cuda.jit
def as_counts(d, t, out):
    i = cuda.grid(1)
    if i < d.size:
        c = d.view('i8')
        u = t.view(np.uint64)
        out[i] = c[i] + np.int64(u[i] % np.uint64(1000))


@cuda.jit
def from_counts(c, out):
    i = cuda.grid(1)
    if i < c.size:
        v = out.view(np.int64)
        v[i] = np.int64(c.view('<M8[D]')[i] - out[i])  # c's counts as dates, minus out's zeros (1970-01-01)


def test_views_in_kernels():
    d, t = dates("us", 100, 22), deltas("s", 100, 23)
    out = np.zeros(100, np.int64)
    launch(as_counts, d, t, out)
    np.testing.assert_array_equal(out, d.view(np.int64) + (t.view(np.uint64) % 1000).astype(np.int64))
    c = np.arange(100, dtype=np.int64) - 50
    got = np.zeros(100, "M8[D]")
    launch(from_counts, c, got)
    same(got, c.astype("M8[D]"))


@cuda.jit
def two_dims(a, b, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] - b[j, i]


def test_strided_and_two_dimensional():
    a = dates("m", 12 * 9, 24).reshape(12, 9)
    b = dates("s", 9 * 12 * 2, 25).reshape(9, 24)[:, ::2]  # not contiguous
    out = np.zeros((12, 9), "m8[s]")
    two_dims[(2, 2), (8, 8)](a, b, out)
    same(out, a - b.T)


def test_device_function_and_eager_signature():
    @cuda.jit(device=True)
    def later(d, by):
        return d + by * 2

    @cuda.jit("void(NPDatetime('D')[:], NPTimedelta('D'), NPDatetime('D')[::1])")
    def shifted(d, by, out):
        i = cuda.grid(1)
        if i < d.size:
            out[i] = later(d[i], by)

    d = dates("D", 64, 26)
    out = np.zeros(64, "M8[D]")
    shifted[1, 64](d, np.timedelta64(3, "D"), out)
    same(out, d + np.timedelta64(6, "D"))


# ---- what numba refuses -------------------------------------------------------------------------

def test_refusals_are_located():
    d, t = dates("D", 4, 27), deltas("D", 4, 28)

    @cuda.jit
    def add_dates(a, out):
        out[0] = a[0] + a[1]
    typing_error(add_dates, (d, d), "unsupported operand types for +: datetime64[D] and datetime64[D]", "a[0] + a[1]")

    @cuda.jit
    def scale_date(a, out):
        out[0] = a[0] * 2
    typing_error(scale_date, (d, d), "unsupported operand types for *: datetime64[D] and int64", "a[0] * 2")

    @cuda.jit
    def years_and_days(a, b, out):
        out[0] = a[0] + b[0]
    typing_error(years_and_days, (deltas("Y", 4, 1), t, t), "their units do not convert to one another", "a[0] + b[0]")
    typing_error(years_and_days, (d, deltas("M", 4, 1), d), "a timedelta of years or months", "a[0] + b[0]")

    @cuda.jit
    def store_other_unit(a, out):
        out[0] = a[0]
    typing_error(store_other_unit, (t, np.zeros(4, "m8[h]")),
                 "cannot convert timedelta64[D] to timedelta64[h] implicitly", "out[0] = a[0]")
    typing_error(store_other_unit, (t, np.zeros(4, np.int64)), "cannot convert timedelta64[D] to int64", "out[0] = a[0]")

    @cuda.jit
    def store_int(out):
        out[0] = 5
    typing_error(store_int, (t,), "cannot convert int64 to timedelta64[D] implicitly", "out[0] = 5")

    @cuda.jit
    def mixed_compare(a, b, out):
        out[0] = a[0] < b[0]
    typing_error(mixed_compare, (d, t, np.zeros(1, np.bool_)), "'<' is not supported between datetime64[D] and "
                 "timedelta64[D]", "a[0] < b[0]")
    typing_error(mixed_compare, (deltas("M", 4, 1), t, np.zeros(1, np.bool_)), "their units do not convert",
                 "a[0] < b[0]")
    typing_error(mixed_compare, (d, np.arange(4), np.zeros(1, np.bool_)), "'<' is not supported between",
                 "a[0] < b[0]")

    @cuda.jit
    def math_on_time(a, out):
        out[0] = math.sqrt(a[0])
    typing_error(math_on_time, (t, np.zeros(1)), "sqrt() does not take timedelta64[D]", "math.sqrt(a[0])")

    @cuda.jit
    def int_of_days(a, out):
        out[0] = int(a[0])
    typing_error(int_of_days, (d, np.zeros(1, np.int64)), "Only datetime64[ns] can be converted, but got "
                 "datetime64[D]", "int(a[0])")

    @cuda.jit
    def narrow_cast(a, out):
        out[0] = np.int32(a[0])
    typing_error(narrow_cast, (d, np.zeros(1, np.int32)), "Cannot cast datetime64[D] to int32 as int32 is not 64 "
                 "bits wide.", "np.int32(a[0])")

    @cuda.jit
    def condition(a, out):
        if a[0]:
            out[0] = 1
    typing_error(condition, (t, np.zeros(1)), "a condition must be a number or a bool, not timedelta64[D]", "if a[0]")

    @cuda.jit
    def atomic_on_dates(a, out):
        cuda.atomic.add(a, 0, 1)
    typing_error(atomic_on_dates, (d, d), "does not take array(datetime64[D], 1d, C)", "cuda.atomic.add(a, 0, 1)")

    @cuda.jit
    def floor_mod(a, out):
        out[0] = a[0] % a[1]
    typing_error(floor_mod, (t, t), "unsupported operand types for %: timedelta64[D] and timedelta64[D]", "a[0] % a[1]")

    @cuda.jit
    def isnat_of_number(a, out):
        out[0] = np.isnat(a[0])
    typing_error(isnat_of_number, (np.zeros(2), np.zeros(1, np.bool_)), "isnat() takes a datetime64 or timedelta64",
                 "np.isnat(a[0])")

    @cuda.jit
    def unknown_view(a, out):
        out[0] = a.view('q9')[0]
    typing_error(unknown_view, (d, d), "view(): 'q9' is not the name of a dtype pyjitc knows", "a.view('q9')")

    @cuda.jit
    def max_of_units(a, b, out):
        out[0] = max(a[0], b[0])
    typing_error(max_of_units, (d, dates("s", 4, 1), d), "numba takes datetime64 and timedelta64 values of one type",
                 "max(a[0], b[0])")


def test_host_types():
    assert from_dtype(np.dtype("M8")) == NPDatetime("") and str(NPDatetime("")) == "datetime64[]"
    assert from_dtype(np.dtype("m8[us]")) == NPTimedelta("us") and NPTimedelta("us") != NPDatetime("us")
    with pytest.raises(NotImplementedError):
        from_dtype(np.dtype("m8[5s]"))  # multiples of a unit: numba has none either
    assert NPDatetime("D")("2020-01-02") == np.datetime64("2020-01-02")
    assert NPDatetime("D") < NPDatetime("h") and NPDatetime("D")[::1].dtype == NPDatetime("D")
    big_endian = np.arange(3).astype(">m8[s]")
    with pytest.raises(Exception):
        sub[1, 3](big_endian, big_endian, np.zeros(3, "m8[s]"))


import math  # noqa: E402  (the kernels above read it when they are compiled)
