"""numba.cuda.kernels.transpose.transpose(a, b=None): the transpose of a 2-D array into a new
C-contiguous device array (or into `b`), computed by a kernel on the device. Any dtype works
(numbers, bool, complex, records): the kernel moves each element as whole machine words, the
widest unsigned integer that divides the itemsize, the strides and the addresses."""
import numpy as np

from . import cuda

_TILE = 16


@cuda.jit
def _transpose_words(src, dst):
    """dst[i, j, :] = src[j, i, :]: one thread per element of dst, its words in the last axis."""
    j, i = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        for k in range(dst.shape[2]):
            dst[i, j, k] = src[j, i, k]


def _word(arrays):
    for w in (8, 4, 2, 1):
        if all(a.itemsize % w == 0 and a._address % w == 0 and all(s % w == 0 for s in a.strides) for a in arrays):
            return w
    return 1


def _words(a, w):
    """A view of a 2-D device array as unsigned words: shape (rows, cols, itemsize // w)."""
    from ._devicearray import DeviceNDArray
    return DeviceNDArray(a.shape + (a.itemsize // w,), a.strides + (w,), np.dtype(f"u{w}"), gpu_data=a.gpu_data,
                         _address=a._address, _device=a._device_id)


def transpose(a, b=None):
    """The transpose of the 2-D array `a` (a device array, or a NumPy array copied to the device)
    stored into `b` when given (a device array of the transposed shape and the same dtype), else
    into a new C-contiguous device array; returns it. Runs on `a`'s stream."""
    from ._devicearray import DeviceNDArray, to_device
    if not isinstance(a, DeviceNDArray):
        a = to_device(np.asarray(a))
    if a.ndim != 2:
        raise ValueError(f"transpose takes a 2-D array, not {a.ndim}-D")
    stream = getattr(a, "stream", 0) or 0
    cols, rows = a.shape
    if b is None:
        b = DeviceNDArray((rows, cols), (a.itemsize * cols, a.itemsize), dtype=a.dtype, stream=stream)
    elif not isinstance(b, DeviceNDArray):
        raise TypeError(f"transpose: the output must be a device array, not {type(b).__name__}")
    if b.shape != (rows, cols) or b.dtype != a.dtype:
        raise ValueError(f"transpose: the output must have shape {(rows, cols)} and dtype {a.dtype}, "
                         f"not {b.shape} and {b.dtype}")
    if rows and cols:
        w = _word((a, b))
        grid = ((cols + _TILE - 1) // _TILE, (rows + _TILE - 1) // _TILE)
        _transpose_words[grid, (_TILE, _TILE), stream](_words(a, w), _words(b, w))
    return b
