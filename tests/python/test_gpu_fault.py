"""A kernel that faults on the GPU (an illegal address) ends the CUDA context, as CUDA decides: the
error names the kernel and the launch it is put to, every later GPU call says the context was lost
to it (never a crash, a hang or a wrong answer), and the process goes on with its other work.
Each case runs in a subprocess of its own, since the context stays lost for its process."""
import os
import subprocess
import sys
import textwrap

import pytest

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
pytestmark = pytest.mark.skipif(not ON_CUDA, reason="a GPU fault: the CPU executor checks every index, and the "
                                "same launch is an IndexError there (test_cpu_fault.py)")

CHILD = textwrap.dedent('''
    import numpy as np
    from pyjitc import cuda

    @cuda.jit
    def scribble(a, n):
        a[n] = 1.0          # far outside the allocation: an illegal address

    @cuda.jit
    def double(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 2

    d = cuda.to_device(np.arange(16.0))
    double[1, 16](d)
    print("BEFORE", d.copy_to_host().sum(), flush=True)
    {launch}
    for what in ("synchronize", "launch", "copy", "alloc"):
        try:
            if what == "synchronize":
                cuda.synchronize()
            elif what == "launch":
                double[1, 16](d)
                cuda.synchronize()
            elif what == "copy":
                d.copy_to_host()
            else:
                cuda.device_array(8)
            print("NOERROR", what, flush=True)
        except Exception as e:
            print("ERROR", what, type(e).__name__, str(e).replace("\\n", " "), flush=True)
    print("HOST", int(np.arange(5).sum()), flush=True)
''')


@pytest.mark.parametrize("stream", [False, True])
def test_fault_names_the_kernel_and_the_process_goes_on(stream):
    launch = ("s = cuda.stream()\nscribble[1, 1, s](d, 1 << 40)" if stream else "scribble[1, 1](d, 1 << 40)")
    code = CHILD.replace("{launch}", launch)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert lines[0] == "BEFORE 240.0"
    errors = [l for l in lines if l.startswith("ERROR")]
    assert len(errors) == 4, lines
    # the first error met is the fault itself, put to the launch of scribble
    assert "CUDA_ERROR_ILLEGAL_ADDRESS" in errors[0], errors[0]
    assert "kernel 'scribble' (launch 2 of this process, grid (1, 1, 1), block (1, 1, 1))" in errors[0], errors[0]
    # every later call says the context was lost, and to what
    for e in errors[1:]:
        assert "lost to an earlier CUDA_ERROR_ILLEGAL_ADDRESS" in e and "kernel 'scribble'" in e, e
    assert lines[-1] == "HOST 10"
