"""@vectorize and @guvectorize (numba's ufunc decorators, target 'cuda'): the user's function
becomes a device function, and a kernel generated as Python source loops over the elements (or
the loop dimensions of a gufunc) with a grid-stride loop and calls it.

A generated kernel is an ordinary Python function made from source text registered in linecache
under a pseudo-file name (`<pyjitc ufunc NAME HASH>`), so the dispatcher compiles it as it
compiles a user's @cuda.jit kernel, and the user's function keeps its own file and lines in
diagnostics."""
import linecache
import math
import warnings

import numpy as np

from ._devicearray import DeviceNDArray, as_cuda_array, device_array, to_device
from ._dispatcher import Dispatcher
from ._runtime import CODES
from .types import Array, Boolean, NoneType, Number, Type, _NPDatetimeBase, np_dtype, parse_signature

_SCALARS = (Number, Boolean, _NPDatetimeBase)  # the element types of (g)ufuncs

TPB = 256                 # threads per block of the generated kernels
MAX_BLOCKS = 1 << 15      # grid-stride beyond this
# names the generated kernels use (the reduction's too): a user's function of such a name is
# called by another
_RESERVED = {"cuda", "numpy", "out", "n", "i", "j", "k", "s", "v", "arr", "seg", "init", "use_init", "sm", "tid",
             "lo", "hi", "acc", "have", "base", "cnt", "first", "live", "range", "min", "max"}


# ---- generated source --------------------------------------------------------------------------

def generated_function(kind, name, text, namespace):
    """The function `name` defined by `text` (from its line 1), run in `namespace` (its globals).
    Its file is a pseudo-file named after a hash of the text, so equal texts share one name (and
    one on-disk cache entry); the text is registered in linecache under that name (tracebacks and
    inspect show it) and kept on the function, where the dispatcher reads it."""
    import hashlib
    filename = f"<pyjitc {kind} {name} {hashlib.sha1(text.encode()).hexdigest()[:16]}>"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    exec(compile(text, filename, "exec"), namespace)
    fn = namespace[name]
    fn._pyjitc_source = text
    return fn


def kernel_namespace(**names):
    """Globals of a generated kernel: the cuda and numpy modules and the given device functions."""
    import importlib
    return dict(cuda=importlib.import_module("pyjitc.cuda"), numpy=np, **names)


def device_function(fn, options):
    """fn as a device function (a @cuda.jit dispatcher is taken as it is)."""
    if isinstance(fn, Dispatcher):
        return fn
    if not callable(fn) or not hasattr(fn, "__code__"):
        raise TypeError(f"cannot compile {fn!r}: give a Python function (def or lambda)")
    return Dispatcher(fn, True, (), options)


def callee_name(fn):
    """The name a generated kernel calls the user's function by."""
    import re
    name = fn.__name__
    if not name.isidentifier() or name in _RESERVED or name.startswith("pj_") or re.fullmatch(r"[asi]\d+", name):
        return "pj_fn"
    return name


def arity(fn, what):
    code = fn.__code__
    if code.co_flags & 0x0C or code.co_kwonlyargcount:  # *args, **kwargs
        raise TypeError(f"{what}: '{fn.__name__}' must take a fixed number of positional arguments")
    return code.co_argcount


def _options(options, what, gufunc):
    """The compile options of a (g)ufunc, refused as numba-cuda refuses them: vectorize raises
    KeyError for an option it does not know, guvectorize TypeError."""
    known = {"debug", "fastmath", "lineinfo", "max_registers"}
    ignored = {"nopython", "cache", "identity", "inline", "opt", "writable_args", "forceobj", "boundscheck"}
    unknown = [k for k in options if k not in known and k not in ignored]
    if unknown and gufunc:  # numba's wording
        raise TypeError("The following target options are not supported: " + ", ".join(f"'{k}'" for k in unknown))
    if unknown:
        raise KeyError(f"Unrecognized options: {', '.join(unknown)} ({what})")
    if options.get("nopython", True) is False:
        raise TypeError("nopython flag must be True")
    if "nopython" in options and not gufunc:
        from . import errors
        warnings.warn("nopython kwarg for cuda target is redundant", RuntimeWarning,
                      stacklevel=4)
    return {k: v for k, v in options.items() if k in known}


def _target(target, what):
    if target not in ("cuda", "cpu", "parallel"):
        raise ValueError(f"{what}: target must be 'cuda', 'cpu' or 'parallel', not {target!r}")
    return target


# ---- arguments ---------------------------------------------------------------------------------

