"""Several GPUs in one process, as numba-cuda programs use them: each thread has its own current
device (cuda.select_device, `with cuda.gpus[i]:`; a thread that selected none runs on GPU 0), a
kernel compiles once and loads on each GPU it runs on, device arrays, streams and events belong to
the GPU that was current when they were made, a launch with another GPU's arrays or stream is a
clear error, and copy_to_device copies between GPUs. Results are checked against NumPy; the
peer-access answer against the driver's own (cuDeviceCanAccessPeer through ctypes).

On the CPU executor the same cases run on two devices of it (PYJITC_CPU_DEVICES=2: devices
that share the host's memory, each with its own threads), so the bookkeeping is checked in CI too;
on the GPU machine they need two GPUs and skip where there are fewer."""
import ctypes
import os
import threading
import time

import numpy as np
import pytest

from conftest import ON_CUDA
from pyjitc import cuda
from pyjitc.errors import CudaError


def driver():
    """libcuda through ctypes, initialised, or None: the reference for counts and peer access."""
    try:
        cu = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    return cu if cu.cuInit(0) == 0 else None


CPU_DEVICES = 2  # the CPU executor's devices this file asks for (PYJITC_CPU_DEVICES)


def gpu_count():
    if not ON_CUDA:
        return CPU_DEVICES
    cu = driver()
    n = ctypes.c_int(0)
    return n.value if cu and cu.cuDeviceGetCount(ctypes.byref(n)) == 0 else 0


two_gpus = pytest.mark.skipif(gpu_count() < 2, reason="needs two GPUs")
on_gpus = pytest.mark.skipif(not ON_CUDA, reason="what the CUDA driver answers")


@pytest.fixture(scope="module", autouse=True)
def cpu_devices():
    """The CPU executor as two devices while this file runs (read when a device opens)."""
    saved = os.environ.get("PYJITC_CPU_DEVICES")
    os.environ["PYJITC_CPU_DEVICES"] = str(CPU_DEVICES)
    yield
    if saved is None:
        del os.environ["PYJITC_CPU_DEVICES"]
    else:
        os.environ["PYJITC_CPU_DEVICES"] = saved


@cuda.jit
def affine(x, out, a, b):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + b


