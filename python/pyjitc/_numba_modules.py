"""numba-cuda's public modules that programs and test suites import by name, made from what
pyjitc has: numba.cuda.typing (signature), numba.cuda.np.numpy_support (from_dtype, as_dtype,
numpy_version, carray, farray), numba.cuda.core (config, errors), numba.cuda.compiler (the
compile functions), numba.cuda.misc.special (literal_unroll) and the driver object of
numba.cuda.cudadrv.driver. Each is a module registered as pyjitc.cuda.<name> (so that
pyjitc.numba's redirect finds it as numba.cuda.<name>) and set as an attribute of its parent.
numba's internals (its typing templates, IR, passes, lowering registries) are not here: those are
numba's compiler, which pyjitc replaces."""
import sys
import types as _pytypes

import numpy as np


def _module(parent, name, doc, package=False):
    full = f"{parent.__name__}.{name}"
    m = sys.modules.get(full)
    if m is None:
        m = _pytypes.ModuleType(full, doc)
        sys.modules[full] = m
    if package and not hasattr(m, "__path__"):
        m.__path__ = []
    setattr(parent, name, m)
    return m


def literal_unroll(container):
    """`for x in literal_unroll(t):` in a kernel runs the loop's body once per item of the tuple t,
    each copy typed for its item, so the items may differ in type (arrays of several dtypes or
    dimensions, numbers of several types). On the host it is the tuple itself, as numba's is.
    pyjitc.literal_unroll and numba.cuda.misc.special.literal_unroll."""
    return container


literal_unroll._pyjitc_qualname = "numba.literal_unroll"


def signature(return_type, *args, **kws):
    """numba's typing.signature(return_type, *argument_types): `float32(int32, int32)` written as a
    call, as compile_ptx, jit and declare_device take it."""
    from . import types
    recvr = kws.pop("recvr", None)
    if kws:
        raise TypeError(f"signature() got unexpected keyword arguments {sorted(kws)}")
    return types.Signature(return_type, args, recvr=recvr)


def _numpy_version():
    """numba's numpy_support.numpy_version: NumPy's (major, minor)."""
    return tuple(int(p) for p in np.__version__.split(".")[:2])


class Driver:
    """numba's cudadrv.driver.driver, the CUDA driver object, as far as programs use it: the device
    count and whether a device is there."""

    def __init__(self, cuda):
        self._cuda = cuda

    def initialize(self):
        """Nothing to do: pyjitc loads the driver on first use."""

    @property
    def is_available(self):
        return bool(self._cuda.is_available())

    def get_device_count(self):
        return len(self._cuda.list_devices()) if self._cuda.is_available() else 0

    def reset(self):
        self._cuda.close()

    def flush_pending_free(self):
        """pyjitc frees device memory when its last array goes: nothing is pending."""

    # numba's driver functions for copies, (destination, source, bytes), synchronous; a program
    # may replace them on this object (numba-cuda's tests do, to prove a path copies nothing),
    # and device arrays then copy through its replacements
    def cuMemcpyHtoD(self, dst, src, size):
        from . import _core
        _core.copy(0, int(getattr(dst, "value", dst) or 0), int(getattr(src, "value", src) or 0), int(size), None)

    def cuMemcpyDtoH(self, dst, src, size):
        from . import _core
        _core.copy(1, int(getattr(dst, "value", dst) or 0), int(getattr(src, "value", src) or 0), int(size), None)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        self._copies_changed(name)

    def __delattr__(self, name):
        object.__delattr__(self, name)
        self._copies_changed(name)

    def _copies_changed(self, name):
        if name in ("cuMemcpyHtoD", "cuMemcpyDtoH"):
            from . import _devicearray
            _devicearray.use_driver_copies(self)

    def __repr__(self):
        return "<pyjitc's CUDA driver (numba.cuda.cudadrv.driver.driver)>"


def build(cuda):
    """Adds the modules to pyjitc.cuda (the module object `cuda`)."""
    from . import errors, types

    typing = _module(cuda, "typing", "numba.cuda.typing: signature (pyjitc's types).", package=True)
    typing.signature = signature
    typing.Signature = types.Signature
    templates = _module(typing, "templates", "numba.cuda.typing.templates: signature, Signature.")
    templates.signature, templates.Signature = signature, types.Signature
    typeof = _module(typing, "typeof", "numba.cuda.typing.typeof: typeof.")
    typeof.typeof = types.typeof

    np_pkg = _module(cuda, "np", "numba.cuda.np: numpy_support.", package=True)
    ns = _module(np_pkg, "numpy_support", "numba.cuda.np.numpy_support: NumPy dtypes and pyjitc's types.")
    ns.from_dtype, ns.as_dtype = types.from_dtype, types.as_dtype
    ns.numpy_version = _numpy_version()
    ns.carray, ns.farray = cuda.carray, cuda.farray  # the kernel-side functions (cuda.carray)

    core = _module(cuda, "core", "numba.cuda.core: config and errors.", package=True)
    core.config = cuda.config
    sys.modules[core.__name__ + ".config"] = cuda.config
    err = _module(core, "errors", "numba.cuda.core.errors: the exceptions and warnings pyjitc raises.")
    for name in ("TypingError", "NumbaWarning", "NumbaPerformanceWarning", "NumbaInvalidConfigWarning",
                 "NumbaDeprecationWarning", "NumbaPendingDeprecationWarning", "NumbaDebugInfoWarning",
                 "NumbaPedanticWarning", "NumbaIRAssumptionWarning", "NumbaTypeError", "NumbaValueError",
                 "UnsupportedError", "DeprecationError", "KernelReturnError"):
        setattr(err, name, getattr(errors, name))

    compiler = _module(cuda, "compiler", "numba.cuda.compiler: compile_ptx and the other compile functions.")
    for name in ("compile", "compile_all", "compile_for_current_device", "compile_ptx",
                 "compile_ptx_for_current_device"):
        setattr(compiler, name, getattr(cuda, name))

    misc = _module(cuda, "misc", "numba.cuda.misc: special.", package=True)
    special = _module(misc, "special", "numba.cuda.misc.special: literal_unroll.")
    special.literal_unroll = literal_unroll

    cuda.cudadrv.driver.driver = Driver(cuda)
