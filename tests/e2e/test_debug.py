"""debug=True / --debug: an index out of bounds is reported with the kernel's file, line, column,
the index, the axis and its size, and the thread and block, on the test's target; the launch fails
(exit 1) instead of reading or writing outside the array."""
import os
import subprocess
import tempfile

import numpy as np

from pjrun import PYJITC, TARGET, here

K = here(__file__, "kernels/debug_oob.py")


def run(kernel, n, *extra):
    with tempfile.TemporaryDirectory() as d:
        np.save(os.path.join(d, "a.npy"), np.arange(n, dtype=np.float64))
        cmd = [PYJITC, K, "--launch", "--target", TARGET, "--kernel", kernel, "--grid", "2", "--block", "4", *extra,
               "--save-dir", d, "--", os.path.join(d, "a.npy"), f"zeros({n},float64)"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        out = np.load(os.path.join(d, "out.npy")) if proc.returncode == 0 else None
        return proc, out


def test_out_of_bounds_read_is_reported_with_line_and_thread():
    proc, _ = run("shifted", 8, "--debug")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    msg = proc.stderr
    assert "debug_oob.py:9:18: index " in msg and "out of bounds for axis 0 with size 8" in msg, msg
    assert "kernel 'shifted'" in msg and "thread (" in msg and "block (1, 0, 0)" in msg, msg


def test_decorator_debug_checks_2d_axes():
    proc, _ = run("rows", 8)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "index 4 is out of bounds for axis 1 with size 4" in proc.stderr, proc.stderr


def test_in_bounds_runs_normally_with_checks():
    proc, out = run("shifted", 10, "--debug")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    np.testing.assert_array_equal(out[:8], (np.arange(10.0)[2:10]) * 2)


def test_failure_in_a_device_function_stops_its_caller():
    proc, _ = run("through_device", 8)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "debug_oob.py:22:16: index " in proc.stderr and "out of bounds for axis 0 with size 8" in proc.stderr, \
        proc.stderr


def test_slice_assignment_from_a_shorter_array_is_caught():
    proc, _ = run("short_source", 8)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "debug_oob.py:37:5: index 3 is out of bounds for axis 0 with size 2" in proc.stderr, proc.stderr
