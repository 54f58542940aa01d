"""@cuda.jit: dispatchers that compile a kernel per argument type signature and launch it.

A kernel's source text comes from _source; the names it uses are looked up in its globals and
closure when it is compiled and handed to the compiler as values (numbers and tuples become
constants, NumPy arrays constant arrays, other @cuda.jit functions device functions, modules
namespaces), the way numba resolves them."""
import builtins
import collections
import dis
import enum
import linecache
import math
import re
import types as pytypes
import warnings

import numpy as np
import weakref

from . import _config
from . import _core
from ._foreign import ForeignFunction
from ._introspect import _disassemble_ptx, _kernel_attribute, _llvmlite_layout
from ._introspect import _find_cuda_tool  # noqa: F401  (tests import it from here)
from ._jit_options import (INLINE_AUTO, _check_function, _check_jit_kws, _debug_opt, _inline_mode, _is_signature,
                           _launch_bounds, _max_registers)
from ._kernel_cache import _cached_compile, _check_cacheable
from ._kernel_cache import _cached_meta, _kernel_cache_key  # noqa: F401  (tests use them here)
from ._kernel_errors import _kernel_error, _remember_raise_source
from ._kernel_errors import _RAISE_SOURCES, _RAISE_SOURCES_PER_PATH  # noqa: F401  (tests read them here)
from ._launching import (_LAUNCHERS_KEPT, _ExtendedLauncher, _LaunchConfiguration, _check_dims, _dims, _flatten,
                         _leaf_place, _leaves, _no_launch, _tree, _warn_low_occupancy, _with_tuples)
from ._runtime import CODES, DTYPES, arch as _current_arch, mark as _mark, target, warm_up as _warm_up
from ._signatures import (_arg_type, _as_types, _declared_signatures, _device_key, _device_signature, _numba_repr,
                          _numba_types, _number_key, _rating, _record_spec, _record_types, _type_text)
from ._source import _source
from .errors import NumbaDebugInfoWarning, TypingError
from .types import (Array, CPointer, NoneType, Record, Signature, Type, arg_key, from_dtype, from_numba, np_dtype,
                    parse_signature)

(BIND_MODULE, BIND_INT, BIND_FLOAT, BIND_BOOL, BIND_TUPLE, BIND_ARRAY, BIND_FUNCTION, BIND_OPAQUE,
 BIND_SCALAR, BIND_DEVICE_ARRAY, BIND_FOREIGN, BIND_RECORD_DTYPE) = range(12)
EMIT_TYPES, EMIT_LLVM, EMIT_PTX, EMIT_OBJECT = 2, 4, 8, 16
_LOADS = {"LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_CLASSDEREF"}


def _names(code):
    """The global and closure names a function's code reads, and the dotted paths it reads from
    them (`mod.f`, `pkg.mod.X`: numba resolves a module's attributes like globals); nested code
    objects too."""
    out = set()
    path = key = None
    for ins in dis.get_instructions(code):
        if ins.opname == "BINARY_SUBSCR" and key is not None:  # Color["red"]: as Color.red
            path = key
            out.add(path)
            key = None
            continue
        key = f"{path}.{ins.argval}" if ins.opname == "LOAD_CONST" and isinstance(ins.argval, str) and path else None
        if ins.opname in _LOADS:
            path = ins.argval
            out.add(path)
        elif ins.opname in ("LOAD_ATTR", "LOAD_METHOD") and path is not None:
            path = f"{path}.{ins.argval}"
            out.add(path)
        elif ins.opname not in ("CACHE", "EXTENDED_ARG", "PRECALL"):
            path = None
    for c in code.co_consts:
        if isinstance(c, pytypes.CodeType):
            out |= _names(c)
    return out


# modules whose names the compiler knows itself (cuda.grid, math.sqrt, np.float32, ...)
_KNOWN_MODULES = ("math", "cmath", "numpy", "numba", "pyjitc")


def _known_module(m):
    if getattr(m, "_pyjitc_device_functions", False):  # pyjitc.cuda.random: resolved as a user's module
        return False
    name = m.__name__
    return any(name == k or name.startswith(k + ".") for k in _KNOWN_MODULES)


def _number(name, v):
    """A number's binding: a NumPy scalar keeps its dtype (numba types np.float32(0.5) as
    float32), a Python number is typed as numba types its literals."""
    if isinstance(v, np.generic) and v.dtype.name in CODES and (v.dtype.kind in "biuf" or v.dtype.name == "bfloat16"):
        return (name, BIND_SCALAR, (CODES[v.dtype.name], int(v) if v.dtype.kind in "biu" else float(v)))
    if isinstance(v, (np.datetime64, np.timedelta64)) and v.dtype.name in CODES and v.dtype.isnative:
        return (name, BIND_SCALAR, (CODES[v.dtype.name], int(v.view(np.int64))))  # the count (NaT: int64's minimum)
    if isinstance(v, (bool, np.bool_)):
        return (name, BIND_BOOL, bool(v))
    if isinstance(v, (int, np.integer)):
        return (name, BIND_INT, int(v))
    if isinstance(v, (float, np.floating)):
        return (name, BIND_FLOAT, float(v))
    return None


# the operator module's functions that kernels may call (as the operators they name)
_OPERATORS = frozenset(("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift",
                        "and_", "or_", "xor"))


# ---- enums: numba types a member of an IntEnum as an integer and a member of another Enum as an
# EnumMember compared by identity; pyjitc passes the first as its int and the second as a number
# that names its class and its place in it (members of one class differ, classes differ). ----------

_ENUM_CLASSES = {}  # an Enum class -> its number


def _enum_number(member):
    cls = type(member)
    k = _ENUM_CLASSES.setdefault(cls, len(_ENUM_CLASSES) + 1)
    return (k << 32) | list(cls).index(member)


def _is_enum_class(v):
    """An Enum class, or one of cuda-bindings' FastEnum classes (cuda.bindings.runtime.cudaRoundMode), which
    numba-cuda types as IntEnum classes: their members are ints."""
    return isinstance(v, type) and (issubclass(v, enum.Enum) or type(v).__name__ == "FastEnumMetaclass")


