"""Ctrl-C (SIGINT) ends `pyjitc --launch` of a kernel that never ends, promptly, on the CPU
executor (the Python front door's KeyboardInterrupt is tests/python/test_interrupt.py)."""
import signal
import subprocess
import time

import pytest

from pjrun import PYJITC, TARGET, here

K = here(__file__, "kernels/never_ends.py")


@pytest.mark.skipif(TARGET == "cuda", reason="a kernel running on a GPU cannot be interrupted: "
                    "this checks the CPU executor")
@pytest.mark.parametrize("grid", [1, 64])  # the calling thread alone; the worker threads too
def test_sigint_ends_never_ending_launch(grid):
    cmd = [PYJITC, K, "--launch", "--target", TARGET, "--grid", str(grid), "--block", "64", "--",
           "zeros(1,int32)", "zeros(64,int64)"]
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(1.0)  # compiled and running by now
        assert child.poll() is None, child.communicate()
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        child.communicate(timeout=5)
        assert time.monotonic() - sent < 3
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode in (-signal.SIGINT, 128 + signal.SIGINT), child.returncode
