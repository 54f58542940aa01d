"""numba.cuda.np.numpy_support: NumPy dtype <-> type, for the dtypes pyjitc has a type for.
A dtype pyjitc has no type for (records, datetimes, ...) raises MissingInPyjitc."""
import numpy as np
from pyjitc.types import NAMES, Record, Type

from numba import _standin

numpy_version = tuple(int(x) for x in np.__version__.split(".")[:2])


def from_dtype(dtype):
    dtype = np.dtype(dtype)
    name = "bool" if dtype == np.bool_ else dtype.name
    if dtype.fields is not None and dtype.names:
        return Record(dtype)
    if name not in NAMES:
        raise _standin.MissingInPyjitc(f"pyjitc has no type for the NumPy dtype {dtype!r}")
    return NAMES[name]


def as_dtype(t):
    if isinstance(t, Type) and t.ndim == 0 and t.name != "void":
        return t.dtype
    raise _standin.MissingInPyjitc(f"pyjitc has no NumPy dtype for the type {t!r}")


__getattr__ = _standin.module_getattr(__name__, submodules=False)