@cuda.jit
def add_into(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += y[i]


@pytest.fixture(autouse=True)
def back_to_gpu0(cpu_devices):
    """Every case starts and ends on the default device of its thread."""
    if gpu_count():
        cuda.select_device(0)
    yield
    if gpu_count():
        cuda.select_device(0)


def run_affine(n, a, b, seed):
    x = np.random.default_rng(seed).standard_normal(n).astype(np.float32)
    dx = cuda.to_device(x)
    dout = cuda.device_array_like(dx)
    affine[(n + 255) // 256, 256](dx, dout, np.float32(a), np.float32(b))
    return x, dx, dout


# ---- one device: the CPU executor, or a GPU ----------------------------------------------------

def test_the_current_device_of_a_fresh_thread_is_device_0():
    seen = []
    t = threading.Thread(target=lambda: seen.append(cuda.get_current_device().id))
    t.start()
    t.join()
    assert seen == [0] and cuda.get_current_device().id == 0


@two_gpus
def test_peer_access_between_devices():
    assert cuda.gpus[0].can_access_peer(0) and cuda.gpus[1].can_access_peer(cuda.gpus[1])
    if not ON_CUDA:  # one memory
        assert cuda.gpus[0].can_access_peer(1)


def test_arrays_streams_and_events_name_their_device():
    x, dx, dout = run_affine(1000, 2.0, 1.0, 1)
    np.testing.assert_allclose(dout.copy_to_host(), 2 * x + 1, rtol=1e-6, atol=1e-5)
    s = cuda.stream()
    assert dx._device_id == dout._device_id == dx[10:20]._device_id == s.device_id == 0
    assert dx.gpu_data.device_id == 0


@pytest.mark.skipif(ON_CUDA, reason="the CPU executor's answers")
def test_the_cpu_executor_is_one_device_unless_asked(monkeypatch):
    assert len(cuda.gpus) == CPU_DEVICES
    monkeypatch.delenv("PYJITC_CPU_DEVICES")
    assert len(cuda.gpus) == 0
    assert cuda.select_device(0).id == 0
    with pytest.raises(CudaError, match="no GPU 2: kernels run on the CPU executor, which is 1 device"):
        cuda.select_device(2)
    x, _, dout = run_affine(500, 3.0, -1.0, 2)  # still usable, still device 0
    np.testing.assert_allclose(dout.copy_to_host(), 3 * x - 1, rtol=1e-6, atol=1e-5)
    assert cuda.get_current_device().id == 0


# ---- two GPUs --------------------------------------------------------------------------------

@two_gpus
def test_launch_on_each_gpu():
    n = gpu_count()
    results = []
    for i in range(n):
        assert cuda.select_device(i).id == i
        x, dx, dout = run_affine(100_000 + i, 1.5 + i, -2.0, 10 + i)
        assert cuda.get_current_device().id == i and dx._device_id == dout._device_id == i
        results.append((x, dout.copy_to_host(), 1.5 + i))
    for x, got, a in results:
        np.testing.assert_allclose(got, a * x - 2.0, rtol=1e-6, atol=1e-5)
    # one compile serves every GPU of one arch: a kernel each per device, one overload
    archs = {cuda.gpus[i].compute_capability for i in range(n)}
    assert len(affine.overloads) >= 1 and len({k[3] for k in affine._variants}) == len(archs)


@two_gpus
def test_with_block_nests_and_restores():
    assert cuda.get_current_device().id == 0
    with cuda.gpus[1] as g:
        assert g.id == 1 and cuda.get_current_device().id == 1
        x, dx, dout = run_affine(4096, 0.5, 0.25, 3)
        with cuda.gpus[0]:
            assert cuda.get_current_device().id == 0
            y, dy, dyo = run_affine(4096, 2.0, 0.0, 4)
        assert cuda.get_current_device().id == 1
        np.testing.assert_allclose(dout.copy_to_host(), 0.5 * x + 0.25, rtol=1e-6, atol=1e-5)
    assert cuda.get_current_device().id == 0
    assert dx._device_id == 1 and dy._device_id == 0
    np.testing.assert_allclose(dyo.copy_to_host(), 2 * y, rtol=1e-6, atol=1e-5)
    # read from outside the block: an array's copies go to its own GPU
    np.testing.assert_allclose(dout.copy_to_host(), 0.5 * x + 0.25, rtol=1e-6, atol=1e-5)
    assert float(dout[7]) == pytest.approx(0.5 * x[7] + 0.25, rel=1e-6)


@two_gpus
def test_each_thread_has_its_own_device():
    """numba's rule: select_device is per thread; threads that select none run on GPU 0. Two
    threads drive the two GPUs at once, each checked against NumPy."""
    out, errors = {}, []
    barrier = threading.Barrier(2)

    def work(gpu):
        try:
            if gpu:
                cuda.select_device(gpu)
            barrier.wait()
            for rep in range(20):
                x, dx, dout = run_affine(50_000, 1.0 + gpu, float(rep), 100 * gpu + rep)
                got = dout.copy_to_host()
                np.testing.assert_allclose(got, (1.0 + gpu) * x + rep, rtol=1e-6, atol=1e-5)
            out[gpu] = (cuda.get_current_device().id, dx._device_id)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(g,)) for g in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert out == {0: (0, 0), 1: (1, 1)}
    assert cuda.get_current_device().id == 0  # the main thread's is its own


@two_gpus
def test_split_an_array_across_gpus():
    """The multi-GPU pattern: a slice per GPU, each launched under `with cuda.gpus[i]:`, gathered
    on the host."""
    n = gpu_count()
    x = np.random.default_rng(7).standard_normal(1_000_003).astype(np.float32)
    parts = np.array_split(x, n)
    outs = []
    for i, part in enumerate(parts):
        with cuda.gpus[i]:
            dpart = cuda.to_device(part)
            dout = cuda.device_array_like(dpart)
            affine[(part.size + 255) // 256, 256](dpart, dout, np.float32(3.0), np.float32(1.0))
            outs.append(dout)
    got = np.concatenate([d.copy_to_host() for d in outs])
    np.testing.assert_allclose(got, 3 * x + 1, rtol=1e-6, atol=1e-5)
    assert [d._device_id for d in outs] == list(range(n))


@two_gpus
def test_an_array_of_another_gpu_is_a_clear_error():
    x = np.arange(1024, dtype=np.float32)
    with cuda.gpus[1]:
        d1 = cuda.to_device(x)
    d0 = cuda.to_device(x)
    with pytest.raises(TypeError, match=r"argument 2 is an array on (GPU|CPU device) 1, and this launch is on (GPU|CPU device) 0"):
        add_into[4, 256](d0, d1)
    np.testing.assert_array_equal(d0.copy_to_host(), x)  # nothing ran

    class Foreign:  # memory of another library, known only by its __cuda_array_interface__
        def __init__(self, arr):
            self.__cuda_array_interface__ = arr.__cuda_array_interface__
    if ON_CUDA:  # the driver knows whose memory it is (the CPU executor's devices share one memory)
        with pytest.raises(TypeError, match=r"argument 2 is an array on GPU 1"):
            add_into[4, 256](d0, Foreign(d1))
    with cuda.gpus[1]:  # on its own GPU it runs
        add_into[4, 256](d1, Foreign(d1))
        np.testing.assert_array_equal(d1.copy_to_host(), 2 * x)


@two_gpus
def test_copy_to_device_between_gpus():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((300, 257))  # float64, 2-D
    d0 = cuda.to_device(x)
    with cuda.gpus[1]:
        d1 = cuda.device_array_like(x)
        d1.copy_to_device(d0)  # GPU 0 -> GPU 1
        s = cuda.stream()
        back = cuda.device_array_like(x)
        back.copy_to_device(d1, stream=s)
        s.synchronize()
    np.testing.assert_array_equal(d1.copy_to_host(), x)
    np.testing.assert_array_equal(back.copy_to_host(), x)
    d0b = cuda.device_array_like(x)
    d0b.copy_to_device(d1)  # GPU 1 -> GPU 0, made on GPU 0
    np.testing.assert_array_equal(d0b.copy_to_host(), x)
    # a strided view of another GPU's array goes through the host
    v0 = cuda.device_array((300, 129))
    v0.copy_to_device(d1[:, ::2])
    np.testing.assert_array_equal(v0.copy_to_host(), x[:, ::2])
    assert d1.copy()._device_id == 1


@two_gpus
@on_gpus
def test_peer_access_matches_the_driver():
    cu = driver()
    n = gpu_count()
    for i in range(n):
        for j in range(n):
            di, dj, can = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            assert cu.cuDeviceGet(ctypes.byref(di), i) == 0 and cu.cuDeviceGet(ctypes.byref(dj), j) == 0
            want = True if i == j else (cu.cuDeviceCanAccessPeer(ctypes.byref(can), di, dj) == 0 and bool(can.value))
            assert cuda.gpus[i].can_access_peer(cuda.gpus[j]) == want


@two_gpus
def test_streams_and_events_belong_to_their_gpu():
    x = np.arange(4096, dtype=np.float32)
    with cuda.gpus[1]:
        s1 = cuda.stream()
        e1, e2 = cuda.event(), cuda.event()
        d1 = cuda.to_device(x, stream=s1)
        e1.record(s1)
        add_into[16, 256, s1](d1, d1)
        e2.record(s1)
        e2.synchronize()
        assert e1.elapsed_time(e2) >= 0
        got = d1.copy_to_host(stream=s1)
        s1.synchronize()
        np.testing.assert_array_equal(got, 2 * x)
    assert s1.device_id == 1
    d0 = cuda.to_device(x)
    with pytest.raises(ValueError, match=r"a launch on (GPU|CPU device) 0 was given a stream of (GPU|CPU device) 1"):
        add_into[16, 256, s1](d0, d0)
    np.testing.assert_array_equal(d0.copy_to_host(), x)
    e0 = cuda.event()
    with pytest.raises(ValueError, match=r"an event on (GPU|CPU device) 0 was given a stream of (GPU|CPU device) 1"):
        e0.record(s1)


@two_gpus
@on_gpus
def test_memory_info_is_each_gpus_own():
    free0, total0 = cuda.gpus[0].get_memory_info()
    free1, total1 = cuda.gpus[1].get_memory_info()
    with cuda.gpus[1]:
        big = cuda.device_array(1 << 28, dtype=np.float32)  # 1 GiB on GPU 1
        assert big._device_id == 1
    after1 = cuda.gpus[1].get_memory_info().free
    after0 = cuda.gpus[0].get_memory_info().free
    assert free1 - after1 >= (1 << 30)
    assert abs(after0 - free0) < (1 << 29)
    del big


def test_stencil_in_slabs_one_a_gpu():
    """examples/scale/gpus_stencil.py: a Jacobi grid in slabs, one a GPU (all on the one device
    here when there are fewer), halo rows copied between GPUs each step, against NumPy."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "scale"))
    import gpus_stencil
    slabs = max(gpu_count(), 3)
    _, err, used = gpus_stencil.run(203, 25, gpus=slabs, check=True)
    assert used == slabs and err < 1e-5
    assert cuda.get_current_device().id == 0


@two_gpus
def test_current_context_and_list_devices():
    assert [d.id for d in cuda.list_devices()] == list(range(gpu_count()))
    ctx = cuda.current_context(1)  # numba's: GPU 1 made current on this thread
    assert cuda.get_current_device().id == 1 and ctx.get_memory_info().total > 0
    assert cuda.current_context().id == 1


@two_gpus
def test_numba_idioms_slices_contexts_and_a_shared_device_object():
    """What numba programs (and numba-cuda's own tests) write: cuda.gpus[1:], a context's .device,
    and one device object entered by many threads at once (each thread restores its own)."""
    rest = cuda.gpus[1:]
    assert [g.id for g in rest] == list(range(1, gpu_count()))
    with rest[0]:
        assert cuda.current_context().device.id == 1
        assert cuda.current_context().device.compute_capability == cuda.gpus[1].compute_capability
    x = np.arange(10.0)
    dx = cuda.to_device(x)
    shared = cuda.gpus.current  # GPU 0's object, shared by every thread below
    seen, errors = [], []

    def work(gpu):
        try:
            if gpu:
                cuda.select_device(gpu)
            for _ in range(20):
                with shared:
                    time.sleep(0.0005)  # another thread enters meanwhile
                    seen.append((cuda.get_current_device().id, bool((dx.copy_to_host() == x).all())))
                assert cuda.get_current_device().id == gpu  # its own device back
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k % 2,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert set(seen) == {(0, True)} and len(seen) == 160


def test_device_attributes():
    """numba's Device.<ATTRIBUTE> (what programs size their grids by): on a GPU the driver's own
    answer (cuDeviceGetAttribute through ctypes), on the CPU executor its launch limits."""
    import re
    numbers = {"MAX_THREADS_PER_BLOCK": 1, "MAX_BLOCK_DIM_X": 2, "MAX_GRID_DIM_X": 5, "MAX_GRID_DIM_Y": 6,
               "MAX_SHARED_MEMORY_PER_BLOCK": 8, "WARP_SIZE": 10, "MULTIPROCESSOR_COUNT": 16,
               "MAX_THREADS_PER_MULTIPROCESSOR": 39, "COMPUTE_CAPABILITY_MAJOR": 75, "COMPUTE_CAPABILITY_MINOR": 76,
               "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN": 97}
    for i in range(max(gpu_count(), 1)):
        dev = cuda.gpus[i] if gpu_count() else cuda.get_current_device()
        assert dev.WARP_SIZE == 32 and dev.MAX_THREADS_PER_BLOCK == 1024
        assert (dev.COMPUTE_CAPABILITY_MAJOR, dev.COMPUTE_CAPABILITY_MINOR) == dev.compute_capability
        if ON_CUDA:
            cu, d = driver(), ctypes.c_int()
            assert cu.cuDeviceGet(ctypes.byref(d), i) == 0
            for name, number in numbers.items():
                v = ctypes.c_int()
                assert cu.cuDeviceGetAttribute(ctypes.byref(v), number, d) == 0
                assert getattr(dev, name) == v.value, name
        else:
            threads = int(re.search(r"\((\d+) threads?\)", dev.name.decode()).group(1))
            assert dev.MULTIPROCESSOR_COUNT == threads and dev.MAX_GRID_DIM_Y == 65535
            assert dev.MAX_SHARED_MEMORY_PER_BLOCK == 48 * 1024
            with pytest.raises(AttributeError, match="the CPU executor has no device attribute CLOCK_RATE"):
                dev.CLOCK_RATE
        assert cuda.current_context().device.MULTIPROCESSOR_COUNT == cuda.get_current_device().MULTIPROCESSOR_COUNT
        with pytest.raises(AttributeError, match="no device attribute NOT_AN_ATTRIBUTE"):
            dev.NOT_AN_ATTRIBUTE
        assert not hasattr(dev, "lowercase_name")


@two_gpus
@on_gpus
def test_cupy_device_makes_its_gpu_current():
    """CuPy's `with cupy.cuda.Device(1):` makes GPU 1's context current on the thread (the CUDA
    runtime's cudaSetDevice): pyjitc's launches and arrays follow it, as numba's do."""
    cupy = pytest.importorskip("cupy")
    with cupy.cuda.Device(1):
        x = cupy.arange(4096, dtype=cupy.float32)
        out = cupy.empty_like(x)
        assert cuda.get_current_device().id == 1
        affine[16, 256](x, out, np.float32(2.0), np.float32(1.0))
        d = cuda.to_device(np.ones(8))
        assert d._device_id == 1
        np.testing.assert_allclose(cupy.asnumpy(out), 2 * cupy.asnumpy(x) + 1)
    assert cuda.get_current_device().id == 0
