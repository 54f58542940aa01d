"""The `numba` package when numba is not installed (pyjitc.numba's redirect): what numba-cuda
programs take from `numba` besides numba.cuda.

numba                   cuda (pyjitc.cuda), the type names (float32, int32, void, ...), types,
                        typeof, from_dtype, literal_unroll, njit / jit, vectorize / guvectorize,
                        prange, config; __version__ "0.0.0+pyjitc"
numba.types, numba.core.types   pyjitc.types
numba.config, numba.core.config pyjitc.cuda.config (ENABLE_CUDASIM and DISABLE_JIT 0)
numba.core.errors       pyjitc's TypingError, NumbaWarning, NumbaPerformanceWarning,
                        NumbaInvalidConfigWarning
numba.np.numpy_support  from_dtype, as_dtype

@njit and @jit do not compile for the CPU: the function runs as Python on the host, and a kernel
that calls it compiles it as a device function (as numba-cuda compiles an @njit function a kernel
calls). Options (cache=, fastmath=, nogil=, ...) and signatures are accepted and not used. Any
other numba name is an AttributeError (an unknown submodule a ModuleNotFoundError) that names it
and says numba is not installed."""
import functools
import importlib

__all__ = ["fill", "existing"]

VERSION = "0.0.0+pyjitc"


def _missing(modname, name):
    return AttributeError(f"module {modname!r} has no attribute {name!r}: numba is not installed, and pyjitc's "
                          f"numba stand-in (pyjitc.numba) does not have {modname}.{name} (install numba for it)")


def _module_getattr(modname, submodules=()):
    def __getattr__(name):
        full = f"{modname}.{name}"
        if full in submodules:
            return importlib.import_module(full)
        raise _missing(modname, name)
    return __getattr__


class HostFunction:
    """A function given to numba's @njit / @jit without numba: called on the host it runs as
    Python; a kernel that calls it compiles its py_func as a device function. As numba's
    dispatcher, one given signatures cannot compile for other types (_can_compile False), so a
    kernel may not call it (numba-cuda's TypingError, "using cpu function on device but its
    compilation is disabled")."""

    def __init__(self, fn, options=None, sigs=()):
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.targetoptions = dict(options or {})
        self._can_compile = not sigs

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)

    def __repr__(self):
        return f"<pyjitc host function {self.py_func.__qualname__} (numba's @njit, numba not installed)>"


def njit(*args, **kwargs):
    """numba.njit: @njit, @njit(options), @njit("float32(float32)"), @njit([sigs], options)."""
    from pyjitc.types import Signature, Type
    if len(args) == 1 and callable(args[0]) and not isinstance(args[0], (str, Type, Signature)):
        return HostFunction(args[0], kwargs)
    sigs = args[0] if args else kwargs.pop("signature_or_function", None)
    sigs = [] if sigs is None else list(sigs) if isinstance(sigs, list) else [sigs]

    def wrap(fn):
        return HostFunction(fn, kwargs, sigs)
    return wrap


def _fill_numba(m):
    import pyjitc
    import pyjitc.cuda
    import pyjitc.types as t
    m.__pyjitc_standin__ = True
    m.__version__ = VERSION
    m.__doc__ = __doc__
    for name in t.__all__:
        setattr(m, name, getattr(t, name))
    m.types = t
    m.typeof, m.from_dtype = t.typeof, t.from_dtype
    m.literal_unroll = pyjitc.literal_unroll
    m.njit = m.jit = njit
    m.prange = range
    m.config = _config()
    subs = ("numba.core", "numba.np")
    own = _module_getattr("numba", subs)

    def __getattr__(name):
        if name in ("vectorize", "guvectorize"):  # pyjitc's: run on pyjitc's device, whatever the target
            return getattr(pyjitc, name)
        return own(name)
    m.__getattr__ = __getattr__
    import numba.cuda  # noqa: F401  (pyjitc.cuda, through the redirect; sets m.cuda)


def _config():
    import pyjitc.cuda
    config = pyjitc.cuda.config
    for name, value in (("ENABLE_CUDASIM", 0), ("DISABLE_JIT", 0)):
        if not hasattr(config, name):
            setattr(config, name, value)
    return config


def _fill_core(m):
    m.__path__ = []
    m.__getattr__ = _module_getattr("numba.core", ("numba.core.types", "numba.core.errors", "numba.core.config"))


def _fill_errors(m):
    from pyjitc import errors
    for name in ("TypingError", "NumbaWarning", "NumbaPerformanceWarning", "NumbaInvalidConfigWarning"):
        setattr(m, name, getattr(errors, name))
    m.__getattr__ = _module_getattr("numba.core.errors")


def _fill_np(m):
    m.__path__ = []
    m.__getattr__ = _module_getattr("numba.np", ("numba.np.numpy_support",))


def _fill_numpy_support(m):
    from pyjitc.types import as_dtype, from_dtype
    m.from_dtype, m.as_dtype = from_dtype, as_dtype
    m.__getattr__ = _module_getattr("numba.np.numpy_support")


_FILL = {"numba": _fill_numba, "numba.core": _fill_core, "numba.core.errors": _fill_errors, "numba.np": _fill_np,
         "numba.np.numpy_support": _fill_numpy_support}


def existing(name):
    """The module that a stand-in name is (an alias of pyjitc's), or None for one made here."""
    if name in ("numba.types", "numba.core.types"):
        import pyjitc.types
        return pyjitc.types
    if name in ("numba.config", "numba.core.config"):
        return _config()
    return None


def fill(module):
    """Gives a stand-in module made here its names."""
    _FILL[module.__name__](module)
    module.__pyjitc_standin__ = True
