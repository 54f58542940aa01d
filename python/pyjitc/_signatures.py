"""Argument types as a dispatcher keys its kernels, ((dtype code, ndim, layout), ...), with records as
specs of their dtype and tuples as ("tuple", items, name, fields): made from signatures, numba's
types and values, matched and rated against eager signatures as numba chooses among overloads,
shown as numba's type texts; and a device function's signatures as the compiler takes them."""
import enum

import numpy as np

from . import _core
from ._runtime import CODES, DTYPES
from .types import (Array, CPointer, NamedTuple, NoneType, Record, Signature, Tuple, Type, UniTuple, _CharSeqBase, arg_key,
                    from_dtype, from_numba, np_dtype, parse_signature)


def _declared_signatures(sigs):
    """A device function's declared signatures as the compiler takes them (PjSignature): [([(dtype code,
    ndim, layout)], result kind (0 inferred, 1 a dtype, 2 nothing), result dtype code)], which its calls
    choose among as numba does; None (calls typed from their arguments) where one holds a type only
    numbers, arrays of numbers and pointers stand for here."""
    out = []
    for sig in sigs:
        try:
            args, ret = _device_signature(sig)
        except Exception:  # jit(sig) already parsed it; a signature it cannot read declares nothing here
            return None
        types = []
        for t in args:
            if isinstance(t, CPointer) and _number_key(t.dtype) is not None:
                types.append((CODES[_number_key(t.dtype)], 0, "P"))
            elif isinstance(t, Array) and _number_key(t.dtype) is not None:
                name, ndim, layout = arg_key(t)
                types.append((CODES[name], ndim, layout.lower() if getattr(t, "readonly", False) else layout))
            elif _number_key(t) is not None:
                types.append((CODES[_number_key(t)], 0, "C"))
            else:
                return None
        if ret is None or (not isinstance(ret, NoneType) and _number_key(ret) is None):
            out.append((types, 0, 0))
        elif isinstance(ret, NoneType):
            out.append((types, 2, 0))
        else:
            out.append((types, 1, CODES[_number_key(ret)]))
    return out or None


def _same_size_ints(ecode, code):
    """Integer dtypes of one size (int32 and uint32): an array of one read as the other, bit for bit."""
    if isinstance(ecode, tuple) or isinstance(code, tuple) or ecode not in DTYPES or code not in DTYPES:
        return False
    de, dt = np.dtype(DTYPES[ecode]), np.dtype(DTYPES[code])
    return de.kind in "iu" and dt.kind in "iu" and de.itemsize == dt.itemsize


def _matches(eager, types, reinterpret=False):
    """Whether a launch's argument types can use an eager signature's kernel: scalars convert,
    arrays need the dtype and dimensions, and a layout the kernel takes ('A' takes any).
    reinterpret: an array of integers may have the other signedness of the signature's (the
    kernel reads its bits as the signature's dtype)."""
    if len(eager) != len(types):
        return False
    for e, t in zip(eager, types):
        if _is_tuple(e) or _is_tuple(t):  # the same structure, items matching
            if not (_is_tuple(e) and _is_tuple(t) and e[2:] == t[2:] and _matches(e[1], t[1], reinterpret)):
                return False
            continue
        (ecode, endim, elayout), (code, ndim, layout) = e, t
        if isinstance(ecode, tuple) or isinstance(code, tuple):  # records: the same dtype
            if (ecode, endim) != (code, ndim) or (elayout in "Zz") != (layout in "Zz"):
                return False
            continue
        if elayout == "P" or layout == "P":  # a pointer parameter takes an address, an integer
            if not (elayout == "P" and ndim == 0 and layout != "P" and np.dtype(DTYPES[code]).kind in "iu"):
                return False
            continue
        if elayout in "Zz" or layout in "Zz":  # a 0-d array: one of the same dtype (a read-only one for readonly)
            if ecode != code or elayout not in "Zz" or layout not in "Zz" or (layout == "z" and elayout == "Z"):
                return False
            continue
        if endim == 0 and ndim == 0:
            continue
        if endim != ndim or (ecode != code and not (reinterpret and _same_size_ints(ecode, code))):
            return False
        elayout, layout = elayout.upper(), layout.upper()  # lower case: a read-only array
        if elayout != "A" and elayout != layout and not (ndim == 1 and layout != "A"):
            return False
    return True


