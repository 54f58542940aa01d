"""Grid barriers (cuda.cg.this_grid().sync()) through the command line: a cooperative launch on
the GPU, every block at once on the CPU executor; results against NumPy, repeated runs of one
launch (the barrier serves each), and a grid too large to run at once."""
import os
import subprocess
import tempfile

import numpy as np

from pjrun import PYJITC, TARGET, here, launch

K = here(__file__, "kernels/grid_sync.py")


def test_heat_steps_across_blocks():
    x = np.zeros(1500)
    x[700:800] = 100.0
    out, _ = launch(K, 6, 64, x, np.zeros(1500), np.zeros(1500), 40, kernel="heat", repeat=3)
    u = x.copy()
    for _ in range(40):
        v = u.copy()
        v[1:-1] = u[1:-1] + 0.25 * (u[:-2] - 2.0 * u[1:-1] + u[2:])
        u = v
    np.testing.assert_allclose(out["u"], u, rtol=1e-12, atol=1e-12)
    assert out["u"][680] > 0 and out["u"][650] == 0  # the heat spread 40 cells, over block boundaries


def test_scan_with_block_and_grid_barriers():
    x = (np.arange(1000, dtype=np.int64) * 37) % 101 - 50
    out, _ = launch(K, 8, 128, x, np.zeros(8, np.int64), np.zeros(1000, np.int64), kernel="cumsum")
    np.testing.assert_array_equal(out["out"], np.cumsum(x))
    np.testing.assert_array_equal(out["sums"], np.add.reduceat(np.concatenate([x, np.zeros(24, np.int64)]),
                                                               np.arange(0, 1024, 128)))


def test_grid_too_large():
    with tempfile.TemporaryDirectory() as d:
        cmd = [PYJITC, K, "--launch", "--target", TARGET, "--kernel", "heat", "--grid", "100000", "--block", "64",
               "--", "zeros(64,float64)", "zeros(64,float64)", "zeros(64,float64)", "1"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "kernel 'heat' synchronises its whole grid (g.sync())" in proc.stderr, proc.stderr
    assert "grid (100000,1,1) has 100000 blocks, but at most" in proc.stderr, proc.stderr
