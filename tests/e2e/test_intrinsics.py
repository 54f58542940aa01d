"""CUDA intrinsics and the math library on the test target (PYJITC_TEST_TARGET), checked against
numba-cuda's semantics with NumPy / Python references:

- atomics (add sub and_ or_ xor exch inc dec max min nanmax nanmin cas compare_and_swap) on
  global and shared arrays, with contention: the final values, and the old values they return,
  which must be what some serial order of the updates gives;
- local arrays, barriers inside for/while loops with a uniform break/continue, fences;
- every math function numba-cuda has, for float32 (computed in float32) and float64, within a
  few ulps of the correctly rounded value (libdevice on the GPU, libm on the CPU);
- isnan/isinf/isfinite, frexp/modf tuples, casts through dtype objects and bool().

Outputs start as poison (NaN, -1 or a value the kernel never writes)."""
import math
import os

import numpy as np
import pytest

from pjrun import here, launch


def K(name):
    return here(__file__, os.path.join("kernels", name))


ATOMICS = K("intrinsics_atomics.py")
MEMORY = K("intrinsics_memory.py")
MATH = K("intrinsics_math.py")

INT_DTYPES = ["int32", "uint32", "int64", "uint64"]


def bits(t):
    return np.dtype(t).itemsize * 8


def wrap(v, t):
    n = bits(t)
    v &= (1 << n) - 1
    if np.dtype(t).kind == "i" and v >= 1 << (n - 1):
        v -= 1 << n
    return v


def popcount(v, t):
    return bin(int(v) & ((1 << bits(t)) - 1)).count("1")


# ---- atomics: contention -------------------------------------------------------------------

@pytest.mark.parametrize("t", INT_DTYPES)
def test_int_atomics_contended(t):
    """One thread per bit of the type (32 or 64 threads in one block), all on the same eight
    elements: add/sub by 1 return a permutation of the counts; max/min end at the extreme and
    return values seen before; exch returns every value but the last one stored; or_/xor of
    distinct bits return values with 0..W-1 bits set, and_ of distinct cleared bits W..1."""
    W = bits(t)
    info = np.iinfo(t)
    rng = np.random.default_rng(W + (np.dtype(t).kind == "u"))
    vals = rng.integers(info.min, info.max, W, dtype=t, endpoint=True)
    vals[0] = info.max if np.dtype(t).kind == "i" else info.max // 2 + 3  # sign handling of max/min
    bitv = np.array([1 << i for i in range(W)], dtype=np.uint64).astype(t)
    all_ones = wrap(-1, t)
    init = [5, 3, info.min, info.max, 77, 0, all_ones, 0]
    acc = np.array(init, dtype=t)
    olds = np.full((W, 8), 0x5A, dtype=t)
    out, _ = launch(ATOMICS, 1, W, acc, vals, bitv, olds, kernel="int_ops")
    acc, olds = out["acc"], out["olds"]
    v = [int(x) for x in vals]
    col = lambda k: [int(x) for x in olds[:, k]]
    # add / sub
    assert int(acc[0]) == wrap(5 + W, t)
    assert sorted(col(0)) == sorted(wrap(5 + k, t) for k in range(W))
    assert int(acc[1]) == wrap(3 - W, t)
    assert sorted(col(1)) == sorted(wrap(3 - k, t) for k in range(W))
    # max / min: signed or unsigned comparison by the dtype
    assert int(acc[2]) == max(v) and int(acc[3]) == min(v)
    assert all(o in v + [init[2]] and o <= max(v) for o in col(2))
    assert all(o in v + [init[3]] and o >= min(v) for o in col(3))
    assert init[2] in col(2) and init[3] in col(3)  # the first update saw the initial value
    # exch: the olds plus the final value are the initial value plus every stored value
    assert sorted(col(4) + [int(acc[4])]) == sorted(v + [77])
    # or_ / and_ / xor with one distinct bit per thread
    assert int(acc[5]) == all_ones and int(acc[6]) == 0 and int(acc[7]) == all_ones
    for i in range(W):
        assert int(olds[i, 5]) & (1 << i) == 0, f"or_: bit {i} set before thread {i} set it"
        assert (int(olds[i, 6]) >> i) & 1 == 1, f"and_: bit {i} cleared before thread {i} cleared it"
        assert int(olds[i, 7]) & (1 << i) == 0
    assert sorted(popcount(o, t) for o in col(5)) == list(range(W))
    assert sorted(popcount(o, t) for o in col(6)) == list(range(1, W + 1))
    assert sorted(popcount(o, t) for o in col(7)) == list(range(W))


