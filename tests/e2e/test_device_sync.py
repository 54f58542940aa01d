"""Device functions that hold cuda.syncthreads(), shared arrays and warp collectives, with
results, tuples, returns in loops, nesting and no result: the same numbers on both targets."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/device_sync.py")


def test_warp_and_block_sums_in_device_functions():
    x = (np.arange(256) % 17 - 5).astype(np.float64)
    out, _ = launch(K, 2, 128, x, np.zeros((256, 2)), kernel="sums")
    warps = x.reshape(8, 32).sum(1)
    np.testing.assert_array_equal(out["out"][::32, 0], warps)
    blocks = np.repeat(x.reshape(2, 128).sum(1) * 3, 128)
    np.testing.assert_array_equal(out["out"][:, 1], blocks)


def test_device_function_calling_one_with_collectives():
    x = np.arange(256, dtype=np.int64) * 3 - 100
    out, _ = launch(K, 2, 128, x, np.zeros(256, np.int64), kernel="nested")
    want = np.ones(256, np.int64)
    for b in range(2):
        parts = x[b * 128:(b + 1) * 128].reshape(4, 32).sum(1)
        want[b * 128:b * 128 + 4] = parts * 10 + 1
    np.testing.assert_array_equal(out["out"], want)


def test_returns_in_loops_and_tuple_results():
    rng = np.random.default_rng(7)
    a = rng.integers(-1000, 1000, 128).astype(np.int32)
    a[32:64] = 5  # a warp where every lane holds the same value: the early return
    out, _ = launch(K, 2, 64, a, np.zeros((128, 3), np.int32), kernel="searches")
    for w in range(4):
        v = a[w * 32:(w + 1) * 32]
        hits = np.flatnonzero(v % 5 == 3)
        want_first = hits[0] if len(hits) else -1
        np.testing.assert_array_equal(out["out"][w * 32:(w + 1) * 32, 0], want_first)
        np.testing.assert_array_equal(out["out"][w * 32:(w + 1) * 32, 1], v.min())
        np.testing.assert_array_equal(out["out"][w * 32:(w + 1) * 32, 2], v.max())


def test_device_function_without_result():
    buf = np.arange(64, dtype=np.int32) + 1
    out, _ = launch(K, 1, 64, buf.copy(), kernel="shifts")
    want = np.zeros(64, np.int32)
    want[:60] = buf[4:]
    np.testing.assert_array_equal(out["buf"], want)


def test_collectives_in_conditional_and_loop_expressions():
    a = (np.arange(64, dtype=np.int64) * 7) % 23 + 1
    out, _ = launch(K, 1, 64, a, np.zeros((64, 5), np.int64), kernel="cuts_in_expressions")
    t = np.arange(64)
    lane, base = t % 32, t - t % 32
    want = np.zeros((64, 5), np.int64)
    want[:, 0] = np.where(lane < 16, a[base + (lane ^ 1)], a[base + (lane ^ 3)])
    for w in range(2):
        bits = sum(1 << j for j in range(32) if a[w * 32 + j] % 3 == 0)
        want[w * 32:(w + 1) * 32, 1] = bits
        v = a[w * 32:(w + 1) * 32].copy()
        for off in (16, 8, 4, 2, 1):  # shfl_down: a lane past the warp's end reads its own value
            v = v + np.where(np.arange(32) + off < 32, v[np.minimum(np.arange(32) + off, 31)], v)
        want[w * 32:(w + 1) * 32, 2] = v
        want[w * 32:(w + 1) * 32, 3] = max(j % 5 + w for j in range(32))
    n = a[base] % 4 + lane % 2
    want[:, 4] = n * (n + 1) // 2
    np.testing.assert_array_equal(out["out"], want)