class _Weak:
    """A Python scalar: converts to any dtype of its kind that holds it (NumPy's NEP 50 rule)."""

    def __init__(self, value):
        self.value = value

    @property
    def dtype(self):  # its own type when nothing else decides (numba's typeof)
        v = self.value
        return np.dtype(bool if isinstance(v, bool) else np.int64 if isinstance(v, int)
                        else np.float64 if isinstance(v, float) else np.complex128)

    def can_cast(self, to):
        v = self.value
        if isinstance(v, bool):
            return True
        if isinstance(v, int):
            if to.kind in "iu":
                info = np.iinfo(to)
                return info.min <= v <= info.max
            return to.kind in "fc"
        if isinstance(v, float):
            return to.kind in "fc"
        return to.kind == "c"


def _is_device(a):
    if isinstance(a, DeviceNDArray):
        return True
    if isinstance(a, np.ndarray):
        return False
    try:
        return hasattr(a, "__cuda_array_interface__")
    except Exception:
        return False


def classify(a):
    """('device', DeviceNDArray) | ('host', ndarray) | ('scalar', NumPy scalar) | ('weak', _Weak)."""
    if isinstance(a, DeviceNDArray):
        return "device", a
    if isinstance(a, (bool, int, float, complex)) and not isinstance(a, np.generic):
        return "weak", _Weak(a)
    if isinstance(a, np.generic):
        return "scalar", a
    if _is_device(a):
        return "device", as_cuda_array(a)
    a = np.asarray(a)
    if a.ndim == 0:
        return "scalar", a[()]
    return "host", a


def _dtype_ok(dt, what):
    if dt.name not in CODES or not dt.isnative:
        raise TypeError(f"{what}: dtype {dt} is not supported")


def pick_signature(name, sigs, operands):
    """The index of the signature the operands take: the first whose types equal theirs (Python
    scalars beside arrays or NumPy scalars count as equal to any type of their kind that holds
    them, NumPy's NEP 50), else the first they can all be converted to under NumPy's 'safe'
    casting, else (as numba-cuda) the first whose types convert safely to theirs, of the same kind:
    inputs are then converted to the signature's types (astype). TypeError when none."""
    if all(isinstance(op, _Weak) for op in operands):  # only Python scalars: their own types decide
        operands = [np.asarray(op.value) for op in operands]

    def exact(op, to):
        return op.can_cast(to) if isinstance(op, _Weak) else op.dtype == to

    def safe(op, to):
        return op.can_cast(to) if isinstance(op, _Weak) else np.can_cast(op.dtype, to, "safe")

    def narrowing(op, to):  # numba-cuda's last resort: a signature type that converts safely to the input's
        # (an int64 scalar for an int32 signature); only within a kind, so complex never loses its imaginary part
        return op.can_cast(to) if isinstance(op, _Weak) else (np.can_cast(to, op.dtype, "safe") and
                                                              np.can_cast(op.dtype, to, "same_kind"))

    for test in (exact, safe, narrowing):
        for k, types in enumerate(sigs):
            if all(test(op, to) for op, to in zip(operands, types)):
                return k
    got = ", ".join(type(op.value).__name__ if isinstance(op, _Weak) else str(op.dtype) for op in operands)
    have = "; ".join("(" + ", ".join(map(str, t)) + ")" for t in sigs)
    raise TypeError(f"{name}: no signature takes inputs of types ({got}); the signatures take {have} "
                    "(inputs convert only where NumPy's 'safe' casting allows)")


def broadcast_view(dev, shape):
    """A view of dev with the given shape (NumPy broadcasting: axes of extent 1 and missing leading
    axes repeat, with stride 0)."""
    lead = len(shape) - dev.ndim
    strides = [0] * lead + [s if n == m else 0 for n, m, s in zip(dev.shape, shape[lead:], dev.strides)]
    return view(dev, shape, strides)


def view(dev, shape, strides):
    return DeviceNDArray(tuple(shape), tuple(strides), dev.dtype, gpu_data=dev._owner, _address=dev._address,
                         _device=dev._device_id)


def coalesce(shape, strides_list):
    """(shape, [strides of each operand]) with axes of extent 1 dropped and neighbouring axes that
    every operand steps through as one (C order) merged; at least one axis."""
    axes = [k for k, n in enumerate(shape) if n != 1]
    dims = []
    for k in axes:
        n, st = shape[k], [s[k] for s in strides_list]
        if dims and all(ps == s * n for ps, s in zip(dims[-1][1], st)):
            dims[-1] = (dims[-1][0] * n, st)
        else:
            dims.append((n, st))
    if not dims:
        return (1,), [(0,) for _ in strides_list]
    return tuple(n for n, _ in dims), [tuple(st[i] for _, st in dims) for i in range(len(strides_list))]