@pytest.mark.parametrize("t", INT_DTYPES)
def test_int_atomics_many_blocks(t):
    """3000 threads over 24 blocks (run concurrently by the CPU executor's workers too)."""
    n, W = 3000, bits(t)
    info = np.iinfo(t)
    rng = np.random.default_rng(n + W)
    vals = rng.integers(max(info.min, -(10**9)), min(info.max, 10**9), n, dtype=t)
    bitv = np.array([1 << (i % W) for i in range(n)], dtype=np.uint64).astype(t)
    acc = np.array([0, 0, info.min, info.max, 1, 0, wrap(-1, t), 0], dtype=t)
    out, _ = launch(ATOMICS, 24, 125, acc, vals, bitv, np.zeros((n, 8), t), kernel="int_ops")
    acc, olds = out["acc"], out["olds"]
    assert int(acc[0]) == n and sorted(int(o) for o in olds[:, 0]) == list(range(n))
    assert int(acc[1]) == wrap(-n, t) and sorted(int(o) for o in olds[:, 1]) == sorted(wrap(-k, t) for k in range(n))
    assert int(acc[2]) == int(vals.max()) and int(acc[3]) == int(vals.min())
    assert sorted([int(o) for o in olds[:, 4]] + [int(acc[4])]) == sorted([int(x) for x in vals] + [1])
    x = 0
    for b in bitv.tolist():
        x ^= int(b)
    assert int(acc[5]) == wrap(-1, t) and int(acc[6]) == 0 and int(acc[7]) == wrap(x, t)


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_float_atomics_contended(t):
    """add 1.0 and sub 0.5 are exact in any order: the olds are a permutation of the running
    counts; max/min/nanmax/nanmin end at the extremes; a float add of random values is within
    rounding of the sum."""
    n = 2000
    rng = np.random.default_rng(bits(t))
    vals = (rng.standard_normal(n) * 100).astype(t)
    acc = np.array([0.0, 10.0, -np.inf, np.inf, np.nan, np.nan, 0.0], dtype=t)
    out, _ = launch(ATOMICS, 16, 125, acc, vals, np.full((n, 7), np.nan, t), kernel="float_ops")
    acc, olds = out["acc"], out["olds"]
    assert acc[0] == n and sorted(olds[:, 0].tolist()) == [float(k) for k in range(n)]
    assert acc[1] == 10.0 - 0.5 * n
    assert sorted(olds[:, 1].tolist()) == sorted(10.0 - 0.5 * k for k in range(n))
    assert acc[2] == vals.max() and acc[3] == vals.min()
    assert acc[4] == vals.max() and acc[5] == vals.min()  # nanmax/nanmin replace the stored NaN
    assert np.isnan(olds[:, 4]).sum() == 1 and np.isnan(olds[:, 5]).sum() == 1  # seen once, by the first
    assert set(olds[:, 2].tolist()) <= set(vals.tolist()) | {-np.inf}
    exact = vals.astype(np.float64).sum()
    tol = n * np.finfo(t).eps * np.abs(vals).astype(np.float64).sum()
    assert abs(float(acc[6]) - exact) <= tol


def atomic_minmax_ref(stored, v, op):
    """numba-cuda's float atomics: max/min change nothing when either value is NaN; nanmax/nanmin
    ignore a NaN value and replace a stored NaN; equal values (0.0 and -0.0) keep the stored one."""
    if op in ("max", "min"):
        if math.isnan(stored) or math.isnan(v):
            return stored
    elif math.isnan(v):
        return stored
    elif math.isnan(stored):
        return v
    better = v > stored if op in ("max", "nanmax") else v < stored
    return v if better else stored


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_float_minmax_nan_rules(t):
    nan, inf = math.nan, math.inf
    pairs = [(nan, 1.0), (1.0, nan), (nan, nan), (2.0, 1.0), (1.0, 2.0), (-inf, nan), (nan, -inf), (inf, 5.0),
             (0.0, -0.0), (-0.0, 0.0), (-3.0, -inf), (-inf, -3.0), (1e-30, 2e-30), (5.0, 5.0)]
    stored = np.array([p[0] for p in pairs], dtype=t)
    v = np.array([p[1] for p in pairs], dtype=t)
    n = len(pairs)
    outs = [np.full(n, 99.0, t) for _ in range(4)]
    out, _ = launch(ATOMICS, 1, 32, stored.copy(), stored.copy(), stored.copy(), stored.copy(), v, *outs,
                    kernel="minmax_each")
    for name, arr, olds in [("max", "amax", "omax"), ("min", "amin", "omin"), ("nanmax", "anmax", "onmax"),
                            ("nanmin", "anmin", "onmin")]:
        for i, (s, x) in enumerate(pairs):
            want = atomic_minmax_ref(float(np.dtype(t).type(s)), float(np.dtype(t).type(x)), name)
            got = float(out[arr][i])
            ok = (math.isnan(got) and math.isnan(want)) or (got == want and math.copysign(1, got) == math.copysign(1, want))
            assert ok, f"atomic.{name}(stored={s}, val={x}): stored {got}, want {want}"
            old, s_t = float(out[olds][i]), float(np.dtype(t).type(s))
            assert (math.isnan(old) and math.isnan(s_t)) or old == s_t, f"atomic.{name} returned {old}, want {s_t}"


@pytest.mark.parametrize("t", ["uint32", "uint64"])
def test_inc_dec_edges(t):
    """inc: old >= val ? 0 : old + 1; dec: (old == 0 or old > val) ? val : old - 1, unsigned."""
    top = int(np.iinfo(t).max)
    cases = [(0, 5), (4, 5), (5, 5), (6, 5), (top, 5), (0, 0), (3, 0), (top - 1, top), (top, top), (7, top)]
    a = np.array([c[0] for c in cases], dtype=t)
    v = np.array([c[1] for c in cases], dtype=t)
    n = len(cases)
    out, _ = launch(ATOMICS, 1, 32, a.copy(), v, np.full(n, 123, t), False, kernel="each_inc_dec")
    assert out["olds"].tolist() == a.tolist()
    assert out["a"].tolist() == [0 if o >= x else o + 1 for o, x in cases], "inc"
    out, _ = launch(ATOMICS, 1, 32, a.copy(), v, np.full(n, 123, t), True, kernel="each_inc_dec")
    assert out["olds"].tolist() == a.tolist()
    assert out["a"].tolist() == [x if o == 0 or o > x else o - 1 for o, x in cases], "dec"


