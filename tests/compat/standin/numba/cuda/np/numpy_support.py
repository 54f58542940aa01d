"""numba.cuda.np.numpy_support: NumPy dtype <-> type (pyjitc.types.from_dtype / as_dtype).
A dtype pyjitc has no type for (records, datetimes, ...) raises MissingInPyjitc."""
import numpy as np
from pyjitc import types as _types
from pyjitc.cuda import carray, farray  # noqa: F401  (kernels: an array over a pointer's memory)

from numba import _standin

numpy_version = tuple(int(x) for x in np.__version__.split(".")[:2])


def from_dtype(dtype):
    try:
        return _types.from_dtype(dtype)
    except NotImplementedError as e:
        raise _standin.MissingInPyjitc(str(e)) from None


def as_dtype(t):
    try:
        return _types.as_dtype(t)
    except NotImplementedError as e:
        raise _standin.MissingInPyjitc(f"pyjitc has no NumPy dtype for the type {t!r}") from e


__getattr__ = _standin.module_getattr(__name__, submodules=False)