def _enum_value(v):
    """The number an enum member stands for in kernels: an IntEnum's integer, else _enum_number."""
    return int(v) if isinstance(v, int) else _enum_number(v)


def _other_argument(v):
    """The launch's hook for an argument of no kind the C half reads: an enum member's number;
    on the CPU executor, for an object that exports pyjitc's own memory through
    __cuda_array_interface__, a NumPy view of that memory; else None."""
    if isinstance(v, enum.Enum):
        return _enum_value(v)
    if target() != "cuda":
        from ._devicearray import cpu_view
        return cpu_view(v)
    return None


_core.set_arg_hook(_other_argument)


def _qualname(v):
    """What a module or a kernel-side function stands for, or None."""
    if _is_enum_class(v):
        return None  # its members are bound by their dotted names (Color.red, Color["red"])
    q = getattr(v, "_pyjitc_qualname", None)
    if isinstance(q, str):
        return q
    if isinstance(v, pytypes.ModuleType):
        return v.__name__
    if isinstance(v, np.ufunc):
        return "numpy." + v.__name__
    if isinstance(v, type) and issubclass(v, np.generic):
        return "numpy." + v.__name__
    if isinstance(v, np.dtype) and v.fields is None and v.isnative and v.name in CODES:
        return "numpy." + v.name  # np.dtype(np.int32): numba's DType, a dtype known when compiling
    mod = getattr(v, "__module__", None) or ""
    if mod.startswith("numba.core.types"):  # numba's own type objects (from numba import float32)
        return "numba." + str(v)
    if type(v).__name__ == "FFI" and type(v).__module__.startswith("cffi"):  # ffi.from_buffer in kernels
        return "cffi"
    if mod in ("_operator", "operator") and getattr(v, "__name__", None) in _OPERATORS:
        return "operator." + v.__name__  # the binary operator itself in kernels
    if mod == "math" or getattr(v, "__self__", None) is math:
        return "math." + v.__name__
    if (mod.startswith("numba.cuda") or mod.startswith("numba")) and hasattr(v, "__name__"):
        return "numba.cuda." + v.__name__ if mod.startswith("numba.cuda") else None
    return None


def _warn_no_source_file(fn, path):
    """debug=True or lineinfo=True of a function whose text is in no file and not in linecache
    (exec() or compile() of a string, python -c, standard input): pyjitc compiles it from that text,
    but its debug information can only name the file '<string>', which no debugger opens (numba
    cannot find the text at all, and says so with the same warning)."""
    if getattr(fn, "_pyjitc_source", None) is not None or not path.startswith("<") or linecache.getlines(path):
        return
    warnings.warn(NumbaDebugInfoWarning(
        f"Could not find source for function: {fn} in a file or in linecache. pyjitc compiled it from the "
        f"text it was made from (exec(), compile(), python -c or standard input), whose lines its debug "
        f"information counts, but names the file {path!r}, which a debugger cannot open."), stacklevel=4)