@pytest.mark.parametrize("t", INT_DTYPES)
def test_add_sub_max_min_wrap_each(t):
    """Single updates at the edges of the type: add/sub wrap around, max/min compare signed or
    unsigned by the dtype."""
    info = np.iinfo(t)
    lo, hi = int(info.min), int(info.max)
    cases = [(hi, 1), (lo, -1 if lo < 0 else 0), (0, hi), (-5 if lo < 0 else 5, 3), (hi // 2 + 1, hi // 2 + 1)]
    a = np.array([wrap(c[0], t) for c in cases], dtype=t)
    v = np.array([wrap(c[1], t) for c in cases], dtype=t)
    av, vv = [int(x) for x in a], [int(x) for x in v]
    for op, f in [(0, lambda o, x: wrap(o + x, t)), (1, lambda o, x: wrap(o - x, t)), (2, max), (3, min)]:
        out, _ = launch(ATOMICS, 1, 32, a.copy(), v, np.full(len(cases), 17, t), np.int64(op), kernel="each_op")
        assert out["olds"].tolist() == av
        assert [int(x) for x in out["a"]] == [f(o, x) for o, x in zip(av, vv)], f"op {op}"


@pytest.mark.parametrize("t,limit,n", [("uint32", 9, 1000), ("uint64", 9, 1000), ("uint32", 0, 100),
                                       ("uint64", 2**40, 500)])
def test_inc_dec_contended(t, limit, n):
    """Every thread incs element 0 (from 0) and decs element 1 (from limit): whatever the order,
    the olds are the serial sequences 0, 1, .., limit, 0, 1, .. and limit, limit-1, .., 0, limit, .."""
    acc = np.array([0, limit], dtype=t)
    out, _ = launch(ATOMICS, (n + 127) // 128, 128, acc, np.array(limit, dtype=t)[()], np.full((n, 2), 77, t),
                    kernel="inc_dec")
    inc_seq, dec_seq = [], []
    x, y = 0, limit
    for _ in range(n):
        inc_seq.append(x)
        x = 0 if x >= limit else x + 1
        dec_seq.append(y)
        y = limit if y == 0 or y > limit else y - 1
    assert sorted(out["olds"][:, 0].tolist()) == sorted(inc_seq)
    assert sorted(out["olds"][:, 1].tolist()) == sorted(dec_seq)
    assert out["acc"].tolist() == [x, y]


@pytest.mark.parametrize("t", INT_DTYPES)
def test_cas_lock_free_increment(t):
    """A cas loop increments a counter without losing updates: the final count is the number of
    threads and each thread moved the counter from a distinct value."""
    n = 2000
    start = 10 if np.dtype(t).kind == "u" else -7
    out, _ = launch(ATOMICS, 16, 125, np.array([start], t), np.full(n, 3, t), np.zeros(n, np.int64),
                    kernel="cas_increment")
    assert int(out["counter"][0]) == start + n
    assert sorted(int(x) for x in out["olds"]) == list(range(start, start + n))
    assert (out["tries"] >= 1).all()


@pytest.mark.parametrize("t", ["int32", "uint64"])
def test_compare_and_swap_increment(t):
    n = 1500
    out, _ = launch(ATOMICS, 12, 125, np.array([0], t), np.full(n, 3, t), kernel="compare_and_swap_increment")
    assert int(out["counter"][0]) == n
    assert sorted(int(x) for x in out["olds"]) == list(range(n))


@pytest.mark.parametrize("t", INT_DTYPES)
def test_cas_swaps_only_on_match(t):
    a = np.array([1, 2, 3, 4, 5, 6], dtype=t)
    expect = np.array([1, 0, 3, 5, 5, 7], dtype=t)
    new = np.array([10, 20, 30, 40, 50, 60], dtype=t)
    out, _ = launch(ATOMICS, 1, 32, a, expect, new, np.zeros(6, t), kernel="cas_once")
    assert out["olds"].tolist() == [1, 2, 3, 4, 5, 6]
    assert out["a"].tolist() == [10, 2, 30, 4, 50, 6]


def test_atomic_2d_tuple_index():
    """cuda.atomic.add(h, (r, c), v) on a 2-D array, with a tuple literal, a tuple variable and
    negative indices (numba's atomics wrap them around)."""
    rng = np.random.default_rng(5)
    n = 3000
    keys = np.stack([rng.integers(0, 7, n), rng.integers(0, 5, n)], axis=1).astype(np.int64)
    out, _ = launch(ATOMICS, 24, 128, keys, np.zeros((7, 5), np.int64), kernel="histogram_2d")
    want = np.zeros((7, 5), np.int64)
    np.add.at(want, (keys[:, 0], keys[:, 1]), 1001)
    want[-1, -1] += n
    np.testing.assert_array_equal(out["h"], want)


def test_shared_atomics():
    """Atomics on a shared uint32 array, per block of 96 threads over 5 blocks."""
    nb, nt = 5, 96
    n = nb * nt
    out, _ = launch(ATOMICS, nb, nt, np.full((n, 8), 0xDEAD, np.uint32), np.zeros((nb, 8), np.uint32),
                    kernel="shared_ops")
    olds, fin = out["olds"].astype(np.int64), out["out"].astype(np.int64)
    t = np.arange(nt)
    vmax = t * 7 % 101
    vmin = vmax + 5
    for b in range(nb):
        o = olds[b * nt:(b + 1) * nt]
        assert fin[b, 0] == nt and sorted(o[:, 0]) == list(range(nt))
        assert fin[b, 1] == 1000 - 2 * nt and sorted(o[:, 1]) == sorted(1000 - 2 * k for k in range(nt))
        assert fin[b, 2] == vmax.max() and fin[b, 3] == vmin.min()
        assert fin[b, 4] == 0xFFFFFFFF
        inc, dec, x, y = [], [], 0, 3
        for _ in range(nt):
            inc.append(x)
            dec.append(y)
            x = 0 if x >= 9 else x + 1
            y = 9 if y == 0 or y > 9 else y - 1
        assert sorted(o[:, 5]) == sorted(inc) and fin[b, 5] == x
        assert sorted(o[:, 6]) == sorted(dec) and fin[b, 6] == y
        assert sorted(list(o[:, 7]) + [fin[b, 7]]) == [0] + list(range(1, nt + 1))


def test_shared_float_atomics():
    nb, nt = 3, 64
    n = nb * nt
    rng = np.random.default_rng(8)
    vals = rng.integers(-1000, 1000, n).astype(np.float64)  # exact sums in float64
    out, _ = launch(ATOMICS, nb, nt, vals, np.full((n, 4), np.nan), np.full((nb, 4), np.nan), kernel="shared_float_ops")
    for b in range(nb):
        v = vals[b * nt:(b + 1) * nt]
        o = out["olds"][b * nt:(b + 1) * nt]
        assert out["out"][b, 0] == nt and sorted(o[:, 0].tolist()) == [float(k) for k in range(nt)]
        assert out["out"][b, 1] == np.float32(v).max()
        assert out["out"][b, 2] == v.sum()
        assert out["out"][b, 3] == v.min()  # nanmin replaced the stored NaN
        assert np.isnan(o[:, 3]).sum() == 1


# ---- local arrays, barriers in loops, fences ------------------------------------------------

def test_local_array_sort():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((300, 8))
    out, _ = launch(MEMORY, 5, 64, a, np.full(a.shape, np.nan), kernel="local_sort")
    np.testing.assert_array_equal(out["out"], np.sort(a, axis=1))


def test_local_array_2d():
    rng = np.random.default_rng(2)
    a = rng.integers(-1000, 1000, 200).astype(np.int32)
    out, _ = launch(MEMORY, 4, 64, a, np.full(200, -1, np.int64), kernel="local_matrix")
    base = np.arange(9).reshape(3, 3)
    want = [int(np.trace((x + base) @ (x + base))) for x in a.astype(np.int64)]
    assert out["out"].tolist() == want


def per_block(a, f, block=64):
    return np.concatenate([f(a[b:b + block]) for b in range(0, a.size, block)])


def test_local_array_across_barrier():
    """In the CPU executor's block mode, each thread's local array must stay its own across the
    regions a barrier splits the kernel into."""
    rng = np.random.default_rng(3)
    a = rng.integers(-1000, 1000, 192)
    out, _ = launch(MEMORY, 3, 64, a, np.full(192, -1, np.int64), kernel="local_across_barrier")
    want = a + a * 4 * 10 + per_block(a, lambda x: np.roll(x, -1)) * 100
    np.testing.assert_array_equal(out["out"], want)


@pytest.mark.parametrize("rounds", [0, 1, 6])
def test_syncthreads_in_for_loop(rounds):
    rng = np.random.default_rng(rounds)
    a = rng.integers(-1000, 1000, 128)

    def ref(x):
        for _ in range(rounds):
            x = x + np.roll(x, -1)
        return x

    out, _ = launch(MEMORY, 2, 64, a, np.full(128, -1, np.int64), np.int64(rounds), kernel="sync_in_for")
    np.testing.assert_array_equal(out["out"], per_block(a, ref))


def test_syncthreads_loop_uniform_break():
    """The loop leaves when the block's maximum (published in shared memory between barriers)
    reaches the limit: blocks with larger values leave after fewer rounds."""
    a = np.concatenate([np.arange(1, 65), np.arange(1, 65) * 100, np.full(64, 3)]).astype(np.int64)
    a[130] = 1
    limit = 10**6
    out, _ = launch(MEMORY, 3, 64, a, np.full(192, -1, np.int64), np.int64(limit), np.full(3, -1, np.int64),
                    kernel="sync_early_break")
    rounds = []
    want = []
    for b in range(3):
        x = a[b * 64:(b + 1) * 64].copy()
        r = 0
        for r in range(1, 101):
            x = x * 2
            if x.max() >= limit:
                break
        rounds.append(r)
        want.append(x)
    assert out["used"].tolist() == rounds
    assert rounds[0] != rounds[1]
    np.testing.assert_array_equal(out["out"], np.concatenate(want))


def test_syncthreads_while_uniform_continue_break():
    rng = np.random.default_rng(4)
    a = rng.integers(-1000, 1000, 128).astype(np.int32)

    def ref(x):
        for step in (1, 3, 5, 7, 9):
            x = x + np.roll(x, -step)
        return x

    out, _ = launch(MEMORY, 2, 64, a, np.full(128, -1, np.int32), kernel="sync_while_continue")
    np.testing.assert_array_equal(out["out"], per_block(a.astype(np.int64), ref).astype(np.int32))


def test_local_array_large_in_block_mode():
    """1024 threads with 8 KiB of local memory each, in a kernel with a barrier (8 MiB of local
    arrays per block in the CPU executor's block mode)."""
    a = np.arange(2048, dtype=np.float64)
    out, _ = launch(MEMORY, 2, 1024, a, np.full(2048, np.nan), kernel="local_large_with_barrier")
    t = np.arange(1024)
    want = np.concatenate([(a[b * 1024 + 1023 - t] + (1023 - t) % 1024) + a[b * 1024 + t] + 1023 for b in range(2)])
    np.testing.assert_array_equal(out["out"], want)


def launch_with_timeout(path, grid, block, *args, kernel, timeout):
    """pjrun.launch, but a launch that does not finish within `timeout` seconds fails the test
    instead of hanging the suite."""
    import subprocess
    import tempfile
    import pjrun
    names = pjrun.param_names(path, kernel)
    with tempfile.TemporaryDirectory() as d:
        cmd = [pjrun.PYJITC, path, "--launch", "--target", pjrun.TARGET, "--grid", pjrun.dims(grid), "--block",
               pjrun.dims(block), "--save-dir", d, "--kernel", kernel, "--"]
        cmd += [pjrun.spec(v, d, k) for k, v in enumerate(args)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the launch of {kernel} did not finish in {timeout} s (hangs)")
        assert proc.returncode == 0, f"pyjitc failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
        return {n: np.load(os.path.join(d, n + ".npy")) for n, v in zip(names, args) if isinstance(v, np.ndarray)}


def test_syncthreads_loop_uniform_return():
    """`while True` around barriers, left by a return that every thread of the block takes at
    the same iteration: on the GPU the block ends; the CPU executor must end it too."""
    out = launch_with_timeout(MEMORY, 3, 64, np.full(192, -1, np.int32), np.int32(5),
                              kernel="sync_loop_uniform_return", timeout=15)
    assert out["out"].tolist() == [5] * 192


def test_threadfences():
    a = np.arange(100, dtype=np.int32)
    out, _ = launch(MEMORY, 2, 64, a, np.full(100, -1, np.int32), kernel="fences")
    np.testing.assert_array_equal(out["out"], (a + 3) * 2)


# ---- math -------------------------------------------------------------------------------------

nan, inf = math.nan, math.inf


def math_ref(f):
    """A Python math function made elementwise with C99's answers where Python raises."""
    def g(x):
        out = []
        for v in np.asarray(x, np.float64).tolist():
            try:
                out.append(f(v))
            except (ValueError, OverflowError):
                out.append(SPECIAL[f](v))
        return np.array(out)
    return g


SPECIAL = {
    math.gamma: lambda v: (math.copysign(inf, v) if v == 0 else inf if v > 0 else nan),
    math.lgamma: lambda v: inf,
}


def log_uniform(rng, lo, hi, n, signed=False):
    v = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
    if signed:
        v *= rng.choice([-1.0, 1.0], n)
    return v


N = 240


def row(rng, specials, *ranges):
    """N inputs: the specials, then uniform draws from each (lo, hi) range in turn."""
    rest = N - len(specials)
    parts = [np.array(specials, np.float64)]
    for k, (lo, hi) in enumerate(ranges):
        m = rest // len(ranges) + (1 if k < rest % len(ranges) else 0)
        parts.append(rng.uniform(lo, hi, m))
    return np.concatenate(parts)


# name, inputs(rng, dtype) -> float64 array, reference, ulps float32, ulps float64, absolute slack
# (in units of the dtype's eps, for results near 0 whose relative error is not bounded)
UNARY = [
    ("acos", lambda r, t: row(r, [1.0, -1.0, 0.0, 1.5, -2.0, nan, inf], (-1, 1)), np.arccos, 4, 4, 0),
    ("asin", lambda r, t: row(r, [1.0, -1.0, 0.0, -0.0, 1.5, nan, 1e-20], (-1, 1)), np.arcsin, 4, 4, 0),
    ("atan", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1e-20, 1e20], (-5, 5), (-1e3, 1e3)), np.arctan, 4, 4, 0),
    ("acosh", lambda r, t: row(r, [1.0, 0.5, inf, nan], (1, 2), (1, 1e4)), np.arccosh, 8, 4, 0),
    ("asinh", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1e-20], (-3, 3), (-1e4, 1e4)), np.arcsinh, 8, 4, 0),
    ("atanh", lambda r, t: row(r, [0.0, -0.0, 1.0, -1.0, 2.0, nan, 1e-20], (-1, 1)), np.arctanh, 8, 4, 0),
    ("cos", lambda r, t: row(r, [0.0, -0.0, inf, nan], (-4, 4), (-100, 100)), np.cos, 4, 4, 2),
    ("sin", lambda r, t: row(r, [0.0, -0.0, inf, nan, 1e-20], (-4, 4), (-100, 100)), np.sin, 4, 4, 2),
    ("tan", lambda r, t: row(r, [0.0, -0.0, inf, nan, 1e-20], (-1.5, 1.5), (-100, 100)), np.tan, 8, 4, 2),
    ("cosh", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 100.0, 1000.0], (-5, 5), (-80, 80)), np.cosh, 4, 4, 0),
    ("sinh", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, -100.0, 1000.0], (-5, 5), (-80, 80)), np.sinh, 4, 4, 0),
    ("tanh", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1e-20], (-3, 3), (-30, 30)), np.tanh, 4, 4, 0),
    ("erf", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1e-20], (-2, 2), (-6, 6)), math_ref(math.erf), 4, 4, 0),
    ("erfc", lambda r, t: row(r, [0.0, inf, -inf, nan], (-2, 2), (-5, 9 if t == "float32" else 25)),
     math_ref(math.erfc), 8, 8, 0),
    ("exp", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1000.0, -1000.0], (-5, 5),
                             (-87, 88) if t == "float32" else (-700, 700)), np.exp, 4, 4, 0),
    ("expm1", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, 1e-20, 1000.0], (-1, 1), (-20, 20)), np.expm1, 4, 4, 0),
    ("fabs", lambda r, t: row(r, [0.0, -0.0, inf, -inf, nan, -1e-30], (-1e6, 1e6)), np.fabs, 0, 0, 0),
    ("gamma", lambda r, t: row(r, [1.0, 2.0, 0.5, inf, nan, 5.0], (0.01, 10), (-9.9, -0.1),
                               (10, 33 if t == "float32" else 170)), math_ref(math.gamma), 16, 16, 0),
    # negative arguments only above -2.26: CUDA documents larger lgamma errors in [-11, -2.26]
    ("lgamma", lambda r, t: row(r, [1.0, 2.0, 0.5, inf, nan, 3.0], (0.01, 0.9), (2.6, 30), (30, 1e4), (-2.2, -0.1)),
     math_ref(math.lgamma), 16, 8, 8),
    ("log", lambda r, t: row(r, [1.0, 0.0, -0.0, -1.0, inf, -inf, nan], (0.5, 2), (1e-6, 1e6)), np.log, 4, 4, 0),
    ("log2", lambda r, t: row(r, [1.0, 2.0, 1024.0, 0.0, -1.0, inf, nan], (0.5, 2), (1e-6, 1e6)), np.log2, 4, 4, 0),
    ("log10", lambda r, t: row(r, [1.0, 10.0, 1000.0, 0.0, -1.0, inf, nan], (0.5, 2), (1e-6, 1e6)), np.log10, 4, 4, 0),
    ("log1p", lambda r, t: row(r, [0.0, -0.0, -1.0, -2.0, inf, nan, 1e-20], (-0.9, 1), (1, 1e6)), np.log1p, 4, 4, 0),
    ("sqrt", lambda r, t: row(r, [0.0, -0.0, 1.0, 4.0, 2.0, -1.0, inf, nan], (0, 2), (0, 1e6)), np.sqrt, 0, 0, 0),
    ("radians", lambda r, t: row(r, [0.0, -0.0, 180.0, inf, nan], (-720, 720)), None, 0, 0, 0),
    ("degrees", lambda r, t: row(r, [0.0, -0.0, math.pi, inf, nan], (-10, 10)), None, 0, 0, 0),
]


