"""numba.cuda.cudadrv.driver of the stand-in: _have_nvjitlink() only; numba's driver objects
(driver, Stream, CudaAPIError, ...) are Missing."""
from numba import _standin


def _have_nvjitlink():
    """Whether numba would link with nvJitLink (its LTO path): pyjitc never uses nvJitLink (it
    compiles whole programs with LLVM and links with the driver's linker), so False."""
    return False


__getattr__ = _standin.module_getattr(__name__, submodules=False)