class _Units:
    """The functions of one compilation: the kernel first, then the device functions it names."""

    def __init__(self):
        self.units, self.index = [], {}
        self.device_arrays = []  # global device arrays the units capture: kept alive by the kernel
        self.links = []          # files of foreign code to link (cuda.declare_device, jit(link=...))

    def add(self, fn, is_kernel, options, sigs=()):
        key = (fn, is_kernel)
        if key in self.index:
            return self.index[key]
        i = len(self.units)
        self.index[key] = i
        self.units.append(None)
        self._link(options.get("link", ()))
        path, text, indent = _source(fn)
        if options.get("debug") or options.get("lineinfo"):
            _warn_no_source_file(fn, path)
        if "raise" in text:  # only a raise statement's text is looked up again (_raise_statement)
            _remember_raise_source(path, text, indent, getattr(fn, "__globals__", {}))
        self.units[i] = (path, text, indent, int(is_kernel), int(options.get("debug", False)),
                         int(options.get("fastmath", False)), int(options.get("lineinfo", False)),
                         int(options.get("max_registers", 0) or 0), self._bindings(fn), _declared_signatures(sigs),
                         int(options.get("inline_mode", INLINE_AUTO)))
        return i

    def _link(self, paths):
        from ._linkable import link_path
        for item in paths:
            p = link_path(item)
            if p not in self.links:
                self.links.append(p)

    def _bindings(self, fn):
        code = fn.__code__
        cells = {}
        for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
            try:
                cells[name] = cell.cell_contents
            except ValueError:  # a closure variable not assigned yet: the compiler reports its use
                pass
        out, values = [], {}
        for name in sorted(_names(code), key=lambda n: (n.count("."), n)):
            head, _, attr = name.rpartition(".")
            if not head:
                if name in cells:
                    value = cells[name]
                elif name in fn.__globals__:
                    value = fn.__globals__[name]
                else:
                    continue  # a Python builtin (range, len, ...) or a name nothing binds
            else:  # an attribute of a user's module: bound under its dotted name
                parent = values.get(head)
                if _is_enum_class(parent) and attr in parent.__members__:
                    values[name] = parent.__members__[attr]  # Color.red, Color["red"]
                    out.append(self._binding(name, values[name]))
                    continue
                if not isinstance(parent, pytypes.ModuleType) or not hasattr(parent, attr):
                    continue
                value = getattr(parent, attr)
                if _known_module(parent) and not (isinstance(value, pytypes.ModuleType) and not _known_module(value)):
                    if isinstance(value, pytypes.ModuleType):
                        values[name] = value  # not bound (the compiler knows it), but walked: pyjitc.cuda.random
                    continue
            values[name] = value
            b = self._binding(name, value, fn)
            if b is not None:
                out.append(b)
        return out

    def _host_dispatcher(self, name, v, host, user):
        """A function compiled for the host that a kernel calls (numba's @njit / @jit, or
        pyjitc.numba's stand-in for them): numba-cuda compiles its py_func for the device, with
        the dispatcher's fastmath, where the host dispatcher may still compile (one given
        signatures may not: numba's TypingError)."""
        if getattr(v, "_can_compile", True) is False:
            where = _use_site(user, name)
            text = (f"Untyped global name '{name}': using cpu function on device but its compilation is disabled "
                    f"(numba's @jit / @njit given signatures compiles for those only, on the CPU: drop the "
                    "signatures, or decorate the function with @cuda.jit(device=True))")
            err = TypingError(f"{where[0]}:{where[1]}:{where[2]}: error: {text}" if where else text)
            err.diagnostics = [{"file": where[0] if where else None, "line": where[1] if where else 0,
                                "col": where[2] if where else 0, "severity": "error", "message": text}]
            raise err
        options = getattr(v, "targetoptions", None) or {}
        mode = _inline_mode(options.get("inline"), options.get("forceinline"))
        return (name, BIND_FUNCTION, self.add(host, False, {"fastmath": bool(options.get("fastmath", False)),
                                                             "inline_mode": mode}))

    def _binding(self, name, v, user=None):
        if isinstance(v, ForeignFunction):
            arrays = [t for t in v.sig.args if isinstance(t, Array)]
            if arrays:
                raise TypingError(f"'{v.name}' is declared with an array parameter ({arrays[0]!r}): pyjitc passes "
                                  "numbers to foreign functions, not arrays or pointers yet")
            self._link(v.link)
            ret = -1 if isinstance(v.sig.return_type, NoneType) else CODES[np_dtype(v.sig.return_type).name]
            # a pointer parameter (CPointer) goes as ~(its element's dtype code)
            params = tuple(~CODES[np_dtype(t.dtype).name] if isinstance(t, CPointer) else CODES[np_dtype(t).name]
                           for t in v.sig.args)
            return (name, BIND_FOREIGN, (v.name, v.abi == "c", ret, params))
        if isinstance(v, Dispatcher):
            return (name, BIND_FUNCTION, self.add(v.py_func, False, v.options, v._device_sigs))
        host = getattr(v, "py_func", None)
        if isinstance(host, pytypes.FunctionType) and not isinstance(v, pytypes.FunctionType):
            # a function compiled for the host (numba's @njit / @jit): numba-cuda compiles it for
            # the GPU where a kernel calls it, the CPU/GPU shared function idiom
            return self._host_dispatcher(name, v, host, user)
        if isinstance(v, enum.Enum):
            return (name, BIND_INT, _enum_value(v))
        rec = _structured_dtype(v)
        if rec is not None:  # the dtype of cuda.shared.array / cuda.local.array
            try:
                return (name, BIND_RECORD_DTYPE, _record_spec(rec))
            except TypeError:  # fields kernels cannot use: a value they cannot use
                return (name, BIND_OPAQUE, type(v).__name__)
        q = _qualname(v)
        if q is not None:
            return (name, BIND_MODULE, q)
        n = _number(name, v)
        if n is not None:
            return n
        if isinstance(v, tuple):  # numbers, tuples and NumPy arrays (literal_unroll walks tuples of arrays)
            items = [self._binding(f"{name}${i}", x) for i, x in enumerate(v)]
            if all(it is not None and it[1] in (BIND_INT, BIND_FLOAT, BIND_BOOL, BIND_TUPLE, BIND_SCALAR, BIND_ARRAY)
                   for it in items):
                return (name, BIND_TUPLE, tuple(items))
        dev = _device_global(v)
        if dev is not None:
            self.device_arrays.append(v)
            return (name, BIND_DEVICE_ARRAY, dev)
        if isinstance(v, np.ndarray) and v.dtype.name in CODES:  # 0-d arrays too (np.array(5))
            a = np.ascontiguousarray(v).reshape(v.shape)  # (which ascontiguousarray makes 1-d)
            if a.dtype.kind == "c" and not a.dtype.isnative:
                a = a.astype(a.dtype.newbyteorder("="))
            return (name, BIND_ARRAY, (CODES[a.dtype.name], a.shape, a.tobytes()))
        if isinstance(v, np.ndarray) and (v.dtype.fields is not None or v.dtype.kind in "SU") and v.ndim >= 1:
            a = np.ascontiguousarray(v)  # an array of records (or strings): their bytes, as NumPy lays them out
            return (name, BIND_ARRAY, (_record_spec(a.dtype), a.shape, a.tobytes()))
        if isinstance(v, (pytypes.FunctionType, pytypes.BuiltinFunctionType)) and v in vars(builtins).values():
            return None  # range, len, abs, min, max, ...: known to the compiler by name
        return (name, BIND_OPAQUE, type(v).__name__)


def _structured_dtype(v):
    """The NumPy structured dtype a value stands for as a dtype: np.dtype([...]), pyjitc's Record,
    numba's Record (numba.np.numpy_support.from_dtype's); None for anything else."""
    if isinstance(v, Record):
        return v.record_dtype
    if type(v).__name__ == "Record" and (type(v).__module__ or "").startswith("numba"):
        v = getattr(v, "dtype", None)
    if isinstance(v, np.dtype) and v.fields is not None and v.names:
        return v
    return None


def _use_site(fn, name):
    """(file, line, column) of the first place fn's code (or code nested in it) reads the global
    or closure variable `name` (a dotted name: its head), or None."""
    head = name.split(".")[0]

    def walk(code):
        for ins in dis.get_instructions(code):
            if ins.opname in _LOADS and ins.argval == head and ins.positions and ins.positions.lineno:
                return (code.co_filename, ins.positions.lineno, (ins.positions.col_offset or 0) + 1)
        for c in code.co_consts:
            if isinstance(c, pytypes.CodeType):
                found = walk(c)
                if found:
                    return found
        return None
    code = getattr(fn, "__code__", None)
    return walk(code) if code is not None else None


def _device_global(v):
    """(dtype code, shape, strides, address) of a device array a kernel uses as a global, which
    numba-cuda captures by reference; None for anything else."""
    from ._devicearray import DeviceNDArray
    if isinstance(v, DeviceNDArray):  # as kernels see it (random states: uint64[n, 2] under a 1-D record face)
        shape, strides = _core.ArrayBase.shape.__get__(v), _core.ArrayBase.strides.__get__(v)
        if 0 in shape or _core.ArrayBase._record.__get__(v):  # (a 0-d array, shape (), is captured too;
            return None                                       # a global array of records is not yet)
        return (v._dtype_code, shape, strides, v._address)
    if isinstance(v, np.ndarray) or isinstance(v, type):
        return None
    try:
        cai = v.__cuda_array_interface__
    except Exception:
        return None
    if target() != "cuda":  # the CPU executor reads only memory of its own
        from ._devicearray import cpu_view
        if cpu_view(v) is None:
            return None
    dtype = np.dtype(cai["typestr"])
    shape = tuple(int(n) for n in cai["shape"])
    if 0 in shape or dtype.name not in CODES or not dtype.isnative or not cai["data"][0]:
        return None
    strides = cai.get("strides")
    if strides is None:
        strides, acc = [], dtype.itemsize
        for n in reversed(shape):
            strides.insert(0, acc)
            acc *= n
    return (CODES[dtype.name], shape, tuple(int(s) for s in strides), int(cai["data"][0]))


