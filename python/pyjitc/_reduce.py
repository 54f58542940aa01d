"""cuda.reduce / cuda.Reduce: the reduction of a 1-D array with a binary function, on the device.

The kernel is generated as Python source per dtype (see _ufunc.generated_function). It keeps the
order of the elements, so any associative function gives the result of functools.reduce:
each block of TPB threads owns a contiguous segment of the array and walks it in tiles of
TPB * PER_THREAD elements; a tile is loaded into shared memory with coalesced reads, each thread
combines PER_THREAD neighbouring elements in order, and the threads' values are combined
pairwise in a tree (left with right) into the block's running value. A second launch of one
block combines the blocks' values, and then `init` on the left: f(init, total)."""
import operator

import numpy as np

from ._devicearray import DeviceNDArray, device_array, to_device
from ._dispatcher import Dispatcher
from ._ufunc import (_dtype_ok, _np_name, callee_name, classify, device_function, generated_function,
                     kernel_namespace, view)

TPB = 256
PER_THREAD = 8
TILE = TPB * PER_THREAD
MAX_BLOCKS = 1024          # partial results, combined by one block in one tile

_BUILTINS = {max: "max(a, b)", min: "min(a, b)", operator.add: "a + b", operator.mul: "a * b",
             operator.and_: "a & b", operator.or_: "a | b", operator.xor: "a ^ b"}

_KERNEL = """def {name}(arr, n, seg, out, init, use_init):
    sm = cuda.shared.array({tile}, numpy.{dt})
    tid = cuda.threadIdx.x
    lo = cuda.blockIdx.x * seg
    hi = min(lo + seg, n)
    acc = init
    have = False
    base = lo
    while base < hi:
        cnt = min(hi - base, {tile})
        for j in range({per}):
            k = j * {tpb} + tid
            if k < cnt:
                sm[k] = arr[base + k]
        cuda.syncthreads()
        first = tid * {per}
        v = init
        if first < cnt:
            v = sm[first]
            for k in range(first + 1, min(first + {per}, cnt)):
                v = numpy.{dt}({fn}(v, sm[k]))
        cuda.syncthreads()
        if first < cnt:
            sm[tid] = v
        cuda.syncthreads()
        live = (cnt + {per} - 1) // {per}
        s = 1
        while s < {tpb}:
            if tid % (2 * s) == 0 and tid + s < live:
                sm[tid] = numpy.{dt}({fn}(sm[tid], sm[tid + s]))
            cuda.syncthreads()
            s *= 2
        if tid == 0:
            if have:
                acc = numpy.{dt}({fn}(acc, sm[0]))
            else:
                acc = sm[0]
                have = True
        cuda.syncthreads()
        base += {tile}
    if tid == 0 and lo < hi:
        if use_init:
            acc = numpy.{dt}({fn}(init, acc))
        out[cuda.blockIdx.x] = acc
"""


def _builtin_device(fn):
    text = f"def pj_{fn.__name__}(a, b):\n    return {_BUILTINS[fn]}\n"
    return device_function(generated_function("reduce", f"pj_{fn.__name__}", text, {}), {})


class Reduce:
    """cuda.reduce(fn) / @cuda.reduce: a reduction by the binary function fn (a def, a lambda,
    a @cuda.jit device function, or max, min, operator.add/mul/and_/or_/xor), compiled once per
    dtype and kept in this object."""

    def __init__(self, functor):
        self._functor = functor
        try:
            builtin = functor in _BUILTINS
        except TypeError:  # unhashable
            builtin = False
        self._device = _builtin_device(functor) if builtin else device_function(functor, {})
        self.__name__ = getattr(functor, "__name__", "reduce")
        self.__doc__ = getattr(functor, "__doc__", None)
        self._callee = callee_name(self._device.py_func)
        nargs = self._device.py_func.__code__.co_argcount
        if nargs != 2:
            raise TypeError(f"cuda.reduce: '{self.__name__}' takes {nargs} arguments; a reduction's function takes 2")
        self._kernels = {}

    def __repr__(self):
        return f"<pyjitc Reduce '{self.__name__}'>"

    def _kernel(self, dtype):
        k = self._kernels.get(dtype)
        if k is None:
            name = f"{self._callee}_reduce"
            text = _KERNEL.format(name=name, tile=TILE, per=PER_THREAD, tpb=TPB, dt=_np_name(dtype), fn=self._callee)
            fn = generated_function("reduce", name, text, kernel_namespace(**{self._callee: self._device}))
            k = self._kernels[dtype] = Dispatcher(fn, False, (), {})
        return k

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        """The reduction of arr (a host or device 1-D array; its first `size` elements when given):
        f(init, f(...f(f(a0, a1), a2)...)). With `res` (a device array) the result is written
        to res[0] and None returned; else the result is returned as a NumPy scalar of arr's
        dtype. An empty array gives init."""
        kind, a = classify(arr)
        if kind not in ("device", "host") and not isinstance(arr, np.ndarray):
            raise TypeError(f"cuda.reduce: give a 1-D array, not {type(arr).__name__}")
        if np.ndim(a) != 1:
            raise TypeError(f"cuda.reduce: only 1-D arrays are reduced; this one has {np.ndim(a)} dimensions")
        dt = np.dtype(a.dtype)
        _dtype_ok(dt, "cuda.reduce")
        if size is not None:
            if int(size) < 0:
                raise ValueError(f"cuda.reduce: size {size} is negative")
            a = a[:int(size)]
        init_v = None if init is None else dt.type(init)
        target = None
        if res is not None:
            rkind, r = classify(res)
            if rkind not in ("device", "host") or r.size < 1:
                raise TypeError("cuda.reduce: res must be an array of at least one element (a device array)")
            if rkind == "host":
                value = self(a, init=init, stream=stream)
                r.flat[0] = value
                return None
            target = view(r, (1,), (r.dtype.itemsize,))
        if a.size == 0:
            if target is not None:
                target.copy_to_device(np.array([init_v if init_v is not None else 0], dtype=target.dtype),
                                      stream=stream)
                return None
            return init_v
        dev = a if isinstance(a, DeviceNDArray) else to_device(a, stream=stream)
        n = dev.size
        kernel = self._kernel(dt)
        out = target if target is not None else device_array(1, dt, stream=stream)
        use_init = init_v is not None
        init_arg = init_v if use_init else dt.type(0)
        blocks = min(MAX_BLOCKS, -(-n // TILE))      # -(-a // b): a / b rounded up
        seg = -(-n // blocks)
        seg = -(-seg // TPB) * TPB                     # segments start at a multiple of TPB elements
        blocks = -(-n // seg)
        if blocks == 1:
            kernel[1, TPB, stream](dev, n, seg, out, init_arg, use_init)
        else:
            partials = device_array(blocks, dt, stream=stream)
            kernel[blocks, TPB, stream](dev, n, seg, partials, init_arg, False)
            kernel[1, TPB, stream](partials, blocks, blocks, out, init_arg, use_init)
        if target is not None:
            return None
        host = out.copy_to_host(stream=stream)
        if stream:
            stream.synchronize()
        return host[0]


reduce = Reduce
