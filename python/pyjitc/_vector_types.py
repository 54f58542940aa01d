"""CUDA's vector types (numba.cuda.vector_types): cuda.float32x4, cuda.int2, ... In kernels,
`cuda.float32x4(a, b, c, d)` makes a vector of 4 float32 numbers, read as v.x, v.y, v.z, v.w; the
constructor takes numbers and vectors of the same base type in any grouping whose sizes add up
(float32x4(a, float32x2(b, c), d)). Each type also has CUDA's C names (float4, short2, ulong3...).
The compiler knows the names (frontend/vectors.c); this module holds the Python-side objects."""
import numpy as np

from . import types as _types

_BASES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64")
_ATTRS = ("x", "y", "z", "w")
# CUDA's C spellings, by the width of C's types where this Python runs (as numba-cuda maps them)
_C_NAMES = {
    "char": np.byte, "short": np.short, "int": np.intc, "long": np.int_, "longlong": np.longlong,
    "uchar": np.ubyte, "ushort": np.ushort, "uint": np.uintc, "ulong": np.uint, "ulonglong": np.ulonglong,
    "float": np.single, "double": np.double,
}


class _VectorObject:
    """What a kernel calls to make a vector (the user-facing object); the host cannot call it."""

    _pyjitc_qualname = None
    aliases = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cuda.{cls.__name__}() can only be called inside a kernel")


class VectorType:
    """One vector type: `name` (float32x4), `base_type` (float32), `attr_names` (x, y, z, w),
    `num_elements`, and `user_facing_object`, the constructor kernels call."""

    def __init__(self, name, base_type, attr_names, user_facing_object):
        self.name = name
        self.base_type = base_type
        self.attr_names = tuple(attr_names)
        self.user_facing_object = user_facing_object

    @property
    def num_elements(self):
        return len(self.attr_names)

    def __repr__(self):
        return self.name

    __str__ = __repr__


def _make():
    table = {}
    for base in _BASES:
        for n in (1, 2, 3, 4):
            name = f"{base}x{n}"
            obj = type(name, (_VectorObject,), {"_pyjitc_qualname": f"cuda.{name}", "aliases": [],
                                               "__doc__": f"A vector of {n} {base} numbers in kernels."})
            for a in _ATTRS[:n]:
                setattr(obj, a, property(lambda self: None))
            table[name] = VectorType(name, getattr(_types, base), _ATTRS[:n], obj)
    for alias, np_type in _C_NAMES.items():
        base = np.dtype(np_type).name
        for n in (1, 2, 3, 4):
            table[f"{base}x{n}"].user_facing_object.aliases.append(f"{alias}{n}")
    return table


vector_types = _make()

# the constructors by name and by alias, as cuda exports them
constructors = {}
for _vt in vector_types.values():
    constructors[_vt.name] = _vt.user_facing_object
    for _a in _vt.user_facing_object.aliases:
        constructors[_a] = _vt.user_facing_object
del _vt, _a
