"""numba's External Memory Management plugins: a plugin class allocates the memory of device
arrays (memalloc), answers get_memory_info, get_ipc_handle and reset for the context, and frees
through the finalizers of the pointers it returns; cuda.set_memory_manager checks its interface
version and NUMBA_CUDA_MEMORY_MANAGER names a module that provides one. The plugin here takes its
memory from pyjitc's own manager, so kernels run on it: on the CPU executor and on a GPU."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pyjitc import cuda

PLUGIN = '''
import numpy as np
from pyjitc import cuda
driver = cuda.cudadrv.driver


class CountingPlugin(driver.GetIpcHandleMixin, cuda.HostOnlyCUDAMemoryManager):
    """Device memory from pyjitc's own manager, each allocation counted and its free recorded."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sizes, self.freed, self.initialized, self.reset_called = {}, [], 0, False
        self._inner = None

    def initialize(self):
        self.initialized += 1
        if self._inner is None:
            self._inner = driver.NumbaCUDAMemoryManager(context=self.context)

    def memalloc(self, size):
        if not self.initialized:
            raise RuntimeError("memalloc before initialize")
        inner = self._inner.memalloc(size)
        key = len(self.sizes) + 1
        self.sizes[key] = size
        freed = self.freed

        def finalizer():  # holds the inner pointer (its memory) until the outer one goes
            freed.append((key, inner.device_pointer_value is not None or size == 0))
        return driver.AutoFreePointer(self.context, inner.device_pointer, size, finalizer=finalizer)

    def get_memory_info(self):
        return cuda.MemoryInfo(free=32, total=64)

    def reset(self):
        super().reset()
        self.reset_called = True

    @property
    def interface_version(self):
        return 1


_numba_memory_manager = CountingPlugin
'''


@cuda.jit
def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    (tmp_path / "counting_plugin.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    import counting_plugin
    ctx = cuda.current_context()
    ctx.reset()
    before = ctx.memory_manager
    mgr = counting_plugin.CountingPlugin(context=ctx)
    ctx.memory_manager = mgr
    yield mgr
    ctx.reset()
    ctx.memory_manager = before
    sys.modules.pop("counting_plugin", None)


def test_device_arrays_are_the_plugins(plugin, rng):
    n = 1000
    x, y = rng.standard_normal(n), rng.standard_normal(n)
    d_x, d_y = cuda.to_device(x), cuda.to_device(y)
    out = cuda.device_array_like(x)
    assert sorted(plugin.sizes.values()) == [x.nbytes] * 3 and plugin.initialized >= 1
    assert out.gpu_data is out._owner and out.alloc_size == x.nbytes  # the plugin's pointer, as numba's
    axpy[(n + 127) // 128, 128](out, 2.5, d_x, d_y)
    np.testing.assert_allclose(out.copy_to_host(), 2.5 * x + y, rtol=1e-14)  # a fused multiply-add may round once
    view = out[10:20]
    del out, d_x
    # the view keeps its allocation: only the input's memory went
    assert [k for k, _ in plugin.freed] == [1]
    np.testing.assert_allclose(view.copy_to_host(), (2.5 * x + y)[10:20], rtol=1e-14)
    del view
    assert sorted(k for k, _ in plugin.freed) == [1, 3]
    del d_y
    assert sorted(k for k, _ in plugin.freed) == [1, 2, 3] and all(ok for _, ok in plugin.freed)


def test_context_asks_the_plugin(plugin):
    ctx = cuda.current_context()
    assert ctx.memory_manager is plugin
    assert ctx.get_memory_info() == (32, 64) and ctx.get_memory_info().free == 32
    with cuda.defer_cleanup():
        assert plugin.deallocations.is_disabled
    ctx.reset()
    assert plugin.reset_called


def test_pyjitc_own_manager_by_default():
    ctx = cuda.current_context()
    mgr = ctx.memory_manager
    assert type(mgr) is cuda.cudadrv.driver.NumbaCUDAMemoryManager and mgr.interface_version == 1
    free, total = ctx.get_memory_info()
    assert 0 < free <= total
    mem = mgr.memalloc(256)
    assert mem.size == 256 and mem.device_pointer_value
    d = cuda.device_array(4)
    assert d.gpu_data is d._owner and not isinstance(d._owner, cuda.MemoryPointer)  # the runtime's, directly


class _Version2(cuda.HostOnlyCUDAMemoryManager):
    def memalloc(self, size):
        raise AssertionError("not used")

    def initialize(self):
        pass

    def get_ipc_handle(self, memory):
        pass

    def get_memory_info(self):
        return cuda.MemoryInfo(0, 0)

    @property
    def interface_version(self):
        return 2


def test_a_plugin_of_another_version_is_refused():
    with pytest.raises(RuntimeError, match="EMM Plugin interface has version 2 - version 1 required"):
        cuda.set_memory_manager(_Version2)
    with pytest.raises(RuntimeError, match="Memory manager requires a context"):
        _Version2()


PROGRAM = textwrap.dedent('''
    import gc, sys
    import numpy as np
    sys.path.insert(0, {folder!r})
    from pyjitc import cuda
    if {use_set!r}:
        import counting_plugin
        cuda.set_memory_manager(counting_plugin.CountingPlugin)
    a = cuda.to_device(np.arange(16.0))
    mgr = cuda.current_context().memory_manager
    print("manager", type(mgr).__name__, sorted(mgr.sizes.values()), cuda.config.CUDA_MEMORY_MANAGER)
    print("values", a.copy_to_host().sum())
