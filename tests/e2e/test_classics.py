"""The classic CUDA kernels of issue 3, written as numba-cuda users write them, launched on the
test target (PYJITC_TEST_TARGET) and checked against NumPy on real data: shared-memory tiled
matrix multiply, block reductions (shared memory, syncthreads in a while/for loop, atomics), a
multi-level reduction over launches, a shared+global atomic histogram, prefix sums in shared
memory, a padded-tile transpose, 1-D and 2-D convolution, a Jacobi step, Black-Scholes,
mandelbrot and a Monte Carlo pi with an in-kernel xorshift.

Float tolerances hold for libdevice on the GPU and libm on the CPU, and for fused multiply-adds
(LLVM contracts a*b+c on both targets, as NVVM does). Outputs start as poison (NaN or -1) so an
element a launch leaves unwritten fails."""
import math
import os

import numpy as np
import pytest

from pjrun import here, launch


def K(name):
    return here(__file__, os.path.join("kernels", name))


LINALG = K("classics_linalg.py")
REDUCE = K("classics_reduce.py")
STENCIL = K("classics_stencil.py")
SIM = K("classics_sim.py")


def blocks(n, b):
    return (n + b - 1) // b


def assert_close(name, got, want, rtol, atol):
    got64, want64 = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got64.shape == want64.shape, f"{name}: shape {got64.shape}, want {want64.shape}"
    assert not np.isnan(got64).any(), f"{name}: NaN in the output (an element left unwritten?)"
    err = np.abs(got64 - want64)
    bad = np.argwhere(err > atol + rtol * np.abs(want64))
    assert bad.size == 0, (f"{name}: {len(bad)} of {got64.size} elements off, e.g. "
                           + ", ".join(f"{tuple(k)}: got {got64[tuple(k)]!r} want {want64[tuple(k)]!r}" for k in bad[:6]))


# ---- dense linear algebra ------------------------------------------------------------------

@pytest.mark.parametrize("m,k,n", [(37, 45, 29), (16, 16, 16), (1, 70, 33), (50, 3, 17)])
def test_tiled_matmul_float32(m, k, n):
    """numba's fast_matmul with 16x16 shared tiles, a 2-D grid over C (x: column, y: row) and
    shapes that are not multiples of the tile (zero-filled edges)."""
    rng = np.random.default_rng(m * 1000 + k * 10 + n)
    A = rng.standard_normal((m, k)).astype(np.float32)
    B = rng.standard_normal((k, n)).astype(np.float32)
    C = np.full((m, n), np.nan, np.float32)
    out, _ = launch(LINALG, (blocks(n, 16), blocks(m, 16)), (16, 16), A, B, C, kernel="matmul_f32")
    ref = A.astype(np.float64) @ B.astype(np.float64)
    # k float32 products summed in float32: the error grows with k and the size of the terms
    scale = np.abs(A).astype(np.float64) @ np.abs(B).astype(np.float64)
    assert_close("C", out["C"], ref, 0, 4 * k * np.finfo(np.float32).eps * scale + 1e-30)
    np.testing.assert_array_equal(out["A"], A)  # inputs untouched


def test_tiled_matmul_float64():
    """The float64 variant: shared tiles typed np.float64 / float64 by keyword, a while loop over
    the tiles around the barriers, conditional-expression loads."""
    rng = np.random.default_rng(7)
    A = rng.standard_normal((45, 38))
    B = rng.standard_normal((38, 21))
    C = np.full((45, 21), np.nan)
    out, _ = launch(LINALG, (blocks(21, 16), blocks(45, 16)), (16, 16), A, B, C, kernel="matmul_f64")
    assert_close("C", out["C"], A @ B, 1e-12, 1e-12)


