"""numba.cuda.misc.special: pyjitc's literal_unroll; every other name is missing in pyjitc."""
from pyjitc import literal_unroll  # noqa: F401

from ... import _standin

__getattr__ = _standin.module_getattr(__name__, submodules=False)
