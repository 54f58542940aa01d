"""numba's types as objects: the scalar types (float32, int64, ...), array types (float32[::1],
Array(float32, 2, "F")), signatures built from them (void(float32[:], int64)) and typeof(value).

The class tree is numba's: Type > Number > Integer / Float / Complex, Boolean, NoneType (void),
Array, CPointer, UniTuple / Tuple; types compare by what they describe, so Array(float32, 1, "C")
== float32[::1], and the domains (integer_domain, real_domain, ...) are sets of them."""
import struct

import numpy as np

__all__ = [  # what `from pyjitc.types import *` (and pyjitc.cuda, as numba.cuda) binds: the types
    "Type", "Number", "Integer", "Float", "Complex", "Boolean", "NoneType", "Array", "CPointer", "UniTuple",
    "Tuple", "Signature",
    "none", "void", "boolean", "bool_", "b1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "bfloat16", "float32", "float64", "complex64", "complex128", "intp", "uintp", "ssize_t", "size_t",
    "f2", "f4", "f8", "c8", "c16", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "double", "single", "half",
    "float_", "byte", "char", "uchar", "short", "ushort", "intc", "uintc", "int_", "uint", "long_", "ulong",
    "longlong", "ulonglong",
    "signed_domain", "unsigned_domain", "integer_domain", "real_domain", "complex_domain", "number_domain",
]


class Type:
    """The base of every type: a name, equality by what it describes (`key`)."""

    def __init__(self, name):
        self.name = name

    @property
    def key(self):
        return self.name

    def __eq__(self, other):
        return type(self) is type(other) and self.key == other.key

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self).__name__, self.key))

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __call__(self, *args):
        """A signature with this return type: float32(float32, float32)."""
        return Signature(self, args)

    def __getitem__(self, index):
        """An array type of these elements: float32[:], float32[:, ::1] (C), float32[::1, :] (F)."""
        if not isinstance(index, tuple):
            index = (index,)
        if not index or not all(isinstance(s, slice) and s.start is None and s.stop is None and s.step in (None, 1)
                                for s in index):
            raise TypeError(f"array type {self.name}{list(index)}: use ':' or '::1' on each axis")
        n = len(index)
        layout = "A"
        if index[-1].step == 1:
            layout = "C"
        elif index[0].step == 1 and n > 1:
            layout = "F"
        if sum(s.step == 1 for s in index) > 1:
            raise TypeError(f"array type {self.name}[...]: only the first or the last axis can be '::1'")
        return Array(self, n, layout)

    @property
    def _pyjitc_qualname(self):
        """What a kernel reading this object as a global sees (float32 names the dtype)."""
        return None


class Number(Type):
    """A scalar number type, with its NumPy dtype."""

    def __init__(self, name):
        super().__init__(name)
        self.bitwidth = np.dtype(name).itemsize * 8

    def __call__(self, *args):
        if len(args) == 1 and not isinstance(args[0], Type):
            return np_dtype(self).type(args[0])  # a cast on the host: float32(1.5)
        return Signature(self, args)

    def cast_python_value(self, value):
        return np_dtype(self).type(value)

    @property
    def _pyjitc_qualname(self):
        return "numba." + self.name

    def __lt__(self, other):  # numba orders numbers of one kind by width
        if not isinstance(other, Number):
            return NotImplemented
        return (_KIND_ORDER[type(self)], self.bitwidth) < (_KIND_ORDER[type(other)], other.bitwidth)


class Integer(Number):
    def __init__(self, name):
        super().__init__(name)
        self.signed = name.startswith("int")

    @property
    def minval(self):
        return int(np.iinfo(np.dtype(self.name)).min)

    @property
    def maxval(self):
        return int(np.iinfo(np.dtype(self.name)).max)


class Float(Number):
    pass


class BFloat16(Float):
    """bfloat16: float32's exponent with 8 significant bits. Its NumPy dtype is ml_dtypes.bfloat16
    (needed only to make bfloat16 values and arrays on the host; kernels need no package)."""

    def __init__(self, name):
        Type.__init__(self, name)
        self.bitwidth = 16

    def __call__(self, *args):
        if len(args) == 1 and not isinstance(args[0], Type):
            import ml_dtypes
            return ml_dtypes.bfloat16(args[0])
        return Signature(self, args)


class FP8(Type):
    """CUDA's 8-bit floats (numba.cuda._internal.cuda_fp8): kernel scalars that convert from and to
    every number type (fp8_e5m2(x), float32(v)); they take no part in arithmetic."""

    def __init__(self, name):
        Type.__init__(self, name)
        self.bitwidth = 8
        self.__name__ = name

    def __call__(self, *args):
        if len(args) == 1 and not isinstance(args[0], Type):
            raise TypeError(f"{self.name} values exist only in kernels")
        return Signature(self, args)

    @property
    def _pyjitc_qualname(self):
        return "numba." + self.name