@pytest.mark.parametrize("rows,cols", [(50, 37), (16, 16), (5, 70)])
def test_transpose_padded_tile(rows, cols):
    """Through a (16, 17) shared tile: exact for float32 and int64."""
    rng = np.random.default_rng(rows + cols)
    a = rng.standard_normal((rows, cols)).astype(np.float32)
    grid = (blocks(cols, 16), blocks(rows, 16))
    out, _ = launch(LINALG, grid, (16, 16), a, np.full((cols, rows), np.nan, np.float32), kernel="transpose")
    np.testing.assert_array_equal(out["out"], a.T)
    b = rng.integers(-(2**62), 2**62, (rows, cols))
    out, _ = launch(LINALG, grid, (16, 16), b, np.full((cols, rows), -1, np.int64), kernel="transpose_i64")
    np.testing.assert_array_equal(out["out"], b.T)


# ---- reductions ----------------------------------------------------------------------------

def block_slices(a, nblocks, block):
    """The elements each block of a grid-stride loop reads."""
    stride = nblocks * block
    return [np.concatenate([a[b * block + t::stride] for t in range(block)]) for b in range(nblocks)]


def test_block_reduction_exact_with_integral_values():
    """Integer-valued float32 data: every partial sum and the atomic float64 total are exact,
    whatever order the blocks add in."""
    rng = np.random.default_rng(11)
    a = rng.integers(-1000, 1000, 10007).astype(np.float32)
    nb = 9
    out, _ = launch(REDUCE, nb, 128, a, np.full(nb, np.nan), np.zeros(1), kernel="block_sum")
    want = [float(s.astype(np.float64).sum()) for s in block_slices(a, nb, 128)]
    assert out["partial"].tolist() == want
    assert out["total"][0] == float(a.astype(np.float64).sum())


def test_block_reduction_float():
    rng = np.random.default_rng(12)
    a = rng.standard_normal(20000).astype(np.float32) * 100
    nb = 13
    out, _ = launch(REDUCE, nb, 128, a, np.full(nb, np.nan), np.full(1, 0.5), kernel="block_sum")
    want = [s.astype(np.float64).sum() for s in block_slices(a, nb, 128)]
    mag = [np.abs(s).astype(np.float64).sum() for s in block_slices(a, nb, 128)]
    assert_close("partial", out["partial"], want, 0, 1e-13 * np.array(mag))
    assert_close("total", out["total"], [0.5 + a.astype(np.float64).sum()], 0, 1e-12 * np.abs(a).sum())


def test_int_block_reduction_atomics():
    """int64 data, a for loop over the halving steps around the barrier; atomic int64 adds of the
    block sums and of a block counter."""
    rng = np.random.default_rng(13)
    a = rng.integers(-(2**40), 2**40, 3000)
    nb = blocks(a.size, 128)
    total = np.array([5, 0], np.int64)
    out, _ = launch(REDUCE, nb, 128, a, np.full(nb, -1, np.int64), total, kernel="int_block_sum")
    assert out["partial"].tolist() == [int(a[b * 128:(b + 1) * 128].sum()) for b in range(nb)]
    assert out["total"].tolist() == [5 + int(a.sum()), nb]


def test_two_level_reduction_over_launches():
    """A warp-free multi-level reduction: each launch reduces blocks of 128 to one sum and one max
    per block, the next launch reduces those, until one value is left."""
    rng = np.random.default_rng(14)
    a = rng.standard_normal(40000) * 10
    a[12345] = 1e3  # the max
    s, m = a, a
    levels = 0
    while s.size > 1:
        nb = blocks(s.size, 128)
        out, _ = launch(REDUCE, nb, 128, s, m, np.full(nb, np.nan), np.full(nb, np.nan), kernel="stage_sum_max")
        if levels == 0:
            want = [a[b * 128:(b + 1) * 128].sum() for b in range(nb)]
            assert_close("level-0 sums", out["sums"], want, 0, 1e-12 * 128 * 40)
            np.testing.assert_array_equal(out["maxs"], [a[b * 128:(b + 1) * 128].max() for b in range(nb)])
        else:
            np.testing.assert_array_equal(out["maxs"], [m[b * 128:(b + 1) * 128].max() for b in range(nb)])
        s, m = out["sums"], out["maxs"]
        levels += 1
    assert levels == 3  # 40000 -> 313 -> 3 -> 1
    assert_close("sum", s, [a.sum()], 0, 1e-9)
    assert m[0] == 1e3


