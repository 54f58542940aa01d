"""Device arrays: memory on the device (host memory on the CPU executor) with a shape, strides
and dtype; slicing makes views; copies to and from NumPy arrays; __cuda_array_interface__."""
import ctypes
import weakref

import numpy as np

from . import _core, _memmgr
from ._runtime import CODES, DTYPES, code_of, device, target

HOST_TO_DEVICE, DEVICE_TO_HOST, DEVICE_TO_DEVICE = 0, 1, 2

# The copies of device arrays: pyjitc's own, or, once a program has replaced numba's driver
# functions cuMemcpyHtoD / cuMemcpyDtoH (numba.cuda.cudadrv.driver.driver, as numba-cuda's tests
# mock them to prove a path copies nothing), through those (use_driver_copies).
_copy = _core.copy
_driver = None  # the driver object whose replaced functions copies go through


def _driver_copy(kind, dst, src, nbytes, stream=None, device_id=None):
    fn = None
    if kind in (HOST_TO_DEVICE, DEVICE_TO_HOST):
        fn = vars(_driver).get("cuMemcpyHtoD" if kind == HOST_TO_DEVICE else "cuMemcpyDtoH")
    if fn is None:
        return _core.copy(kind, dst, src, nbytes, stream, device_id)
    if stream is not None:
        stream.synchronize()
    return fn(dst, src, nbytes)


def use_driver_copies(driver):
    """Copies go through the driver object's replaced functions while it has any."""
    global _copy, _driver
    replaced = any(n in vars(driver) for n in ("cuMemcpyHtoD", "cuMemcpyDtoH"))
    _driver = driver
    _copy = _driver_copy if replaced else _core.copy


def _c_strides(shape, itemsize):
    strides, s = [], itemsize
    for n in reversed(shape):
        strides.append(s)
        s *= n
    return tuple(reversed(strides))


def _f_strides(shape, itemsize):
    strides, s = [], itemsize
    for n in shape:
        strides.append(s)
        s *= n
    return tuple(strides)


def _span(shape, strides, itemsize):
    """(offset of the lowest byte from element 0, bytes from the lowest to the highest)."""
    if any(n == 0 for n in shape):
        return 0, 0
    lo = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    hi = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    return lo, hi - lo + itemsize


# ---- the CPU executor's device memory: which host addresses are pyjitc's ---------------------------
_CPU_MEMORY = {}  # allocation address -> (bytes, the allocation): what a __cuda_array_interface__
# pointer may name on the CPU executor; an entry goes when the array that made it goes


def _cpu_memory_add(array, allocation, nbytes, base=None):
    base = allocation.address if base is None else base
    _CPU_MEMORY[base] = (nbytes, allocation)
    weakref.finalize(array, _CPU_MEMORY.pop, base, None)


def _cpu_memory_owner(address, nbytes):
    """The allocation of the CPU executor's memory that holds [address, address + nbytes), or None."""
    for base, (size, allocation) in _CPU_MEMORY.items():
        if base <= address and address + nbytes <= base + size:
            return allocation
    return None


def cpu_view(obj):
    """On the CPU executor: a NumPy view of an object whose __cuda_array_interface__ names
    memory pyjitc allocated (its own device arrays, wrapped), else None."""
    try:
        desc = obj.__cuda_array_interface__
        dtype = np.dtype(desc["typestr"])
        shape = tuple(int(n) for n in desc["shape"])
        strides = desc.get("strides")
        strides = tuple(int(x) for x in strides) if strides is not None else _c_strides(shape, dtype.itemsize)
        address = int(desc["data"][0])
    except Exception:
        return None
    lo, nbytes = _span(shape, strides, dtype.itemsize)
    if not nbytes:
        return np.empty(shape, dtype)
    owner = _cpu_memory_owner(address + lo, nbytes)
    if owner is None:
        return None
    raw = (ctypes.c_char * nbytes).from_address(address + lo)
    raw._pyjitc_owner = owner  # the memory lives as long as the view
    return np.ndarray(shape, dtype, buffer=raw, offset=-lo, strides=strides)


def _is_record(dtype):
    """A NumPy structured dtype (numba's Record), or a fixed-width string ('S12', '<U12', numba's
    CharSeq / UnicodeCharSeq): kernels take arrays of these as arrays of records."""
    return dtype.fields is not None or dtype.kind in "SU"