class Complex(Number):
    def __init__(self, name, underlying_float):
        super().__init__(name)
        self.underlying_float = underlying_float


class Boolean(Type):
    def __call__(self, *args):
        if len(args) == 1 and not isinstance(args[0], Type):
            return np.bool_(args[0])
        return Signature(self, args)

    @property
    def _pyjitc_qualname(self):
        return "numba.boolean"


class NoneType(Type):
    """The type of None: a function returning nothing has it (void is this type)."""

    @property
    def _pyjitc_qualname(self):
        return "numba.void"


_KIND_ORDER = {Integer: 0, Float: 1, BFloat16: 1, Complex: 2}


class Array(Type):
    """An array type: its element type, number of dimensions and layout ('C', 'F' or 'A': any)."""

    def __init__(self, dtype, ndim, layout, readonly=False, name=None, aligned=True):
        if not isinstance(dtype, Type):
            raise TypeError(f"Array: the element type must be a type (float32, ...), not {dtype!r}")
        if isinstance(dtype, Array):
            raise TypeError("Array: the element type cannot be an array type")
        if layout not in ("C", "F", "A"):
            raise ValueError(f"Array: layout must be 'C', 'F' or 'A', not {layout!r}")
        ndim = int(ndim)
        if ndim < 0:
            raise ValueError(f"Array: ndim must be at least 0, not {ndim}")
        if ndim <= 1 and layout == "F":
            layout = "C" if ndim == 1 else layout
        self.dtype, self.ndim, self.layout = dtype, ndim, layout
        self.mutable, self.aligned = not readonly, aligned
        if name is None:
            name = f"{'readonly ' if readonly else ''}{'unaligned ' if not aligned else ''}" \
                   f"array({dtype}, {ndim}d, {layout})"
        super().__init__(name)

    @property
    def key(self):
        return self.dtype, self.ndim, self.layout, self.mutable, self.aligned

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None, aligned=None):
        return Array(self.dtype if dtype is None else dtype, self.ndim if ndim is None else ndim,
                     self.layout if layout is None else layout,
                     (not self.mutable) if readonly is None else readonly,
                     aligned=self.aligned if aligned is None else aligned)

    @property
    def is_c_contig(self):
        return self.layout == "C" or (self.ndim <= 1 and self.layout in "CF")

    @property
    def is_f_contig(self):
        return self.layout == "F" or (self.ndim <= 1 and self.layout in "CF")

    @property
    def is_contig(self):
        return self.layout in "CF"

    def __getitem__(self, index):
        raise TypeError(f"{self} is an array type; index a scalar type (float32[:]) to make one")


class _NPDatetimeBase(Type):
    """numba's NPDatetime and NPTimedelta: NumPy's datetime64 and timedelta64 of one unit ('D',
    'ms', ...; '' the generic unit), int64 counts in kernels."""
    _UNITS = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", "")

    def __init__(self, unit):
        if unit not in self._UNITS:
            raise ValueError(f"{self.type_name}: no unit {unit!r} (one of {', '.join(u for u in self._UNITS if u)})")
        self.unit = unit
        self.unit_code = self._UNITS.index(unit)
        self.bitwidth = 64
        super().__init__(f"{self.type_name}[{unit}]")

    @property
    def key(self):
        return self.unit

    def __lt__(self, other):  # numba: a coarser unit is "smaller"
        if type(other) is not type(self):
            return NotImplemented
        return self.unit_code < other.unit_code

    def __call__(self, *args):
        if len(args) == 1 and not isinstance(args[0], Type):
            return self.cast_python_value(args[0])
        return Signature(self, args)

    def cast_python_value(self, value):
        cls = getattr(np, self.type_name)
        return cls(value, self.unit) if self.unit else cls(value)

    @property
    def _pyjitc_qualname(self):
        return None


class NPDatetime(_NPDatetimeBase):
    type_name = "datetime64"


class NPTimedelta(_NPDatetimeBase):
    type_name = "timedelta64"


class CPointer(Type):
    """A pointer to elements of a type (the parameters of foreign functions)."""

    def __init__(self, dtype, addrspace=None):
        self.dtype, self.addrspace = dtype, addrspace
        super().__init__(f"{dtype}*" if addrspace is None else f"{dtype}* addrspace({addrspace})")

    @property
    def key(self):
        return self.dtype, self.addrspace


