"""numba.cuda.compiler: the compile functions pyjitc has (compile_ptx, ...); numba's compiler
pipeline (run_frontend, passes, ...) is Missing."""
from pyjitc.cuda import (compile, compile_all, compile_for_current_device, compile_ptx,  # noqa: F401
                         compile_ptx_for_current_device)

from numba import _standin

__getattr__ = _standin.module_getattr(__name__, submodules=False)
