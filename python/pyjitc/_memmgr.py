"""numba's External Memory Management (EMM) plugin interface: a plugin class (RMM's, CuPy's, a
program's own) allocates the device memory of device arrays instead of pyjitc.

    cuda.set_memory_manager(MyPlugin)          # or NUMBA_CUDA_MEMORY_MANAGER=module (its
                                               # _numba_memory_manager is the class)
    cuda.current_context().memory_manager      # the device's manager, settable

A plugin subclasses BaseCUDAMemoryManager (all of it) or HostOnlyCUDAMemoryManager (device
memory only: memalloc, initialize, get_memory_info, get_ipc_handle, interface_version; with
GetIpcHandleMixin for IPC handles of its memory) and reports interface_version 1. Its
memalloc(size) returns a MemoryPointer (an AutoFreePointer frees when the last array using it
goes); pyjitc calls initialize() whenever a context is taken (as numba does: it is called
repeatedly), memalloc for each device array, get_memory_info, get_ipc_handle and reset for the
context's. Without a plugin the manager is pyjitc's own (NumbaCUDAMemoryManager), whose device
arrays allocate from the runtime directly; as numba's, the memory of the last array using it is
freed later, in batches (python/memory.c): its `deallocations` counts what waits, clear() frees it,
and defer_cleanup() holds it."""
import abc
import collections
import contextlib
import ctypes
import importlib
import weakref

from . import _config, _core

MemoryInfo = collections.namedtuple("MemoryInfo", "free total")

_SUPPORTED_EMM_INTERFACE_VERSION = 1


class _DevicePointer(int):
    """A device address as numba's binding.CUdeviceptr answers: int() and .value."""

    @property
    def value(self):
        return int(self)


def _address_of(pointer):
    """An address given as an int, a ctypes value (c_void_p, c_uint64) or an object with .value / __int__."""
    value = getattr(pointer, "value", pointer)
    return int(value or 0)


class MemoryPointer:
    """numba's MemoryPointer: device memory at `pointer` of `size` bytes, in `context`; the
    finalizer (if any) runs when the object goes (the memory is then freed by whoever allocated
    it). device_pointer_value is the address (None for 0)."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.device_pointer = _DevicePointer(_address_of(pointer))
        self.handle = self.device_pointer
        self.size = self._cuda_memsize_ = int(size)
        self.is_managed = finalizer is not None
        self.refct = 1
        self._owner = owner
        if finalizer is not None:
            self._finalizer = weakref.finalize(self, finalizer)

    @property
    def owner(self):
        return self if self._owner is None else self._owner

    def own(self):
        return self

    def free(self):
        """Frees the memory now (runs the finalizer)."""
        if self.is_managed:
            if not self._finalizer.alive:
                raise RuntimeError("Freeing dead memory")
            self._finalizer()

    def memset(self, byte, count=None, stream=0):
        count = self.size if count is None else count
        _core.memset(int(self.device_pointer), int(byte), int(count), stream or None)

    def view(self, start, stop=None):
        size = (self.size - start) if stop is None else (stop - start)
        if not self.device_pointer_value:
            if size != 0:
                raise RuntimeError("non-empty slice into empty slice")
            return self
        if size < 0:
            raise RuntimeError("size cannot be negative")
        return MemoryPointer(self.context, int(self.device_pointer) + start, size, owner=self.owner)

    @property
    def device_ctypes_pointer(self):
        return ctypes.c_void_p(int(self.device_pointer) or None)

    @property
    def device_pointer_value(self):
        return int(self.device_pointer) or None

    @property
    def address(self):
        return int(self.device_pointer)

    @property
    def nbytes(self):
        return self.size

    def __repr__(self):
        return f"<{type(self).__name__} {int(self.device_pointer):#x} of {self.size} bytes>"


class AutoFreePointer(MemoryPointer):
    """numba's AutoFreePointer: a MemoryPointer freed (its finalizer run) when the last reference
    to it goes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.refct -= 1


class _HostMemory(MemoryPointer):
    """Page-locked host memory a manager's memhostalloc made (pyjitc's own allocation)."""

    def __init__(self, context, allocation, size, mapped):
        address = allocation.device_address if mapped else allocation.address
        super().__init__(context, address, size, owner=None)
        self._allocation = allocation
        self.host_pointer = ctypes.c_void_p(allocation.address)