def check_ulps(name, got, ref64, t, ulps, slack):
    """got (dtype t) within ulps of ref64 in units of t's spacing at the result, or ref64 rounded
    to t when it is infinite or zero there; NaN exactly where ref64 is NaN."""
    got = np.asarray(got).astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        ref_t = ref64.astype(t).astype(np.float64)  # the correctly rounded result (to within 1/2 ulp)
        spacing = np.spacing(np.abs(ref_t).astype(t)).astype(np.float64)
        eps = float(np.finfo(t).eps)
        err = np.abs(got - ref64)
        ok = ((np.isnan(ref64) & np.isnan(got)) | (got == ref_t) |
              (np.isfinite(ref_t) & (err <= ulps * spacing + slack * eps)))
    bad = np.argwhere(~ok).ravel()
    return [f"{name}[{k}]: got {got[k]!r} want {ref64[k]!r}" for k in bad]


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_unary_math(t):
    rng = np.random.default_rng(bits(t))
    xs = np.stack([gen(rng, t) for _, gen, *_ in UNARY]).astype(t)
    nf = len(UNARY)
    out, _ = launch(MATH, (N + 63) // 64, 64, xs, np.full((nf, N), np.nan, t), np.full((nf, N), np.nan),
                    kernel="unary_all")
    errors = []
    x64 = xs.astype(np.float64)
    for k, (name, _, ref, u32, u64, slack) in enumerate(UNARY):
        got = out["out"][k]
        if name in ("radians", "degrees"):
            # numba multiplies by the constant converted to the argument's type: exact in that type
            c = math.pi / 180 if name == "radians" else 180 / math.pi
            with np.errstate(over="ignore", invalid="ignore"):
                want = xs[k] * np.dtype(t).type(c)
            ok = (got == want) | (np.isnan(got) & np.isnan(want))
            errors += [f"{name}[{i}]: got {got[i]!r} want {want[i]!r}" for i in np.argwhere(~ok).ravel()]
        else:
            with np.errstate(all="ignore"):
                r = ref(x64[k])
            errors += check_ulps(name, got, r, t, u32 if t == "float32" else u64, slack)
        # computed in the argument's type: a float32 result is a float32 value
        wide = out["wide"][k]
        same = (wide.astype(t).astype(np.float64) == wide) | np.isnan(wide)
        if not same.all() or not ((wide == got.astype(np.float64)) | np.isnan(wide)).all():
            errors.append(f"{name}: the result is not a {t} value (computed in another precision?)")
    assert not errors, f"{len(errors)} wrong:\n" + "\n".join(errors[:40])


