"""numba.cuda.utils: the Python version the tests compare against; the rest is Missing."""
import sys

from numba import _standin

PYVERSION = sys.version_info[:2]
__getattr__ = _standin.module_getattr(__name__, submodules=False)
