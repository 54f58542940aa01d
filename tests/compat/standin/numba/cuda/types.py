"""Not loaded as numba.cuda.types: numba.cuda is pyjitc.cuda, whose `types` is pyjitc.types (the
stand-in gives that module a fallback of Missing names, see numba/__init__.py). Kept so that an
explicit file lookup finds the same names."""
from pyjitc.types import *  # noqa: F401,F403
from pyjitc.types import __all__  # noqa: F401

from numba import _standin

__getattr__ = _standin.module_getattr("numba.cuda.types", submodules=False)