def remainder_ref(x, y):
    out = []
    for a, b in zip(x.tolist(), y.tolist()):
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0:
            out.append(nan)
        elif math.isinf(b):
            out.append(a)
        else:
            out.append(math.remainder(a, b))
    return np.array(out)


def pairs(rng, specials, lo_hi_x, lo_hi_y):
    n = N - len(specials)
    x = np.concatenate([[p[0] for p in specials], rng.uniform(*lo_hi_x, n)])
    y = np.concatenate([[p[1] for p in specials], rng.uniform(*lo_hi_y, n)])
    return x, y


BINARY = [
    ("hypot", lambda r: pairs(r, [(3.0, 4.0), (0.0, -0.0), (inf, 1.0), (-inf, nan), (nan, 1.0), (1e30, 1e30)],
                              (-1e3, 1e3), (-1e3, 1e3)), np.hypot, 4, 4),
    ("atan2", lambda r: pairs(r, [(0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (-0.0, 0.0), (1.0, 0.0), (-1.0, -0.0),
                                  (inf, inf), (-inf, 1.0), (1.0, -inf), (nan, 1.0)], (-10, 10), (-10, 10)),
     np.arctan2, 4, 4),
    ("remainder", lambda r: pairs(r, [(5.0, 3.0), (-5.0, 3.0), (5.0, -3.0), (7.5, 2.0), (6.5, 2.0), (1.0, 0.0),
                                      (inf, 2.0), (3.0, inf), (nan, 1.0), (-0.0, 1.0)], (-100, 100), (0.5, 10)),
     remainder_ref, 0, 0),
    ("pow", lambda r: pairs(r, [(2.0, 10.0), (-2.0, 3.0), (-8.0, 1.0 / 3), (0.0, -1.0), (-0.0, -1.0), (nan, 0.0),
                                (1.0, nan), (0.0, 0.0), (inf, -1.0), (2.0, 0.5), (-1.0, inf)], (0, 10), (-8, 8)),
     np.power, 8, 4),
    ("copysign", lambda r: pairs(r, [(1.0, -0.0), (-1.0, 0.0), (inf, -1.0), (0.0, -5.0), (nan, 1.0)],
                                 (-10, 10), (-10, 10)), np.copysign, 0, 0),
    ("fmod", lambda r: pairs(r, [(5.0, 3.0), (-5.0, 3.0), (5.0, -3.0), (1.0, 0.0), (inf, 2.0), (3.0, inf),
                                 (-0.0, 1.0), (nan, 1.0), (1e30, 3.0)], (-100, 100), (-10, 10)), np.fmod, 0, 0),
]


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_binary_math(t):
    rng = np.random.default_rng(bits(t) + 1)
    xy = [gen(rng) for _, gen, *_ in BINARY]
    xs = np.stack([p[0] for p in xy]).astype(t)
    ys = np.stack([p[1] for p in xy]).astype(t)
    nf = len(BINARY)
    out, _ = launch(MATH, (N + 63) // 64, 64, xs, ys, np.full((nf, N), np.nan, t), np.full((nf, N), np.nan),
                    kernel="binary_all")
    errors = []
    for k, (name, _, ref, u32, u64) in enumerate(BINARY):
        with np.errstate(all="ignore"):
            r = ref(xs[k].astype(np.float64), ys[k].astype(np.float64))
        got = out["out"][k]
        errors += check_ulps(name, got, r, t, u32 if t == "float32" else u64, 0)
        if u32 == 0:  # exact functions: the sign of a zero too
            z = (r == 0) & (got == 0)
            errors += [f"{name}[{i}]: sign of zero" for i in np.argwhere(z & (np.signbit(r) != np.signbit(got))).ravel()]
        wide = out["wide"][k]
        if not ((wide.astype(t).astype(np.float64) == wide) | np.isnan(wide)).all():
            errors.append(f"{name}: the result is not a {t} value")
    assert not errors, f"{len(errors)} wrong:\n" + "\n".join(errors[:40])


@pytest.mark.parametrize("t", ["float32", "float64"])
def test_ldexp_frexp_modf(t):
    x = np.array([0.0, -0.0, 1.0, -1.0, 0.75, 3.5, -3.5, 1e-30, 123456.789, -2.5e20, 1e-40, inf, -inf, nan, 0.5,
                  7.0, -0.25, 1.5e-39 if t == "float32" else 1e-310], dtype=t)
    n = np.array([0, 3, -1, 10, 200, -200, 1, 40, -5, 7, 30, 1, 2, 3, -1, -3, 100, 5], dtype=np.int32)
    m = x.size
    out, _ = launch(MATH, 1, 32, x, n, np.full(m, 7.0, t), np.full(m, 7.0), np.full(m, 7.0, t),
                    np.full(m, -99, np.int32), np.full(m, 7.0, t), np.full(m, 7.0, t), kernel="ldexp_frexp_modf")
    with np.errstate(all="ignore"):
        want_ld = np.ldexp(x, n)  # in the dtype: exact, overflowing to inf, rounding denormals
    np.testing.assert_array_equal(out["ld"], want_ld)
    np.testing.assert_array_equal(out["ld_wide"], want_ld.astype(np.float64))
    for k, v in enumerate(x.tolist()):
        if math.isfinite(v):
            mant, e = math.frexp(v)
            assert out["mant"][k] == mant and out["expo"][k] == e, f"frexp({v})"
            frac, whole = math.modf(v)
            assert out["frac"][k] == frac and out["whole"][k] == whole, f"modf({v})"
            assert math.copysign(1, out["frac"][k]) == math.copysign(1, frac), f"modf({v}) sign"
        elif math.isinf(v):
            assert out["mant"][k] == v, f"frexp({v}) mantissa"
            assert out["frac"][k] == 0.0 and math.copysign(1, out["frac"][k]) == math.copysign(1, v)
            assert out["whole"][k] == v
        else:
            assert np.isnan(out["mant"][k]) and np.isnan(out["frac"][k]) and np.isnan(out["whole"][k])


@pytest.mark.parametrize("t", ["float32", "float64", "int32", "int64", "uint8"])
def test_floor_ceil_trunc(t):
    if np.dtype(t).kind == "f":
        x = np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 1e6 + 0.5, -1e6 - 0.5, 3.999, -3.999, 1e15, -7e12],
                     dtype=t)
    else:
        x = np.array([0, 1, 5, 100, 250] + ([-1, -5, -100] if np.dtype(t).kind == "i" else []), dtype=t)
    m = x.size
    out, _ = launch(MATH, 1, 32, x, *[np.full(m, -99, np.int64) for _ in range(3)], np.full(m, np.nan),
                    kernel="rounding")
    xs = [float(v) if np.dtype(t).kind == "f" else int(v) for v in x]
    assert out["fl"].tolist() == [math.floor(v) for v in xs]
    assert out["ce"].tolist() == [math.ceil(v) for v in xs]
    assert out["tr"].tolist() == [math.trunc(v) for v in xs]
    assert out["fl_half"].tolist() == [math.floor(v) / 2 for v in xs]


