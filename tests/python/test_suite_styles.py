"""The performance suite's kernels (bench/suite_kernels.py) in each of its three styles, run at small
sizes against NumPy: the suite times them on the GPU machine, and a style pyjitc got wrong or
refused would show there only as a missing row. PYTHON and PYTHON_NP take the arrays (sizes from
their shapes); PYTHON_ARGS takes int32 sizes and float32 scalars and loops with `for`."""
import importlib.util
import math
import os
import sys

import numpy as np
import pytest

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench")
sys.path.insert(0, BENCH)
import suite_kernels  # noqa: E402

STYLES = ("PYTHON", "PYTHON_NP", "PYTHON_ARGS")
I32 = np.int32


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    d = tmp_path_factory.mktemp("suite")
    out = {}
    for style in STYLES:
        path = d / f"suite_{style.lower()}.py"
        path.write_text(getattr(suite_kernels, style).format(module="pyjitc"))
        spec = importlib.util.spec_from_file_location(f"suite_{style.lower()}", path)
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        out[style] = m
    return out


rng = np.random.default_rng(7)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("grid", [None, 3])  # one thread per element; a small grid (strided or partial)
def test_saxpy(modules, style, grid):
    n = 5000
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    out = np.full(n, np.nan, np.float32)
    args = (np.float32(2.5), x, y, out) + ((I32(n),) if style == "PYTHON_ARGS" else ())
    blocks = grid or (n + 255) // 256
    modules[style].saxpy[blocks, 256](*args)
    want = np.float32(2.5) * x + y
    if grid and style != "PYTHON_ARGS":  # one element per thread: the rest stays as it was
        covered = blocks * 256
        np.testing.assert_allclose(out[:covered], want[:covered], rtol=1e-6)
        assert np.isnan(out[covered:]).all()
    else:
        np.testing.assert_allclose(out, want, rtol=1e-6)


@pytest.mark.parametrize("style", STYLES)
def test_jacobi(modules, style):
    n, m = 67, 45
    src = rng.random((n, m), np.float32)
    dst = np.zeros_like(src)
    args = (src, dst) + ((I32(n), I32(m), np.float32(0.25)) if style == "PYTHON_ARGS" else ())
    modules[style].jacobi[((m + 31) // 32, (n + 7) // 8), (32, 8)](*args)
    want = 0.25 * (src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])
    np.testing.assert_allclose(dst[1:-1, 1:-1], want, rtol=1e-5)
    assert not dst[0].any() and not dst[-1].any() and not dst[:, 0].any() and not dst[:, -1].any()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("name", ["matmul", "matmul_tiled"])
def test_matmul(modules, style, name):
    k = 48
    A, B = rng.random((k, k), np.float32), rng.random((k, k), np.float32)
    C = np.full((k, k), np.nan, np.float32)
    args = (A, B, C) + ((I32(k), I32(k), I32(k)) if style == "PYTHON_ARGS" else ())
    getattr(modules[style], name)[(k // 16, k // 16), (16, 16)](*args)
    np.testing.assert_allclose(C, A.astype(np.float64) @ B.astype(np.float64), rtol=1e-5)


@pytest.mark.parametrize("style", STYLES)
def test_reduce_sum(modules, style):
    n = 10007
    x = rng.random(n, np.float32)
    total = np.zeros(1, np.float32)
    args = (x, total) + ((I32(n),) if style == "PYTHON_ARGS" else ())
    modules[style].reduce_sum[5, 256](*args)
    assert math.isclose(float(total[0]), float(x.astype(np.float64).sum()), rel_tol=1e-5)


@pytest.mark.parametrize("style", STYLES)
def test_histogram(modules, style):
    n = 10007
    data = rng.integers(0, 256, n, dtype=np.uint8)
    bins = np.zeros(256, np.int32)
    args = (data, bins) + ((I32(n),) if style == "PYTHON_ARGS" else ())
    modules[style].histogram[5, 256](*args)
    np.testing.assert_array_equal(bins, np.bincount(data, minlength=256))


@pytest.mark.parametrize("style", STYLES)
def test_black_scholes(modules, style):
    n = 3000
    S = rng.uniform(5, 30, n).astype(np.float32)
    K = rng.uniform(1, 100, n).astype(np.float32)
    T = rng.uniform(0.25, 10, n).astype(np.float32)
    call, put = np.full(n, np.nan, np.float32), np.full(n, np.nan, np.float32)
    r, v = np.float32(0.02), np.float32(0.30)
    args = (S, K, T, call, put, r, v) + ((I32(n),) if style == "PYTHON_ARGS" else ())
    modules[style].black_scholes[(n + 255) // 256, 256](*args)
    s, kk, t = (a.astype(np.float64) for a in (S, K, T))
    sq = np.sqrt(t)
    d1 = (np.log(s / kk) + (0.02 + 0.5 * 0.3 * 0.3) * t) / (0.3 * sq)
    d2 = d1 - 0.3 * sq
    erf = np.vectorize(math.erf)
    c1, c2 = 0.5 * (1 + erf(d1 / math.sqrt(2))), 0.5 * (1 + erf(d2 / math.sqrt(2)))
    disc = kk * np.exp(-0.02 * t)
    np.testing.assert_allclose(call, s * c1 - disc * c2, rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(put, disc * (1 - c2) - s * (1 - c1), rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("style", STYLES)
def test_mandelbrot(modules, style):
    h, w, iters = 48, 80, 64
    img = np.full((h, w), -1, np.int32)
    args = (img, I32(w), I32(h), I32(iters)) if style == "PYTHON_ARGS" else (img, iters)
    modules[style].mandelbrot[(w // 16, h // 16), (16, 16)](*args)
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    cr = np.float32(-2.0) + np.float32(3.0) * xs / np.float32(w)
    ci = np.float32(-1.5) + np.float32(3.0) * ys / np.float32(h)
    zr, zi = np.zeros((h, w), np.float32), np.zeros((h, w), np.float32)
    count = np.zeros((h, w), np.int32)
    for _ in range(iters):
        live = zr * zr + zi * zi <= np.float32(4.0)
        t = zr * zr - zi * zi + cr
        zi = np.where(live, np.float32(2.0) * zr * zi + ci, zi)
        zr = np.where(live, t, zr)
        count += live
    # near the set's edge a fused multiply-add may change a point's count (as in bench/suite.py)
    assert (img >= 0).all() and np.mean(img == count) > 0.97, np.mean(img == count)