def _numba_types(types):
    """A key of the dispatcher's ((dtype code, ndim, layout), ...) as numba's argument types."""
    out = []
    for ty in types:
        if _is_tuple(ty):
            items = _numba_types(ty[1])
            out.append(NamedTuple(items, ty[2], ty[3]) if ty[2] is not None else Tuple(items))
            continue
        code, ndim, layout = ty
        t = from_dtype(_record_dtype(code)) if isinstance(code, tuple) else from_dtype(DTYPES[code])  # records, strings
        readonly = layout.islower()  # the launcher's key: a read-only array's layout in lower case
        if layout in "Zz":  # a 0-d array
            out.append(Array(t, 0, "C", readonly=readonly))
            continue
        out.append(Array(t, ndim, layout.upper(), readonly=readonly) if ndim else CPointer(t) if layout == "P" else t)
    return tuple(out)


def _record_dtype(spec):
    """The NumPy dtype a record spec (_record_spec) describes."""
    tag, size, _, aligned, fields = spec
    if tag in ("S", "U"):
        return np.dtype(f"{tag}{size if tag == 'S' else size // 4}")

    def base(code):
        return _record_dtype(code) if isinstance(code, tuple) else DTYPES[code]
    return np.dtype({"names": [f[0] for f in fields],
                     "formats": [(base(f[1]), f[3]) if f[3] else base(f[1]) for f in fields],
                     "offsets": [f[2] for f in fields], "itemsize": size, "aligned": aligned})


_SAFE_FLOAT_BITS = {4: 24, 8: 53}  # a float's mantissa: the widest integer it holds exactly


def _conversion(e, t):
    """How a scalar of code t converts to a parameter of code e, numba's grades: 0 exact,
    1 promote, 2 safe, 3 unsafe, None impossible (complex to a real number)."""
    if e == t:
        return 0
    de, dt = np.dtype(DTYPES[e]), np.dtype(DTYPES[t])
    ke, kt = de.kind, dt.kind
    if kt == "c" and ke != "c":
        return None
    if kt == "b":
        return 2
    if ke == "b":
        return 3
    if kt in "iu" and ke in "iu":
        if kt == ke:
            return 1 if de.itemsize > dt.itemsize else 0 if de.itemsize == dt.itemsize else 3
        return 2 if kt == "u" and de.itemsize > dt.itemsize else 3  # unsigned into a wider signed: safe
    if kt in "iu":  # into a float or complex: safe where the mantissa holds every value
        size = de.itemsize // 2 if ke == "c" else de.itemsize
        return 2 if dt.itemsize * 8 - (kt == "i") <= _SAFE_FLOAT_BITS[size] else 3
    if ke in "iu":
        return 3
    se = de.itemsize // 2 if ke == "c" else de.itemsize
    st = dt.itemsize // 2 if kt == "c" else dt.itemsize
    if se < st:
        return 3
    if kt == ke:
        return 1
    return 2  # a real number into a complex one


def _rating(eager, types, reinterpret=False):
    """(unsafe, safe, promoting conversions) of passing `types` to the eager signature, or None."""
    if not _matches(eager, types, reinterpret):
        return None
    count = [0, 0, 0, 0]
    for e, t in zip(eager, types):
        if _is_tuple(e) or isinstance(e[0], tuple) or isinstance(t[0], tuple) or e[1] or e[2] in "PZz":
            continue
        g = _conversion(e[0], t[0])
        if g is None:
            return None
        count[g] += 1
    return (count[3], count[2], count[1])


def _numba_repr(t):
    """numba's repr of a type: Array(float64, 1, 'C', False, aligned=True) for arrays."""
    if isinstance(t, Array):
        return f"Array({t.dtype}, {t.ndim}, '{t.layout}', False, aligned=True)"
    return str(t)