def test_floor_ceil_trunc_types_follow_numba_cuda():
    """numba-cuda's typing of math.floor/ceil/trunc (numba/cuda/cudamath.py, Math_unary /
    Math_unary_with_fp16) returns the float type: float32 for float32, float64 for float64 and
    for integers, unlike CPython's int. So floor(x32) * x32 is a float32 product, floor of an
    int64 goes through float64, and floor(nan) is nan."""
    x32 = np.array([2.5, -1.5, 3.3, 1e-3, 7.75], np.float32)
    x64 = np.array([2.5, -1.5, 0.0, 1e-3, 7.75])
    n = np.array([2**53 + 1, 5, -7, 2**62 + 1, 0], np.int64)
    m = x32.size
    out, _ = launch(MATH, 1, 32, x32, x64, n, np.full(m, np.nan), np.full(m, np.nan), np.full(m, -1, np.int64),
                    np.full(m, 7.0), kernel="rounding_types")
    np.testing.assert_array_equal(out["p32"], (np.floor(x32) * x32).astype(np.float64))
    np.testing.assert_array_equal(out["p64"], np.ceil(x64) + np.trunc(x64))
    assert out["fl_n"].tolist() == [int(float(v)) for v in n.tolist()]
    # trunc(0 * inf) = trunc(nan) and floor(x * nan) are nan (a float), not an integer
    assert np.isnan(out["fl_nan"]).all()