''')


@pytest.mark.parametrize("how", ["set_memory_manager", "environment"])
def test_a_plugin_for_the_whole_program(tmp_path, how):
    (tmp_path / "counting_plugin.py").write_text(PLUGIN)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("NUMBA_CUDA_MEMORY_MANAGER", None)
    if how == "environment":
        env["NUMBA_CUDA_MEMORY_MANAGER"] = "counting_plugin"
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    code = PROGRAM.format(folder=str(tmp_path), use_set=how == "set_memory_manager")
    r = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    want = "counting_plugin" if how == "environment" else "default"
    assert f"manager CountingPlugin [128] {want}" in r.stdout and "values 120.0" in r.stdout, r.stdout


def test_a_module_without_a_plugin_is_numbas_error(tmp_path):
    (tmp_path / "not_a_plugin.py").write_text("x = 1\n")
    env = dict(os.environ, NUMBA_CUDA_MEMORY_MANAGER="not_a_plugin",
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-c", "from pyjitc import cuda; cuda.device_array(4)"], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode != 0 and "RuntimeError: Failed to use memory manager from not_a_plugin" in r.stderr


def test_device_memory_is_freed_in_batches_as_numbas():
    # numba's deferred deallocation: the memory of the last array using it waits in the context's
    # `deallocations` until more than config.CUDA_DEALLOCS_COUNT (10) wait, or clear()
    ctx = cuda.current_context()
    deallocs = ctx.deallocations
    deallocs.clear()
    assert len(deallocs) == 0
    d = cuda.to_device(np.arange(100))
    view = cuda.as_cuda_array(d)  # shares d's memory
    del d
    assert len(deallocs) == 0  # still used by the view
    np.testing.assert_equal(view.copy_to_host(), np.arange(100))
    del view
    assert len(deallocs) == 1
    for i in range(9):
        cuda.device_array(16)  # made and dropped at once
    assert len(deallocs) == 10
    cuda.device_array(16)
    assert len(deallocs) == 0  # the eleventh: all freed
    with cuda.defer_cleanup():  # nothing is freed inside
        for i in range(15):
            cuda.device_array(8)
        deallocs.clear()
        assert len(deallocs) == 15
    deallocs.clear()
    assert len(deallocs) == 0
    a = cuda.to_device(np.arange(5.0))  # memory is reused and arrays still work
    np.testing.assert_equal(a.copy_to_host(), np.arange(5.0))