def loop_operands(shape, parts):
    """(loop shape, [(array argument, 'loop' | 'fixed')]) for operands given as (device array,
    strides over the loop shape, core shape, core strides): the loop axes coalesced; an operand
    that is the same at every iteration (loop strides all 0) is passed without loop axes
    ('fixed'), its element as a 1-element array. (The runtime reads an array whose strides are
    all 0 as C-contiguous, so none is passed.)"""
    cshape, cstrides = coalesce(shape, [p[1] for p in parts])
    out = []
    for (dev, _, cs, cst), st in zip(parts, cstrides):
        if any(st):
            out.append((view(dev, cshape + tuple(cs), st + tuple(cst)), "loop"))
        elif not cs:
            out.append((view(dev, (1,), (dev.itemsize,)), "fixed"))
        else:
            v = view(dev, tuple(cs), tuple(cst))
            if not any(cst) and math.prod(cs) > 1:  # a broadcast core: made contiguous
                v = to_device(v.copy_to_host())
            out.append((v, "fixed"))
    return cshape, out


def launch_config(n):
    """(blocks, threads): blocks a power of two (few launchers are cached), grid-stride past MAX_BLOCKS."""
    need = max(1, -(-n // TPB))
    return min(MAX_BLOCKS, 1 << (need - 1).bit_length()), TPB


def _stream_sync(stream):
    if stream:
        stream.synchronize()


def loop_header(ndim, first):
    """Source lines of a grid-stride loop over the `n` items of the first `ndim` axes of array
    `first`, setting i0..i{ndim-1} (or i when ndim is 1); returns (lines, index text)."""
    lines = [f"    s{k} = {first}.shape[{k}]" for k in range(1, ndim)]
    lines.append("    for i in range(cuda.grid(1), n, cuda.gridsize(1)):")
    if ndim == 1:
        return lines, "i"
    lines.append("        j = i")
    for k in range(ndim - 1, 0, -1):
        lines.append(f"        i{k} = j % s{k}")
        lines.append(f"        j = j // s{k}")
    lines.append("        i0 = j")
    return lines, ", ".join(f"i{k}" for k in range(ndim))


# ---- @vectorize --------------------------------------------------------------------------------

def _scalar_sig(sig, name):
    """(input dtypes, result dtype); the result None for a tuple of argument types, which numba takes
    as a signature whose return type the function's typing gives."""
    s = parse_signature(sig)
    inferred = isinstance(sig, (tuple, list))
    if not inferred and (s.return_type is None or not isinstance(s.return_type, Type) or
                         isinstance(s.return_type, NoneType)):
        raise TypeError(f"vectorize '{name}': signature {sig!r} needs a return type, as in 'float32(float32, float32)'")
    for t in s.args if inferred else (s.return_type,) + s.args:
        if not isinstance(t, _SCALARS):
            raise TypeError(f"vectorize '{name}': signature {sig!r}: a ufunc's types are scalars, not {t!r}")
    return tuple(np_dtype(t) for t in s.args), None if inferred else np_dtype(s.return_type)


class UFunc:
    """What @vectorize makes of a function: called on arrays (NumPy, device, or with
    __cuda_array_interface__) and scalars, it broadcasts them and applies the function to each
    element on the device."""

    def __init__(self, py_func, sigs=(), target="cuda", **options):
        self.__name__ = getattr(py_func, "__name__", "ufunc")
        self.__doc__ = getattr(py_func, "__doc__", None)
        self.target = _target(target, f"vectorize '{self.__name__}'")
        self._pickle_args = (list(sigs), target, dict(options))  # what a pickled ufunc is rebuilt with
        self.options = _options(options, f"vectorize '{self.__name__}'", False)
        self._device = device_function(py_func, self.options)
        self.py_func = self._device.py_func
        self._callee = callee_name(self.py_func)
        self.nin = arity(self.py_func, f"vectorize '{self.__name__}'")
        self.nout = 1
        self._sigs = [_scalar_sig(s, self.__name__) for s in sigs]
        for ins, _ in self._sigs:
            if len(ins) != self.nin:
                raise TypeError(f"vectorize '{self.__name__}': a signature has {len(ins)} inputs but the "
                                f"function takes {self.nin}")
        self._kernels = {}    # (signature index or None, operand modes, ndim) -> Dispatcher
        self._restypes = {}   # input dtypes -> result dtype (lazy)
        self._sigs = [(ins, self._result_type(ins) if res is None else res) for ins, res in self._sigs]
        for k, (ins, res) in enumerate(self._sigs):  # typed now, as numba compiles at decoration
            types = [(CODES[d.name], 1, "C") for d in ins] + [(CODES[res.name], 1, "C")]
            types = [(CODES["int64"], 0, "C")] + types
            self._kernel(k, ("loop",) * (self.nin + 1), 1)._compile(types, noalias=True, narrow=True)

    def __repr__(self):
        return f"<pyjitc ufunc '{self.__name__}' ({'lazy' if not self._sigs else len(self._sigs)} signatures)>"

    def __reduce__(self):
        """Pickled by value: its device function (source and names) and its signatures."""
        from ._serialize import reduce_ufunc
        return reduce_ufunc(self)

    @property
    def types(self):
        """The signatures as NumPy writes a ufunc's loops: 'ff->f'."""
        return ["".join(d.char for d in ins) + "->" + res.char for ins, res in self._sigs]

    @property
    def ntypes(self):
        return len(self._sigs)

    # ---- kernels
    def _kernel(self, sig, modes, ndim):
        key = (sig, modes, ndim)
        k = self._kernels.get(key)
        if k is None:
            k = self._kernels[key] = self._generate(sig, modes, ndim)
        return k

    def _generate(self, sig, modes, ndim):
        """The kernel: for each of the n elements, out = f(inputs); an input is a scalar parameter,
        an array indexed by the loop ('loop'), or a 1-element array ('fixed')."""
        name = f"{self._callee}_ufunc"
        params = [f"a{k}" for k in range(self.nin)] + ["out"]
        first = next((p for p, m in zip(params, modes) if m == "loop"), "out")
        lines, idx = loop_header(ndim, first)
        items = [p if m == "scalar" else f"{p}[{idx}]" if m == "loop" else f"{p}[0]" for p, m in zip(params, modes)]
        target = items.pop()
        if sig is not None:  # converted to the signature's types, the result to its return type
            ins, res = self._sigs[sig]
            items = [_convert(x, d) for x, d in zip(items, ins)]
            value = _convert(f"{self._callee}({', '.join(items)})", res)
        else:
            value = f"{self._callee}({', '.join(items)})"
        text = "\n".join([f"def {name}(n, {', '.join(params)}):"] + lines + [f"        {target} = {value}", ""])
        fn = generated_function("ufunc", name, text, kernel_namespace(**{self._callee: self._device}))
        return Dispatcher(fn, False, (), self.options)

    def _result_type(self, dtypes):
        """The dtype the function returns for arguments of these dtypes (numba's typing, read from
        the compiler's typed dump of a small kernel that calls it)."""
        res = self._restypes.get(dtypes)
        if res is not None:
            return res
        import re
        from . import _core
        from ._dispatcher import _Units
        emit_typed_ir = 32  # PJ_EMIT_TYPED_IR: the typed IR's tree, which lists each local with its type
        params = [f"a{k}" for k in range(self.nin)]
        text = (f"def {self._callee}_typeof({', '.join(params)}):\n"
                f"    pj_result = {self._callee}({', '.join(params)})\n")
        fn = generated_function("ufunc", f"{self._callee}_typeof", text,
                                kernel_namespace(**{self._callee: self._device}))
        units = _Units()
        units.add(fn, True, self.options)
        k = _core.compile(units.units, [(CODES[d.name], 0, "C") for d in dtypes], "cpu", emit_typed_ir)
        m = re.search(r"^\s*Local pj_result : (\S+)\s*$", k.text("typed-ir"), re.M)
        name = m.group(1) if m else "nothing"
        if name not in CODES:
            raise TypeError(f"vectorize '{self.__name__}': the function returns {name} for arguments "
                            f"({', '.join(map(str, dtypes))}); a ufunc's function returns one number")
        res = self._restypes[dtypes] = np.dtype(name)
        return res

    # ---- calling
    def __call__(self, *args, out=None, stream=0, **kws):
        if kws:
            raise TypeError(f"ufunc '{self.__name__}': unexpected keyword argument '{next(iter(kws))}' "
                            "(it takes out= and stream=)")
        if len(args) == self.nin + 1 and out is None:
            args, out = args[:-1], args[-1]
        if len(args) != self.nin:
            raise TypeError(f"ufunc '{self.__name__}' takes {self.nin} inputs (and out=), got {len(args)}")
        ops = [classify(a) for a in args]
        for kind, a in ops:
            if kind != "weak":
                _dtype_ok(np.dtype(a.dtype), f"ufunc '{self.__name__}'")
        if self._sigs:
            sig = pick_signature(f"ufunc '{self.__name__}'", [ins for ins, _ in self._sigs], [a for _, a in ops])
            ins, res = self._sigs[sig]
        else:
            sig = None
            ins = tuple(np.dtype(a.dtype) for _, a in ops)
            res = self._result_type(ins)
        arrays = [a for kind, a in ops if kind in ("device", "host")]
        try:
            shape = tuple(np.broadcast_shapes(*[a.shape for a in arrays])) if arrays else (1,)
        except ValueError:
            raise ValueError(f"ufunc '{self.__name__}': inputs of shapes "
                             f"{', '.join(str(a.shape) for a in arrays)} do not broadcast together") from None
        on_device = any(kind == "device" for kind, _ in ops)
        out_kind = None
        if out is not None:
            out_kind, out = classify(out)
            if out_kind not in ("device", "host"):
                raise TypeError(f"ufunc '{self.__name__}': out must be an array, not {type(out).__name__}")
            if tuple(out.shape) != shape:
                raise ValueError(f"ufunc '{self.__name__}': out has shape {tuple(out.shape)}, the result {shape}")
            if not np.can_cast(res, out.dtype, "same_kind"):
                raise TypeError(f"ufunc '{self.__name__}': cannot store the {res} result in an out of {out.dtype}")
            _dtype_ok(out.dtype, f"ufunc '{self.__name__}'")
        n = math.prod(shape)
        if out_kind == "device":
            dev_out = out
        else:
            dev_out = device_array(shape, out.dtype if out is not None else res, stream=stream)
        if n:
            self._launch(sig, ops, ins, shape, dev_out, stream)
        if out_kind == "device":
            return out
        if out_kind == "host":
            dev_out.copy_to_host(out, stream=stream)
            _stream_sync(stream)
            return out
        if on_device:
            return dev_out
        host = dev_out.copy_to_host(stream=stream)
        _stream_sync(stream)
        return host

    def _launch(self, sig, ops, ins, shape, dev_out, stream):
        values, parts = [], []
        for (kind, a), d in zip(ops, ins):
            if kind in ("weak", "scalar"):  # a scalar parameter, of the signature's type when there is one
                v = a.value if kind == "weak" else a
                values.append(d.type(v) if sig is not None else v)
                continue
            dev = a if kind == "device" else to_device(a, stream=stream)
            parts.append((dev, broadcast_view(dev, shape).strides, (), ()))
            values.append(None)
        parts.append((dev_out, dev_out.strides, (), ()))
        values.append(None)
        cshape, arrays = loop_operands(shape, parts)
        it = iter(arrays)
        modes = []
        for k, v in enumerate(values):
            if v is None:
                values[k], mode = next(it)
                modes.append(mode)
            else:
                modes.append("scalar")
        kernel = self._kernel(sig, tuple(modes), len(cshape))
        count = math.prod(cshape)
        blocks, threads = launch_config(count)
        kernel[blocks, threads, stream](count, *values)

    def reduce(self, arr, stream=0):
        """Reduce a 1-D array with a binary ufunc (numba's ufunc.reduce): f(f(a0, a1), a2)...;
        TypeError on an empty array."""
        if self.nin != 2:
            raise TypeError(f"ufunc '{self.__name__}': reduce needs a function of two inputs")
        from ._reduce import Reduce
        r = self.__dict__.get("_reducer")
        if r is None:
            r = self._reducer = Reduce(self._device)
        kind, a = classify(arr)
        if kind not in ("device", "host") or a.ndim != 1:
            raise TypeError(f"ufunc '{self.__name__}'.reduce: give a 1-D array")
        if a.size == 0:
            raise TypeError(f"ufunc '{self.__name__}'.reduce of an empty array (a ufunc has no identity here)")
        if self._sigs and not any(ins == (a.dtype, a.dtype) for ins, _ in self._sigs):
            raise TypeError(f"ufunc '{self.__name__}'.reduce: no signature takes two {a.dtype} inputs")
        return r(a, init=None, stream=stream)


def _np_name(dtype):
    return "bool_" if dtype.kind == "b" else dtype.name


def _convert(text, dtype):
    """Source converting the value `text` to a number dtype; a datetime64 or timedelta64 value is
    left as it is (numba converts none of them: the types must match)."""
    return text if dtype.kind in "Mm" else f"numpy.{_np_name(dtype)}({text})"


def vectorize(ftylist_or_function=(), target="cpu", identity=None, cache=False, **options):
    """numba.vectorize: @vectorize, @vectorize(target='cuda') (typed at each new argument type),
    @vectorize(['float32(float32, float32)', ...], target='cuda') (typed now; a call picks the
    first signature whose types the inputs have, else the first they convert to safely).
    Every target runs the generated kernel on pyjitc's device (the GPU, or the CPU executor)."""
    if callable(ftylist_or_function) and not isinstance(ftylist_or_function, (str, Type)):
        return UFunc(ftylist_or_function, (), target, **options)
    sigs = ftylist_or_function
    if isinstance(sigs, (str, Type)) or not isinstance(sigs, (list, tuple)):
        sigs = [sigs]

    def wrap(fn):
        return UFunc(fn, list(sigs), target, **options)
    return wrap


# ---- @guvectorize ------------------------------------------------------------------------------

def parse_layout(layout, name="guvectorize"):
    """'(m,n),(n)->(m)' -> ([('m', 'n'), ('n',)], [('m',)]); ValueError naming the problem."""
    import re
    if not isinstance(layout, str):
        raise TypeError(f"{name}: the layout is a string such as '(n),(n)->()', not {type(layout).__name__}")
    text = "".join(layout.split())
    if text.count("->") != 1:
        raise ValueError(f"{name}: layout {layout!r} needs one '->' between the inputs and the outputs, "
                         "as in '(n),(n)->()'")
    group = r"\((?:[A-Za-z_]\w*(?:,[A-Za-z_]\w*)*)?,?\)"
    sides = text.split("->")
    out = []
    for side, what in zip(sides, ("inputs", "outputs")):
        if not re.fullmatch(rf"{group}(?:,{group})*", side):
            raise ValueError(f"{name}: layout {layout!r}: the {what} {side!r} are not a comma-separated list of "
                             "groups such as (n) or (m,n) or ()")
        out.append([tuple(s for s in g.split(",") if s) for g in re.findall(r"\(([^)]*)\)", side)])
    ins, outs = out
    known = {s for g in ins for s in g}
    missing = sorted({s for g in outs for s in g} - known)
    if missing:
        raise ValueError(f"{name}: layout {layout!r}: output dimension {', '.join(map(repr, missing))} "
                         "appears in no input")
    return ins, outs


class GUFunc:
    """What @guvectorize makes of a function: the function works on the core dimensions the
    layout names; a call loops it over the leading (loop) dimensions, broadcast as NumPy does."""

    def __init__(self, py_func, sigs, layout, target="cuda", **options):
        self.__name__ = getattr(py_func, "__name__", "gufunc")
        self.__doc__ = getattr(py_func, "__doc__", None)
        what = f"guvectorize '{self.__name__}'"
        self.target = _target(target, what)
        self.options = _options(options, what, True)
        self.layout = layout
        self._ins, self._outs = parse_layout(layout, what)
        self.nin, self.nout = len(self._ins), len(self._outs)
        self._device = device_function(py_func, self.options)
        self.py_func = self._device.py_func
        self._callee = callee_name(self.py_func)
        nargs = arity(self.py_func, what)
        if nargs != self.nin + self.nout:
            raise TypeError(f"{what}: layout {layout!r} has {self.nin + self.nout} arguments but the function "
                            f"takes {nargs}")
        self._sigs = [self._signature(s) for s in sigs]
        self._kernels = {}
        for k, types in enumerate(self._sigs):  # typed now, as numba compiles at decoration
            argtypes = [(CODES["int64"], 0, "C")] + [(CODES[d.name], nd + 1 + (mode == "one"), "C")
                                                     for d, nd, mode in types]
            modes = tuple((mode, "loop") for _, _, mode in types)
            self._kernel(k, modes, 1)._compile(argtypes, noalias=True, narrow=True)

    def __repr__(self):
        return f"<pyjitc gufunc '{self.__name__}' {self.layout}>"

    def _signature(self, sig):
        """[(dtype, core ndim, mode)]; mode: 'view' (the core dims as an array), 'elem' (an element:
        a scalar type for a '()' input), 'one' (a 1-element array for '()' in an array type)."""
        what = f"guvectorize '{self.__name__}'"
        s = parse_signature(sig)
        if s.return_type is not None and not isinstance(s.return_type, NoneType):
            raise TypeError(f"{what}: guvectorized functions cannot return values: signature {sig!r} specifies "
                            f"{s.return_type} return type (a gufunc writes its outputs)")
        if len(s.args) != self.nin + self.nout:
            raise TypeError(f"{what}: signature {sig!r} has {len(s.args)} arguments but the layout "
                            f"{self.layout!r} has {self.nin + self.nout}")
        out = []
        for k, (t, dims) in enumerate(zip(s.args, self._ins + self._outs)):
            nd = len(dims)
            if not isinstance(t, (Array,) + _SCALARS):
                raise TypeError(f"{what}: argument {k + 1} of {sig!r} is {t!r}: a gufunc takes arrays and numbers")
            t_ndim = t.ndim if isinstance(t, Array) else 0
            if t_ndim == nd and (nd or k < self.nin):
                mode = "view" if nd else "elem"
            elif nd == 0 and t_ndim == 1:
                mode = "one"
            else:
                role = "an output" if k >= self.nin else "an input"
                raise TypeError(f"{what}: argument {k + 1} of {sig!r} is {t!r}, but the layout gives it "
                                f"{nd} core dimension{'s' * (nd != 1)}"
                                + (" and an output must be an array" if k >= self.nin and t_ndim == 0 else "")
                                + f" ({role})")
            out.append((np_dtype(t), nd, mode))
        return out

    def _kernel(self, sig, modes, ndim):
        """The kernel: for each of the n loop indices, f(the arguments' core parts); modes: per
        argument (core mode, 'loop' | 'fixed'), a fixed one the same at every index."""
        key = (sig, modes, ndim)
        k = self._kernels.get(key)
        if k is None:
            name = f"{self._callee}_gufunc"
            params = [f"a{k}" for k in range(self.nin + self.nout)]
            first = next((p for p, (_, m) in zip(params, modes) if m == "loop"), "a0")
            lines, idx = loop_header(ndim, first)
            items = [f"{p}[{idx}]" if m == "loop" else f"{p}[0]" if core == "elem" else p
                     for p, (core, m) in zip(params, modes)]
            text = "\n".join([f"def {name}(n, {', '.join(params)}):"] + lines
                             + [f"        {self._callee}({', '.join(items)})", ""])
            fn = generated_function("gufunc", name, text, kernel_namespace(**{self._callee: self._device}))
            k = self._kernels[key] = Dispatcher(fn, False, (), self.options)
        return k

    def __call__(self, *args, out=None, stream=0, **kws):
        what = f"gufunc '{self.__name__}'"
        if kws:
            raise TypeError(f"{what}: unexpected keyword argument '{next(iter(kws))}' (it takes out= and stream=)")
        if out is not None:
            if len(args) != self.nin:
                raise ValueError("cannot specify argument 'out' as both positional and keyword")
            outs = list(out) if isinstance(out, (tuple, list)) else [out]
        elif len(args) == self.nin + self.nout:
            outs = list(args[self.nin:])
        elif len(args) == self.nin:
            outs = [None] * self.nout
        else:
            n = len(args)
            raise TypeError(f"{what}: this gufunc accepts {self.nin} positional arguments (its inputs) or "
                            f"{self.nin + self.nout} positional arguments (its inputs and outputs). Got {n} "
                            f"positional argument{'s' * (n != 1)}.")
        if len(outs) != self.nout:
            raise TypeError(f"{what} has {self.nout} outputs; out= gave {len(outs)}")
        ins = [classify(a) for a in args[:self.nin]]
        outs = [None if o is None else classify(o) for o in outs]
        for o in outs:
            if o is not None and o[0] not in ("device", "host"):
                raise TypeError(f"{what}: an output must be an array, not {type(o[1]).__name__}")
        for kind, a in ins + [o for o in outs if o is not None]:
            if kind != "weak":
                _dtype_ok(np.dtype(a.dtype), what)
        if self._sigs:
            sig = pick_signature(what, [[d for d, _, _ in t[:self.nin]] for t in self._sigs], [a for _, a in ins])
            types = self._sigs[sig]
        else:  # lazy: the arguments' own types; outputs must be given
            if any(o is None for o in outs):
                raise TypeError(f"{what} has no signatures: give its outputs as arguments")
            sig = None
            types = [(np.dtype(a.dtype), len(dims), "elem" if not dims and k < self.nin else
                      "one" if not dims else "view")
                     for k, ((_, a), dims) in enumerate(zip(ins + outs, self._ins + self._outs))]
        # inputs as device arrays of the signature's dtypes
        devs, any_device = [], False
        for k, ((kind, a), (dt, _, _)) in enumerate(zip(ins, types)):
            if kind == "device":
                any_device = True
                if a.dtype != dt:
                    raise TypeError(f"{what}: input {k + 1} is a device array of {a.dtype} and the signature takes "
                                    f"{dt}: compatible signature is possible by casting but {type(a)} does not "
                                    "support .astype()")
                devs.append(a)
            else:
                v = a.value if kind == "weak" else a
                devs.append(np.asarray(v, dtype=dt))
        # core dimensions, loop dimensions
        sizes, loops = {}, []
        for k, (a, dims) in enumerate(zip(devs, self._ins)):
            if not dims and a.ndim and a.size == 1:  # a 1-element array for '()': the scalar it holds (numba)
                a = devs[k] = a.reshape(()) if isinstance(a, np.ndarray) else view(a, (), ())
            if a.ndim < len(dims):
                raise ValueError(f"{what}: input {k + 1} has {a.ndim} dimension{'s' * (a.ndim != 1)} but its "
                                 f"layout ({','.join(dims)}) needs {len(dims)}")
            cut = a.ndim - len(dims)
            for sym, n in zip(dims, a.shape[cut:]):
                if sizes.setdefault(sym, n) != n:
                    raise ValueError(f"{what}: dimension '{sym}' is {sizes[sym]} in one input and {n} in input {k + 1}")
            loops.append(tuple(a.shape[:cut]))
        try:
            loop = tuple(np.broadcast_shapes(*loops))
        except ValueError:
            raise ValueError(f"{what}: the loop dimensions {', '.join(map(str, loops))} of the inputs do not "
                             "broadcast together") from None
        out_devs, host_outs = [], []
        for k, (o, dims, (dt, _, _)) in enumerate(zip(outs, self._outs, types[self.nin:])):
            shape = loop + tuple(sizes[s] for s in dims)
            if o is not None and tuple(o[1].shape) != shape:
                raise ValueError(f"{what}: output {k + 1} has shape {tuple(o[1].shape)}; the inputs give {shape}")
            if o is not None and o[1].dtype != dt:
                raise TypeError(f"{what}: output {k + 1} is of {o[1].dtype}; the signature writes {dt}")
            if o is not None and o[0] == "device":
                out_devs.append(o[1])
                any_device = True
            else:
                out_devs.append(device_array(shape, dt, stream=stream))
            host_outs.append(o[1] if o is not None and o[0] == "host" else None)
        devs = [a if isinstance(a, DeviceNDArray) else to_device(a, stream=stream) for a in devs]
        count = math.prod(loop)
        if count:
            self._launch(sig, types, devs + out_devs, loop, count, stream)
        results = []
        for dev, host in zip(out_devs, host_outs):
            if host is not None:
                dev.copy_to_host(host, stream=stream)
                results.append(host)
            elif any_device:
                results.append(dev)
            else:
                results.append(dev.copy_to_host(stream=stream))
        if not any_device or any(h is not None for h in host_outs):
            _stream_sync(stream)
        return results[0] if len(results) == 1 else tuple(results)

    def _launch(self, sig, types, devs, loop, count, stream):
        shape = loop or (1,)
        pads = [] if loop else [0]  # no loop dimensions: one iteration over a leading axis of 1
        parts = []  # (device array, loop strides, core shape, core strides)
        for dev, dims, (_, nd, mode) in zip(devs, self._ins + self._outs, types):
            cut = dev.ndim - nd
            bview = broadcast_view(view(dev, dev.shape[:cut], dev.strides[:cut]), loop) if cut else None
            lstr = list(bview.strides) if bview is not None else [0] * len(loop)
            core_shape, core_strides = list(dev.shape[cut:]), list(dev.strides[cut:])
            if mode == "one":
                core_shape, core_strides = [1], [dev.itemsize]
            parts.append((dev, pads + lstr, core_shape, core_strides))
        cshape, arrays = loop_operands(shape, parts)
        kernel = self._kernel(sig, tuple((core, m) for (_, _, core), (_, m) in zip(types, arrays)), len(cshape))
        blocks, threads = launch_config(count)
        kernel[blocks, threads, stream](count, *(a for a, _ in arrays))


def guvectorize(*args, target="cpu", identity=None, cache=False, **options):
    """numba.guvectorize: @guvectorize(['void(float32[:], float32[:], float32[:])'], '(n),(n)->()',
    target='cuda'), or @guvectorize('(n),(n)->()', target='cuda') without signatures (typed from
    the arguments; outputs must then be passed). Every target runs on pyjitc's device."""
    if len(args) == 2:
        sigs, layout = args
        if isinstance(sigs, str) or not isinstance(sigs, (list, tuple)):
            sigs = [sigs]
    elif len(args) == 1:
        sigs, layout = [], args[0]
    else:
        raise TypeError("guvectorize(signatures, layout, target=...) or guvectorize(layout, target=...)")
    layout = options.pop("signature", layout)

    def wrap(fn):
        return GUFunc(fn, list(sigs), layout, target, **options)
    return wrap