class _Items(Type):
    """A type of several items (the tuples): `types` in order, and Python's sequence protocol."""

    @property
    def count(self):
        return len(self.types)

    def __len__(self):
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __getitem__(self, i):
        return self.types[i]


class UniTuple(_Items):
    """A tuple of `count` items of one type."""

    def __init__(self, dtype, count):
        self.dtype, self._n = dtype, int(count)
        super().__init__(f"UniTuple({dtype}, {self._n})")

    @property
    def key(self):
        return self.dtype, self._n

    @property
    def types(self):
        return (self.dtype,) * self._n


class NamedTuple(_Items):
    """A namedtuple's type (numba's NamedTuple and NamedUniTuple): its items' types, its class's
    name and field names."""

    def __init__(self, types, name, fields):
        self.types, self.class_name, self.fields = tuple(types), str(name), tuple(fields)
        super().__init__(f"{self.class_name}({', '.join(map(str, self.types))})")

    @property
    def key(self):
        return self.types, self.class_name, self.fields


class Tuple(_Items):
    """A tuple of items of different types (Tuple of one type throughout is a UniTuple)."""

    def __new__(cls, types):
        types = tuple(types)
        if types and all(t == types[0] for t in types):
            return UniTuple(types[0], len(types))
        return super().__new__(cls)

    def __init__(self, types):
        self.types = tuple(types)
        super().__init__(f"Tuple({', '.join(map(str, self.types))})")

    @property
    def key(self):
        return self.types


class Signature:
    """void(float32[:], int64): a return type and the argument types."""

    def __init__(self, return_type, args, recvr=None, pysig=None):
        self.return_type, self.args = return_type, tuple(args)
        self.recvr, self.pysig = recvr, pysig

    def __eq__(self, other):
        return isinstance(other, Signature) and (self.return_type, self.args) == (other.return_type, other.args)

    def __hash__(self):
        return hash((self.return_type, self.args))

    def __repr__(self):
        return f"{self.return_type}({', '.join(map(str, self.args))})" if self.return_type is not None \
            else f"({', '.join(map(str, self.args))})"

    __str__ = __repr__


# ---- the instances -----------------------------------------------------------------------------