class DeviceNDArray(_core.ArrayBase):
    """An array in device memory, as numba's DeviceNDArray."""

    def __init__(self, shape, strides=None, dtype=np.float64, stream=0, gpu_data=None, _address=None, _device=-1):
        device()
        dtype = np.dtype(dtype)
        shape = tuple(int(n) for n in (shape if isinstance(shape, (tuple, list)) else (shape,)))
        if any(n < 0 for n in shape):
            raise ValueError(f"negative dimensions in shape {shape}")
        strides = tuple(strides) if strides is not None else _c_strides(shape, dtype.itemsize)
        if gpu_data is None:
            lo, nbytes = _span(shape, strides, dtype.itemsize)
            plugin = _memmgr.plugin_for(_device)
            if plugin is None:
                gpu_data = _core.Allocation(nbytes, _device)
                base = gpu_data.address
            else:  # an EMM plugin's memory (cuda.set_memory_manager)
                gpu_data = plugin.memalloc(nbytes)
                base = int(getattr(gpu_data, "device_pointer_value", None) or 0)
            _address = base - lo
            if nbytes and target() != "cuda":
                _cpu_memory_add(self, gpu_data, nbytes, base)
        elif _address is None:
            _address = gpu_data.address
        if _is_record(dtype):  # an array of records: their bytes, the dtype telling launches the fields
            super().__init__(gpu_data, _address, CODES["uint8"], shape, strides, _device, dtype)
        else:
            super().__init__(gpu_data, _address, code_of(dtype), shape, strides, _device)
        self.dtype = dtype
        self.stream = stream

    # ---- what numba's device arrays answer
    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def gpu_data(self):
        """The device memory the array spans: its allocation when it spans all of it, else (a
        slice, or memory another library allocated) a MemoryView of that range (address, size)
        that keeps the allocation alive, as numba's memory pointers."""
        from ._ipc import MemoryView
        owner = self._owner
        lo, nbytes = _span(self.shape, self.strides, self.itemsize)
        start = self._address + lo
        if isinstance(owner, _core.Allocation) and start == owner.address and nbytes == owner.nbytes:
            return owner
        if isinstance(owner, (MemoryView, _memmgr.MemoryPointer)) and start == owner.address and nbytes == owner.size:
            return owner
        return MemoryView(owner, start, nbytes)

    def get_ipc_handle(self):
        """A handle another process opens to use this array's memory (CUDA IPC; `with h as
        darr:` there); pickle it to send it. Needs a CUDA GPU."""
        from ._ipc import array_ipc_handle
        plugin = _memmgr.plugin_for(self._device_id)
        if plugin is not None:  # the EMM plugin's handle of its memory, with the array's layout
            from ._ipc import IpcArrayHandle
            lo, _ = _span(self.shape, self.strides, self.itemsize)
            return IpcArrayHandle(plugin.get_ipc_handle(self.gpu_data), (self.shape, self.strides, self.dtype.str, -lo))
        return array_ipc_handle(self)

    @property
    def alloc_size(self):
        """The bytes of the allocation this array lives in (a view shares its base's)."""
        owner = self._owner
        size = getattr(owner, "nbytes", None)
        return int(size if isinstance(size, int) else self.nbytes)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __repr__(self):
        return f"<pyjitc DeviceNDArray shape={self.shape} dtype={self.dtype} on {target()}>"

    def is_c_contiguous(self):
        return self._layout == "C"

    def is_f_contiguous(self):
        return self._layout == "F" or (self.ndim <= 1 and self._layout == "C")

    @property
    def flags(self):
        return {"C_CONTIGUOUS": self.is_c_contiguous(), "F_CONTIGUOUS": self.is_f_contiguous()}

    @property
    def device_ctypes_pointer(self):
        """The device address of element 0 as a ctypes.c_void_p (None's value for an empty array)."""
        return ctypes.c_void_p(self._address if self.size else None)

    @property
    def __cuda_array_interface__(self):
        # on the CPU executor the "device" memory is the host's: exported as numba's simulator
        # exports its arrays, for pyjitc's own kernels and array functions (which check that a
        # pointer they are given is memory of theirs before reading it)
        strides = None if self._layout == "C" else self.strides
        return {"shape": self.shape, "strides": strides, "typestr": self.dtype.str,
                "data": (self._address if self.size else 0, False), "version": 3,
                "stream": _cai_stream(self.stream)}

    # ---- copies
    def _check_host(self, ary):
        if ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError(f"shape or dtype mismatch: device {self.shape} {self.dtype}, host {ary.shape} {ary.dtype}")

    def copy_to_host(self, ary=None, stream=0, out=None):
        """A NumPy array holding the elements (into `ary`, or `out`, when given)."""
        ary = out if ary is None else ary
        if ary is None:
            ary = np.empty(self.shape, self.dtype, order="F" if self._layout == "F" and self.ndim > 1 else "C")
        else:
            self._check_host(ary)
        if self.size == 0:
            return ary
        lo, nbytes = _span(self.shape, self.strides, self.itemsize)
        contiguous = nbytes == self.nbytes and ary.strides == self.strides
        if contiguous:
            _copy(DEVICE_TO_HOST, ary.ctypes.data, self._address, nbytes, _stream(stream), self._device_id)
            return ary
        staging = np.empty(nbytes, np.uint8)
        _copy(DEVICE_TO_HOST, staging.ctypes.data, self._address + lo, nbytes, _stream(stream), self._device_id)
        if stream:
            _stream(stream).synchronize()
        ary[...] = np.ndarray(self.shape, self.dtype, staging, -lo, self.strides)
        return ary

    def copy_to_device(self, ary, stream=0):
        """Copy a NumPy array (or a device array) of the same shape and dtype into this one."""
        if isinstance(ary, DeviceNDArray):
            if ary.shape != self.shape or ary.dtype != self.dtype:
                raise ValueError("shape or dtype mismatch")
            if ary.strides == self.strides and ary._layout in "CF" and self._layout in "CF":
                if ary._device_id != self._device_id:  # another GPU's: across (peers), else staged by the driver
                    _core.copy_peer(self._device_id, self._address, ary._device_id, ary._address, self.nbytes,
                                    _stream(stream))
                else:
                    _copy(DEVICE_TO_DEVICE, self._address, ary._address, self.nbytes, _stream(stream),
                               self._device_id)
                return
            ary = ary.copy_to_host()
        ary = np.asarray(ary, dtype=self.dtype)
        if ary.shape != self.shape:
            ary = np.broadcast_to(ary, self.shape)
        if self.size == 0:
            return
        lo, nbytes = _span(self.shape, self.strides, self.itemsize)
        if nbytes == self.nbytes and self._layout in "CF":
            host = np.asarray(ary, order="F" if self._layout == "F" and self.ndim > 1 else "C")
            if host.strides != self.strides:
                host = np.array(ary, order="C" if self._layout == "C" else "F")
            _copy(HOST_TO_DEVICE, self._address, host.ctypes.data, nbytes, _stream(stream), self._device_id)
            if stream:
                _stream(stream).synchronize()  # the host buffer may be a temporary
            return
        # a strided view: read the span, write the elements, copy it back
        staging = np.empty(nbytes, np.uint8)
        _copy(DEVICE_TO_HOST, staging.ctypes.data, self._address + lo, nbytes, None, self._device_id)
        np.ndarray(self.shape, self.dtype, staging, -lo, self.strides)[...] = ary
        _copy(HOST_TO_DEVICE, self._address + lo, staging.ctypes.data, nbytes, None, self._device_id)

    def copy_to_host_async(self, stream):
        return self.copy_to_host(stream=stream)

    # ---- views
    def __getitem__(self, index):
        address = self._element_address(index)
        if address is not None:  # one element: read it straight, no view made
            out = np.empty((), self.dtype)
            _copy(DEVICE_TO_HOST, out.__array_interface__["data"][0], address, self.itemsize, None, self._device_id)
            return out[()]
        view = self._view(index)
        if view.ndim == 0:
            return view.copy_to_host()[()]
        return view

    def _element_address(self, index):
        """The address of the element that an index of one integer an axis names (Python's or
        NumPy's integers, negative ones counted from the end), else None: the general path."""
        if type(index) is not tuple:
            index = (index,)
        shape = self.shape
        if len(index) != len(shape):
            return None
        address = self._address
        for axis, i in enumerate(index):
            if type(i) is not int and not isinstance(i, np.integer):
                return None
            n, given = shape[axis], int(i)
            i = given + n if given < 0 else given
            if not 0 <= i < n:
                raise IndexError(f"index {given} is out of bounds for axis {axis} with size {n}")
            address += i * self.strides[axis]
        return address

    def __setitem__(self, index, value):
        address = self._element_address(index)
        if address is not None:
            host = np.asarray(value, dtype=self.dtype)
            if host.ndim == 0:  # one element from one value: written straight, no view made
                _copy(HOST_TO_DEVICE, address, host.__array_interface__["data"][0], self.itemsize, None,
                           self._device_id)
                return
        view = self._view(index)
        if view.ndim == 0:
            view = DeviceNDArray((1,), (view.itemsize,), view.dtype, gpu_data=view._owner, _address=view._address,
                                 _device=view._device_id)
        view.copy_to_device(np.broadcast_to(np.asarray(value, dtype=self.dtype), view.shape))

    def _view(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        if any(i is Ellipsis for i in index):
            k = index.index(Ellipsis)
            fill = self.ndim - (len(index) - 1 - sum(1 for i in index if i is None))
            index = index[:k] + (slice(None),) * fill + index[k + 1:]
        if len(index) > self.ndim:
            raise IndexError(f"too many indices for a {self.ndim}-d array")
        shape, strides, offset = [], [], 0
        for axis, i in enumerate(index):
            n, s = self.shape[axis], self.strides[axis]
            if isinstance(i, slice):
                start, stop, step = i.indices(n)
                count = len(range(start, stop, step))
                offset += start * s
                shape.append(count)
                strides.append(s * step)
            else:
                given = int(i)
                i = given + n if given < 0 else given
                if not 0 <= i < n:
                    raise IndexError(f"index {given} is out of bounds for axis {axis} with size {n}")
                offset += i * s
        shape += self.shape[len(index):]
        strides += self.strides[len(index):]
        return DeviceNDArray(tuple(shape), tuple(strides), self.dtype, gpu_data=self._owner,
                             _address=self._address + offset, _device=self._device_id)

    def reshape(self, *shape, order="C"):
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        shape = list(shape)
        if -1 in shape:
            known = int(np.prod([n for n in shape if n != -1]))
            shape[shape.index(-1)] = self.size // known if known else 0
        if int(np.prod(shape)) != self.size:
            raise ValueError(f"cannot reshape an array of size {self.size} into shape {tuple(shape)}")
        if self._layout != order and self.ndim > 1:
            raise NotImplementedError("reshape needs an array contiguous in the requested order")
        strides = _c_strides(shape, self.itemsize) if order == "C" else _f_strides(shape, self.itemsize)
        return DeviceNDArray(tuple(shape), strides, self.dtype, gpu_data=self._owner, _address=self._address,
                             _device=self._device_id)

    def view(self, dtype):
        """The same memory seen as elements of another dtype (a datetime64 array's int64 counts), as
        numba's: a dtype of another size changes the last axis, which must then be contiguous."""
        dtype = np.dtype(dtype)
        shape, strides = list(self.shape), list(self.strides)
        if dtype.itemsize != self.itemsize:
            if not shape or not self.is_c_contiguous():
                raise ValueError("To change to a dtype of a different size, the array must be C-contiguous")
            shape[-1], rem = divmod(shape[-1] * self.itemsize, dtype.itemsize)
            if rem:
                raise ValueError("When changing to a larger dtype, its size must be a divisor of the total size "
                                 "in bytes of the last axis of the array.")
            strides[-1] = dtype.itemsize
        return DeviceNDArray(tuple(shape), tuple(strides), dtype, stream=self.stream, gpu_data=self._owner,
                             _address=self._address, _device=self._device_id)

    def transpose(self, axes=None):
        """As numba's: the array itself for the identity permutation; for a 2-D array, a new
        C-contiguous device array holding the transpose (a copy made by a kernel on the device,
        numba.cuda.kernels.transpose), whatever the strides of this one; other ranks are not
        supported (NotImplementedError)."""
        if axes is not None and tuple(axes) == tuple(range(self.ndim)):
            return self
        if self.ndim != 2:
            raise NotImplementedError(f"transposing a {self.ndim}-D device array is not supported (2-D only, "
                                      "as numba's)")
        if axes is not None and sorted(axes) != [0, 1]:
            raise ValueError(f"invalid axes {tuple(axes)} for a 2-D array")
        from ._transpose import transpose
        return transpose(self)

    @property
    def T(self):
        return self.transpose()

    def ravel(self, order="C"):
        return self.reshape(self.size, order=order)

    def copy(self):
        out = DeviceNDArray(self.shape, None, self.dtype, _device=self._device_id)
        out.copy_to_device(self)
        return out


def _stream(stream):
    return stream if stream else None


def to_device(obj, stream=0, copy=True, to=None):
    """A device array holding a copy of the NumPy array (or into `to`)."""
    if to is not None:
        to.copy_to_device(obj, stream=stream)
        return to
    ary = np.asarray(obj)
    if ary.dtype.byteorder == ">" or (ary.ndim > 1 and not (ary.flags.c_contiguous or ary.flags.f_contiguous)):
        ary = np.ascontiguousarray(ary, dtype=ary.dtype.newbyteorder("="))
    strides = ary.strides if ary.flags.f_contiguous and not ary.flags.c_contiguous else None
    if ary.ndim == 1 and not ary.flags.c_contiguous:
        ary, strides = np.ascontiguousarray(ary), None
    dev = DeviceNDArray(ary.shape, strides, ary.dtype, stream=stream)
    dev.copy_to_device(ary, stream=stream)
    return dev


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    dtype = np.dtype(dtype)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)
    if strides is None and order == "F":
        strides = _f_strides(shape, dtype.itemsize)
    return DeviceNDArray(shape, strides, dtype, stream=stream)


