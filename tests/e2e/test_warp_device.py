"""Warp shuffles and votes (32 consecutive threads are a warp, on the CPU too), block votes, device
functions (several returns, tuples, specialisations, recursion, thread indices inside), and print."""
import math
import os
import subprocess

import numpy as np

from pjrun import PYJITC, TARGET, here, launch

K = here(__file__, "kernels/warp_device.py")


def test_warp_shuffle_reduction():
    x = np.arange(128, dtype=np.int64) * 3 - 50
    out, _ = launch(K, 2, 64, x, np.full(4, -1, np.int64), kernel="warp_sum")
    np.testing.assert_array_equal(out["out"], x.reshape(4, 32).sum(1))


def test_votes_shuffles_matches():
    x = np.arange(128, dtype=np.int64)
    out, _ = launch(K, 2, 64, x, np.full((128, 14), -7, np.int64), kernel="votes")
    r = out["res"]
    for i in range(128):
        w, blk, lane = i // 32, i // 64, i % 32
        warp = x[w * 32:(w + 1) * 32]
        want = [sum(1 << j for j in range(32) if warp[j] > 50), 1, int((warp > 120).any()),
                int(len(set(warp > 1000)) == 1), int((x[blk * 64:blk * 64 + 64] > 50).sum()), 1, 0,
                w * 32 + 3, i ^ 1, i - 2 if lane >= 2 else i,
                sum(1 << j for j in range(32) if (w * 32 + j) // 4 == i // 4), 0xffffffff, 1,
                (x[i + 1] if lane < 31 else x[i]) * 0.5 * 2]
        assert r[i].tolist() == want, (i, r[i].tolist(), want)


def test_device_functions():
    a = np.arange(8, dtype=np.float64)
    out, _ = launch(K, 1, 8, a, np.zeros((8, 3)), np.zeros((8, 2), np.int64), kernel="devices")
    for i in range(8):
        x = float(i)
        # libdevice and libm may differ in the last bit of atan2
        np.testing.assert_allclose(out["out"][i], [min(max(x, 0.5), 2.5), math.sqrt(x * x + 1.0), math.atan2(1.0, x)],
                                   rtol=4e-16, atol=0)
        assert out["iout"][i].tolist() == [min(max(i, 2), 5), math.factorial(i)]


def test_print_in_kernels():
    proc = subprocess.run([PYJITC, K, "--launch", "--target", TARGET, "--kernel", "printer", "--grid", "1",
                           "--block", "4", "--", "arange(3,float64)"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    lines = sorted(l for l in proc.stdout.splitlines() if l.startswith("item"))
    assert lines == ["item 0 is 0.000000 False", "item 1 is 1.000000 False", "item 2 is 2.000000 True"], lines
