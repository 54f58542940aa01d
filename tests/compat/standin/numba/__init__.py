"""A stand-in for the `numba` package, for running numba-cuda's test suite against pyjitc
(tests/compat). `numba.cuda` is pyjitc.cuda; `numba.types` and the type names are pyjitc's;
`numba.core.errors.TypingError` is pyjitc's TypingError. numba's CPU compiler (njit, vectorize,
typeof, ...) is not here: using such a name raises MissingInPyjitc (see _standin.py)."""
import sys

from . import _standin

_standin.install()

import pyjitc  # noqa: E402
from pyjitc.types import (b1, boolean, bool_, complex64, complex128, double, f2, f4, f8, float16,  # noqa: E402,F401
                          float32, float64, half, i1, i2, i4, i8, int8, int16, int32, int64, intp, single, u1, u2,
                          u4, u8, uint8, uint16, uint32, uint64, uintp, void)

from . import cuda  # noqa: E402  (pyjitc.cuda, through the stand-in's finder)
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
