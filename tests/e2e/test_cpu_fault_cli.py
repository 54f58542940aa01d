"""`pyjitc --launch` on the CPU executor: an index out of bounds ends the command with the
located error and exit status 1, never a segmentation fault; a local array no GPU thread holds is
refused when the kernel compiles, on both targets, at its line."""
import subprocess

import numpy as np
import pytest

from pjrun import PYJITC, TARGET, launch

SCATTER = '''from numba import cuda


@cuda.jit
def scatter(a, offset):
    i = cuda.grid(1)
    a[i + offset] = i
'''

BIG_LOCAL = '''from numba import cuda, float64


@cuda.jit
def big(a, k):
    tmp = cuda.local.array(1_100_000, float64)
    tmp[k] = 1.0
    a[0] = tmp[k]
'''


def run(path, *args, target=TARGET, options=()):
    cmd = [PYJITC, str(path), "--launch", "--target", target, "--grid", "1", "--block", "8", *options, "--", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(TARGET == "cuda", reason="an index out of bounds on a GPU is undefined (an illegal address ends "
                    "the context); this checks the CPU executor's error")
@pytest.mark.parametrize("offset", ["1099511627776", "1", "-1099511627776"])
def test_an_index_out_of_bounds_is_an_error_not_a_crash(tmp_path, offset):
    path = tmp_path / "scatter.py"
    path.write_text(SCATTER)
    proc = run(path, "zeros(8,float64)", offset)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert f"pyjitc: launch of 'scatter' failed: {path}:7:5: index " in proc.stderr, proc.stderr
    assert "is out of bounds for axis 0 with size 8 in kernel 'scatter' (thread (" in proc.stderr, proc.stderr
    got, _ = launch(str(path), 1, 8, np.zeros(8), 0)
    np.testing.assert_array_equal(got["a"], np.arange(8.0))


@pytest.mark.parametrize("target", ["cpu", "cuda"])
def test_a_local_array_no_gpu_thread_holds_is_refused(tmp_path, target):
    path = tmp_path / "big.py"
    path.write_text(BIG_LOCAL)
    if target == "cuda":  # compiled only: the PTX needs no GPU
        cmd = [PYJITC, str(path), "--emit=ptx", "--sig", "void(float64[:], int64)"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    else:
        proc = run(path, "zeros(1,float64)", "5", target="cpu")
    assert proc.returncode != 0
    assert (f"{path}:6:11: error: cuda.local.array(): the kernel uses too much local data (8800000 bytes, "
            "0x80000 max)") in proc.stderr, proc.stderr