@pytest.mark.parametrize("t", ["float32", "float64", "int32", "uint64", "int8"])
def test_isnan_isinf_isfinite(t):
    if np.dtype(t).kind == "f":
        x = np.array([0.0, -0.0, 1.0, nan, -nan, inf, -inf, 1e-40, np.finfo(t).max, np.finfo(t).tiny / 4], dtype=t)
    else:
        info = np.iinfo(t)
        x = np.array([0, 1, info.max, info.min], dtype=t)
    m = x.size
    out, _ = launch(MATH, 1, 32, x, *[np.full(m, -1, np.int8) for _ in range(3)], kernel="predicates")
    xs = [float(v) for v in x]
    assert out["isnan_"].tolist() == [int(math.isnan(v)) for v in xs]
    assert out["isinf_"].tolist() == [int(math.isinf(v)) for v in xs]
    assert out["isfinite_"].tolist() == [int(math.isfinite(v)) for v in xs]


def test_math_constants():
    x32 = np.array([1.0, 0.1, 3.0], np.float32)
    out, _ = launch(MATH, 1, 1, np.full(7, 0.0), x32, np.full(3, np.nan), kernel="constants")
    o = out["out"]
    assert o[:5].tolist() == [math.pi, math.e, math.tau, inf, -inf]
    assert np.isnan(o[5])
    # math.pi (float64) * float32: computed in float64
    assert o[6] == math.pi * 1.0
    assert out["scaled"].tolist() == [math.pi * float(v) for v in x32]


