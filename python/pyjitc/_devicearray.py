"""Device arrays: memory on the device (host memory on the CPU executor) with a shape, strides
and dtype; slicing makes views; copies to and from NumPy arrays; __cuda_array_interface__."""
import numpy as np

from . import _core
from ._runtime import DTYPES, code_of, device, target

HOST_TO_DEVICE, DEVICE_TO_HOST, DEVICE_TO_DEVICE = 0, 1, 2


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


class DeviceNDArray(_core.ArrayBase):
    """An array in device memory, as numba's DeviceNDArray."""

    def __init__(self, shape, strides=None, dtype=np.float64, stream=0, gpu_data=None, _address=None):
        device()
        dtype = np.dtype(dtype)
        shape = tuple(int(n) for n in (shape if isinstance(shape, (tuple, list)) else (shape,)))
        if any(n < 0 for n in shape):
            raise ValueError(f"negative dimensions in shape {shape}")
        strides = tuple(strides) if strides is not None else _c_strides(shape, dtype.itemsize)
        if gpu_data is None:
            lo, nbytes = _span(shape, strides, dtype.itemsize)
            gpu_data = _core.Allocation(nbytes)
            _address = gpu_data.address - lo
        elif _address is None:
            _address = gpu_data.address
        super().__init__(gpu_data, _address, code_of(dtype), shape, strides)
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
        return self._owner

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
    def __cuda_array_interface__(self):
        if target() != "cuda":
            raise AttributeError("__cuda_array_interface__: pyjitc runs on the CPU here (no GPU memory)")
        strides = None if self._layout == "C" else self.strides
        return {"shape": self.shape, "strides": strides, "typestr": self.dtype.str,
                "data": (self._address if self.size else 0, False), "version": 3}

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
            _core.copy(DEVICE_TO_HOST, ary.ctypes.data, self._address, nbytes, _stream(stream))
            return ary
        staging = np.empty(nbytes, np.uint8)
        _core.copy(DEVICE_TO_HOST, staging.ctypes.data, self._address + lo, nbytes, _stream(stream))
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
                _core.copy(DEVICE_TO_DEVICE, self._address, ary._address, self.nbytes, _stream(stream))
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
            _core.copy(HOST_TO_DEVICE, self._address, host.ctypes.data, nbytes, _stream(stream))
            if stream:
                _stream(stream).synchronize()  # the host buffer may be a temporary
            return
        # a strided view: read the span, write the elements, copy it back
        staging = np.empty(nbytes, np.uint8)
        _core.copy(DEVICE_TO_HOST, staging.ctypes.data, self._address + lo, nbytes, None)
        np.ndarray(self.shape, self.dtype, staging, -lo, self.strides)[...] = ary
        _core.copy(HOST_TO_DEVICE, self._address + lo, staging.ctypes.data, nbytes, None)

    def copy_to_host_async(self, stream):
        return self.copy_to_host(stream=stream)

    # ---- views
    def __getitem__(self, index):
        view = self._view(index)
        if view.ndim == 0:
            return view.copy_to_host()[()]
        return view

    def __setitem__(self, index, value):
        view = self._view(index)
        if view.ndim == 0:
            view = DeviceNDArray((1,), (view.itemsize,), view.dtype, gpu_data=view._owner, _address=view._address)
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
                i = int(i)
                if i < 0:
                    i += n
                if not 0 <= i < n:
                    raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
                offset += i * s
        shape += self.shape[len(index):]
        strides += self.strides[len(index):]
        return DeviceNDArray(tuple(shape), tuple(strides), self.dtype, gpu_data=self._owner,
                             _address=self._address + offset)

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
        return DeviceNDArray(tuple(shape), strides, self.dtype, gpu_data=self._owner, _address=self._address)

    def transpose(self, axes=None):
        """A view with the axes in the order given (reversed by default), as numba's."""
        axes = tuple(reversed(range(self.ndim))) if axes is None else tuple(axes)
        if sorted(axes) != list(range(self.ndim)):
            raise ValueError(f"axes {axes} are not a permutation of {self.ndim} axes")
        return DeviceNDArray(tuple(self.shape[a] for a in axes), tuple(self.strides[a] for a in axes), self.dtype,
                             gpu_data=self._owner, _address=self._address)

    @property
    def T(self):
        return self.transpose()

    def ravel(self, order="C"):
        return self.reshape(self.size, order=order)

    def copy(self):
        out = DeviceNDArray(self.shape, None, self.dtype)
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


def device_array_like(ary, stream=0):
    order = "F" if ary.ndim > 1 and ary.flags["F_CONTIGUOUS"] and not ary.flags["C_CONTIGUOUS"] else "C"
    return device_array(ary.shape, ary.dtype, order=order, stream=stream)


def is_device_array(obj):
    return isinstance(obj, DeviceNDArray)


def as_cuda_array(obj, sync=True):
    """A device array viewing the memory of an object with __cuda_array_interface__ (no copy)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    cai = obj.__cuda_array_interface__
    dtype = np.dtype(cai["typestr"])
    shape = tuple(cai["shape"])
    strides = cai.get("strides") or _c_strides(shape, dtype.itemsize)
    arr = DeviceNDArray(shape, strides, dtype, gpu_data=obj, _address=cai["data"][0])
    return arr


class MappedNDArray(np.ndarray):
    """A host array in page-locked memory mapped into the GPU's address space (numba's
    mapped_array): the host reads and writes it, and kernels take it without copies."""

    def __array_finalize__(self, obj):
        self._pj_host = getattr(obj, "_pj_host", None)
        self._pj_base = getattr(obj, "_pj_base", 0)

    @property
    def __cuda_array_interface__(self):
        if target() != "cuda" or self._pj_host is None:
            raise AttributeError("__cuda_array_interface__: not mapped GPU memory")
        address = self._pj_host.device_address + (self.ctypes.data - self._pj_base)
        strides = None if self.flags.c_contiguous else self.strides
        return {"shape": self.shape, "strides": strides, "typestr": self.dtype.str,
                "data": (address if self.size else 0, False), "version": 3}


def _host_array(shape, dtype, strides, order, cls):
    device()
    dtype = np.dtype(dtype)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)
    if strides is not None:
        raise NotImplementedError("pinned and mapped arrays are C or Fortran ordered: give order, not strides")
    count = int(np.prod(shape, dtype=np.int64))
    host = _core.HostAllocation(count * dtype.itemsize)
    flat = np.frombuffer(host, dtype=dtype, count=count)
    ary = flat.reshape(shape, order=order)
    if cls is not None:
        ary = ary.view(cls)
        ary._pj_host = host
        ary._pj_base = flat.ctypes.data
    return ary


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A NumPy array in page-locked host memory: copies to and from the GPU run at full speed."""
    return _host_array(shape, dtype, strides, order, None)


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """A NumPy array in page-locked host memory that kernels use in place (no copies)."""
    return _host_array(shape, dtype, strides, order, MappedNDArray)
