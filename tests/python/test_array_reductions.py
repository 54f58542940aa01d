"""NumPy reductions over whole arrays inside kernels (np.sum(a), a.max(), np.nanmean(a), ...):
every thread reduces the whole array to a scalar; checked against NumPy on several dtypes,
dimensions and strided/reversed views, with NaNs."""
import numpy as np
import pytest

from pyjitc import cuda


@cuda.jit
def k_bool(a, out):
    out[0] = np.all(a)
    out[1] = np.any(a)
    out[2] = a.all()
    out[3] = a.any()


@cuda.jit
def k_sums(a, out):
    out[0] = np.sum(a)
    out[1] = a.sum()
    out[2] = np.prod(a)
    out[3] = a.prod()
    out[4] = np.nansum(a)
    out[5] = np.nanprod(a)


@cuda.jit
def k_minmax(a, out):
    out[0] = np.min(a)
    out[1] = np.max(a)
    out[2] = np.amin(a)
    out[3] = np.amax(a)
    out[4] = a.min()
    out[5] = a.max()
    out[6] = np.nanmin(a)
    out[7] = np.nanmax(a)


@cuda.jit
def k_stats(a, out):
    out[0] = np.mean(a)
    out[1] = a.mean()
    out[2] = np.var(a)
    out[3] = a.std()
    out[4] = np.std(a)
    out[5] = np.nanmean(a)


@cuda.jit
def k_count(a, out):
    out[0] = np.count_nonzero(a)


@cuda.jit
def k_per_thread(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a.sum() + i


DTYPES = [np.bool_, np.int8, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]


def sample(dtype, shape, rng):
    n = int(np.prod(shape))
    if dtype == np.bool_:
        return (rng.random(n) < 0.6).reshape(shape)
    if np.issubdtype(dtype, np.floating):
        return (rng.integers(-8, 9, n) * 0.5).astype(dtype).reshape(shape)
    info = np.iinfo(dtype)
    lo = max(info.min, -5)
    return rng.integers(lo, 6, n).astype(dtype).reshape(shape)


def views(base):
    yield base
    if base.ndim == 1:
        yield base[::-1]
        yield base[1::3]
    else:
        yield base[::-1]
        yield base[..., ::2]
        yield base.T
        yield base[1:, ::-1]


SHAPES = [(7,), (3, 5), (2, 3, 4)]


def check(got, want, dtype):
    if np.issubdtype(dtype, np.floating):
        tol = 1e-5 if dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


def sum_dtype(dtype):
    return np.sum(np.zeros(1, dtype)).dtype


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_sums_minmax_bool(dtype, shape):
    rng = np.random.default_rng(7)
    base = sample(dtype, shape, rng)
    for a in views(base):
        out = np.zeros(4, np.bool_)
        k_bool[1, 1](a, out)
        assert list(out) == [np.all(a), np.any(a), a.all(), a.any()]
        sd = sum_dtype(dtype)
        out = np.zeros(6, sd)
        k_sums[1, 1](a, out)
        check(out, [np.sum(a), a.sum(), np.prod(a), a.prod(), np.nansum(a), np.nanprod(a)], sd)
        out = np.zeros(8, a.dtype)
        k_minmax[1, 1](a, out)
        check(out, [np.min(a), np.max(a), np.amin(a), np.amax(a), a.min(), a.max(), np.nanmin(a), np.nanmax(a)], dtype)
        out = np.zeros(1, np.int64)
        k_count[1, 1](a, out)
        assert out[0] == np.count_nonzero(a)


@pytest.mark.parametrize("dtype", [np.int16, np.uint8, np.int64, np.float32, np.float64])
@pytest.mark.parametrize("shape", SHAPES)
def test_statistics(dtype, shape):
    rng = np.random.default_rng(11)
    base = sample(dtype, shape, rng)
    rd = np.float32 if dtype == np.float32 else np.float64
    for a in views(base):
        out = np.zeros(6, rd)
        k_stats[1, 1](a, out)
        check(out, [np.mean(a), a.mean(), np.var(a), a.std(), np.std(a), np.nanmean(a)], rd)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_nans(dtype):
    nan, inf = np.nan, np.inf
    cases = [
        [1.0, nan, -2.0, 3.0],
        [nan, 1.0, -2.0],
        [nan, nan],
        [1.0, 0.0, -0.0],
        [inf, -inf, 2.0],
        [-1.5, nan, inf],
    ]
    for c in cases:
        a = np.array(c, dtype)
        for v in (a, a[::-1]):
            out = np.zeros(4, np.bool_)
            k_bool[1, 1](v, out)
            assert list(out) == [np.all(v), np.any(v), v.all(), v.any()]  # NaN counts as true
            out = np.zeros(6, dtype)
            k_sums[1, 1](v, out)
            with np.errstate(invalid="ignore"):
                want = [np.sum(v), v.sum(), np.prod(v), v.prod(), np.nansum(v), np.nanprod(v)]
            check(out, want, dtype)
            out = np.zeros(8, dtype)
            k_minmax[1, 1](v, out)
            with np.errstate(invalid="ignore"), _quiet():
                want = [np.min(v), np.max(v), np.amin(v), np.amax(v), v.min(), v.max(), np.nanmin(v), np.nanmax(v)]
            check(out, want, dtype)
            out = np.zeros(6, dtype)
            k_stats[1, 1](v, out)
            with np.errstate(invalid="ignore"), _quiet():
                want = [np.mean(v), v.mean(), np.var(v), v.std(), np.std(v), np.nanmean(v)]
            check(out, want, dtype)


class _quiet:
    def __enter__(self):
        import warnings

        self.w = warnings.catch_warnings()
        self.w.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc):
        return self.w.__exit__(*exc)


