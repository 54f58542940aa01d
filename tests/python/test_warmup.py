"""The GPU's warm-up (python/pyjitc/_runtime.py warm_up, runtime/warm.c): the first launch
configuration (by default) or the first @cuda.jit decoration (PYJITC_WARMUP=decorate, or 1) starts
the driver and the GPU's context on a thread of the runtime's, so that the first launch does not
wait for them while it compiles; PYJITC_WARMUP=0 turns it off. Each case runs in a fresh process
with PYJITC_TARGET unset, as a program runs (the machine decides: the GPU where there is one,
else the CPU executor, where the warm-up finds no driver and changes nothing). Kernels are checked
against NumPy; decorating, forking (os.fork, multiprocessing's fork) and launching work with the
warm-up on and off, except what CUDA forbids: a child forked after its parent started the driver
cannot use the GPU, and says so, naming PYJITC_WARMUP=0. The stand-in driver of
tests/unit/fake_libcuda.c (PJ_FAKE_LIBCUDA, set by tests/tests.cmake) shows the GPU's side where
there is no GPU: the arch known before the context is made, one context, and the fork's error."""
import os
import subprocess
import sys
import textwrap

import pytest

FAKE = os.environ.get("PJ_FAKE_LIBCUDA")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="fork is POSIX's")

PRELUDE = """
import os, sys, warnings
import numpy as np
from pyjitc import cuda, _core
from pyjitc.errors import CudaError
warnings.simplefilter("ignore")

@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2

def run_double():
    a = np.arange(10.0)
    double[1, 32](a)
    return bool(np.array_equal(a, np.arange(10.0) * 2))
"""


def run(code, warmup, **env):
    e = {k: v for k, v in os.environ.items() if k not in ("PYJITC_TARGET", "PYJITC_WARMUP")}
    e.update(PYTHONWARNINGS="ignore", **env)
    if warmup is not None:
        e["PYJITC_WARMUP"] = warmup
    r = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(code)], capture_output=True, text=True,
                       timeout=120, env=e)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.split("\n")


@pytest.mark.parametrize("warmup", ["1", "0", None])
def test_decorate_fork_and_launch(warmup):
    out = run("""
        pid = os.fork()
        if pid == 0:
            try:
                ok = run_double()
                os._exit(0 if ok else 3)
            except CudaError as e:
                msg = str(e)
                os._exit(4 if "CUDA initialized before forking" in msg and "PYJITC_WARMUP=0" in msg else 5)
        _, status = os.waitpid(pid, 0)
        print(run_double(), os.waitstatus_to_exitcode(status), cuda.is_available())
    """, warmup)
    ok, child, gpu = out[0].split()
    assert ok == "True"
    # the child runs kernels, except after its parent's warm-up started a GPU's driver at the
    # decoration; by default nothing starts before the first launch, as under numba
    assert child == ("4" if gpu == "True" and warmup == "1" else "0"), out


@pytest.mark.parametrize("warmup", ["1", "0", None])
def test_multiprocessing_fork_after_decorating(warmup):
    out = run("""
        import concurrent.futures, multiprocessing as mp

        def work(k):
            try:
                return "ok" if run_double() else "wrong"
            except CudaError as e:
                return "refused" if "CUDA initialized before forking" in str(e) else "error: " + str(e)

        with concurrent.futures.ProcessPoolExecutor(2, mp_context=mp.get_context("fork")) as exe:
            results = list(exe.map(work, range(4)))
        print(" ".join(results), run_double(), cuda.is_available())
    """, warmup)
    *results, ok, gpu = out[0].split()
    assert ok == "True"
    assert results == ["refused" if gpu == "True" and warmup == "1" else "ok"] * 4, out


def test_the_warmup_begins_at_the_first_decoration_and_not_before():
    out = run("""
        print(len(_core.start_times()))  # the decoration above began it
    """, "1", PYJITC_LIBCUDA="/nonexistent/libcuda.so.1")
    assert out[0] == "1"  # "warm-up began"; no driver: nothing more
    code = """
        import pyjitc
        from pyjitc import cuda, _core
        print(len(_core.start_times()))
    """
    for warmup in ("1", "0"):  # pyjitc's own device functions (cuda.random's) begin nothing
        r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                           timeout=120, env=dict(os.environ, PYJITC_WARMUP=warmup, PYJITC_TARGET="auto"))
        assert r.returncode == 0 and r.stdout.split() == ["0"], r.stdout + r.stderr


