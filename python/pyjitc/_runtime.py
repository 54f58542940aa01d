"""The device pyjitc runs on, opened once: the GPU when there is one (and PYJITC_TARGET is not
cpu), else the CPU executor. Also numpy dtypes <-> pyjitc's dtype codes."""
import numpy as np

from . import _core
from .errors import CudaError, TypingError



def _np_dtype(name):
    """NumPy's dtype of a pyjitc dtype name; bfloat16 is ml_dtypes' (None when it is not installed)."""
    if name == "bfloat16":
        try:
            import ml_dtypes
        except ImportError:
            return None
        return np.dtype(ml_dtypes.bfloat16)
    if name.startswith("fp8_"):
        return None  # kernel scalars only
    return np.dtype(name)


CODES = _core.dtype_codes()                    # {"float32": 9, ...}
DTYPES = {code: _np_dtype(name) for name, code in CODES.items() if _np_dtype(name) is not None}
from .errors import _api_error  # noqa: E402
_core.set_api_error_hook(_api_error)  # failures that name a CUDA error: numba's CudaAPIError
_core.register(np.ndarray, np.generic, TypingError, CudaError,
               {d.type: c for c, d in DTYPES.items() if d.kind not in "cMm"})  # datetimes: one type, many units

def device():
    """(target, name, arch, ordinal) of the calling thread's device, opened on first use: the GPU
    whose context is current on this thread (cuda.select_device, `with cuda.gpus[i]:`, CuPy's
    Device(i).use()), else GPU 0, else (no GPU, or PYJITC_TARGET=cpu) the CPU executor."""
    return _core.current()


def target():
    return device()[0]


def code_of(dtype):
    dtype = np.dtype(dtype)
    code = CODES.get(dtype.name)
    if code is None or not dtype.isnative:
        raise TypeError(f"dtype {dtype} is not supported by pyjitc")
    return code