# ---- histogram and scan --------------------------------------------------------------------

@pytest.mark.parametrize("n,nb,block", [(10000, 6, 96), (777, 3, 256), (50000, 16, 128)])
def test_histogram_shared_then_global_atomics(n, nb, block):
    rng = np.random.default_rng(n)
    data = rng.integers(0, 256, n).astype(np.uint8)
    data[: n // 10] = 7  # one hot bin: many concurrent atomics on one address
    bins = np.zeros(256, np.int32)
    bins[3] = 1000  # atomics add to what is there
    out, _ = launch(REDUCE, nb, block, data, bins, kernel="histogram")
    want = np.bincount(data, minlength=256)
    want[3] += 1000
    np.testing.assert_array_equal(out["bins"], want)


@pytest.mark.parametrize("n", [256, 200, 1])
def test_inclusive_scan_double_buffered(n):
    rng = np.random.default_rng(n)
    a = rng.integers(-10**6, 10**6, n).astype(np.int32)
    out, _ = launch(REDUCE, 1, 256, a, np.full(n, -1, np.int32), kernel="scan_double_buffer")
    np.testing.assert_array_equal(out["out"], np.cumsum(a.astype(np.int64)).astype(np.int32))


@pytest.mark.parametrize("n,block", [(256, 256), (100, 128), (64, 64)])
def test_inclusive_scan_in_place(n, block):
    """Integer-valued float64 data, so the order of additions does not matter: exact."""
    rng = np.random.default_rng(n + block)
    a = rng.integers(-1000, 1000, n).astype(np.float64)
    out, _ = launch(REDUCE, 1, block, a, np.full(n, np.nan), kernel="scan_in_place")
    np.testing.assert_array_equal(out["out"], np.cumsum(a))


# ---- stencils ------------------------------------------------------------------------------

def correlate1d(a, w):
    r = w.size // 2
    return np.correlate(np.pad(a.astype(np.float64), r), w.astype(np.float64), "valid")


@pytest.mark.parametrize("n", [1000, 64, 5])
def test_conv1d_shared_halo(n):
    """A float32 7-tap filter over a tile plus halo staged in shared memory."""
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    w = rng.standard_normal(7).astype(np.float32)
    out, _ = launch(STENCIL, blocks(n, 64), 64, a, w, np.full(n, np.nan, np.float32), kernel="conv1d_shared")
    mag = correlate1d(np.abs(a), np.abs(w))
    assert_close("out", out["out"], correlate1d(a, w), 0, 8 * np.finfo(np.float32).eps * mag + 1e-30)


@pytest.mark.parametrize("taps", [1, 5, 9])
def test_conv1d_filter_array(taps):
    rng = np.random.default_rng(taps)
    a = rng.standard_normal(1000)
    w = rng.standard_normal(taps)
    out, _ = launch(STENCIL, blocks(1000, 128), 128, a, w, np.full(1000, np.nan), kernel="conv1d")
    assert_close("out", out["out"], correlate1d(a, w), 1e-13, 1e-13)


@pytest.mark.parametrize("fshape", [(5, 3), (3, 3), (1, 7)])
def test_conv2d_filter_array(fshape):
    rng = np.random.default_rng(fshape[0] * 10 + fshape[1])
    img = rng.standard_normal((40, 53))
    w = rng.standard_normal(fshape)
    out, _ = launch(STENCIL, (blocks(53, 16), blocks(40, 8)), (16, 8), img, w, np.full(img.shape, np.nan),
                    kernel="conv2d")
    ry, rx = fshape[0] // 2, fshape[1] // 2
    p = np.pad(img, ((ry, ry), (rx, rx)))
    ref = sum(p[i:i + 40, j:j + 53] * w[i, j] for i in range(fshape[0]) for j in range(fshape[1]))
    assert_close("out", out["out"], ref, 1e-13, 1e-13)


def test_jacobi_steps():
    """Three 5-point Jacobi steps (launch after launch, ping-pong). Four additions in a fixed
    order and a multiplication by 0.25: no contraction applies, so float64 is exact."""
    rng = np.random.default_rng(3)
    u = rng.standard_normal((30, 45))
    u[0, :] = 1.0
    ref = u.copy()
    for _ in range(3):
        out, _ = launch(STENCIL, (blocks(30, 16), blocks(45, 16)), (16, 16), u, np.full(u.shape, np.nan),
                        kernel="jacobi_step")
        nxt = ref.copy()
        nxt[1:-1, 1:-1] = 0.25 * (ref[:-2, 1:-1] + ref[2:, 1:-1] + ref[1:-1, :-2] + ref[1:-1, 2:])
        np.testing.assert_array_equal(out["out"], nxt)
        u, ref = out["out"], nxt


# ---- Black-Scholes, mandelbrot, Monte Carlo --------------------------------------------------

def black_scholes(S, X, T, r=0.02, v=0.30):
    erf = np.vectorize(math.erf)
    sqrtT = np.sqrt(T)
    d1 = (np.log(S / X) + (r + 0.5 * v * v) * T) / (v * sqrtT)
    d2 = d1 - v * sqrtT
    c1 = 0.5 * (1.0 + erf(d1 / math.sqrt(2.0)))
    c2 = 0.5 * (1.0 + erf(d2 / math.sqrt(2.0)))
    e = np.exp(-r * T)
    return S * c1 - X * e * c2, X * e * (1.0 - c2) - S * (1.0 - c1)


def option_data(n, seed):
    rng = np.random.default_rng(seed)
    return rng.uniform(5.0, 30.0, n), rng.uniform(1.0, 100.0, n), rng.uniform(0.25, 10.0, n)


def test_black_scholes_float64():
    S, X, T = option_data(2000, 1)
    call, put = black_scholes(S, X, T)
    out, _ = launch(SIM, blocks(2000, 128), 128, np.full(2000, np.nan), np.full(2000, np.nan), S, X, T,
                    kernel="black_scholes_f64")
    # prices up to ~100; a few ulps of the largest terms
    assert_close("call", out["call"], call, 1e-12, 1e-12)
    assert_close("put", out["put"], put, 1e-12, 1e-12)


def test_black_scholes_float32():
    """Single precision throughout (float32 casts of the constants, libdevice/libm float
    functions); checked against float64 on the same float32 inputs."""
    S, X, T = (v.astype(np.float32) for v in option_data(2000, 2))
    call, put = black_scholes(S.astype(np.float64), X.astype(np.float64), T.astype(np.float64))
    out, _ = launch(SIM, blocks(2000, 128), 128, np.full(2000, np.nan, np.float32), np.full(2000, np.nan, np.float32),
                    S, X, T, kernel="black_scholes_f32")
    # the terms are up to ~100 and cancel: an absolute error of a few float32 ulps of 100
    assert_close("call", out["call"], call, 1e-5, 1e-4)
    assert_close("put", out["put"], put, 1e-5, 1e-4)


def _split(a):
    c = 134217729.0 * a
    hi = c - (c - a)
    return hi, a - hi


def _fma(a, b, c):
    """a * b + c with one rounding (Dekker's product, then a two-sum): what a fused
    multiply-add gives, up to rare double-rounding cases."""
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    bb = s - p
    t = (p - (s - bb)) + (c - bb)
    return s + (t + e)


def mandelbrot_ref(xs, ys, max_iter, fused):
    """The kernel's iteration in NumPy float64; fused=0: no fused multiply-adds, 1 and 2: the two
    ways a compiler may contract the products."""
    cx, cy = np.meshgrid(xs, ys)
    x, y = np.zeros_like(cx), np.zeros_like(cx)
    n = np.zeros(cx.shape, np.int32)
    live = np.ones(cx.shape, bool)
    for _ in range(max_iter):
        x2, y2 = x * x, y * y
        if fused == 0:
            r, ny, nx = x2 + y2, 2.0 * x * y + cy, x2 - y2 + cx
        elif fused == 1:
            r, ny, nx = _fma(x, x, y2), _fma(2.0 * x, y, cy), _fma(x, x, -y2) + cx
        else:
            r, ny, nx = _fma(y, y, x2), _fma(2.0 * x, y, cy), _fma(-y, y, x2) + cx
        live &= ~(r > 4.0)
        x, y = np.where(live, nx, x), np.where(live, ny, y)
        n += live
    return n


def test_mandelbrot_exact():
    """Escape counts (int32) over a 120x90 grid, compared exactly with NumPy in float64. The grid
    and the iteration limit are chosen so that the counts do not depend on contraction (checked
    here: the unfused and both fused references agree), so the exact comparison holds for any
    compiler that rounds each operation or fuses a multiply-add."""
    xs = np.linspace(-2.2, 0.8, 120)
    ys = np.linspace(-1.2, 1.2, 90)
    refs = [mandelbrot_ref(xs, ys, 200, f) for f in range(3)]
    assert all((r == refs[0]).all() for r in refs), "reference depends on contraction: pick another grid"
    out, _ = launch(SIM, (blocks(120, 16), blocks(90, 16)), (16, 16), xs, ys, np.int32(200),
                    np.full((90, 120), -1, np.int32), kernel="mandelbrot")
    np.testing.assert_array_equal(out["iters"], refs[0])
    assert (out["iters"] == 200).sum() > 1000 and (out["iters"] < 5).sum() > 1000  # inside and far outside


def xorshift64(s):
    s ^= s << np.uint64(13)
    s ^= s >> np.uint64(7)
    s ^= s << np.uint64(17)
    return s


def test_monte_carlo_pi_xorshift64():
    """Each thread draws `steps` points from its own xorshift64 stream (uint64 state, shifts and
    xors at 64 bits); per-thread hit counts, final states and the atomic uint64 total are
    compared exactly with the same generator run in NumPy."""
    rng = np.random.default_rng(21)
    nt, steps = 1000, 300
    seeds = rng.integers(1, 2**64, nt, dtype=np.uint64)
    count = np.array([10], np.uint64)
    out, _ = launch(SIM, blocks(nt, 64), 64, seeds, np.int64(steps), count, np.full(nt, -1, np.int64),
                    kernel="monte_carlo_pi64")
    s = seeds.copy()
    inside = np.zeros(nt, np.int64)
    for _ in range(steps):
        s = xorshift64(s)
        x = (s >> np.uint64(38)).astype(np.float64) / 2**26
        s = xorshift64(s)
        y = (s >> np.uint64(38)).astype(np.float64) / 2**26
        inside += x * x + y * y <= 1.0
    np.testing.assert_array_equal(out["seeds"], s)
    np.testing.assert_array_equal(out["hits"], inside)
    assert int(out["count"][0]) == 10 + int(inside.sum())
    assert abs(4.0 * inside.sum() / (nt * steps) - math.pi) < 0.02


def test_monte_carlo_pi_xorshift32():
    """xorshift32 on a uint32 state (uint32() / np.uint32() truncate the 64-bit shifts back to 32
    bits), integer in-circle test, atomic uint32 total."""
    rng = np.random.default_rng(22)
    nt, steps = 1000, 300
    seeds = rng.integers(1, 2**32, nt, dtype=np.uint32)
    out, _ = launch(SIM, blocks(nt, 64), 64, seeds, np.int64(steps), np.zeros(1, np.uint32),
                    np.full(nt, 7, np.uint32), kernel="monte_carlo_pi32")
    s = seeds.copy()
    inside = np.zeros(nt, np.int64)
    for _ in range(steps):
        s ^= s << np.uint32(13)
        s ^= s >> np.uint32(17)
        s ^= s << np.uint32(5)
        a = (s & np.uint32(0xFFFF)).astype(np.int64)
        b = (s >> np.uint32(16)).astype(np.int64)
        inside += a * a + b * b < 2**32
    np.testing.assert_array_equal(out["seeds"], s)
    np.testing.assert_array_equal(out["hits"], inside)
    assert int(out["count"][0]) == int(inside.sum())
    assert abs(4.0 * inside.sum() / (nt * steps) - math.pi) < 0.02