def like_layout(ary):
    """(strides or None, order) of a new contiguous array like `ary`: its own layout when it is C
    or Fortran contiguous, else (a view) its axes laid out in the order of their strides, as
    NumPy's zeros_like does."""
    order = "F" if ary.ndim > 1 and ary.flags["F_CONTIGUOUS"] and not ary.flags["C_CONTIGUOUS"] else "C"
    if ary.flags["C_CONTIGUOUS"] or ary.flags["F_CONTIGUOUS"] or ary.ndim <= 1:
        return None, order
    itemsize = np.dtype(ary.dtype).itemsize
    strides, step = [0] * ary.ndim, itemsize
    # the axis with the smallest stride varies fastest; ties keep the later axis fastest (C order)
    for axis in sorted(range(ary.ndim), key=lambda k: (abs(ary.strides[k]), -k)):
        strides[axis] = step
        step *= ary.shape[axis]
    return tuple(strides), order


def device_array_like(ary, stream=0):
    strides, order = like_layout(ary)
    return device_array(ary.shape, ary.dtype, strides=strides, order=order, stream=stream)


def is_device_array(obj):
    return isinstance(obj, DeviceNDArray)


def is_cuda_array(obj):
    """Whether the object is an array in GPU memory: a device array, or an object with the CUDA
    array interface."""
    if isinstance(obj, DeviceNDArray):
        return True
    try:
        return isinstance(obj.__cuda_array_interface__, dict)
    except Exception:
        return False