_CompileStats = collections.namedtuple("_CompileStats", ("cache_path", "cache_hits", "cache_misses"))


class _Overloads(dict):
    """kernel.overloads: the compiled kernels by argument types, numba's type objects
    ((array(int32, 2d, C),)); looked up by those, by a signature, or by pyjitc's own key."""

    @staticmethod
    def _key(k):
        return _numba_types(_as_types(k))

    def __setitem__(self, k, v):
        super().__setitem__(self._key(k), v)

    def __getitem__(self, k):
        return super().__getitem__(self._key(k))

    def __contains__(self, k):
        try:
            return super().__contains__(self._key(k))
        except (TypeError, ValueError, KeyError):
            return False

    def get(self, k, default=None):
        return self[k] if k in self else default


class _Overload:
    """kernel.overloads[types]: the kernel compiled for those argument types, with the attributes
    of the compiled kernel (times, cooperative, max_cooperative_grid_blocks, ...) and, as numba's
    compiled kernels have them, inspect_asm(cc) and inspect_llvm(cc): its PTX and LLVM IR for a
    compute capability (the default target's where cc is None), on the CPU executor too."""

    __slots__ = ("_kernel", "_dispatcher", "_types")

    def __init__(self, kernel, dispatcher, types):
        self._kernel, self._dispatcher, self._types = kernel, dispatcher, types

    def __getattr__(self, name):
        if name in _Overload.__slots__:  # not set yet (a copy being made)
            raise AttributeError(name)
        return getattr(self._kernel, name)

    def __repr__(self):
        return f"<compiled kernel {self._dispatcher.__name__}{_numba_types(self._types)}>"

    def inspect_asm(self, cc=None):
        return self._dispatcher._compile(self._types, EMIT_PTX, "cuda", _arch(cc)).text("ptx")

    def inspect_llvm(self, cc=None):
        return _llvmlite_layout(self._dispatcher._compile(self._types, EMIT_LLVM, "cuda", _arch(cc)).text("llvm"))


