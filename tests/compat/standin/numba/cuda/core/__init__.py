"""numba.cuda.core of the stand-in: `config` and `errors`; its other modules (numba's IR,
passes, bytecode analysis, ...) are Missing."""
from numba import _standin

__getattr__ = _standin.module_getattr(__name__)
