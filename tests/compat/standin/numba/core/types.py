"""numba.core.types (also `numba.types`): pyjitc's type classes and objects under numba's names
(pyjitc.types, which is numba.cuda.types too). Names pyjitc has no type for (Record, ...) are
Missing: using one fails the test."""
from pyjitc.types import *  # noqa: F401,F403
from pyjitc.types import __all__  # noqa: F401

from numba import _standin

__getattr__ = _standin.module_getattr(__name__, submodules=False)
