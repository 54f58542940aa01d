"""numba.cuda.cudadrv of the stand-in: `driver` (its _have_nvjitlink); numba's other driver
modules (nvrtc, nvvm, runtime, devicearray, ...) are Missing."""
from numba import _standin

__getattr__ = _standin.module_getattr(__name__)
