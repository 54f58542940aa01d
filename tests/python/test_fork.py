"""A process forked after its parent used the device has none (the GPU's context, and the CPU
executor's worker threads, stay with the parent): its device calls raise numba's CudaDriverError,
"CUDA initialized before forking", instead of failing obscurely or waiting forever for workers
that are not there. A process forked before any device use runs kernels as usual (with the GPU's
warm-up off: by default the first @cuda.jit decoration starts the driver, after which no forked
child can use CUDA; test_warmup.py tests forks with it on and off)."""
import concurrent.futures
import multiprocessing as mp
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import CudaError

pytestmark = pytest.mark.skipif(os.name != "posix", reason="fork is POSIX's")


def test_fork_after_the_device_is_used_raises_numbas_error():
    cuda.current_context()  # the device is in use
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.12: fork() of a threaded process
        with concurrent.futures.ProcessPoolExecutor(mp_context=mp.get_context("fork")) as exe:
            future = exe.submit(cuda.to_device, np.arange(1))
            with pytest.raises(CudaError, match="CUDA initialized before forking"):
                future.result()
    # the parent keeps its device
    d = cuda.to_device(np.arange(4.0))
    np.testing.assert_equal(d.copy_to_host(), np.arange(4.0))


def test_numba_name_of_the_error():
    assert cuda.cudadrv.error.CudaDriverError is CudaError
    assert cuda.cudadrv.driver.CudaDriverError is CudaError


def test_a_process_forked_before_any_device_use_runs_kernels():
    code = textwrap.dedent("""
        import os, sys, warnings
        import numpy as np
        from pyjitc import cuda

        @cuda.jit
        def double(a):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= 2

        warnings.simplefilter("ignore")
        pid = os.fork()
        a = np.arange(10.0)
        double[1, 32](a)
        ok = np.array_equal(a, np.arange(10.0) * 2)
        if pid == 0:
            os._exit(0 if ok else 3)
        _, status = os.waitpid(pid, 0)
        print(ok, os.waitstatus_to_exitcode(status))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYJITC_WARMUP="0"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "0"], out.stdout + out.stderr


def test_a_child_drops_what_it_inherited_and_exits():
    # what the parent had (device arrays, a pending free, a stream, an event, a loaded kernel) goes
    # in the child without touching the parent's context: the child exits, nothing hangs
    code = textwrap.dedent("""
        import gc, os, warnings
        import numpy as np
        from pyjitc import cuda
        from pyjitc.errors import CudaError

        @cuda.jit
        def double(a):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= 2

        warnings.simplefilter("ignore")
        d = cuda.to_device(np.arange(8.0))
        double[1, 32](d)
        cuda.device_array(4)  # a free that waits
        s, ev = cuda.stream(), cuda.event()
        ev.record(s)
        pid = os.fork()
        if pid == 0:
            del d, s, ev, double
            gc.collect()
            try:
                cuda.to_device(np.arange(2))
                os._exit(3)
            except CudaError:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), d.copy_to_host().sum())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", str(2 * sum(range(8)) * 1.0)], out.stdout + out.stderr
