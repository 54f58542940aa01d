"""numba's type names for signatures and casts: float32, int64[:], float32[:, ::1], void(...)."""
import numpy as np


class Type:
    """A scalar type (float32) or an array type (float32[:, ::1])."""

    def __init__(self, name, ndim=0, layout="C"):
        self.name, self.ndim, self.layout = name, ndim, layout
        # the kernel-side meaning when a kernel names it
        self._pyjitc_qualname = "numba." + name

    @property
    def dtype(self):
        return np.dtype("bool" if self.name == "boolean" else self.name)

    def __getitem__(self, index):
        """float32[:], float32[:, :], float32[::1] (C), float32[::1, :] (Fortran)."""
        if not isinstance(index, tuple):
            index = (index,)
        if not all(isinstance(s, slice) and s.start is None and s.stop is None and s.step in (None, 1)
                   for s in index):
            raise TypeError(f"array type {self.name}{list(index)}: use ':' or '::1' on each axis")
        n = len(index)
        layout = "A"
        if index[-1].step == 1:
            layout = "C"
        elif index[0].step == 1 and n > 1:
            layout = "F"
        elif n == 1:
            layout = "A"
        return Type(self.name, n, layout)

    def __call__(self, *args):
        if self.ndim == 0 and len(args) == 1 and not isinstance(args[0], Type):
            return self.dtype.type(args[0])  # a cast on the host
        return Signature(self, args)

    def __eq__(self, other):
        return isinstance(other, Type) and (self.name, self.ndim, self.layout) == (other.name, other.ndim, other.layout)

    def __hash__(self):
        return hash((self.name, self.ndim, self.layout))

    def __repr__(self):
        if self.ndim == 0:
            return self.name
        axes = [":"] * self.ndim
        if self.layout == "C":
            axes[-1] = "::1"
        elif self.layout == "F":
            axes[0] = "::1"
        return f"{self.name}[{', '.join(axes)}]"


class Signature:
    """void(float32[:], int64): a return type and the argument types."""

    def __init__(self, return_type, args):
        self.return_type, self.args = return_type, tuple(args)

    def __repr__(self):
        return f"{self.return_type!r}({', '.join(map(repr, self.args))})"


class NoneType(Type):
    """The type of nothing: void, what a kernel returns (numba's types.none)."""


void = NoneType("void")
none = void
void._pyjitc_qualname = "numba.void"
boolean = Type("bool")
boolean._pyjitc_qualname = "numba.boolean"
b1 = boolean
bool_ = boolean
int8, int16, int32, int64 = (Type(n) for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (Type(n) for n in ("uint8", "uint16", "uint32", "uint64"))
float16, float32, float64 = (Type(n) for n in ("float16", "float32", "float64"))
complex64, complex128 = Type("complex64"), Type("complex128")
intp, uintp = int64, uint64
f2, f4, f8, c8, c16 = float16, float32, float64, complex64, complex128
i1, i2, i4, i8, u1, u2, u4, u8 = int8, int16, int32, int64, uint8, uint16, uint32, uint64
double, single, half = float64, float32, float16

NAMES = {t.name: t for t in (boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                             float16, float32, float64, complex64, complex128)}


def parse_signature(sig):
    """A signature given as text ("void(float32[:], int64)") or built (void(float32[:], int64))."""
    if isinstance(sig, Signature):
        return sig
    if isinstance(sig, (tuple, list)):
        return Signature(void, sig)
    if not isinstance(sig, str):
        raise TypeError(f"a signature is a string or void(...), not {type(sig).__name__}")
    names = dict(NAMES)
    names.update(void=void, boolean=boolean, bool_=boolean, b1=boolean, intp=int64, uintp=uint64, f4=float32,
                 f8=float64, i4=int32, i8=int64, u4=uint32, u8=uint64, f2=float16, c8=complex64, c16=complex128,
                 double=float64, single=float32, half=float16)
    try:
        value = eval(sig, {"__builtins__": {}}, names)  # the names above only
    except Exception as e:
        raise TypeError(f"bad signature {sig!r}: {e}") from None
    if isinstance(value, Type):  # "float32(float32)": a device function's; "(float32[:],)"
        raise TypeError(f"bad signature {sig!r}: give the argument types, void(float32[:], ...)")
    if isinstance(value, tuple):
        value = Signature(void, value)
    return value
