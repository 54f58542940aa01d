"""The device pyjitc runs on, opened once: the GPU when there is one (and PYJITC_TARGET is not
cpu), else the CPU executor. Also numpy dtypes <-> pyjitc's dtype codes."""
import numpy as np

from . import _core
from .errors import CudaError, TypingError

CODES = _core.dtype_codes()                    # {"float32": 9, ...}
_core.register(np.ndarray, np.generic, TypingError, CudaError,
               {np.dtype(n).type: c for n, c in CODES.items() if not n.startswith("complex")})
DTYPES = {code: np.dtype(name) for name, code in CODES.items()}

_state = {}


def device():
    """(target, name, arch): opens the device on first use."""
    if "device" not in _state:
        _state["device"] = _core.open("auto", _state.get("ordinal", 0))
    return _state["device"]


def target():
    return device()[0]


def code_of(dtype):
    dtype = np.dtype(dtype)
    code = CODES.get(dtype.name)
    if code is None or not dtype.isnative:
        raise TypeError(f"dtype {dtype} is not supported by pyjitc")
    return code