def _as_types(sig):
    """A signature as the dispatcher keys it, ((dtype code, ndim, layout), ...), from that form
    itself, numba's argument types (float32[::1], int64), a Signature or a string."""
    sig = from_numba(sig)
    if isinstance(sig, (str, Signature)):
        sig = parse_signature(sig).args
    out = []
    for t in sig:
        t = from_numba(t)
        if isinstance(t, (UniTuple, Tuple, NamedTuple)):
            named = isinstance(t, NamedTuple)
            out.append(("tuple", _as_types(tuple(t.types)), t.class_name if named else None,
                        t.fields if named else None))
        elif isinstance(t, Type):
            rec = t.dtype if isinstance(t, Array) else t
            if isinstance(t, CPointer):  # a pointer: (pointee, 0, "P"), launched with an address
                out.append((CODES[np_dtype(t.dtype).name], 0, "P"))
                continue
            if isinstance(rec, (Record, _CharSeqBase)):  # records (and strings) go as strided arrays, a single one as a 1-element one
                out.append((_record_spec(rec.record_dtype), t.ndim if isinstance(t, Array) else 0,
                            ("A" if t.ndim else "Z") if isinstance(t, Array) else "C"))
            else:
                name, ndim, layout = arg_key(t)
                out.append((CODES[name], ndim, layout))
        elif isinstance(t, str):
            out.append(_as_types(f"void({t})")[0])
        elif _is_tuple(t):
            out.append(("tuple", _as_types(t[1]), t[2], t[3]))
        else:
            code, ndim, layout = t
            out.append((code if isinstance(code, tuple) else int(code), int(ndim), layout))
    return tuple(out)


# A tuple argument's type is ("tuple", (item types...), namedtuple class name or None, its field
# names or None); the kernel takes its items (leaves) as arguments of their own, and the compiler
# rebuilds the tuple from them through the argument tree (PjArgNode).
def _is_tuple(t):
    return isinstance(t[0], str)


def _tuple_shape(v):
    """(namedtuple class name or None, field names or None) of a tuple value."""
    fields = getattr(type(v), "_fields", None)
    if type(v) is tuple or not isinstance(fields, tuple) or len(fields) != len(v):
        return None, None
    return type(v).__name__, tuple(str(f) for f in fields)


def _record_types(t):
    """An argument type with NumPy record dtypes (as the launcher gives them) as record specs."""
    if _is_tuple(t):
        return ("tuple", tuple(_record_types(x) for x in t[1]), t[2], t[3])
    return (_record_spec(t[0]), t[1], t[2]) if isinstance(t[0], np.dtype) else t


def _record_spec(dt):
    """A structured dtype as the compiler takes it: ("record", itemsize, alignment, aligned,
    ((name, dtype code, offset, subarray shape), ...)), NumPy's own layout, a string field's code
    the spec of its string dtype; a fixed-width string dtype ('S12', '<U12', numba's CharSeq and
    UnicodeCharSeq) as ("S" or "U", itemsize, alignment, False, ()); TypeError for what kernels
    cannot use."""
    if dt.kind in "SU":
        if dt.kind == "U" and not dt.isnative:
            raise TypeError(f"dtype {dt} is not supported in kernels (strings of native byte order only)")
        return (dt.kind, int(dt.itemsize), int(dt.alignment), False, ())
    fields = []
    for name in dt.names or ():
        fdt, offset = dt.fields[name][:2]
        base, shape = fdt.subdtype if fdt.subdtype is not None else (fdt, ())
        if base.fields is not None:
            raise TypeError(f"record field '{name}': nested records are not supported in kernels")
        if base.kind in "SU" and not shape:  # a string field
            fields.append((name, _record_spec(base), int(offset), ()))
            continue
        code = CODES.get("bool" if base == np.bool_ else base.name)
        if code is None or not base.isnative:
            raise TypeError(f"record field '{name}' of dtype {base} is not supported in kernels "
                            "(numbers of native byte order only)")
        fields.append((name, code, int(offset), tuple(int(x) for x in shape)))
    # the alignment from the fields (np.recarray's dtype reports 1 for an aligned struct)
    align = max((dt.fields[n][0].base.alignment for n in dt.names or ()), default=1) if dt.isalignedstruct else 1
    return ("record", int(dt.itemsize), int(align), bool(dt.isalignedstruct), tuple(fields))


def _record_text(spec):
    tag, size, _, aligned, fields = spec
    if tag in ("S", "U"):  # numba's names of CharSeq and UnicodeCharSeq
        return f"[{'char' if tag == 'S' else 'unichr'} x {size if tag == 'S' else size // 4}]"
    items = ",".join(f"{n}[type={_record_text(c) if isinstance(c, tuple) else DTYPES[c].name}"
                     f"{list(sh) if sh else ''};offset={o}]" for n, c, o, sh in fields)
    return f"Record({items};{size};{aligned})"