def auto_device(obj, stream=0, copy=True, user_explicit=False):
    """(device array, whether it was copied): a device array (or CUDA array interface object) as
    it is; anything else (a NumPy array, a scalar, a sequence) copied to a new device array."""
    if isinstance(obj, DeviceNDArray):
        return obj, False
    if not isinstance(obj, np.ndarray) and is_cuda_array(obj):
        return as_cuda_array(obj), False
    ary = np.asarray(obj)
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous):
        raise ValueError("auto_device: the array is not contiguous (C or Fortran): copy it first, "
                         "np.ascontiguousarray(a)")
    if not copy:
        return device_array_like(ary, stream=stream), True
    return to_device(ary, stream=stream), True


def from_array_like(ary, stream=0, gpu_data=None):
    """A device array of the shape, strides and dtype of a NumPy array (its elements are not copied)."""
    ary = np.asarray(ary)
    return DeviceNDArray(ary.shape, ary.strides, ary.dtype, stream=stream, gpu_data=gpu_data)


def _cai_stream(stream):
    """The "stream" entry of a __cuda_array_interface__ this array produces: None for the
    default stream (0), else the CUstream as an int (1 and 2: the legacy and per-thread default
    streams, as the interface numbers them)."""
    if stream is None or (isinstance(stream, int) and stream == 0):
        return None
    handle = getattr(stream, "handle", None)
    if handle is None:
        return None
    handle = int(handle)
    return handle if handle else None


