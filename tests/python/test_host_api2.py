"""numba's host API, second part: pickling kernels, device functions, ufuncs and configured
launches (by value: the rebuilt kernel compiles again, in another process too); launch
callbacks (pre_launch_callbacks); numba.cuda.kernels.transpose and device-array .T;
cudadrv.devicearray.from_array_like; external streams; from_cuda_array_interface and the
interface's "stream" entry; device_ctypes_pointer."""
import ctypes
import linecache
import math
import os
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import ON_CUDA
from pyjitc import _serialize, cuda
from pyjitc.cuda.kernels.transpose import transpose

SCALE = 3


@cuda.jit(device=True)
def scaled(x):
    return x * SCALE + 1


@cuda.jit
def apply_scaled(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = scaled(a[i]) + math.sqrt(abs(a[i]))


def expected_scaled(a):
    return a * SCALE + 1 + np.sqrt(np.abs(a))


def forget_rebuilt():
    """This process's memo of the dispatchers it pickled or rebuilt, emptied: unpickling then
    rebuilds as another process would."""
    _serialize._rebuilt.clear()
    _serialize._recent.clear()


def roundtrip(obj):
    data = pickle.dumps(obj)
    forget_rebuilt()
    return pickle.loads(data)


def test_one_dispatcher_an_identity_a_process(rng):
    """As numba's: unpickling gives the pickling process its own dispatcher back, and another
    process one dispatcher however many times it unpickles it (a Dask worker unpickles a kernel
    with every task: it compiles it once)."""
    data = pickle.dumps(apply_scaled)
    assert pickle.loads(data) is apply_scaled
    forget_rebuilt()
    a, b = pickle.loads(data), pickle.loads(data)
    assert a is b and a is not apply_scaled
    out = np.zeros(9)
    x = rng.standard_normal(9)
    b[1, 32](out, x)
    np.testing.assert_allclose(out, expected_scaled(x), rtol=1e-13)
    assert pickle.loads(pickle.dumps(a)) is a  # pickled again where it was rebuilt: itself


# ---- pickling ---------------------------------------------------------------------------------

def test_pickled_kernel_compiles_and_runs(rng):
    a = rng.standard_normal(37)
    k = roundtrip(roundtrip(apply_scaled))
    assert k is not apply_scaled
    out = np.zeros_like(a)
    k[1, 64](out, a)
    np.testing.assert_allclose(out, expected_scaled(a), rtol=1e-13)


def test_pickled_local_kernel_with_closure_and_signature():
    offset = 7

    @cuda.jit(device=True)
    def inner(v):
        return v * 2 + offset

    @cuda.jit("void(int64[:])")
    def outer(arr):
        i = cuda.grid(1)
        if i < arr.size:
            arr[i] = inner(arr[i])

    k = roundtrip(outer)
    assert len(k.overloads) == 1  # compiled for its signature when rebuilt, as at decoration
    arr = np.arange(10, dtype=np.int64)
    k[1, 16](arr)
    np.testing.assert_array_equal(arr, np.arange(10) * 2 + 7)
    with pytest.raises(TypeError):
        k[1, 16](np.arange(3.0))  # the signature travelled too


def test_pickled_device_function_called_by_a_new_kernel():
    dev = roundtrip(scaled)

    @cuda.jit
    def use(out):
        out[0] = dev(5.0)
    out = np.zeros(1)
    use[1, 1](out)
    assert out[0] == 5.0 * SCALE + 1


def test_pickled_kernel_calling_a_lambda_device_function():
    twice_plus = cuda.jit(device=True)(lambda a, b: a + b * 2)

    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = twice_plus(x[i], 1.5)
    x = np.arange(6.0)
    out = np.zeros_like(x)
    roundtrip(k)[1, 8](out, x)
    np.testing.assert_array_equal(out, x + 3.0)


def test_pickled_configured_launch_keeps_its_configuration():
    cfg = roundtrip(apply_scaled[(5, 2), 8])
    assert (cfg.griddim, cfg.blockdim, cfg.sharedmem) == ((5, 2, 1), (8, 1, 1), 0)
    a = np.linspace(-2.0, 2.0, 40)
    out = np.zeros_like(a)
    cfg(out, a)
    np.testing.assert_allclose(out, expected_scaled(a), rtol=1e-13)


def test_launch_on_a_stream_refuses_pickling():
    with pytest.raises(pickle.PicklingError, match="stream"):
        pickle.dumps(apply_scaled[1, 1, cuda.stream()])


def write_floor_module(src):
    """A module file whose kernel `kern` reads a global K (2.5) and the math module."""
    src.write_text(textwrap.dedent("""
        import math
        from pyjitc import cuda
        K = 2.5

        @cuda.jit
        def kern(out, a):
            i = cuda.grid(1)
            if i < a.size:
                out[i] = math.floor(a[i] * K) - i
        """))


def test_pickled_kernel_runs_in_another_process_without_its_source(tmp_path):
    """The function's text travels: the rebuilt kernel compiles where its file does not exist."""
    src = tmp_path / "gone_module.py"
    write_floor_module(src)
    sys.path.insert(0, str(tmp_path))
    try:
        import gone_module
        blob = pickle.dumps(gone_module.kern)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("gone_module", None)
    src.unlink()
    script = textwrap.dedent("""
        import pickle, sys
        import numpy as np
        k = pickle.loads(sys.stdin.buffer.read())
        a = np.arange(12, dtype=np.float64) * 0.7
        out = np.zeros_like(a)
        k[1, 16](out, a)
        print(" ".join(repr(float(x)) for x in out))
        """)
    r = subprocess.run([sys.executable, "-c", script], input=blob, capture_output=True, env=dict(os.environ),
                       timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    got = np.array([float(x) for x in r.stdout.split()])
    a = np.arange(12, dtype=np.float64) * 0.7
    np.testing.assert_array_equal(got, np.floor(a * 2.5) - np.arange(12))


def test_pickled_again_reads_its_source_once_and_its_globals_each_time(tmp_path):
    """A kernel pickled again (Dask pickles it with every task) reuses the text read the first
    time, so it still pickles once its file is gone; the globals it reads travel with the values
    they hold at each pickling, as numba's do."""
    src = tmp_path / "gone_again.py"
    write_floor_module(src)
    sys.path.insert(0, str(tmp_path))
    try:
        import gone_again
        pickle.dumps(gone_again.kern)
        src.unlink()
        linecache.clearcache()
        gone_again.K = 4.0
        k = roundtrip(gone_again.kern)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("gone_again", None)
    a = np.arange(12, dtype=np.float64) * 0.7
    out = np.full_like(a, np.nan)
    k[1, 16](out, a)
    np.testing.assert_array_equal(out, np.floor(a * 4.0) - np.arange(12))


def test_pickled_recursive_device_function():
    @cuda.jit(device=True)
    def fact(n):
        if n <= 1:
            return 1
        return n * fact(n - 1)

    @cuda.jit
    def k(out):
        out[0] = fact(10)
    out = np.zeros(1, np.int64)
    k[1, 1](out)
    k2 = roundtrip(k)
    out2 = np.zeros(1, np.int64)
    k2[1, 1](out2)
    assert out2[0] == math.factorial(10) == out[0]


@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def test_pickled_mutually_recursive_device_functions():
    @cuda.jit("void(boolean[:], int64[:])")
    def parity(out, ns):
        i = cuda.grid(1)
        if i < ns.size:
            out[i] = is_even(ns[i])
    k = roundtrip(roundtrip(parity))
    ns = np.array([0, 1, 2, 7, 10, 13], np.int64)
    out = np.zeros(ns.size, np.bool_)
    k[1, 8](out, ns)
    np.testing.assert_array_equal(out, ns % 2 == 0)
    assert roundtrip(is_odd) is not is_odd


def test_pickled_vectorize():
    from pyjitc.cuda import vectorize

    @vectorize(["int64(int64)", "float64(float64)"], target="cuda")
    def twice_plus(x):
        return x * 2 + 1
    u = roundtrip(roundtrip(twice_plus))
    for a in (np.arange(10, dtype=np.int64), np.linspace(0, 1, 7)):
        got = u(a)
        np.testing.assert_array_equal(got, a * 2 + 1)
        assert got.dtype == a.dtype


def test_unpicklable_global_is_reported():
    lock = __import__("threading").Lock()

    @cuda.jit
    def k(out):
        if lock:
            out[0] = 1
    with pytest.raises((TypeError, pickle.PicklingError), match="lock"):
        pickle.dumps(k)


# ---- pre_launch_callbacks ---------------------------------------------------------------------

@cuda.jit
def bump(arr):
    arr[0] += 1


def test_pre_launch_callbacks_run_before_each_launch():
    arr = np.zeros(1, np.int64)
    cfg = bump[1, 1]
    seen = []

    def callback(kernel, config):
        seen.append((int(arr[0]), config is cfg, config.griddim, kernel is not None))
    cfg.pre_launch_callbacks.append(callback)
    fresh = bump[1, 1]  # the same configuration again: a new object, without cfg's callbacks
    assert fresh is not cfg and fresh.pre_launch_callbacks == []
    fresh(arr)
    assert seen == [] and arr[0] == 1
    arr[0] = 0
    cfg(arr)
    cfg(arr)
    assert arr[0] == 2
    assert seen == [(0, True, (1, 1, 1), True), (1, True, (1, 1, 1), True)]  # ran before each launch
    cfg.pre_launch_callbacks.clear()
    cfg(arr)
    assert len(seen) == 2 and arr[0] == 3
    other = bump[2, 1]
    assert other.pre_launch_callbacks == []  # each configuration has its own list


def test_pre_launch_callback_error_stops_the_launch():
    arr = np.zeros(1, np.int64)
    cfg = bump[1, 1]

    def fail(kernel, config):
        raise KeyError("not now")
    cfg.pre_launch_callbacks.append(fail)
    try:
        with pytest.raises(KeyError, match="not now"):
            cfg(arr)
        assert arr[0] == 0
    finally:
        cfg.pre_launch_callbacks.remove(fail)


def test_configured_launch_with_callbacks_refuses_pickling():
    cfg = bump[5, 8]
    cfg.pre_launch_callbacks.append(lambda kernel, config: None)
    try:
        with pytest.raises(pickle.PicklingError, match="pre-launch callbacks"):
            pickle.dumps(cfg)
    finally:
        cfg.pre_launch_callbacks.clear()


# ---- transpose --------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int8, np.int16, np.bool_, np.complex128, np.uint64])
@pytest.mark.parametrize("rows, cols", [(1, 1), (5, 6), (16, 17), (33, 70)])
def test_transpose_kernel_matches_numpy(rng, dtype, rows, cols):
    x = (rng.integers(0, 100, size=(cols, rows)) * (1 if dtype != np.complex128 else 1 + 2j)).astype(dtype)
    got = transpose(cuda.to_device(x))
    assert got.shape == (rows, cols) and got.is_c_contiguous()
    np.testing.assert_array_equal(got.copy_to_host(), x.T)


def test_transpose_into_given_array_and_from_host():
    x = np.arange(30.0).reshape(5, 6)
    y = np.zeros((6, 5))
    dy = cuda.cudadrv.devicearray.from_array_like(y)
    assert (dy.shape, dy.strides, dy.dtype) == (y.shape, y.strides, y.dtype)
    assert transpose(cuda.to_device(x), dy) is dy
    dy.copy_to_host(y)
    np.testing.assert_array_equal(y, x.T)
    np.testing.assert_array_equal(transpose(x).copy_to_host(), x.T)  # a host array is copied over first
    with pytest.raises(ValueError, match="shape"):
        transpose(cuda.to_device(x), cuda.device_array((5, 6)))
    with pytest.raises(ValueError, match="dtype"):
        transpose(cuda.to_device(x), cuda.device_array((6, 5), np.float32))


def test_device_array_T_is_a_contiguous_copy_as_numba():
    a = np.arange(120, dtype=np.int64).reshape(10, 12)
    d = cuda.to_device(a)
    t = d[::2, ::2].T
    assert (t.shape, t.strides) == ((6, 5), (40, 8))  # numba's, not NumPy's view strides
    np.testing.assert_array_equal(t.copy_to_host(), a[::2, ::2].T)
    np.testing.assert_array_equal(d[1:, ::-3].transpose((1, 0)).copy_to_host(), a[1:, ::-3].T)
    assert d.transpose((0, 1)) is d
    f = cuda.to_device(np.asfortranarray(a))
    np.testing.assert_array_equal(f.T.copy_to_host(), a.T)
    t.copy_to_device(np.zeros((6, 5), np.int64))  # a copy: the original is untouched
    np.testing.assert_array_equal(d.copy_to_host(), a)


def test_transpose_other_ranks_not_supported():
    with pytest.raises(NotImplementedError, match="3-D"):
        cuda.to_device(np.zeros((2, 3, 4))).T
    with pytest.raises(ValueError, match="axes"):
        cuda.to_device(np.zeros((2, 3))).transpose((0, 2))


# ---- streams, the CUDA array interface, pointers -----------------------------------------------

def test_external_stream_takes_an_int():
    with pytest.raises(TypeError, match="ptr for external stream must be an int"):
        cuda.external_stream(1.5)


def test_external_stream_wraps_a_stream(rng):
    """A CUstream on a GPU; on the CPU executor a stream's handle only names it (its work is done
    in order when queued), so a stream named by another handle is used alike."""
    s = cuda.stream()
    assert s.handle != 0 and not s.external and cuda.stream().handle != s.handle
    ext = cuda.external_stream(s.handle)
    assert ext.external and int(ext.handle) == s.handle
    assert int(cuda.external_stream(0x12345678).handle) == 0x12345678  # not used: only wrapped
    a = rng.standard_normal(100)
    d = cuda.to_device(a, stream=ext)
    out = cuda.device_array_like(d, stream=ext)
    apply_scaled[2, 64, ext](out, d)
    ext.synchronize()
    np.testing.assert_allclose(out.copy_to_host(), expected_scaled(a), rtol=1e-13)
    del ext  # an external stream is not destroyed by pyjitc: the owner's still works
    s.synchronize()


def test_from_cuda_array_interface_rejects_masks():
    desc = {"shape": (3,), "typestr": "<f8", "data": (0, False), "version": 3, "strides": None,
            "mask": object()}
    with pytest.raises(NotImplementedError, match="Masked arrays are not supported"):
        cuda.from_cuda_array_interface(desc)


@pytest.mark.skipif(not ON_CUDA, reason="needs a CUDA GPU (__cuda_array_interface__ is GPU memory)")
def test_cuda_array_interface_streams_and_views(rng):
    s = cuda.stream()
    d = cuda.device_array(10, stream=s)
    assert d.__cuda_array_interface__["stream"] == s.handle
    assert cuda.device_array(10).__cuda_array_interface__["stream"] is None
    h = rng.standard_normal((4, 6))
    dh = cuda.to_device(h)
    face = dict(dh.__cuda_array_interface__)
    assert face["strides"] is None
    view = cuda.from_cuda_array_interface(face)
    np.testing.assert_array_equal(view.copy_to_host(), h)
    face["strides"] = h.strides
    np.testing.assert_array_equal(cuda.from_cuda_array_interface(face).copy_to_host(), h)
    imported = cuda.as_cuda_array(d)
    assert imported is d
    foreign = type("Foreign", (), {})()
    foreign.__cuda_array_interface__ = d.__cuda_array_interface__
    got = cuda.as_cuda_array(foreign)
    assert got.stream.external and int(got.stream.handle) == s.handle
    assert got.device_ctypes_pointer.value == d.device_ctypes_pointer.value


@pytest.mark.skipif(ON_CUDA, reason="CPU executor only: device memory is host memory there")
def test_device_ctypes_pointer_points_at_the_elements():
    a = np.arange(12.0).reshape(3, 4)
    d = cuda.to_device(a)
    p = d.device_ctypes_pointer
    assert isinstance(p, ctypes.c_void_p)
    seen = np.ctypeslib.as_array((ctypes.c_double * 12).from_address(p.value))
    np.testing.assert_array_equal(seen.reshape(3, 4), a)
    row = d[1]
    assert row.device_ctypes_pointer.value == p.value + 4 * 8
    assert cuda.device_array(0).device_ctypes_pointer.value is None


# ---- CUDA IPC ---------------------------------------------------------------------------------

def test_ipc_handle_pickles_its_bytes_size_and_offset():
    from pyjitc.cuda import IpcHandle
    raw = bytes(range(64))
    h = IpcHandle(object(), raw, 80, None, 24)
    back = roundtrip(h)
    assert back.base is None  # the producer's memory does not travel
    assert (back.handle.reserved, back.size, back.offset) == (raw, 80, 24)
    assert back.handle == h.handle


@pytest.mark.skipif(ON_CUDA, reason="CPU executor only")
def test_ipc_needs_a_gpu():
    d = cuda.to_device(np.arange(4))
    with pytest.raises(RuntimeError, match="CUDA IPC is unsupported on the CPU executor"):
        d.get_ipc_handle()
    with pytest.raises(RuntimeError, match="CUDA IPC is unsupported on the CPU executor"):
        cuda.current_context().get_ipc_handle(d.gpu_data)


def test_gpu_data_of_a_slice_is_its_range():
    a = np.arange(10, dtype=np.int64)
    d = cuda.to_device(a)
    assert d.gpu_data.nbytes == 80
    view = d[3:8].gpu_data
    assert (view.size, view.address) == (40, d.device_ctypes_pointer.value + 24)
    host = np.zeros(5, np.int64)
    cuda.driver.device_to_host(host, view, 40)
    np.testing.assert_array_equal(host, a[3:8])
    cuda.driver.host_to_device(view, np.full(5, -1, np.int64), 40)
    np.testing.assert_array_equal(d.copy_to_host(), np.where((np.arange(10) >= 3) & (np.arange(10) < 8), -1, a))


CHILD_IPC = textwrap.dedent("""
    import pickle, sys
    import numpy as np
    from pyjitc import cuda
    kind, payload = pickle.loads(sys.stdin.buffer.read())
    if kind == "array":
        with payload as darr:
            out = darr.copy_to_host()
            try:
                with payload:
                    pass
            except ValueError as e:
                assert "already opened" in str(e)
            else:
                raise AssertionError("opened twice")
    elif kind == "bytes":
        raw, n = payload
        with cuda.open_ipc_array(raw, shape=n, dtype=np.int64) as darr:
            out = darr.copy_to_host()
    else:
        darr = payload.open_array(cuda.current_context(), shape=payload.size // 8, dtype=np.int64)
        out = darr.copy_to_host()
        payload.close()
    print(" ".join(repr(float(x)) for x in out))
    """)


def run_ipc_child(kind, payload):
    r = subprocess.run([sys.executable, "-c", CHILD_IPC], input=pickle.dumps((kind, payload)), capture_output=True,
                       env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    return np.array([float(x) for x in r.stdout.split()])


@pytest.mark.skipif(not ON_CUDA, reason="needs a CUDA GPU (CUDA IPC)")
@pytest.mark.parametrize("index", [slice(None), slice(3, None), slice(3, 8), slice(None, None, -2)])
def test_ipc_array_in_another_process(index):
    a = np.arange(10, dtype=np.int64) * 3 - 7
    d = cuda.to_device(a)[index]
    np.testing.assert_array_equal(run_ipc_child("array", d.get_ipc_handle()), a[index])
    if index.step is None:
        ctx_handle = cuda.current_context().get_ipc_handle(d.gpu_data)
        np.testing.assert_array_equal(run_ipc_child("handle", ctx_handle), a[index])
        if index.start is None:
            got = run_ipc_child("bytes", (ctx_handle.handle.reserved, d.size))
            np.testing.assert_array_equal(got, a[index])