def _type_text(t):
    if _is_tuple(t):
        items = [_type_text(x) for x in t[1]]
        if t[2] is not None:
            return f"{t[2]}({', '.join(f'{n}: {x}' for n, x in zip(t[3], items))})"
        if items and all(x == items[0] for x in items):
            return f"UniTuple({items[0]} x {len(items)})"
        return f"Tuple({', '.join(items)})"
    code, ndim, layout = t
    name = _record_text(code) if isinstance(code, tuple) else DTYPES[code].name
    if layout in "Zz":
        return f"array({'readonly ' if layout == 'z' else ''}{name}, 0d, C)"
    if not ndim:
        return name + "*" if layout == "P" else name
    readonly, layout = layout.islower(), layout.upper()
    if readonly:
        name = "readonly " + name
    axes = [":"] * ndim
    if layout == "C":
        axes[-1] = "::1"
    elif layout == "F":
        axes[0] = "::1"
    return f"{name}[{', '.join(axes)}]"


def _arg_type(a):
    from ._devicearray import DeviceNDArray
    if isinstance(a, DeviceNDArray):  # as kernels see it (random states: uint64[n, 2])
        ndim = len(_core.ArrayBase.shape.__get__(a))
        if _core.ArrayBase._record.__get__(a):  # records: strided, as a NumPy array of them
            return (_record_spec(a.dtype), ndim, "A" if ndim else "Z")
        return (a._dtype_code, 0, "Z") if ndim == 0 else (a._dtype_code, ndim, a._layout)
    if isinstance(a, np.ndarray) and (a.dtype.fields is not None or a.dtype.kind in "SU"):
        return (_record_spec(a.dtype), a.ndim, "A" if a.ndim else "Z")
    if isinstance(a, np.void) and a.dtype.fields is not None:
        return (_record_spec(a.dtype), 0, "C")
    if isinstance(a, np.ndarray) and a.ndim == 0:  # a 0-d array: (dtype, 0, "Z"), "z" read-only
        return (CODES[a.dtype.name], 0, "Z" if a.flags.writeable else "z")
    if isinstance(a, np.ndarray):
        layout = "C" if a.flags.c_contiguous else "F" if a.flags.f_contiguous else "A"
        return (CODES[a.dtype.name], a.ndim, layout if a.flags.writeable or not a.ndim else layout.lower())
    if isinstance(a, (bool, np.bool_)):
        return (CODES["bool"], 0, "C")
    if isinstance(a, np.generic):
        return (CODES[a.dtype.name], 0, "C")
    if isinstance(a, int):
        return (CODES["int64"], 0, "C")
    if isinstance(a, float):
        return (CODES["float64"], 0, "C")
    if isinstance(a, complex):
        return (CODES["complex128"], 0, "C")
    if isinstance(a, tuple):
        return ("tuple", tuple(_arg_type(x) for x in a)) + _tuple_shape(a)
    if isinstance(a, enum.Enum):
        return (CODES["int64"], 0, "C")
    raise TypeError(f"cannot pass a {type(a).__name__} to a kernel")


def _device_signature(sig):
    """(argument types, declared result type or None) of a device function's signature: a tuple
    of argument types (the result inferred), int32(int32, int32) or "int32(int32, int32)"."""
    if isinstance(sig, (tuple, list)):
        return tuple(parse_signature(tuple(sig)).args), None
    s = parse_signature(sig)
    if isinstance(sig, str) and sig.strip().startswith("("):
        return tuple(s.args), None
    return tuple(s.args), s.return_type


def _device_key(sig):
    """A device function's signature as numba keys its compiled forms: the argument types."""
    try:
        return tuple(_device_signature(sig)[0])
    except Exception:  # a signature only a compile reads (and refuses): kept as it was given
        return sig if isinstance(sig, (str, Signature)) else tuple(sig)


def _number_key(t):
    """The dtype name of a number type (int32, float16, complex64, bool), or None."""
    try:
        name, ndim, layout = arg_key(t)
    except TypeError:
        return None
    return name if ndim == 0 and layout != "Z" and name in CODES else None