def test_math_integer_arguments():
    n = np.array([0, 1, 2, 9, 100, 12345], np.int64)
    m = np.array([1, -2, 3, 0, 5, -7], np.int32)
    out, _ = launch(MATH, 1, 32, n, m, np.full((7, n.size), np.nan), kernel="int_arguments")
    o = out["out"]
    nf, mf = n.astype(np.float64), m.astype(np.float64)
    eps = np.finfo(np.float64).eps
    np.testing.assert_array_equal(o[0], np.sqrt(nf))
    np.testing.assert_allclose(o[1], np.exp(mf), rtol=4 * eps)
    np.testing.assert_allclose(o[2], np.arctan2(nf, mf), rtol=4 * eps)
    np.testing.assert_allclose(o[3], np.hypot(nf, mf), rtol=4 * eps)
    np.testing.assert_allclose(o[4], np.log1p(nf), rtol=4 * eps)
    np.testing.assert_allclose(o[5], np.power(nf, mf), rtol=4 * eps)
    np.testing.assert_allclose(o[6], np.cos(mf), rtol=4 * eps, atol=eps)


def test_math_mixed_float_widths():
    x32 = np.array([0.3, -2.0, 5.5, 1e-3], np.float32)
    x64 = np.array([0.7, 1.25, -2.5, 3.0])
    out, _ = launch(MATH, 1, 32, x32, x64, np.full((3, 4), np.nan), kernel="mixed_arguments")
    o = out["out"]
    a = x32.astype(np.float64)
    eps = np.finfo(np.float64).eps
    np.testing.assert_allclose(o[0], np.arctan2(a, x64), rtol=4 * eps)
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(o[1], np.power(a, x64), rtol=4 * eps)  # (-2.0) ** 1.25 is nan
    # hypot of two float32: a float32 value
    np.testing.assert_allclose(o[2], np.hypot(a, x64.astype(np.float32).astype(np.float64)), rtol=4e-7)
    assert (o[2].astype(np.float32).astype(np.float64) == o[2]).all()
    assert not (o[1].astype(np.float32).astype(np.float64) == o[1]).all()  # float64 results


def test_float32_chain_stays_float32():
    x = np.linspace(-3, 3, 97).astype(np.float32)
    out, _ = launch(MATH, 2, 64, x, np.full(97, np.nan), kernel="fp32_ops_stay_f32")
    o = out["out"]
    assert (o.astype(np.float32).astype(np.float64) == o).all(), "float32 math promoted to float64"
    a = x.astype(np.float64)
    ref = np.exp(np.sin(a)) + np.sqrt(np.abs(a)) * np.tanh(a) - np.log1p(np.abs(a))
    np.testing.assert_allclose(o, ref, rtol=1e-5, atol=1e-5)


# ---- casts ------------------------------------------------------------------------------------

def test_casts_through_dtype_objects():
    x = np.array([0.0, -0.0, 1.5, -1.7, 2.0**24 + 1, 0.1, nan, 299.99, -2.5, 1e-50, 3e38, 1e300])
    n = np.array([0, 1, -1, 127, 128, 255, 256, -129, 300, 2**31, -(2**31) - 1, 2**40 + 7], np.int64)
    m = x.size
    outs = [np.full(m, np.nan), np.full(m, 99, np.int64), np.full(m, 99, np.int64), np.full(m, 99, np.int64),
            np.full(m, 99, np.uint64), np.full(m, 99, np.int64), np.full(m, -1, np.int8), np.full(m, -1, np.int8),
            np.full(m, 99, np.int64), np.full(m, np.nan), np.full(m, np.nan)]
    out, _ = launch(MATH, 1, 32, x, n, *outs, kernel="casts")
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(out["f32"], x.astype(np.float32).astype(np.float64))
    ns = [int(v) for v in n]
    assert out["i8"].tolist() == [wrap(v, "int8") for v in ns]
    assert out["i32"].tolist() == [wrap(v, "int32") for v in ns]
    assert out["u8"].tolist() == [wrap(v, "uint8") for v in ns]
    assert out["u64"].tolist() == [wrap(v, "uint64") for v in ns]
    # int16(x * 100.0) truncates toward zero (the inputs are in range; 0 where |x| >= 300 or NaN)
    want16 = [int(v * 100.0) if not math.isnan(v) and abs(v) < 300.0 else 0 for v in x.tolist()]
    assert out["i16f"].tolist() == want16
    assert out["b_f"].tolist() == [int(bool(v)) for v in x.tolist()]  # bool(nan) is True
    assert out["b_i"].tolist() == [int(bool(v)) for v in ns]
    assert out["i8sum"].tolist() == [2 * wrap(v, "int8") for v in ns]
    with np.errstate(all="ignore"):
        want_prod = (x.astype(np.float32) * np.float32(3.0)).astype(np.float64)
    np.testing.assert_array_equal(out["f32prod"], want_prod)
    via = [float(np.float32(v)) + 1.0 for v in ns]
    assert out["via_np"].tolist() == via
