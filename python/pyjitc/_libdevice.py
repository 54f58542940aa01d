"""cuda.libdevice and cuda.libdevicefuncs (numba.cuda.libdevice, numba.cuda.libdevicefuncs): CUDA's
libdevice functions by their names without "__nv_" (libdevice.sincos(x) calls __nv_sincos), in
kernels only. The list and each function's types are the compiler's own table
(stdlib/libdevice.def), read through _core.libdevice_functions()."""
import collections
import keyword
import types as _pytypes

from . import _core
from . import types

# one parameter of a libdevice function: its name, its type, and whether it is a pointer that
# libdevice writes a result through (a call returns that value after the function's result)
arg = collections.namedtuple("arg", ("name", "ty", "is_ptr"))


def create_signature(retty, args):
    """The signature a kernel calls a libdevice function with: its pointer parameters' values
    follow its result (if not void) in a tuple of the results, when there are two or more; the
    arguments are the other parameters."""
    results = [a.ty for a in args if a.is_ptr]
    if retty != types.void:
        results.insert(0, retty)
    result = types.Tuple(results) if len(results) > 1 else results[0]
    return types.Signature(result, [a.ty for a in args if not a.is_ptr])


def _parse(params):
    out = []
    for p in params.split(", ") if params else ():
        ty, name = p.split(" ")
        out.append(arg(name=name, ty=getattr(types, ty.rstrip("*")), is_ptr=ty.endswith("*")))
    return out


def _stub(name, retty, args):
    """A Python function with the libdevice function's parameters that says it runs in kernels only."""
    qualname = "cuda.libdevice." + name
    names = [a.name if not keyword.iskeyword(a.name) else "x" for a in args if not a.is_ptr]  # libdevice's "in"
    sig = create_signature(retty, args)
    scope = {}
    exec(f"def {name}({', '.join(names)}):\n"
         f"    raise TypeError('{qualname}() can only be called inside a kernel')\n", scope)
    fn = scope[name]
    params = ", ".join(f"{n}: {t}" for n, t in zip(names, sig.args))
    fn.__doc__ = (f"libdevice's __nv_{name}({params}) -> {sig.return_type}, in kernels only.\n\n"
                  f"See https://docs.nvidia.com/cuda/libdevice-users-guide/__nv_{name}.html")
    fn.__module__ = __name__.rpartition(".")[0] + ".cuda.libdevice"
    fn._pyjitc_qualname = qualname
    return fn


# The module's functions are made on first use (a stub is an exec() of its own: making all 317 at
# import cost a quarter of `import pyjitc`); the table of names is the compiler's, read at once.
_TABLE = {name: (result, params) for name, result, params in _core.libdevice_functions()}


def _types(name):
    result, params = _TABLE[name]
    return (types.void if result == "void" else getattr(types, result)), _parse(params)


def _libdevice_getattr(name):
    if name not in _TABLE:
        raise AttributeError(f"module 'pyjitc.cuda.libdevice' has no attribute '{name}'")
    fn = _stub(name, *_types(name))
    setattr(libdevice, name, fn)  # made once: later lookups find it in the module
    return fn


def _libdevicefuncs_getattr(name):
    if name != "functions":
        raise AttributeError(f"module 'pyjitc.cuda.libdevicefuncs' has no attribute '{name}'")
    functions = {"__nv_" + n: _types(n) for n in _TABLE}  # the compiler's order: sorted by name
    libdevicefuncs.functions = functions
    return functions


libdevice = _pytypes.ModuleType("pyjitc.cuda.libdevice", "CUDA's libdevice functions in kernels: "
                                "libdevice.sincos(x) is __nv_sincos (numba.cuda.libdevice).")
libdevice.__getattr__ = _libdevice_getattr  # PEP 562, on the module object
libdevice.__dir__ = lambda: sorted(set(_TABLE) | set(vars(libdevice)))

libdevicefuncs = _pytypes.ModuleType("pyjitc.cuda.libdevicefuncs", "The libdevice functions' types "
                                     "(numba.cuda.libdevicefuncs): functions, arg, create_signature.")
libdevicefuncs.arg, libdevicefuncs.create_signature = arg, create_signature
libdevicefuncs.__getattr__ = _libdevicefuncs_getattr
libdevicefuncs.__dir__ = lambda: sorted(set(vars(libdevicefuncs)) | {"functions"})
