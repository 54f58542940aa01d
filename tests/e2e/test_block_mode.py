"""Control flow around barriers and warp collectives: uniform per block around cuda.syncthreads(),
per warp around shuffles and votes; threads that returned take no part; on the CPU, a kernel whose
threads disagree where CUDA needs them to agree stops with the line instead of a wrong answer."""
import os
import subprocess
import tempfile

import numpy as np
import pytest

from pjrun import PYJITC, TARGET, here, launch

K = here(__file__, "kernels/block_mode.py")


def test_two_level_block_reduction():
    x = np.arange(256, dtype=np.int64) * 7 - 300
    out, _ = launch(K, 2, 128, x, np.zeros(2, np.int64), kernel="two_level_sum")
    np.testing.assert_array_equal(out["out"], x.reshape(2, 128).sum(1))


def test_each_warp_loops_its_own_rounds():
    x = np.arange(256, dtype=np.int64) * 5 - 77
    out, _ = launch(K, 2, 128, x, np.zeros(256, np.int64), kernel="per_warp_rounds")
    want = x.copy()
    for b in range(2):
        for w in range(4):
            lo = b * 128 + w * 32
            v = want[lo:lo + 32].copy()
            for _ in range(w + 1):
                v = v + v[np.arange(32) ^ 1]
            want[lo:lo + 32] = v
    np.testing.assert_array_equal(out["out"], want)


def test_returned_threads_take_no_part_in_decisions():
    a = np.arange(64, dtype=np.int64) + 1
    out, _ = launch(K, 1, 64, a, np.zeros(64, np.int64), kernel="early_exit_stencil")
    tile = a.copy()
    for _ in range(3):
        prev = np.concatenate(([0, 0], tile[1:-1]))
        tile = tile + prev
    want = tile.copy()
    want[0] = 0
    np.testing.assert_array_equal(out["out"], want)


def run_error(kernel, block):
    with tempfile.TemporaryDirectory() as d:
        np.save(os.path.join(d, "a.npy"), np.arange(64, dtype=np.int64))
        cmd = [PYJITC, K, "--launch", "--target", "cpu", "--kernel", kernel, "--grid", "1", "--block", str(block),
               "--", os.path.join(d, "a.npy"), "zeros(64,int64)"]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(TARGET != "cpu", reason="undefined behaviour in CUDA: checked on the CPU executor")
def test_divergent_loop_around_barrier_is_an_error():
    proc = run_error("divergent_barrier", 64)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "block_mode.py:66:14: this value differs between the threads of a block in kernel 'divergent_barrier'" \
        in proc.stderr, proc.stderr
    assert "thread (1, 0, 0)" in proc.stderr and "cuda.syncthreads()" in proc.stderr, proc.stderr


def warp_lanes(n):
    t = np.arange(n)
    return t % 32, t - t % 32


def test_lanes_of_a_warp_take_different_branches():
    a = np.arange(64, dtype=np.int64) * 7 - 100
    out, _ = launch(K, 1, 64, a, np.zeros(64, np.int64), kernel="divergent_warp")
    lane, base = warp_lanes(64)
    want = np.where(lane < 16, a + a[base + (lane ^ 1)], a + a[base + (lane ^ 2)])
    np.testing.assert_array_equal(out["out"], want)


def test_lanes_loop_different_counts_around_shuffles():
    a = np.arange(64, dtype=np.int64) * 3 + 1
    out, _ = launch(K, 1, 64, a, np.zeros((64, 2), np.int64), kernel="divergent_loops")
    lane, base = warp_lanes(64)
    rounds = np.where(lane < 8, 3, 1)
    v = a.copy()
    for k in range(3):
        active = rounds > k
        v = np.where(active, v + v[base + (lane ^ 1)], v)
    w = v.copy()
    for k in range(3):
        active = rounds > k
        w = np.where(active, w * 2 + w[base + (lane ^ 2)], w)
    np.testing.assert_array_equal(out["out"][:, 0], v)
    np.testing.assert_array_equal(out["out"][:, 1], w)


def test_break_in_a_branch_some_lanes_take():
    a = np.arange(64, dtype=np.int64) * 5 - 3
    out, _ = launch(K, 1, 64, a, np.zeros(64, np.int64), kernel="divergent_break")
    lane, base = warp_lanes(64)
    s = a.copy()
    left = np.zeros(64, bool)
    for k in range(4):
        taking = ~left & (lane >= 16) & (k == 2)
        others = ~left & ~taking
        s = np.where(taking, s + s[base + (lane ^ 1)], np.where(others, s + s[base + (lane ^ 4)], s))
        left |= taking
    np.testing.assert_array_equal(out["out"], s)


def test_shuffle_offsets_use_their_low_five_bits():
    x = np.arange(64, dtype=np.int64) * 3 + 1
    out, _ = launch(K, 1, 64, x, np.zeros((64, 4), np.int64), kernel="wide_offsets")
    lane = np.arange(64) % 32
    base = np.arange(64) - lane
    want = np.stack([np.where(lane + 1 < 32, x[np.minimum(np.arange(64) + 1, 63)], x),
                     x[base + (lane ^ 2)],
                     np.where(lane >= 1, x[np.arange(64) - 1], x),
                     x[base + 5]], axis=1)
    np.testing.assert_array_equal(out["out"], want)


def test_per_thread_continue_and_break_in_barrier_loops():
    a = np.arange(64, dtype=np.int64) * 3 - 20
    out, _ = launch(K, 1, 64, a, np.zeros(64, np.int64), kernel="skip_rounds")
    want = np.zeros(64, np.int64)
    for t in range(64):
        for r in range(6):
            other = a[(t + r) % 64] * (r + 1)
            if t % 3 == 0 and r % 2 == 1:
                continue
            if t % 5 == 4 and r == 5:
                break
            want[t] += other
    np.testing.assert_array_equal(out["out"], want)


@pytest.mark.skipif(TARGET != "cpu", reason="undefined behaviour in CUDA: checked on the CPU executor")
def test_skipping_a_barrier_by_continue_is_an_error():
    proc = run_error("continue_before_barrier", 64)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "block_mode.py:155:9: this value differs between the threads of a block" in proc.stderr, proc.stderr


def test_warp_aggregated_compaction_with_activemask():
    a = np.random.default_rng(13).random(256)
    out, _ = launch(K, 2, 128, a, np.zeros(256), np.zeros(1, np.int32), kernel="compact_positive")
    n = int(out["count"][0])
    assert n == int((a > 0.5).sum())
    np.testing.assert_array_equal(np.sort(out["out"][:n]), np.sort(a[a > 0.5]))


def test_activemask_is_the_lanes_still_in_the_loop():
    rounds = np.array([1] * 16 + [2] * 16, dtype=np.int64)
    out, _ = launch(K, 1, 32, rounds, np.zeros(32, np.int64), kernel="active_in_loop")
    np.testing.assert_array_equal(out["out"], [0xFFFFFFFF] * 16 + [0xFFFF0000] * 16)