def _sync_enabled():
    """numba's config.CUDA_ARRAY_INTERFACE_SYNC (environment NUMBA_CUDA_ARRAY_INTERFACE_SYNC, default
    on; read when it applies, so a program or test may set it): whether a consumer waits for the
    producer's stream."""
    from . import _config
    return bool(_config.CUDA_ARRAY_INTERFACE_SYNC)


def _external(handle):
    from . import cuda
    return cuda.external_stream(handle)


def _sync_launch_argument(handle):
    """Called by a launch for an argument whose interface names a stream: wait for it."""
    if _sync_enabled():
        _external(int(handle)).synchronize()


_core.set_cai_stream_hook(_sync_launch_argument)


def from_cuda_array_interface(desc, owner=None, sync=True):
    """A device array viewing the memory a __cuda_array_interface__ dictionary describes (no
    copy); `owner` is kept alive with it. A producer's stream becomes the array's stream (an
    external stream), waited for first when `sync` (and CUDA_ARRAY_INTERFACE_SYNC) is on."""
    if desc.get("mask") is not None:
        raise NotImplementedError("Masked arrays are not supported")
    version = desc.get("version", 0)
    if version > 3:
        raise ValueError(f"__cuda_array_interface__ version {version} is newer than pyjitc reads (3)")
    dtype = np.dtype(desc["typestr"])
    if dtype.kind == "V" and dtype.itemsize == 2 and dtype.fields is None and CODES.get("bfloat16") in DTYPES:
        dtype = DTYPES[CODES["bfloat16"]]  # '<V2': ml_dtypes.bfloat16's typestr
    shape = tuple(int(n) for n in desc["shape"])
    strides = desc.get("strides")
    strides = tuple(int(x) for x in strides) if strides is not None else _c_strides(shape, dtype.itemsize)
    if len(strides) != len(shape):
        raise ValueError(f"__cuda_array_interface__: strides {strides} do not match the shape {shape}")
    if target() != "cuda" and int(desc["data"][0]):
        lo, nbytes = _span(shape, strides, dtype.itemsize)
        if _cpu_memory_owner(int(desc["data"][0]) + lo, nbytes) is None:
            raise TypeError("__cuda_array_interface__ names GPU memory, but pyjitc runs on the CPU here "
                            "(it reads only the memory of its own device arrays)")
    handle = desc.get("stream")
    stream = 0
    if handle is not None:
        if int(handle) == 0:
            raise ValueError("__cuda_array_interface__: stream 0 is not allowed (use None, 1 or 2)")
        stream = _external(int(handle))
        if sync and _sync_enabled():
            stream.synchronize()
    owner = owner if owner is not None else dict(desc)  # memory held elsewhere: nothing here frees it
    return DeviceNDArray(shape, strides, dtype, stream=stream, gpu_data=owner, _address=int(desc["data"][0]))


