"""Device memory shared between processes (CUDA IPC), as numba's API has it:
ctx.get_ipc_handle(memory) and DeviceNDArray.get_ipc_handle() in the producer; a handle pickles
(its 64 bytes, size and offset) and the consumer opens it (handle.open_array(ctx, shape, dtype),
`with ipc_array_handle as darr:`, cuda.open_ipc_array(handle_bytes, shape, dtype)). The driver
calls live in runtime/ (pj_ipc_*); the CPU executor has no shareable memory and refuses."""
import contextlib

import numpy as np

from . import _core
from ._runtime import device


class MemoryView:
    """A range of device memory: `address`, `size` (bytes), and what keeps it alive (`owner`).
    What a device array's gpu_data is when the array covers part of its allocation (a slice) or
    memory pyjitc did not allocate (__cuda_array_interface__), as numba's memory pointers."""

    def __init__(self, owner, address, size):
        self.owner, self.address, self.size = owner, int(address), int(size)

    @property
    def nbytes(self):
        return self.size

    @property
    def device_ctypes_pointer(self):
        import ctypes
        return ctypes.c_void_p(self.address or None)

    def __repr__(self):
        return f"<pyjitc device memory 0x{self.address:x} ({self.size} bytes)>"


def _need_gpu():
    if device()[0] != "cuda":
        raise RuntimeError("CUDA IPC is unsupported on the CPU executor (pyjitc runs on the CPU here; its memory "
                           "cannot be shared with another process)")


def _memory_device(memory):
    """The ordinal of the GPU whose memory it is (-1: the current device's)."""
    for name in ("_device_id", "device_id"):
        ordinal = getattr(memory, name, None)
        if isinstance(ordinal, int):
            return ordinal
    owner = getattr(memory, "owner", None)
    return _memory_device(owner) if owner is not None and owner is not memory else -1


def _memory_range(memory):
    """(address, bytes) of what get_ipc_handle was given: a device allocation, a MemoryView, or
    a device array."""
    from ._devicearray import DeviceNDArray, _span
    if isinstance(memory, DeviceNDArray):
        lo, nbytes = _span(memory.shape, memory.strides, memory.itemsize)
        return memory._address + lo, nbytes
    size = getattr(memory, "size", None)
    if not isinstance(size, int):
        size = getattr(memory, "nbytes", None)
    address = getattr(memory, "address", None)
    if not isinstance(address, int) or not isinstance(size, int):
        raise TypeError(f"get_ipc_handle: needs device memory (a device array's gpu_data), not {type(memory).__name__}")
    return address, size


class _Handle:
    """numba's handle object: the 64 bytes of a CUipcMemHandle as `reserved`."""

    def __init__(self, reserved):
        self.reserved = bytes(reserved)

    def __eq__(self, other):
        return isinstance(other, _Handle) and other.reserved == self.reserved

    def __hash__(self):
        return hash(self.reserved)


class IpcHandle:
    """A CUDA IPC handle for `size` bytes at `offset` into an allocation of another process.
    base: the memory it was made from (None once pickled). open(ctx) maps the memory (once per
    handle: close() unmaps it) and returns it as a MemoryView; open_array(ctx, shape, dtype,
    strides=None, offset=0) as a device array."""

    def __init__(self, base, handle, size, source_info=None, offset=0):
        self.base = base
        self.handle = handle if isinstance(handle, _Handle) else _Handle(handle)
        self.size = int(size)
        self.source_info = source_info
        self.offset = int(offset)
        self._mapped = None  # the base address ipc_open gave, while open

    def __reduce__(self):
        return IpcHandle, (None, self.handle.reserved, self.size, self.source_info, self.offset)

    def open(self, context=None):
        if self._mapped is not None:
            raise ValueError("IpcHandle is already opened")
        _need_gpu()
        self._mapped = _core.ipc_open(self.handle.reserved)  # by the current device
        self._mapped_on = device()[3]
        return MemoryView(self, self._mapped + self.offset, self.size)

    def open_staged(self, context=None):
        """The memory, mapped by the current device (its kernels read it where it is, so no
        staging through another device is needed)."""
        return self.open(context)

    def open_array(self, context=None, shape=None, dtype=np.float64, strides=None, offset=0):
        from ._devicearray import DeviceNDArray
        dtype = np.dtype(dtype)
        if shape is None:
            shape = (self.size // dtype.itemsize,)
        memory = self.open(context)
        return DeviceNDArray(shape, strides, dtype, gpu_data=memory, _address=memory.address + int(offset))

    def close(self):
        if self._mapped is None:
            raise ValueError("IpcHandle is not opened")
        address, self._mapped = self._mapped, None
        _core.ipc_close(address, self._mapped_on)


def get_ipc_handle(memory):
    """The IPC handle of device memory (a device array's gpu_data, or the array)."""
    _need_gpu()
    address, size = _memory_range(memory)
    handle, base, _ = _core.ipc_get_handle(address, _memory_device(memory))
    return IpcHandle(memory, handle, size, None, address - base)


class IpcArrayHandle:
    """DeviceNDArray.get_ipc_handle(): an IPC handle with the array's shape, strides and dtype;
    `with h as darr:` opens it as a device array in the consumer and closes it after."""

    def __init__(self, ipc_handle, array_desc):
        self._ipc_handle = ipc_handle
        self._array_desc = array_desc  # (shape, strides, dtype str, offset of element 0 from the span start)

    def __reduce__(self):
        return IpcArrayHandle, (self._ipc_handle, self._array_desc)

    def open(self):
        shape, strides, dtype, first = self._array_desc
        return self._ipc_handle.open_array(None, shape=shape, strides=strides, dtype=np.dtype(dtype), offset=first)

    def close(self):
        self._ipc_handle.close()

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()
        return False


def array_ipc_handle(arr):
    """The IpcArrayHandle of a device array (its span of memory, and how to view it)."""
    from ._devicearray import _span
    lo, _ = _span(arr.shape, arr.strides, arr.itemsize)
    return IpcArrayHandle(get_ipc_handle(arr), (arr.shape, arr.strides, arr.dtype.str, -lo))


@contextlib.contextmanager
def open_ipc_array(handle, shape, dtype, strides=None, offset=0):
    """`with cuda.open_ipc_array(handle_bytes, shape, dtype) as darr:` the array another process
    shared (handle: the 64 bytes of its IpcHandle.handle.reserved, or the IpcHandle)."""
    dtype = np.dtype(dtype)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)
    if isinstance(handle, IpcHandle):
        ipc = handle
    else:
        size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        ipc = IpcHandle(None, bytes(handle), size, None, 0)
    darr = ipc.open_array(None, shape=shape, dtype=dtype, strides=strides, offset=offset)
    try:
        yield darr
    finally:
        ipc.close()