class Dispatcher:
    """What @cuda.jit makes of a function: kernel[grid, block](args), specialised per signature."""

    def __init__(self, py_func, device_fn=False, sigs=(), options=None):
        if not str(getattr(py_func, "__module__", None)).startswith("pyjitc."):  # not pyjitc's own (cuda.random's)
            _warm_up("decorate")  # with PYJITC_WARMUP=decorate the GPU starts meanwhile (_runtime.warm_up)
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__doc__ = py_func.__doc__
        self.__wrapped__ = py_func
        self.device = device_fn
        self.options = dict(options or {})
        self._cache = {}        # argument key -> Kernel (shared with the launchers)
        self._launchers = {}    # launch configuration -> launcher: the last _LAUNCHERS_KEPT made
        self._every_launcher = weakref.WeakSet()  # those made and still held (recompile forgets their kernels)
        self.overloads = _Overloads()  # argument types (numba's) -> Kernel
        # numba's launch extensions: objects whose prepare_args(type, value, stream=, retr=)
        # returns the (type, value) to pass instead, before each launch
        self.extensions = []
        self._variants = {}     # (argument types, noalias, narrow, arch) -> Kernel
        self._eager = []
        self._sigs = list(sigs)  # as given: what a pickled dispatcher is rebuilt with
        self._device_sigs = list(sigs) if device_fn else []  # inspect_asm()/inspect_llvm() of a device function
        # cache=True: the kernels kept on disk (numba's enable_caching); hits and misses by signature
        self._disk_cache = None
        self._cache_hits, self._cache_misses = collections.Counter(), collections.Counter()
        if self.options.get("cache"):
            from ._filecache import FunctionCache
            self._disk_cache = FunctionCache(py_func)
        for sig in [] if device_fn else sigs:
            s = parse_signature(sig)
            types = _as_types(s)
            self._eager.append(types)
            if not device_fn:  # the variant most launches pick (arrays apart, integers in int32)
                self._compile(types, noalias=True, narrow=True)

    def __repr__(self):
        return f"<pyjitc {'device function' if self.device else 'kernel'} {self.py_func.__qualname__}>"

    def __reduce__(self):
        """Pickled by value: the function's source, the names it reads, signatures and options."""
        from ._serialize import reduce_dispatcher
        return reduce_dispatcher(self)

    # ---- compiling
    def _compile(self, types, emit=0, target_name=None, arch=None, noalias=False, narrow=False):
        if self.device:
            raise TypeError(f"device function '{self.__name__}' is compiled with the kernels that call it")
        _mark("first compile began")
        units = _Units()
        units.add(self.py_func, True, self.options)
        tgt = target_name or target()
        if units.device_arrays:
            # a global device array may be an argument too: no variant may assume arrays apart
            noalias = False
            self._keep_alive = units.device_arrays
        leaves, tree = _leaves(types), _tree(types)  # a tuple argument goes as its items (_tuple_launcher)
        records = any(isinstance(t[0], tuple) for t in leaves)
        opt = 0 if self.options.get("opt", True) is False else 3
        bounds = self.options.get("launch_bounds") or (0, 0, 0)
        disk = self._disk_cache if not emit and tgt == target() else None
        if disk is not None:
            _check_cacheable(units)
        try:
            if disk is not None:
                kernel = self._disk_compile(disk, units, leaves, tree, types, tgt, arch or _current_arch(), noalias,
                                            narrow, opt, bounds, records)
            elif tgt == "cuda" and not emit and target() == "cuda" and not records:
                kernel = _cached_compile(units.units, leaves, arch or _current_arch(), noalias, narrow, opt, bounds, tree)
            else:  # the CPU executor calls host builds of the foreign code
                host = list(units.links) if tgt == "cpu" and not emit else None
                kernel = _core.compile(units.units, leaves, tgt, emit, arch, noalias, narrow, host, 0, None, 0,
                                       0, opt, tuple(bounds), tree)
            if tgt == "cuda" and not emit and target() == "cuda":
                for path in units.links:
                    kernel.link(path, arch or _current_arch())
        except TypingError as e:
            raise _kernel_error(e, self.py_func) from None
        _mark("first compile ended")
        _warn_compiled(kernel)
        if not emit and tgt == target():
            self._variants[(tuple(types), noalias, narrow, arch or _current_arch())] = kernel
            if not (noalias or narrow) or tuple(types) not in self.overloads:
                self.overloads[tuple(types)] = _Overload(kernel, self, tuple(types))
        return kernel

    def _disk_compile(self, disk, units, leaves, tree, types, tgt, arch, noalias, narrow, opt, bounds, records):
        """The kernel from the function's on-disk cache (cache=True), or compiled and stored there:
        the PTX on a GPU, the host's object code on the CPU executor. Kernels taking records are
        compiled each time (a miss: their entries are not kept)."""
        from . import _filecache
        gpu = tgt == "cuda"
        where = arch if gpu else _core.host_target()
        sig = _numba_types(types)
        key = _filecache.digest(_core.version(), _core.build_id(), tgt, where, noalias, narrow, opt, tuple(bounds),
                                units.units, leaves, tree)
        slot = _filecache.digest(tgt, where, noalias, narrow, opt, tuple(bounds), types)
        hit = None if records else disk.load(slot, key)
        if hit is not None:
            meta, payload = hit
            try:
                if gpu:
                    kernel = _core.kernel_from_ptx(meta["name"], meta["entry"], payload.decode(), leaves, meta["debug"],
                                                   meta["static_shared"], meta.get("file"), list(meta["warnings"]))
                else:
                    kernel = _core.kernel_from_object(meta, payload, leaves, meta.get("file"), list(meta["warnings"]))
                self._cache_hits[sig] += 1
                return kernel
            except Exception:  # an entry this build cannot use: compiled again and replaced
                pass
        self._cache_misses[sig] += 1
        kernel = _core.compile(units.units, leaves, tgt, 0 if gpu else EMIT_OBJECT, arch if gpu else None, noalias,
                               narrow, None, 0, None, 0, 0, opt, tuple(bounds), tree)
        payload = kernel.meta["ptx"].encode() if gpu else kernel.object
        if payload and not records:
            meta = dict(kernel.meta, ptx=None, file=units.units[0][0], warnings=list(kernel.warnings))
            disk.save(slot, key, meta, payload)
        return kernel

    @property
    def stats(self):
        """numba's dispatcher.stats: (cache_path, cache_hits, cache_misses), the folder of the
        on-disk cache (None without cache=True) and Counters of kernels taken from it and compiled
        for it, by argument types."""
        return _CompileStats(self._disk_cache.cache_path if self._disk_cache else None, self._cache_hits,
                             self._cache_misses)

    def recompile(self):
        """numba's recompile(): every signature compiled again, afresh, and the on-disk cache's
        entries (cache=True) replaced."""
        variants = list(self._variants)
        if self._disk_cache is not None:
            self._disk_cache.flush()
        self._variants.clear()
        self._cache.clear()
        for launcher in list(self._every_launcher):
            launcher.forget()
        dict.clear(self.overloads)
        for types, noalias, narrow, arch in variants:
            self._compile(types, arch=arch, noalias=noalias, narrow=narrow)

    def _for_types(self, types, noalias=False, narrow=False):
        """The kernel for the argument types of a launch (called by the launcher on a miss);
        noalias: the launch found no two arrays overlapping; narrow: its integers fit in int32,
        its arrays have fewer than 2**31 elements and its grid fewer than 2**31 threads along
        each axis (gridDim * blockDim)."""
        types = tuple(_record_types(t) for t in types)
        if self._eager:
            types = self._select_eager(types)
        # GPUs of one arch share a kernel; a GPU of another arch (its launches key its own) gets one compiled for it
        kernel = self._variants.get((tuple(types), noalias, narrow, _current_arch()))
        return kernel if kernel is not None else self._compile(types, noalias=noalias, narrow=narrow)

    def _select_eager(self, types):
        """numba's choice among eager signatures: the one whose scalar conversions rate best
        (fewest unsafe, then safe, then promoting conversions); none convertible is 'No matching
        definition', two rated best alike are ambiguous. (A float passed to an integer parameter
        is truncated, as a C cast: numba means to allow it, its test of it an expected failure.)"""
        rated = []
        for eager in self._eager:
            r = _rating(eager, types)
            if r is not None:
                rated.append((r, eager))
        if not rated and self.specialized and _rating(self._eager[0], types, reinterpret=True) is not None:
            # numba launches a dispatcher of one signature with whatever arrays it is given, read
            # as the signature's dtype: pyjitc where that reads the same bits, integers of the
            # other signedness (uint32 data in an int32[:] kernel), and refuses the rest
            return self._eager[0]
        if not rated:
            got = ", ".join(_type_text(t) for t in types)
            raise TypeError(f"No matching definition for argument type(s) {got}: kernel '{self.__name__}' has "
                            "no signature for them; it was compiled for " + "; ".join("(" + ", ".join(_type_text(t) for t in e) + ")"
                                                             for e in self._eager))
        rated.sort(key=lambda x: x[0])
        if len(rated) > 1 and rated[0][0] == rated[1][0]:
            def text(ts):
                return "(" + ", ".join(_numba_repr(t) for t in _numba_types(ts)) + ")"
            raise TypeError(f"Ambiguous overloading for {self.py_func!r} {text(types)}:\n"
                            f"{text(rated[0][1])} -> none\n{text(rated[1][1])} -> none")
        return rated[0][1]

    # ---- launching
    # __getitem__ (kernel[config]) is _core.subscript_method, set below the class: it finds the
    # launcher made before for this configuration in C, and calls _subscript otherwise
    def _subscript(self, launch):
        if self.extensions:
            return _ExtendedLauncher(self, self._launcher(launch), launch)
        return self._launcher(launch)

    def _launcher(self, config):
        try:
            launcher = self._launchers.get(config)
        except TypeError:  # unhashable: lists as dims
            launcher = None
        if launcher is not None and launcher.given is not config and not _core.same_kinds(launcher.given, config):
            launcher = None  # equal to a configuration seen but not of its types (2.0 for 2): checked afresh
        if launcher is not None and not launcher.pre_launch_callbacks:
            return launcher  # (one given callbacks belongs to whoever added them, as numba's are per object)
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError("launch configuration: kernel[grid, block], [grid, block, stream] or "
                             "[grid, block, stream, dynamic_shared_bytes]")
        if self.device:
            raise RuntimeError(f"Cannot compile a device function as a kernel: '{self.__name__}' was declared "
                               "with device=True; call it from a kernel")
        grid, block = _check_dims(config[0], "griddim"), _check_dims(config[1], "blockdim")
        stream = config[2] if len(config) > 2 else 0
        shared = config[3] if len(config) > 3 else 0
        if isinstance(shared, bool) or not isinstance(shared, (int, np.integer)):
            raise TypeError(f"launch configuration: dynamic_shared_bytes must be an integer, got {shared!r}")
        if shared < 0:
            raise ValueError(f"launch configuration: dynamic_shared_bytes must not be negative, got {shared}")
        _warm_up("launch")  # a launch is sure to come: the context is made while the kernel compiles
        target()  # the device's errors here, as numba's; a GPU's context may still be in the making (warm_up)
        # numba warns of a small grid at each launch; pyjitc when a kernel first meets a launch
        # configuration (the launcher is then cached: later launches pay nothing for the check)
        if _config.CUDA_LOW_OCCUPANCY_WARNINGS and not _config.DISABLE_PERFORMANCE_WARNINGS:
            _warn_low_occupancy(grid)
        owner = []  # the launcher, whose pre_launch_callbacks its launches of tuples share
        launcher = _LaunchConfiguration(self._cache, self._for_types, _dims(grid), _dims(block), stream or None,
                                        int(shared), self._tuple_launcher(grid, block, stream, shared, owner))
        launcher.dispatcher, launcher.given = self, config
        owner.append(launcher)
        self._every_launcher.add(launcher)
        try:
            self._launchers[config] = launcher
        except TypeError:  # an unhashable stream or dims: not cached
            pass
        else:
            # bounded: a program launching on a new stream each time (its own key each time) kept
            # every launcher, and every stream, alive; the oldest made goes
            if len(self._launchers) > _LAUNCHERS_KEPT:
                del self._launchers[next(iter(self._launchers))]
        return launcher

    def _tuple_launcher(self, grid, block, stream, shared, owner=()):
        """What launches arguments that hold tuples: they are flattened into their items (a
        tuple's parameters are its items', ir/abi.h), launched by a launcher for that shape of
        tuples whose kernels are compiled for the tuple types rebuilt around the items' types."""
        subs = {}

        def launch(*args):
            flat, shape = _flatten(args)
            sub = subs.get(shape)
            if sub is None:
                def compile_for(types, noalias, narrow):
                    return self._for_types(_with_tuples(shape, types), noalias, narrow)
                sub = subs[shape] = _core.Launcher({}, compile_for, _dims(grid), _dims(block), stream or None,
                                                   int(shared))
                if owner:
                    sub.pre_launch_callbacks = owner[0].pre_launch_callbacks
            try:
                return sub(*flat)
            except (TypeError, ValueError) as e:  # "argument 3: ..." of the items: the user's argument and item
                m = re.match(r"argument (\d+)(.*)", str(e), re.S)
                if not m or len(e.args) != 1:
                    raise
                raise type(e)(f"argument {_leaf_place(shape, int(m.group(1)) - 1)}{m.group(2)}") from None
        return launch

    def __call__(self, *args):
        if self.device:
            raise TypeError(f"device function '{self.__name__}' can only be called from a kernel")
        raise ValueError("kernel launch configuration was not specified: use kernel[grid, block](...)")

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """kernel.forall(n)(args): enough blocks of tpb threads (256 unless given) for n tasks;
        with no tasks, nothing is launched (as numba's)."""
        if ntasks < 0:
            raise ValueError(f"Can't create ForAll with negative task count: {ntasks} (kernel '{self.__name__}')")
        if ntasks == 0:
            return _no_launch
        tpb = tpb or 256
        return self[(max(1, (int(ntasks) + tpb - 1) // tpb), tpb, stream, sharedmem)]

    @property
    def specialized(self):
        """Whether the dispatcher is compiled for one signature and no other (numba's): jit given
        one signature (not a list of them), or made by specialize()."""
        return len(self._eager) == 1 and not self.options.get("signature_list")

    def specialize(self, *args):
        """A dispatcher compiled for these argument types (numba types such as float32[::1], or
        values whose types are taken) and no other; kept in .specializations, one per types."""
        if self.device:
            raise TypeError(f"device function '{self.__name__}' is compiled with the kernels that call it")
        if self.specialized:
            raise RuntimeError(f"Dispatcher already specialized: kernel '{self.__name__}' is compiled for "
                               f"({', '.join(_type_text(t) for t in self._eager[0])}) only")
        args = [from_numba(a) for a in args]
        types = tuple(_as_types((a,))[0] if isinstance(a, Type) else _arg_type(a) for a in args)
        d = self.specializations.get(types)
        if d is None:
            d = Dispatcher(self.py_func, self.device, (), dict(self.options, signature_list=False))
            d._eager = [types]
            d._compile(types, noalias=True, narrow=True)
            self.specializations[types] = d
        return d

    @property
    def specializations(self):
        """The dispatchers specialize() made, by argument types."""
        d = self.__dict__.get("_specializations")
        if d is None:
            d = self._specializations = _Overloads()
        return d

    # ---- the compiled kernels' resources (numba's get_regs_per_thread and its kin)
    def _attribute(self, k, what, signature):
        if self.device:
            raise TypeError(f"device function '{self.__name__}' has no resources of its own: ask the kernel "
                            "that calls it")
        if signature is not None:
            types = _as_types(signature.args if isinstance(signature, Signature) else signature)
            kernel = self.overloads.get(types)
            if kernel is None:
                kernel = self._for_types(types, noalias=True, narrow=True) if self._eager else None
            if kernel is None:
                raise KeyError(f"kernel '{self.__name__}' is not compiled for "
                               f"({', '.join(_type_text(t) for t in types)})")
            return _kernel_attribute(kernel, k, what, self.__name__, lambda: self._ptx_of(types))
        if self.specialized:
            types = self._eager[0]
            return _kernel_attribute(self.overloads[types], k, what, self.__name__, lambda: self._ptx_of(types))
        out = _Overloads()
        for types, kernel in self.overloads.items():
            out[types] = _kernel_attribute(kernel, k, what, self.__name__, lambda: self._ptx_of(types))
        return out

    def _ptx_of(self, types):
        cache = self.__dict__.setdefault("_ptx_cache", {})
        key = _as_types(types)
        if key not in cache:
            cache[key] = self._compile(key, EMIT_PTX, "cuda").text("ptx")
        return cache[key]

    def get_regs_per_thread(self, signature=None):
        """Registers per thread (the driver's count), of a signature's kernel or {types: count}."""
        return self._attribute(0, "registers", signature)

    def get_const_mem_size(self, signature=None):
        """Bytes of constant memory, of a signature's kernel or {types: bytes}."""
        return self._attribute(1, "constant memory", signature)

    def get_shared_mem_per_block(self, signature=None):
        """Bytes of static shared memory per block, of a signature's kernel or {types: bytes}."""
        return self._attribute(2, "shared memory", signature)

    def get_max_threads_per_block(self, signature=None):
        """The most threads per block a launch may have, of a signature's kernel or {types: n}."""
        return self._attribute(3, "threads per block", signature)

    def get_local_mem_per_thread(self, signature=None):
        """Bytes of local memory per thread, of a signature's kernel or {types: bytes}."""
        return self._attribute(4, "local memory", signature)

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """The most blocks of blockdim threads (an int, or a tuple of 1 to 3) with dynsmemsize bytes
        of dynamic shared memory that can run at once: a kernel that synchronises its grid
        (cuda.cg.this_grid().sync()) is launched with all its blocks at once, so its grid may have
        no more. numba has it on the overloads (kernel.overloads[...].max_cooperative_grid_blocks);
        here also on a dispatcher compiled for one signature (an eager signature, specialize(), or
        a first launch): the least over the variants compiled for it."""
        if self.device:
            raise TypeError(f"device function '{self.__name__}' is not launched: ask the kernel that calls it")
        sigs = {types for (types, _, _, _) in self._variants}
        if not sigs:
            raise TypeError(f"kernel '{self.__name__}' is not compiled yet: give it a signature "
                            "(@cuda.jit('void(...)')), call specialize(...) or launch it once first")
        if len(sigs) > 1:
            raise TypeError(f"kernel '{self.__name__}' is compiled for {len(sigs)} signatures: ask one of "
                            "kernel.overloads.values(), or use specialize(...)")
        return min(k.max_cooperative_grid_blocks(blockdim, dynsmemsize) for k in self._variants.values())

    @property
    def signatures(self):
        """The argument types compiled for (numba's), a device function's those it was declared with."""
        if self.device:
            return list(dict.fromkeys(_device_key(sig) for sig in self._device_sigs))
        return list(self.overloads)

    def _texts(self, what, signature=None):
        emit = {"types": EMIT_TYPES, "llvm": EMIT_LLVM, "ptx": EMIT_PTX}[what]
        if self.device:  # compiled alone, with numba's ABI, for the signature given or those of jit(sig, device=True)
            sigs = [signature] if signature is not None else self._device_sigs
            if not sigs:
                raise TypeError(f"device function '{self.__name__}' has no signature: give one "
                                "(inspect_asm(sig)) or decorate it with cuda.jit(sig, device=True)")
            out = {}
            for sig in sigs:
                kernel, _ = _compile_device(self.py_func, sig, self.options, "numba", None, emit)
                text = kernel.text(what)
                out[_device_key(sig)] = _llvmlite_layout(text) if what == "llvm" else text
            return out
        sigs = [_as_types(signature)] if signature is not None else list(self.overloads)
        out = {}
        for types in sigs:
            types = _as_types(types)
            arch = None
            tgt = "cuda" if what in ("ptx", "llvm") else target()  # the GPU's code, wherever it runs
            k = self._compile(types, emit, tgt, arch)
            out[_numba_types(types)] = _llvmlite_layout(k.text(what)) if what == "llvm" else k.text(what)
        return out

    def compile(self, sig):
        """numba's Dispatcher.compile: the kernel for a signature (argument types, or "void(...)")."""
        types = _as_types(sig)
        return self._for_types(types)

    def compile_device(self, args, return_type=None):
        """numba's Dispatcher.compile_device: a device function compiled alone (numba's ABI) for
        argument types; the result's fndesc.mangled_name is its symbol in inspect_llvm/inspect_asm."""
        if not self.device:
            raise RuntimeError(f"compile_device: '{self.__name__}' is a kernel, not a device function")
        sig = tuple(args) if return_type is None else return_type(*args)
        kernel, resty = _compile_device(self.py_func, sig, self.options, "numba", None, EMIT_PTX)
        return DeviceCompileResult(kernel.meta["entry"], tuple(args), resty)

    def inspect_sass(self, signature=None):
        """SASS (the GPU's machine code) of a kernel for a signature, or {argument types: SASS} of
        those compiled: its PTX assembled by CUDA's ptxas for the PTX's target, disassembled by
        nvdisasm with line information (-gi), as numba's inspect_sass shows it. Both tools are
        looked for as numba-cuda looks for nvdisasm (cuda.pathfinder where installed), then on PATH,
        in CUDA_HOME/CUDA_PATH and /usr/local/cuda; a RuntimeError says which is missing. It needs
        no GPU."""
        return self._sass(signature, ["-gi"], "inspect SASS of")

    def inspect_sass_cfg(self, signature=None):
        """The control flow graph of a kernel's SASS (nvdisasm -cfg, a DOT graph), as inspect_sass."""
        return self._sass(signature, ["-cfg"], "get the CFG of")

    def _sass(self, signature, flags, what):
        if self.device:
            raise RuntimeError(f"Cannot {what} a device function: it is compiled into the kernels that call it")
        texts = self._texts("ptx", signature)
        sass = {k: _disassemble_ptx(ptx, flags) for k, ptx in texts.items()}
        return next(iter(sass.values())) if signature is not None else sass

    def inspect_types(self, file=None, signature=None):
        texts = self._texts("types", signature)
        for text in texts.values():  # each: "name (types)", a rule, the source annotated with types (--emit=types)
            print(text, end="", file=file)

    def inspect_llvm(self, signature=None):
        """The LLVM IR for a signature, or {argument types (numba's): IR} of those compiled: the
        GPU's module (the one inspect_asm's PTX is made from), on the CPU executor too."""
        texts = self._texts("llvm", signature)
        return next(iter(texts.values())) if signature is not None else texts

    def inspect_asm(self, signature=None):
        """The PTX for a signature, or {argument types (numba's, float32[::1]): PTX} of those compiled."""
        texts = self._texts("ptx", signature)
        return next(iter(texts.values())) if signature is not None else texts

    def inspect_lto_ptx(self, signature=None):
        """numba's PTX after link-time optimisation with the code it links (its float16 and bfloat16
        math, linked by nvJitLink): pyjitc compiles the kernel and everything it calls into one
        module, so this is inspect_asm's PTX, the code that runs."""
        return self.inspect_asm(signature)


Dispatcher.__getitem__ = _core.subscript_method(Dispatcher)


class DeviceCompileResult:
    """What compile_device gives back: the argument and result types and fndesc.mangled_name, the
    symbol of the device function compiled alone (the .func of inspect_asm, the define of inspect_llvm)."""

    def __init__(self, symbol, args, return_type):
        self.fndesc = pytypes.SimpleNamespace(mangled_name=symbol, llvm_func_name=symbol)
        self.signature = pytypes.SimpleNamespace(args=args, return_type=return_type)
        self.return_type = return_type


def _warn_compiled(kernel):
    """The compiler's warnings of a kernel as Python warnings (numba's NumbaWarning), at each
    compile in a process, as numba gives them: a kernel read back from the on-disk cache gives again
    the warnings stored with it."""
    from . import errors
    category = getattr(errors, "NumbaWarning", UserWarning)
    for text in kernel.warnings:
        warnings.warn(text, category, stacklevel=4)


def jit(func_or_sig=None, device=False, inline=None, link=(), debug=None, opt=None, lineinfo=False, cache=False,
        fastmath=False, max_registers=None, launch_bounds=None, forceinline=None, **kws):
    """numba.cuda.jit: @jit, @jit(device=True), @jit("void(float32[:])"), @jit(["sig", ...], fastmath=True).
    inline / forceinline: see _inline_mode (numba's defaults, "never" and False, are not given)."""
    _check_jit_kws(kws, device)
    max_registers = _max_registers(max_registers)
    debug, opt = _debug_opt(debug, opt, lineinfo)
    options = {"debug": debug, "fastmath": fastmath, "opt": opt, "cache": bool(cache),
               "inline_mode": _inline_mode(inline, forceinline),
               "signature_list": isinstance(func_or_sig, list),
               "launch_bounds": _launch_bounds(launch_bounds),
               "lineinfo": lineinfo, "max_registers": max_registers,
               "link": tuple(link) if isinstance(link, (list, tuple, set)) else (link,) if link else ()}
    if func_or_sig is not None and not isinstance(func_or_sig, list) and not _is_signature(func_or_sig):
        _check_function(func_or_sig)
        return Dispatcher(func_or_sig, device, (), options)
    sigs = []
    if func_or_sig is not None:
        sigs = list(func_or_sig) if isinstance(func_or_sig, list) else [func_or_sig]

    def wrap(fn):
        _check_function(fn)
        return Dispatcher(fn, device, sigs, options)
    return wrap


_ABIS = {"numba": 1, "c": 2}


def _arch(cc):
    """"sm_90" / "sm_90a" from numba's compute capability (9, 0) or (9, 0, "a"); None for the default."""
    if not cc:
        return None
    return f"sm_{int(cc[0])}{int(cc[1])}" + (str(cc[2]) if len(cc) > 2 and cc[2] else "")


def _result_type(code):
    from .types import void
    return void if code is None else from_dtype(DTYPES[code])


def _compile_device(pyfunc, sig, options, abi="numba", abi_name=None, emit=EMIT_PTX, arch=None):
    """A device function compiled alone for its signature: (Kernel, result type). numba's ABI
    (int status, the result through a pointer passed first) or C's; numbers, arrays of numbers
    (passed as numba passes them, their data model's members one parameter each) and pointers in,
    a number out."""
    args, ret = _device_signature(sig)
    types = []
    for t in args:
        if isinstance(t, CPointer) and _number_key(t.dtype) is not None:  # a pointer: its address
            types.append((CODES[_number_key(t.dtype)], 0, "P"))
            continue
        if isinstance(t, Array) and _number_key(t.dtype) is not None:
            name, ndim, layout = arg_key(t)
            types.append((CODES[name], ndim, layout))
            continue
        key = _number_key(t)
        if key is None:
            raise NotImplementedError(f"device function '{pyfunc.__name__}': pyjitc compiles a device function alone "
                                      f"for numbers, arrays of numbers and pointers as arguments, not {t!r}")
        types.append((CODES[key], 0, "C"))
    if ret is None:
        result, rcode = 0, 0
    elif isinstance(ret, NoneType):
        result, rcode = 2, 0
    elif _number_key(ret) is None:
        raise NotImplementedError(f"device function '{pyfunc.__name__}': pyjitc compiles a device function alone "
                                  f"returning a number or nothing, not {ret!r}")
    else:
        result, rcode = 1, CODES[_number_key(ret)]
    units = _Units()
    units.add(pyfunc, False, options)
    opt = 3 if options.get("opt", True) else 0
    kernel = _core.compile(units.units, types, "cuda", emit, arch, False, False, None, _ABIS[abi], abi_name, result,
                           rcode, opt)
    return kernel, _result_type(kernel.result)
