"""numba.cuda.np of the stand-in: numpy_support; the rest is Missing."""
from numba import _standin

__getattr__ = _standin.module_getattr(__name__)