def as_cuda_array(obj, sync=True):
    """A device array viewing the memory of an object with __cuda_array_interface__ (no copy)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    if not is_cuda_array(obj):
        raise TypeError(f"as_cuda_array: {type(obj).__name__} has no __cuda_array_interface__")
    return from_cuda_array_interface(obj.__cuda_array_interface__, owner=obj, sync=sync)


class MappedNDArray(np.ndarray):
    """A host array in page-locked memory mapped into the GPU's address space (numba's
    mapped_array): the host reads and writes it, and kernels take it without copies."""

    def __array_finalize__(self, obj):
        self._pj_host = getattr(obj, "_pj_host", None)
        self._pj_base = getattr(obj, "_pj_base", 0)
        self._pj_stream = getattr(obj, "_pj_stream", 0)

    @property
    def __cuda_array_interface__(self):
        """Where kernels see the array (on the CPU executor, where the host does)."""
        if self._pj_host is None:
            raise AttributeError("__cuda_array_interface__: not mapped GPU memory")
        address = self._pj_host.device_address + (self.ctypes.data - self._pj_base)
        strides = None if self.flags.c_contiguous else self.strides
        return {"shape": self.shape, "strides": strides, "typestr": self.dtype.str,
                "data": (address if self.size else 0, False), "version": 3,
                "stream": _cai_stream(getattr(self, "_pj_stream", 0))}


def _host_array(shape, dtype, strides, order, cls, stream=0):
    device()
    dtype = np.dtype(dtype)
    shape = tuple(int(n) for n in shape) if isinstance(shape, (tuple, list)) else (int(shape),)
    if order not in ("C", "F"):
        raise ValueError(f"order must be 'C' or 'F', not {order!r}")
    if strides is None:
        strides = _c_strides(shape, dtype.itemsize) if order == "C" else _f_strides(shape, dtype.itemsize)
    strides = tuple(int(s) for s in strides)
    if len(strides) != len(shape):
        raise ValueError(f"strides {strides} do not match the shape {shape}")
    lo, nbytes = _span(shape, strides, dtype.itemsize)
    host = _core.HostAllocation(nbytes)
    flat = np.frombuffer(host, dtype=np.uint8, count=nbytes)
    ary = np.ndarray(shape, dtype, buffer=flat, offset=-lo, strides=strides) if nbytes else \
        np.frombuffer(host, dtype=dtype, count=0).reshape(shape)
    if cls is not None:
        if target() != "cuda" and nbytes:  # its interface names the CPU executor's memory: pyjitc's own
            _CPU_MEMORY[host.device_address] = (nbytes, host)
            weakref.finalize(flat, _CPU_MEMORY.pop, host.device_address, None)
        ary = ary.view(cls)
        ary._pj_host = host
        ary._pj_base = flat.ctypes.data
        ary._pj_stream = stream
    return ary


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A NumPy array in page-locked host memory: copies to and from the GPU run at full speed."""
    return _host_array(shape, dtype, strides, order, None)


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """A NumPy array in page-locked host memory that kernels use in place (no copies)."""
    return _host_array(shape, dtype, strides, order, MappedNDArray, stream)