def test_by_default_the_warmup_begins_at_the_first_launch_configuration():
    out = run("""
        print(len(_core.start_times()))  # decorated only: nothing has begun
        double[1, 32]
        print(len(_core.start_times()) >= 1, run_double())
    """, None, PYJITC_LIBCUDA="/nonexistent/libcuda.so.1")
    assert out[0] == "0" and out[1] == "True True", out  # no driver: the CPU executor runs it


@pytest.mark.parametrize("env", [{"PYJITC_WARMUP": "0"}, {"PYJITC_TARGET": "cpu"}])
def test_no_warmup_when_off_or_on_the_cpu(env):
    # a driver that takes its time (the stand-in's, or none): nothing of it begins at the decoration
    out = run("""
        print([name for name, t in _core.start_times()])
        if os.environ.get("PYJITC_TARGET") == "cpu":
            print(run_double(), [name for name, t in _core.start_times()])
    """, None, PYJITC_LIBCUDA=FAKE or "/nonexistent/libcuda.so.1", PJ_FAKE_CUINIT_MS="100", **env)
    assert out[0] == "[]", out
    if "PYJITC_TARGET" in env:
        assert out[1] == "True []", out


def test_trace_start_prints_the_milestones():
    e = {k: v for k, v in os.environ.items() if k != "PYJITC_TARGET"}
    r = subprocess.run([sys.executable, "-c", PRELUDE + "print(run_double())"], capture_output=True, text=True,
                       timeout=120, env=dict(e, PYJITC_TRACE_START="1", PYTHONWARNINGS="ignore"))
    assert r.returncode == 0 and r.stdout.split() == ["True"], r.stdout + r.stderr
    assert "pyjitc start (ms since the process began, since pyjitc was imported):" in r.stderr
    lines = [line.split(None, 2) for line in r.stderr.splitlines()[1:] if line.startswith("  ")]
    names = [n for _, _, n in lines]
    for name in ("pyjitc imported", "first kernel decorated", "warm-up began", "first compile began",
                 "first compile ended"):
        assert name in names, r.stderr
    since_import = [float(t) for _, t, _ in lines]
    assert since_import == sorted(since_import) and since_import[names.index("pyjitc imported")] == 0.0


@pytest.mark.skipif(not FAKE, reason="the stand-in driver is built in the build tree (tests/tests.cmake); the "
                    "GPU machine's run of this file tests the real driver instead")
class TestStandInDriver:
    ENV = dict(PYJITC_LIBCUDA=FAKE or "", PJ_FAKE_CUINIT_MS="100", PJ_FAKE_CONTEXT_MS="800")

    def test_the_arch_before_the_context_and_one_context(self):
        out = run("""
            import ctypes
            from pyjitc import _runtime
            print(_runtime.target(), _runtime.arch(), [n for n, t in _core.start_times()][-1])
            run_double()  # the stand-in loads the module and launches it; the kernel runs nothing
            times = dict(_core.start_times())
            py = _runtime._PY_EVENTS
            print(py["first compile began"] < times["context made"] <= times["open took the warm-up's device"])
            fake = ctypes.CDLL(os.environ["PYJITC_LIBCUDA"])
            print(fake.pj_fake_count(b"cuInit"), fake.pj_fake_count(b"retain"), cuda.get_current_device().name)
        """, "1", **self.ENV)
        assert out[0] == "cuda sm_90 GPU read (name, limits, arch)", out  # read, its context not made yet
        assert out[1:3] == ["True", "1 1 b'Fake GPU (sm_90)'"], out

    @pytest.mark.parametrize("warmup", ["1", "0"])
    def test_fork(self, warmup):
        out = run("""
            pid = os.fork()
            if pid == 0:
                try:
                    run_double()
                    os._exit(3)
                except CudaError as e:  # the parent's warm-up started the driver before the fork
                    os._exit(4 if "CUDA initialized before forking" in str(e) and "PYJITC_WARMUP=0" in str(e) else 6)
            _, status = os.waitpid(pid, 0)
            print(os.waitstatus_to_exitcode(status), cuda.get_current_device().name)
        """, warmup, **self.ENV)
        assert out[0] == ("4" if warmup == "1" else "3") + " b'Fake GPU (sm_90)'", out  # 3: the child launched
