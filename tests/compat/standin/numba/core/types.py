"""numba.core.types (also `numba.types`): pyjitc's type objects under numba's names. Names
pyjitc has no type for (Record, CPointer, UniTuple, ...) are Missing: using one fails the test."""
from pyjitc.types import (b1, boolean, bool_, c8, c16, complex64, complex128, double, f2, f4, f8,  # noqa: F401
                          float16, float32, float64, half, i1, i2, i4, i8, int8, int16, int32, int64, intp,
                          single, u1, u2, u4, u8, uint8, uint16, uint32, uint64, uintp, void, NoneType, none)

from numba import _standin

__getattr__ = _standin.module_getattr(__name__, submodules=False)
