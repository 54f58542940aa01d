"""What a program timing its kernels uses, as numba-cuda has it: cuda.event(timing=...) with
record / wait / query / synchronize / elapsed_time (and numba's CudaAPIError where the driver
refuses), launches and copies on two streams, the default streams, the CUDA profiler's
start/stop, and the per-thread default stream setting. Run on the CPU executor and on a GPU."""
import os
import pickle
import subprocess
import sys
import textwrap
import threading
import time
from unittest.mock import patch

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import CudaAPIError, CudaError

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


@cuda.jit
def busy(out, rounds):
    """out[i] = the sum of i*k % 7 for k < rounds: work that grows with rounds."""
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for k in range(rounds):
            acc += (i * k) % 7
        out[i] = acc


def busy_reference(n, rounds):
    i = np.arange(n, dtype=np.int64)[:, None]
    k = np.arange(rounds, dtype=np.int64)[None, :]
    return ((i * k) % 7).sum(axis=1)


@cuda.jit
def scale_into(out, a, factor):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * factor


# ---- events ---------------------------------------------------------------------------------------

def test_events_time_a_kernel_within_the_host_clock():
    n, rounds = 1 << 14, 2000
    out = cuda.device_array(n, np.int64)
    busy[n // 128, 128](out, rounds)  # compiled and loaded before the timed launch
    cuda.synchronize()
    start, end = cuda.event(timing=True), cuda.event()
    t0 = time.perf_counter()
    start.record()
    busy[n // 128, 128](out, rounds)
    end.record(stream=0)
    end.synchronize()
    host_ms = (time.perf_counter() - t0) * 1e3
    ms = start.elapsed_time(end)
    assert isinstance(ms, float)
    assert 0.0 <= ms <= host_ms + 1.0, (ms, host_ms)  # the events lie within the host's wait for them
    assert cuda.event_elapsed_time(start, end) == ms
    assert start.query() and end.query()
    np.testing.assert_array_equal(out.copy_to_host(), busy_reference(n, rounds))


def test_elapsed_times_add_up():
    n = 1 << 12
    out = cuda.device_array(n, np.int64)
    a, b, c = cuda.event(), cuda.event(), cuda.event()
    a.record()
    busy[n // 64, 64](out, 300)
    b.record()
    busy[n // 64, 64](out, 500)
    c.record()
    c.synchronize()
    ab, bc, ac = a.elapsed_time(b), b.elapsed_time(c), cuda.event_elapsed_time(a, c)
    assert min(ab, bc) >= 0.0
    assert ac == pytest.approx(ab + bc, abs=0.01)  # the driver's times have a resolution of about 0.5 us
    np.testing.assert_array_equal(out.copy_to_host(), busy_reference(n, 500))


def test_elapsed_time_of_an_event_without_timing_is_numbas_error():
    quiet, timed = cuda.event(timing=False), cuda.event()
    quiet.record()
    timed.record()
    timed.synchronize()
    for first, second, which in ((timed, quiet, "end"), (quiet, timed, "start")):
        with pytest.raises(CudaAPIError) as e:
            first.elapsed_time(second)
        assert e.value.code == 400 and e.value.code.name == "CUDA_ERROR_INVALID_HANDLE"
        assert str(e.value).startswith("[<CUresult.CUDA_ERROR_INVALID_HANDLE: 400>] Call to cuEventElapsedTime "
                                       "results in CUDA_ERROR_INVALID_HANDLE")
        assert f"the {which} event was made with timing=False" in str(e.value)
        assert isinstance(e.value, CudaError) and e.value.msg in str(e.value)
        again = pickle.loads(pickle.dumps(e.value))  # as a worker process sends it back
        assert type(again) is CudaAPIError and str(again) == str(e.value) and again.code == 400
    assert cuda.cudadrv.driver.CudaAPIError is CudaAPIError


def test_a_launch_beyond_the_device_is_numbas_error_and_a_value_error():
    """The driver refuses a block of 2048 threads with CUDA_ERROR_INVALID_VALUE: pyjitc checks it
    first, on both targets, and raises numba's CudaAPIError, still the ValueError it was."""
    out = np.zeros(4)
    for config in ((1, 2048), ((1, 70000), 1), (1, (1, 1, 65))):
        with pytest.raises(CudaAPIError, match="CUDA_ERROR_INVALID_VALUE") as e:
            scale_into[config](out, out, 1.0)
        assert isinstance(e.value, ValueError) and e.value.code == 1 and e.value.code.name == "CUDA_ERROR_INVALID_VALUE"
        again = pickle.loads(pickle.dumps(e.value))
        assert isinstance(again, ValueError) and str(again) == str(e.value)


def test_elapsed_time_of_an_unrecorded_event_is_numbas_error():
    recorded, never = cuda.event(), cuda.event()
    recorded.record()
    recorded.synchronize()
    with pytest.raises(cuda.cudadrv.driver.CudaAPIError, match=r"CUDA_ERROR_INVALID_HANDLE \(the end event was "
                                                               r"never recorded\)") as e:
        recorded.elapsed_time(never)
    assert e.value.code == 400
    with pytest.raises(CudaAPIError, match="the start event was never recorded"):
        cuda.event_elapsed_time(never, recorded)
    assert never.query()  # an event never recorded has nothing to wait for
    never.synchronize()


def test_event_wait_orders_two_streams(rng):
    """s2's kernel reads what s1's kernel wrote: it waits for the event recorded after it."""
    s1, s2 = cuda.stream(), cuda.stream()
    n = 1 << 16
    a = rng.standard_normal(n)
    d_a = cuda.to_device(a, stream=s1)
    mid, out = cuda.device_array(n, stream=s1), cuda.device_array(n, stream=s2)
    ready = cuda.event(timing=False)
    scale_into[n // 256, 256, s1](mid, d_a, 2.0)
    ready.record(s1)
    ready.wait(stream=s2)
    scale_into[n // 256, 256, s2](out, mid, 3.0)
    done = cuda.event()
    done.record(stream=s2)
    done.synchronize()
    assert done.query() and ready.query()
    got = out.copy_to_host(stream=s2)
    s2.synchronize()
    np.testing.assert_array_equal(got, a * 2.0 * 3.0)


def test_event_methods_take_default_streams_and_refuse_others():
    e = cuda.event()
    for s in (0, None, cuda.default_stream(), cuda.legacy_default_stream(), cuda.per_thread_default_stream()):
        e.record(s)
        e.wait(s)
        e.synchronize()
    with pytest.raises(TypeError, match="Expected a Stream object or 0, got str"):
        e.record("stream")
    with pytest.raises(TypeError, match="Expected a Stream object or 0, got float"):
        e.wait(stream=1.0)
    with pytest.raises(TypeError):
        e.elapsed_time("not an event")


# ---- streams ----------------------------------------------------------------------------------

def test_two_streams_launch_copy_and_auto_synchronize(rng):
    n = 5000
    a, b = rng.standard_normal(n), rng.standard_normal(n)
    s1, s2 = cuda.stream(), cuda.stream()
    assert s1.handle != s2.handle and 0 not in (s1.handle, s2.handle)
    results = []
    for s, h, f in ((s1, a, 1.5), (s2, b, -4.0)):
        d = cuda.to_device(h, stream=s)
        out = cuda.device_array_like(d, stream=s)
        scale_into[(n + 127) // 128, 128, s](out, d, f)
        results.append((s, out, h * f))
    for s, out, want in results:
        with s.auto_synchronize() as entered:
            assert entered is s
            got = out.copy_to_host(stream=s)
        np.testing.assert_array_equal(got, want)
    host = np.empty(n)
    results[0][1].copy_to_host(host, stream=s1)
    s1.synchronize()
    np.testing.assert_array_equal(host, a * 1.5)


def test_default_streams_are_numbas():
    d, legacy, ptds = cuda.default_stream(), cuda.legacy_default_stream(), cuda.per_thread_default_stream()
    assert (d.handle, legacy.handle, ptds.handle) == (0, 1, 2)
    assert (int(d), int(legacy), int(ptds)) == (0, 1, 2)
    assert (repr(d), repr(legacy), repr(ptds)) == ("<Default CUDA stream>", "<Legacy default CUDA stream>",
                                                   "<Per-thread default CUDA stream>")
    assert not (d.external or legacy.external or ptds.external)
    s = cuda.stream()
    assert repr(s) == f"<CUDA stream {s.handle}>" and s.__cuda_stream__() == (0, s.handle)
    ext = cuda.external_stream(s.handle)
    assert repr(ext) == f"<External CUDA stream {s.handle}>" and ext.external
    assert isinstance(ext, cuda.cudadrv.driver.Stream)
    x = np.arange(64.0)
    for st in (d, legacy, ptds, ext):
        out = cuda.device_array(64)
        scale_into[1, 64, st](out, cuda.to_device(x, stream=st), 2.0)
        st.synchronize()
        np.testing.assert_array_equal(out.copy_to_host(), 2.0 * x)


def test_cuda_array_interface_names_the_stream_and_is_synchronized(rng):
    """A producer's stream travels in the interface; a consumer waits for it (numba's
    config.CUDA_ARRAY_INTERFACE_SYNC) unless told not to."""
    s = cuda.stream()
    d = cuda.to_device(rng.standard_normal(32), stream=s)
    face = d.__cuda_array_interface__
    assert face["stream"] == s.handle
    assert cuda.device_array(4).__cuda_array_interface__["stream"] is None
    m = cuda.mapped_array(4, stream=s)
    assert m.__cuda_array_interface__["stream"] == s.handle

    class Foreign:
        __cuda_array_interface__ = face

    driver = cuda.cudadrv.driver
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        imported = cuda.as_cuda_array(Foreign())
    sync.assert_called_once_with()
    assert imported.stream.external and imported.stream.handle == s.handle
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        out = cuda.device_array(32)
        scale_into[1, 32](out, Foreign(), 1.0)
    sync.assert_called_once_with()
    with patch.object(cuda.config, "CUDA_ARRAY_INTERFACE_SYNC", 0):
        with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
            cuda.as_cuda_array(Foreign())
            scale_into[1, 32](out, Foreign(), 1.0)
        sync.assert_not_called()
    s.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(), d.copy_to_host())


# ---- the profiler --------------------------------------------------------------------------

def test_profiler_start_stop_and_context_manager():
    """cuProfilerStart / cuProfilerStop on a GPU (they succeed with no profiler attached); nothing
    on the CPU executor. The work inside runs as ever."""
    x = np.arange(100.0)
    out = cuda.device_array(100)
    cuda.profile_start()
    scale_into[1, 128](out, x, 3.0)
    cuda.profile_stop()
    np.testing.assert_array_equal(out.copy_to_host(), 3.0 * x)
    with cuda.profiling() as entered:
        assert entered is None
        scale_into[1, 128](out, x, 5.0)
    np.testing.assert_array_equal(out.copy_to_host(), 5.0 * x)
    with pytest.raises(ZeroDivisionError):
        with cuda.profiling():
            1 / 0
    cuda.profile_stop()  # stopping twice is harmless (numba does not check either)
    driver = cuda.cudadrv.driver
    assert (driver.profile_start, driver.profile_stop, driver.profiling) == \
        (cuda.profile_start, cuda.profile_stop, cuda.profiling)


# ---- the per-thread default stream -----------------------------------------------------------

PTDS_PROGRAM = textwrap.dedent("""
    import threading
    import numpy as np
    from pyjitc import cuda

    @cuda.jit
    def fill(out, v):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = v

    print("config", cuda.config.CUDA_PER_THREAD_DEFAULT_STREAM)
    bad = []

    def work(v):
        out = cuda.device_array(4096, np.int64)
        for _ in range(20):
            fill[16, 256](out, v)
        ev = cuda.event()
        ev.record()
        ev.synchronize()
        host = np.zeros(4096, np.int64)
        out.copy_to_host(host)
        if not (host == v).all():
            bad.append(v)

    threads = [threading.Thread(target=work, args=(v,)) for v in range(1, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("bad", bad)
""")


@pytest.mark.parametrize("env", [{}, {"NUMBA_CUDA_PER_THREAD_DEFAULT_STREAM": "1"},
                                 {"CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM": "1"}])
def test_per_thread_default_stream_setting(tmp_path, env):
    script = tmp_path / "ptds.py"
    script.write_text(PTDS_PROGRAM)
    full = {k: v for k, v in os.environ.items() if "PER_THREAD_DEFAULT_STREAM" not in k}
    full.update(env)
    r = subprocess.run([sys.executable, "-W", "ignore", str(script)], capture_output=True, text=True, env=full,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"config {1 if env else 0}" in r.stdout and "bad []" in r.stdout, r.stdout + r.stderr


def test_threads_time_their_own_kernels():
    """Events of several threads, each on its own stream, time their own work."""
    errors = []

    def work(rounds):
        try:
            s = cuda.stream()
            out = cuda.device_array(2048, np.int64, stream=s)
            a, b = cuda.event(), cuda.event()
            a.record(s)
            busy[16, 128, s](out, rounds)
            b.record(s)
            b.synchronize()
            assert a.elapsed_time(b) >= 0.0
            np.testing.assert_array_equal(out.copy_to_host(stream=s), busy_reference(2048, rounds))
        except Exception as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(r,)) for r in (10, 20, 30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
