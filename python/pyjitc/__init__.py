"""pyjitc: a just-in-time compiler of numba-style CUDA kernels, written in C.

    from pyjitc import cuda          # instead of: from numba import cuda

Kernels run on the GPU, or on the CPU executor where there is none (PYJITC_TARGET=cpu forces it)."""
from . import cuda
from . import _runtime
from ._numba_modules import literal_unroll  # noqa: F401
from ._core import version as _version
from .errors import CudaError, CudaSupportError, SourceNotFoundError, TypingError
from .types import (b1, boolean, bool_, complex64, complex128, double, f2, f4, f8, float16, float32, float64,  # noqa
                    half, i1, i2, i4, i8, int8, int16, int32, int64, intp, single, u1, u2, u4, u8, uint8, uint16,
                    uint32, uint64, uintp, void)

__version__ = "0.1.0"
jit = cuda.jit
_runtime.mark("pyjitc imported")  # PYJITC_TRACE_START's milestones


def __getattr__(name):
    """vectorize and guvectorize, imported on first use (they cost `import pyjitc` nothing)."""
    if name in ("vectorize", "guvectorize"):
        from . import _ufunc
        return getattr(_ufunc, name)
    raise AttributeError(f"module 'pyjitc' has no attribute '{name}'")
