"""numba's device API over the GPUs of the machine: cuda.gpus counts every GPU the driver finds
(the driver's own count, read with ctypes, is the reference), indexing and iteration give their
ids, and cuda.select_device(i) or `with cuda.gpus[i]:` makes GPU i the thread's device, before or
after a first use. Each case runs in a fresh process; kernels launched on the selected GPU are
checked against NumPy. On the CPU executor there are no GPUs and the one device is 0. Several
GPUs in one process: test_multi_gpu.py."""
import ctypes
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import ON_CUDA


def driver_count():
    """cuDeviceGetCount through ctypes: independent of pyjitc (0 without a driver)."""
    try:
        cu = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return 0
    n = ctypes.c_int(0)
    if cu.cuInit(0) != 0 or cu.cuDeviceGetCount(ctypes.byref(n)) != 0:
        return 0
    return n.value


def child(code):
    env = dict(os.environ, PYJITC_TARGET="cuda" if ON_CUDA else "cpu", PYTHONWARNINGS="ignore")
    src = textwrap.dedent("""
        import numpy as np
        from pyjitc import cuda
        from pyjitc.errors import CudaError

        @cuda.jit
        def scale(x, out):
            i = cuda.grid(1)
            if i < x.size:
                out[i] = 3 * x[i] + 1

        def check():
            x = np.arange(1000.0)
            out = np.zeros_like(x)
            scale[8, 128](x, out)
            assert (out == 3 * x + 1).all()
            return cuda.get_current_device().id
    """) + textwrap.dedent(code)
    proc = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.split()


def test_gpus_count_and_ids():
    n = driver_count() if ON_CUDA else 0
    out = child("print(len(cuda.gpus), *[g.id for g in cuda.gpus], cuda.is_available())")
    assert out == [str(n), *[str(i) for i in range(n)], str(ON_CUDA)]


@pytest.mark.parametrize("how", ["select_device", "with"])
def test_select_each_gpu_in_a_fresh_process(how):
    n = driver_count() if ON_CUDA else 1
    for i in range(n):
        if how == "select_device":
            out = child(f"cuda.select_device({i}); print(check(), cuda.get_current_device().id)")
        else:
            out = child(f"with cuda.gpus[{i}] as d:\n    print(check(), d.id)" if ON_CUDA else
                        "print(check(), 0)")
        assert out == [str(i), str(i)]


def test_switching_gpus_after_the_first_use():
    n = driver_count() if ON_CUDA else 1
    out = child(f"""
        check()
        try:
            cuda.select_device({n})  # past the last GPU: refused, and the thread keeps its device
            print("selected")
        except CudaError as e:
            print("refused")
        print("again", check())
        cuda.select_device({n - 1})  # the last GPU (0 on the CPU executor): kernels go there now
        print("last", check())
    """)
    assert out == ["refused", "again", "0", "last", str(n - 1)]


def test_no_such_gpu_before_any_use_leaves_the_process_usable():
    n = driver_count() if ON_CUDA else 1
    out = child(f"""
        try:
            cuda.select_device({n})
            print("selected")
        except CudaError as e:
            print("refused")
        print(check())
    """)
    assert out == ["refused", "0"]
    with pytest.raises(AssertionError):  # an index past the last GPU
        child(f"cuda.gpus[{driver_count() if ON_CUDA else 0}]")


def test_counting_gpus_does_not_choose_one():
    n = driver_count() if ON_CUDA else 0
    out = child("n = len(cuda.gpus); ids = [g.id for g in cuda.gpus]; cuda.select_device(max(n - 1, 0)); print(check())")
    assert out == [str(max(n - 1, 0))]