none = NoneType("none")
void = none
boolean = bool_ = b1 = Boolean("bool")
int8, int16, int32, int64 = (Integer(n) for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (Integer(n) for n in ("uint8", "uint16", "uint32", "uint64"))
float16, float32, float64 = Float("float16"), Float("float32"), Float("float64")
bfloat16 = BFloat16("bfloat16")
fp8_e5m2, fp8_e4m3, fp8_e8m0 = FP8("fp8_e5m2"), FP8("fp8_e4m3"), FP8("fp8_e8m0")
complex64, complex128 = Complex("complex64", float32), Complex("complex128", float64)
intp, uintp = int64, uint64
ssize_t, size_t = intp, uintp
f2, f4, f8, c8, c16 = float16, float32, float64, complex64, complex128
i1, i2, i4, i8, u1, u2, u4, u8 = int8, int16, int32, int64, uint8, uint16, uint32, uint64
double, single, half = float64, float32, float16
float_ = float32
byte = uint8


def _sized(signed, c_format):
    return globals()[f"{'' if signed else 'u'}int{struct.calcsize(c_format) * 8}"]


char, uchar = _sized(True, "b"), _sized(False, "B")
short, ushort = _sized(True, "h"), _sized(False, "H")
intc, uintc = _sized(True, "i"), _sized(False, "I")
int_, uint = _sized(True, "q" if np.dtype(np.int_).itemsize == 8 else "i"), \
    _sized(False, "Q" if np.dtype(np.int_).itemsize == 8 else "I")
long_, ulong = _sized(True, "l"), _sized(False, "L")
longlong, ulonglong = _sized(True, "q"), _sized(False, "Q")

signed_domain = frozenset([int8, int16, int32, int64])
unsigned_domain = frozenset([uint8, uint16, uint32, uint64])
integer_domain = signed_domain | unsigned_domain
real_domain = frozenset([float32, float64])
complex_domain = frozenset([complex64, complex128])
number_domain = real_domain | integer_domain | complex_domain

NAMES = {t.name: t for t in (boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                             float16, bfloat16, float32, float64, complex64, complex128)}


# ---- NumPy dtypes and values -------------------------------------------------------------------

def np_dtype(t):
    """The NumPy dtype of a scalar type, or of an array type's elements."""
    if isinstance(t, Array):
        t = t.dtype
    if isinstance(t, Boolean):
        return np.dtype(np.bool_)
    if isinstance(t, BFloat16):
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(t, Number):
        return np.dtype(t.name)
    if isinstance(t, (Record, _CharSeqBase)):
        return t.record_dtype
    if isinstance(t, _NPDatetimeBase):
        return np.dtype(f"{'M' if isinstance(t, NPDatetime) else 'm'}8{f'[{t.unit}]' if t.unit else ''}")
    raise TypeError(f"the type {t} has no NumPy dtype")


def from_dtype(dtype):
    """The scalar type of a NumPy dtype (numba's numpy_support.from_dtype)."""
    dtype = np.dtype(dtype)
    if dtype.fields is not None and dtype.names:
        return Record(dtype)
    if dtype.kind in "SU":  # numba's CharSeq(n) / UnicodeCharSeq(n)
        return CharSeq(dtype.itemsize) if dtype.kind == "S" else UnicodeCharSeq(dtype.itemsize // 4)
    if dtype.kind in "Mm" and dtype.isnative:
        unit, count = np.datetime_data(dtype)
        if count == 1:  # numba has no multiples of a unit (M8[5s]) either
            return (NPDatetime if dtype.kind == "M" else NPTimedelta)("" if unit == "generic" else unit)
    t = NAMES.get("bool" if dtype.kind == "b" else dtype.name)
    if t is None or not dtype.isnative:
        raise NotImplementedError(f"pyjitc has no type for the NumPy dtype {dtype!r}")
    return t


def as_dtype(t):
    """The NumPy dtype of a scalar type (numba's numpy_support.as_dtype)."""
    if isinstance(t, (Number, Boolean, _NPDatetimeBase)):
        return np_dtype(t)
    raise NotImplementedError(f"{t!r} cannot be represented as a NumPy dtype")


def _layout_of(flags_c, flags_f):
    return "C" if flags_c else "F" if flags_f else "A"


def typeof(val, purpose=None):
    """The type of a value as kernels see it: np.float32(1) -> float32, a Python float -> float64,
    a C-ordered 2-D float32 array -> array(float32, 2d, C), a device array, a tuple."""
    if isinstance(val, Type):
        raise ValueError(f"cannot determine the type of the type object {val!r} (it is a type, not a value)")
    if val is None:
        return none
    if isinstance(val, (bool, np.bool_)):
        return boolean
    if isinstance(val, int):
        return int64
    if isinstance(val, float):
        return float64
    if isinstance(val, complex):
        return complex128
    if isinstance(val, np.generic):
        return from_dtype(val.dtype)
    if isinstance(val, np.ndarray):
        return Array(from_dtype(val.dtype), val.ndim, _layout_of(val.flags.c_contiguous, val.flags.f_contiguous),
                     readonly=not val.flags.writeable, aligned=val.flags.aligned)
    if isinstance(val, tuple):
        return Tuple([typeof(v, purpose) for v in val])
    from ._devicearray import DeviceNDArray
    if isinstance(val, DeviceNDArray):
        return Array(from_dtype(val.dtype), val.ndim, _layout_of(val.is_c_contiguous(), val.is_f_contiguous()))
    cai = getattr(type(val), "__cuda_array_interface__", None)
    if cai is not None:
        desc = val.__cuda_array_interface__
        dtype = np.dtype(desc["typestr"])
        shape, strides = tuple(desc["shape"]), desc.get("strides")
        layout = "C" if strides is None else _cai_layout(shape, tuple(strides), dtype.itemsize)
        return Array(from_dtype(dtype), len(shape), layout, readonly=bool(desc["data"][1]))
    raise ValueError(f"cannot determine the type of {type(val)}")


def _cai_layout(shape, strides, itemsize):
    def contiguous(order):
        s = itemsize
        for n, st in (zip(reversed(shape), reversed(strides)) if order == "C" else zip(shape, strides)):
            if n > 1 and st != s:
                return False
            s *= n
        return True
    return _layout_of(contiguous("C"), contiguous("F"))


# ---- signatures --------------------------------------------------------------------------------

def arg_key(t):
    """(dtype name, ndim, layout) of a scalar or array argument type, as the dispatcher keys it."""
    if isinstance(t, Array) and t.ndim == 0:  # a 0-d array: layout "Z" ("z" read-only)
        return np_dtype(t.dtype).name, 0, "Z" if t.mutable else "z"
    if isinstance(t, Array):
        return np_dtype(t.dtype).name, t.ndim, t.layout
    if isinstance(t, (Number, Boolean, _NPDatetimeBase)):
        return np_dtype(t).name, 0, "C"
    raise TypeError(f"pyjitc does not take arguments of type {t}")


def _is_numba_object(v):
    """Whether v is one of numba's own objects (numba installed next to pyjitc, as under
    `python -m pyjitc.numba`, where `from numba import float32` is numba's type)."""
    mod = type(v).__module__ or ""
    return mod == "numba" or mod.startswith("numba.")


def from_numba(t):
    """pyjitc's type or Signature for one of numba's own (numba.float32, numba.float32[::1],
    numba.void(numba.float32[:]), UniTuple, Tuple, NamedTuple, CPointer, Record); anything that is
    not numba's is returned as it is. A numba type pyjitc has no counterpart for is a TypeError."""
    if isinstance(t, (Type, Signature)) or not _is_numba_object(t):
        return t
    kind = type(t).__name__
    if kind == "Signature":
        rt = t.return_type
        return Signature(None if rt is None else from_numba(rt), [from_numba(a) for a in t.args])
    if kind == "NoneType":
        return none
    if hasattr(t, "ndim") and hasattr(t, "layout") and hasattr(t, "dtype"):
        return Array(from_numba(t.dtype), t.ndim, t.layout, readonly=not getattr(t, "mutable", True),
                     aligned=getattr(t, "aligned", True))
    if kind == "UniTuple":
        return UniTuple(from_numba(t.dtype), t.count)
    if kind in ("NamedTuple", "NamedUniTuple"):
        return NamedTuple([from_numba(x) for x in t.types], t.instance_class.__name__, t.fields)
    if kind == "Tuple":
        return Tuple([from_numba(x) for x in t.types])
    if kind == "CPointer":
        return CPointer(from_numba(t.dtype))
    if kind == "Record" and isinstance(getattr(t, "dtype", None), np.dtype):
        return Record(t.dtype)
    if kind in ("CharSeq", "UnicodeCharSeq"):
        return (CharSeq if kind == "CharSeq" else UnicodeCharSeq)(t.count)
    if kind in ("NPDatetime", "NPTimedelta"):
        return (NPDatetime if kind == "NPDatetime" else NPTimedelta)(t.unit)
    found = NAMES.get(str(t))
    if found is None:
        raise TypeError(f"pyjitc has no type for numba's {t!r} ({type(t).__module__}.{kind})")
    return found


def parse_signature(sig):
    """A signature given as text ("void(float32[:], int64)") or built (void(float32[:], int64)),
    of pyjitc's types or numba's own (from_numba)."""
    sig = from_numba(sig)
    if isinstance(sig, Signature):
        return sig
    if isinstance(sig, (tuple, list)):
        return Signature(void, [from_numba(t) for t in sig])
    if not isinstance(sig, str):
        raise TypeError(f"a signature is a string or void(...), not {type(sig).__name__}")
    names = {k: v for k, v in globals().items() if isinstance(v, Type)}
    names.update(NAMES)
    names.update(Array=Array, CPointer=CPointer, UniTuple=UniTuple, Tuple=Tuple, NPDatetime=NPDatetime,
                 NPTimedelta=NPTimedelta, CharSeq=CharSeq, UnicodeCharSeq=UnicodeCharSeq)
    try:
        value = eval(sig, {"__builtins__": {}}, names)  # the names above only
    except Exception as e:
        raise TypeError(f"bad signature {sig!r}: {e}") from None
    if isinstance(value, Type):  # "float32(float32)": a device function's; "(float32[:],)"
        raise TypeError(f"bad signature {sig!r}: give the argument types, void(float32[:], ...)")
    if isinstance(value, tuple):
        value = Signature(void, value)
    return value


class _CharSeqBase(Type):
    """numba's CharSeq and UnicodeCharSeq: NumPy's fixed-width string dtypes ('S12', '<U12') as
    types, `count` characters; kernels take their arrays and record fields as they take records."""

    def __init__(self, count):
        self.count = int(count)
        super().__init__(f"[{self._char} x {self.count}]")

    @property
    def key(self):
        return self.count

    @property
    def record_dtype(self):
        return np.dtype(f"{self._kind}{self.count}")

    dtype = record_dtype


class CharSeq(_CharSeqBase):
    _char, _kind = "char", "S"


class UnicodeCharSeq(_CharSeqBase):
    _char, _kind = "unichr", "U"

    def __repr__(self):
        return f"UnicodeCharSeq({self.count})"


class Record(Type):
    """numba's Record: a NumPy structured dtype as a type (one record); rec[:] is an array of records."""

    def __init__(self, dtype):
        self.record_dtype = np.dtype(dtype)
        super().__init__(f"Record({self.record_dtype})")

    @property
    def key(self):  # numba's Records differ by align=True, which NumPy's dtype equality leaves out
        return (self.record_dtype, self.record_dtype.isalignedstruct)

    @property
    def dtype(self):
        return self.record_dtype