class _PendingDeallocs:
    """numba's pending deallocations of a manager: frees queued (add_item) and run when more than
    config.CUDA_DEALLOCS_COUNT are pending or they hold more than CUDA_DEALLOCS_RATIO of the
    device's memory, or on clear(); disable() defers them for a block."""

    def __init__(self, capacity=None):
        self._cons = collections.deque()
        self._disable_count = 0
        self._size = 0
        self.memory_capacity = capacity

    @property
    def _max_pending_bytes(self):
        return int((self.memory_capacity or 0) * _config.CUDA_DEALLOCS_RATIO)

    def add_item(self, dtor, handle, size=None):
        self._cons.append((dtor, handle, size or 0))
        self._size += int(size or 0)
        if len(self._cons) > _config.CUDA_DEALLOCS_COUNT or (self.memory_capacity and
                                                             self._size > self._max_pending_bytes):
            self.clear()

    def clear(self):
        if self._disable_count:
            return
        while self._cons:
            dtor, handle, _ = self._cons.popleft()
            dtor(handle)
        self._size = 0

    @contextlib.contextmanager
    def disable(self):
        self._disable_count += 1
        try:
            yield
        finally:
            self._disable_count -= 1

    @property
    def is_disabled(self):
        return self._disable_count > 0

    def __len__(self):
        return len(self._cons)


class _RuntimeDeallocs(_PendingDeallocs):
    """pyjitc's own manager's pending deallocations: its queue's, and the device memory of device
    arrays, whose frees wait in the runtime (python/memory.c) by numba's rule (config
    CUDA_DEALLOCS_COUNT, CUDA_DEALLOCS_RATIO)."""

    def __init__(self, ordinal):
        super().__init__()
        self._ordinal = ordinal

    def clear(self):
        super().clear()
        if not self._disable_count:
            _core.flush_frees(self._ordinal)

    @contextlib.contextmanager
    def disable(self):
        _core.defer_frees(True)
        try:
            with super().disable():
                yield
        finally:
            _core.defer_frees(False)

    def __len__(self):
        return super().__len__() + _core.pending_frees(self._ordinal)


class BaseCUDAMemoryManager(metaclass=abc.ABCMeta):
    """numba's abstract base of EMM plugins: made with context=..., the context (device) it serves."""

    def __init__(self, *args, **kwargs):
        if "context" not in kwargs:
            raise RuntimeError("Memory manager requires a context")
        self.context = kwargs.pop("context")

    @abc.abstractmethod
    def memalloc(self, size):
        """Device memory of `size` bytes: a MemoryPointer that owns it."""

    @abc.abstractmethod
    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        """Page-locked host memory of `size` bytes (mapped: into the device's address space too)."""

    @abc.abstractmethod
    def mempin(self, owner, pointer, size, mapped=False):
        """Host memory at `pointer` page-locked (owner keeps it alive)."""

    @abc.abstractmethod
    def initialize(self):
        """Ready the plugin for use (called whenever its context is taken)."""

    @abc.abstractmethod
    def get_ipc_handle(self, memory):
        """An IPC handle of the allocation holding `memory`."""

    @abc.abstractmethod
    def get_memory_info(self):
        """MemoryInfo(free, total) in bytes."""

    @abc.abstractmethod
    def reset(self):
        """Free every allocation (the context is being reset)."""

    @abc.abstractmethod
    def defer_cleanup(self):
        """A context manager during which no memory is freed."""

    @property
    @abc.abstractmethod
    def interface_version(self):
        """The EMM plugin interface the class implements: 1."""


class HostOnlyCUDAMemoryManager(BaseCUDAMemoryManager):
    """numba's base of plugins that allocate device memory only: host allocations (memhostalloc,
    pinned by pyjitc) and their pending frees are done here; a plugin overriding reset or
    defer_cleanup calls super()'s. mempin cannot page-lock memory allocated elsewhere in pyjitc
    (it has no cuMemHostRegister): unmapped, the memory is used as it is; mapped is
    NotImplementedError."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.allocations = {}
        self.deallocations = _PendingDeallocs()

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        allocation = _core.HostAllocation(int(size))
        mem = _HostMemory(weakref.proxy(self.context) if self.context is not None else None, allocation, size, mapped)
        if mapped:
            self.allocations[allocation.address] = mem
        return mem

    def mempin(self, owner, pointer, size, mapped=False):
        if mapped:
            raise NotImplementedError("mempin(mapped=True): pyjitc cannot map host memory it did not allocate into "
                                      "the device's address space; use memhostalloc(mapped=True)")
        return MemoryPointer(self.context, _address_of(pointer), size, owner=owner)

    def reset(self):
        self.allocations.clear()
        self.deallocations.clear()

    @contextlib.contextmanager
    def defer_cleanup(self):
        with self.deallocations.disable():
            yield


class GetIpcHandleMixin:
    """numba's get_ipc_handle for plugins whose memory the driver's IPC can share: the handle of
    the allocation holding `memory`, with the memory's offset in it."""

    def get_ipc_handle(self, memory):
        from ._ipc import get_ipc_handle
        return get_ipc_handle(memory)


class NumbaCUDAMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """pyjitc's own manager (numba's default): device memory from the runtime. Device arrays use
    the runtime directly; memalloc serves those who ask the manager."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.deallocations = _RuntimeDeallocs(_ordinal(self.context))

    def initialize(self):
        _core.free_policy(int(_config.CUDA_DEALLOCS_COUNT), float(_config.CUDA_DEALLOCS_RATIO))
        if self.deallocations.memory_capacity is None:
            self.deallocations.memory_capacity = self.get_memory_info().total

    def memalloc(self, size):
        allocation = _core.Allocation(int(size), _ordinal(self.context))
        mem = AutoFreePointer(self.context, allocation.address, size)
        mem._allocation = allocation  # freed when the pointer goes
        return mem

    def get_memory_info(self):
        return MemoryInfo(*_core.memory_info(_ordinal(self.context)))

    @property
    def interface_version(self):
        return _SUPPORTED_EMM_INTERFACE_VERSION


def _ordinal(context):
    return getattr(context, "id", -1) if context is not None else -1


# ---- which manager a device uses ------------------------------------------------------------
_plugin_class = None       # set_memory_manager's (or NUMBA_CUDA_MEMORY_MANAGER's) class
_env_read = False
_managers = {}             # device ordinal -> the manager made for it (or assigned to it)
_foreign = False           # whether any device's manager is not pyjitc's own: allocations ask it


def set_memory_manager(mm_plugin):
    """numba's cuda.set_memory_manager: use the EMM plugin class for the devices whose manager is
    made from now on (a device that has one keeps it). RuntimeError for a plugin of another
    interface version."""
    global _plugin_class, _foreign
    version = mm_plugin(context=None).interface_version
    if version != _SUPPORTED_EMM_INTERFACE_VERSION:
        raise RuntimeError(f"EMM Plugin interface has version {version} - version "
                           f"{_SUPPORTED_EMM_INTERFACE_VERSION} required")
    _plugin_class = mm_plugin
    _foreign = _foreign or mm_plugin is not NumbaCUDAMemoryManager


def _read_env():
    """config.CUDA_MEMORY_MANAGER (NUMBA_CUDA_MEMORY_MANAGER): a module whose _numba_memory_manager
    is the plugin class; read once, where the first manager is made."""
    global _env_read
    if _env_read:
        return
    _env_read = True
    name = _config.CUDA_MEMORY_MANAGER
    if name and name != "default" and _plugin_class is None:
        try:
            set_memory_manager(importlib.import_module(name)._numba_memory_manager)
        except Exception as e:
            raise RuntimeError(f"Failed to use memory manager from {name}") from e


def manager(context):
    """The manager of a context (a device of pyjitc.cuda), made on first use, initialized each
    time it is taken (numba's prepare_for_use)."""
    ordinal = context.id
    mgr = _managers.get(ordinal)
    if mgr is None:
        _read_env()
        mgr = _managers[ordinal] = (_plugin_class or NumbaCUDAMemoryManager)(context=context)
    mgr.initialize()
    return mgr


def assign(context, mgr):
    """ctx.memory_manager = mgr (numba's contexts take any manager so)."""
    global _foreign
    _managers[context.id] = mgr
    _foreign = _plugin_class not in (None, NumbaCUDAMemoryManager) or any(
        type(m) is not NumbaCUDAMemoryManager for m in _managers.values())


def plugin_for(ordinal):
    """The plugin that allocates device arrays on device `ordinal` (-1: the current one), or None
    where pyjitc's own memory is used (the fast path: checked with one global first)."""
    if not _foreign:
        if _env_read or _config.CUDA_MEMORY_MANAGER in ("default", "", None):
            return None
        _read_env()
        if not _foreign:
            return None
    from .cuda import _context
    from ._runtime import device
    ctx = _context(device()[3] if ordinal < 0 else ordinal)
    mgr = manager(ctx)
    return None if type(mgr) is NumbaCUDAMemoryManager else mgr