def test_result_types():
    # int32 sums in int64 (no wrap-around at 2**31), uint32 in uint64, bool counts as int64
    a = np.array([2**31 - 1, 2**31 - 1, 5], np.int32)
    out = np.zeros(6, np.int64)
    k_sums[1, 1](a, out)
    assert out[0] == 2 * (2**31 - 1) + 5 == out[1]
    u = np.array([2**32 - 1, 2**32 - 1], np.uint32)
    outu = np.zeros(6, np.uint64)
    k_sums[1, 1](u, outu)
    assert outu[0] == 2 * (2**32 - 1)
    b = np.ones(300, np.bool_)
    outb = np.zeros(6, np.int64)
    k_sums[1, 1](b, outb)
    assert outb[0] == 300
    # float32 accumulates in float32: 1e8 + 1 rounds back to 1e8 (float64 would keep the 1)
    f = np.array([1e8, 1.0, -1e8], np.float32)
    outf = np.zeros(6, np.float64)
    k_sums[1, 1](f, outf)
    assert outf[0] == np.float32(np.float32(1e8) + np.float32(1.0)) - np.float32(1e8) == np.sum(f)
    assert outf[0] == 0.0


def test_empty_identities():
    # documented: an empty array gives the identity (NumPy raises for min/max)
    a = np.zeros(0, np.float64)
    out = np.zeros(6, np.float64)
    k_sums[1, 1](a, out)
    assert list(out) == [0.0, 0.0, 1.0, 1.0, 0.0, 1.0]
    out = np.zeros(8, np.float64)
    k_minmax[1, 1](a, out)
    assert list(out[:6]) == [np.inf, -np.inf, np.inf, -np.inf, np.inf, -np.inf]
    assert np.isnan(out[6]) and np.isnan(out[7])
    out = np.zeros(6, np.float64)
    k_stats[1, 1](a, out)
    assert np.isnan(out).all()
    ob = np.zeros(4, np.bool_)
    k_bool[1, 1](a, ob)
    assert list(ob) == [True, False, True, False]
    oi = np.zeros(8, np.int16)
    k_minmax[1, 1](np.zeros(0, np.int16), oi)
    assert list(oi[:2]) == [np.iinfo(np.int16).max, np.iinfo(np.int16).min]


def test_every_thread_reduces():
    a = np.arange(20, dtype=np.int64).reshape(4, 5)[:, ::2]
    out = np.zeros(64, np.int64)
    k_per_thread[2, 32](a, out)
    np.testing.assert_array_equal(out, a.sum() + np.arange(64))


def test_not_an_array():
    @cuda.jit
    def bad(x, out):
        out[0] = np.sum(x)

    with pytest.raises(Exception, match=r"numpy.sum\(\) takes an array"):
        bad[1, 1](1.5, np.zeros(1))


def test_complex_rejected():
    @cuda.jit
    def bad(a, out):
        out[0] = np.max(a)

    with pytest.raises(Exception, match=r"numpy.max\(\) takes an array of booleans, integers"):
        bad[1, 1](np.zeros(3, np.complex128), np.zeros(1))