class ManagedNDArray(MappedNDArray):
    """What managed_array returns: an array the host and kernels both use in place."""


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0, attach_global=True):
    """numba's managed_array: one array that the host and kernels both read and write, with no
    copies. pyjitc allocates it as mapped page-locked host memory (the GPU reaches it over the
    bus), which gives the same meaning as CUDA's managed memory, not its page migration."""
    return _host_array(shape, dtype, strides, order, ManagedNDArray, stream)


def pinned_array_like(ary):
    """pinned_array with the shape, dtype and (contiguous) layout of `ary`."""
    strides, order = like_layout(ary)
    return pinned_array(ary.shape, ary.dtype, strides=strides, order=order)


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    """mapped_array with the shape, dtype and (contiguous) layout of `ary`."""
    strides, order = like_layout(ary)
    return mapped_array(ary.shape, ary.dtype, strides=strides, order=order, stream=stream, portable=portable, wc=wc)


# ---- argument hints: cuda.In / cuda.Out / cuda.InOut ------------------------------------------

class In(DeviceNDArray):
    """cuda.In(a): the kernel reads `a`; its writes are not copied back. A host array is copied to
    a new device array (this object); a device array is passed as it is (a view of it)."""

    def __init__(self, value, stream=0):
        self.value = value
        if isinstance(value, DeviceNDArray):
            dev = value
        else:
            dev = to_device(value, stream=stream)
        super().__init__(dev.shape, dev.strides, dev.dtype, stream=stream, gpu_data=dev._owner,
                         _address=dev._address)


class _HostHint(np.ndarray):
    """A view of a host array that a kernel writes and that is copied back after the launch
    (a device array given is passed as it is)."""

    def __new__(cls, value):
        if isinstance(value, DeviceNDArray) or (not isinstance(value, np.ndarray) and is_cuda_array(value)):
            return value
        if not isinstance(value, np.ndarray):
            raise TypeError(f"cuda.{cls.__name__}: needs an array, not {type(value).__name__}")
        view = value.view(cls)
        view.value = value
        return view

    def __array_finalize__(self, obj):
        self.value = getattr(obj, "value", None)


class Out(_HostHint):
    """cuda.Out(a): the kernel writes `a`, copied back to it after the launch."""


class InOut(_HostHint):
    """cuda.InOut(a): copied to the kernel and back after it (what a plain host array gets)."""


def wrap_arg(value, default=InOut):
    """A kernel argument with its hint: as it is when it is cuda.In/Out/InOut already, else
    wrapped in `default`."""
    return value if isinstance(value, (In, _HostHint)) else default(value)
