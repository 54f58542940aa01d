"""numba.cuda.typing of the stand-in: typeof (pyjitc's); numba's typing internals are Missing."""
from numba import _standin

__getattr__ = _standin.module_getattr(__name__)
