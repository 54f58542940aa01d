"""A stand-in for the `numba` package, for running numba-cuda's test suite against pyjitc
(tests/compat). `numba.cuda` is pyjitc.cuda; `numba.types` and the type names are pyjitc's;
`numba.core.errors.TypingError` is pyjitc's TypingError. numba's CPU compiler (njit, vectorize,
typeof, ...) is not here: using such a name raises MissingInPyjitc (see _standin.py)."""
import sys

from . import _standin

_standin.install()

import pyjitc  # noqa: E402
import pyjitc.types  # noqa: E402
from pyjitc.types import *  # noqa: E402,F401,F403  (numba re-exports its type names)
from pyjitc.types import typeof  # noqa: E402,F401
from pyjitc import literal_unroll  # noqa: E402,F401

# numba.cuda.types is pyjitc.types (pyjitc.cuda's `types`): a numba type name pyjitc lacks
# (Record, ...) is Missing there too, so that the test using it fails naming it
pyjitc.types.__getattr__ = _standin.module_getattr("numba.cuda.types", submodules=False)

from . import cuda  # noqa: E402  (pyjitc.cuda, through the stand-in's finder)
from . import _cudaconfig  # noqa: E402,F401  (numba-cuda's other config variables, on pyjitc's config)
from .core import errors, types  # noqa: E402

sys.modules[__name__ + ".types"] = types
sys.modules[__name__ + ".errors"] = errors

__version__ = "0.0+pyjitc-standin"
_missing = _standin.module_getattr(__name__)


class _HostFunction:
    """numba's @njit / @jit without numba's CPU compiler: the function runs as Python on the host,
    and kernels that call it compile it for the GPU (pyjitc reads its py_func)."""

    def __init__(self, fn):
        self.py_func = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self.__doc__ = getattr(fn, "__doc__", None)

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)


def njit(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _HostFunction(args[0])
    return _HostFunction


jit = njit


def __getattr__(name):
    if name in ("vectorize", "guvectorize"):
        return getattr(pyjitc, name)
    return _missing(name)
