"""pyjitc's exceptions, named as numba's are."""
import sys


class _Joinable(Exception):
    """The base of the exceptions that pyjitc.numba, where numba is installed, makes subclasses of
    numba's class of the same name too (so that `except numba.core.errors.TypingError` catches
    pyjitc's): a Python class between them and Exception, which that __bases__ assignment needs."""


class _JoinableWarning(Warning):
    """As _Joinable, for the warnings."""


class TypingError(_Joinable):
    """The kernel was rejected: the message holds each diagnostic with its file, line, column
    and a caret under the user's code; `diagnostics` holds them as dicts."""

    diagnostics = ()


class KernelReturnError(TypingError, TypeError):
    """A kernel returns a value: a TypingError that is also the TypeError numba raises ("CUDA
    kernel must have void return type")."""


class SourceNotFoundError(OSError):
    """pyjitc compiles a kernel from its Python source text, and found none for this function:
    not in its file (nor linecache, where IPython and Jupyter keep their cells), not among the
    texts given to exec() or compile(), and not at the prompt or on standard input. An OSError,
    as inspect's "could not get source code" is, and not a TypingError: the kernel was not
    rejected, it was never read. The message says where pyjitc looked and what to do;
    `function` is the function's name, `filename` the file its code names, `looked` the places
    tried (one line each)."""

    def __init__(self, message, function=None, filename=None, looked=()):
        super().__init__(message)
        self.function, self.filename, self.looked = function, filename, tuple(looked)

    def __str__(self):
        return self.args[0] if self.args else ""

    def __reduce__(self):
        return type(self), (str(self), self.function, self.filename, self.looked)


class CudaError(Exception):
    """The device, a copy or a launch failed (a CUDA error names the kernel)."""


class CudaSupportError(CudaError):
    """No CUDA device can be used (raised where numba raises it)."""


# The CUDA driver's error codes (CUresult, cuda.h) by name: what CudaAPIError.code holds.
_CURESULT = {
    "CUDA_SUCCESS": 0, "CUDA_ERROR_INVALID_VALUE": 1, "CUDA_ERROR_OUT_OF_MEMORY": 2,
    "CUDA_ERROR_NOT_INITIALIZED": 3, "CUDA_ERROR_DEINITIALIZED": 4, "CUDA_ERROR_PROFILER_DISABLED": 5,
    "CUDA_ERROR_PROFILER_NOT_INITIALIZED": 6, "CUDA_ERROR_PROFILER_ALREADY_STARTED": 7,
    "CUDA_ERROR_PROFILER_ALREADY_STOPPED": 8, "CUDA_ERROR_STUB_LIBRARY": 34, "CUDA_ERROR_DEVICE_UNAVAILABLE": 46,
    "CUDA_ERROR_NO_DEVICE": 100, "CUDA_ERROR_INVALID_DEVICE": 101, "CUDA_ERROR_DEVICE_NOT_LICENSED": 102,
    "CUDA_ERROR_INVALID_IMAGE": 200, "CUDA_ERROR_INVALID_CONTEXT": 201, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT": 202,
    "CUDA_ERROR_MAP_FAILED": 205, "CUDA_ERROR_UNMAP_FAILED": 206, "CUDA_ERROR_ARRAY_IS_MAPPED": 207,
    "CUDA_ERROR_ALREADY_MAPPED": 208, "CUDA_ERROR_NO_BINARY_FOR_GPU": 209, "CUDA_ERROR_ALREADY_ACQUIRED": 210,
    "CUDA_ERROR_NOT_MAPPED": 211, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY": 212, "CUDA_ERROR_NOT_MAPPED_AS_POINTER": 213,
    "CUDA_ERROR_ECC_UNCORRECTABLE": 214, "CUDA_ERROR_UNSUPPORTED_LIMIT": 215,
    "CUDA_ERROR_CONTEXT_ALREADY_IN_USE": 216, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED": 217,
    "CUDA_ERROR_INVALID_PTX": 218, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT": 219,
    "CUDA_ERROR_NVLINK_UNCORRECTABLE": 220, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND": 221,
    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION": 222, "CUDA_ERROR_JIT_COMPILATION_DISABLED": 223,
    "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY": 224, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC": 225,
    "CUDA_ERROR_INVALID_SOURCE": 300, "CUDA_ERROR_FILE_NOT_FOUND": 301,
    "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND": 302, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED": 303,
    "CUDA_ERROR_OPERATING_SYSTEM": 304, "CUDA_ERROR_INVALID_HANDLE": 400, "CUDA_ERROR_ILLEGAL_STATE": 401,
    "CUDA_ERROR_LOSSY_QUERY": 402, "CUDA_ERROR_NOT_FOUND": 500, "CUDA_ERROR_NOT_READY": 600,
    "CUDA_ERROR_ILLEGAL_ADDRESS": 700, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES": 701, "CUDA_ERROR_LAUNCH_TIMEOUT": 702,
    "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING": 703, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED": 704,
    "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED": 705, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE": 708,
    "CUDA_ERROR_CONTEXT_IS_DESTROYED": 709, "CUDA_ERROR_ASSERT": 710, "CUDA_ERROR_TOO_MANY_PEERS": 711,
    "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED": 712, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED": 713,
    "CUDA_ERROR_HARDWARE_STACK_ERROR": 714, "CUDA_ERROR_ILLEGAL_INSTRUCTION": 715,
    "CUDA_ERROR_MISALIGNED_ADDRESS": 716, "CUDA_ERROR_INVALID_ADDRESS_SPACE": 717, "CUDA_ERROR_INVALID_PC": 718,
    "CUDA_ERROR_LAUNCH_FAILED": 719, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE": 720,
    "CUDA_ERROR_NOT_PERMITTED": 800, "CUDA_ERROR_NOT_SUPPORTED": 801, "CUDA_ERROR_SYSTEM_NOT_READY": 802,
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": 803, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE": 804,
    "CUDA_ERROR_UNKNOWN": 999,
}


class CUresult(int):
    """A CUDA driver error code as numba's CudaAPIError.code holds it (cuda.bindings' CUresult
    member): equal to its number, with its name; printed as <CUresult.NAME: number>."""

    def __new__(cls, value, name=None):
        obj = super().__new__(cls, value)
        obj.name = name or next((n for n, v in _CURESULT.items() if v == value), f"CUDA_ERROR_{int(value)}")
        return obj

    def __repr__(self):
        return f"<CUresult.{self.name}: {int(self)}>"

    __str__ = __repr__

    def __reduce__(self):
        return CUresult, (int(self), self.name)


class CudaAPIError(CudaError):
    """A CUDA driver call failed (numba's cudadrv.driver.CudaAPIError): `code` is the driver's
    CUresult (compares equal to its number: e.code == 400), `msg` what failed and why; printed
    as numba prints it, "[<CUresult.NAME: n>] msg". Also raised where pyjitc refuses what the
    driver would refuse with that code (a block larger than the device allows: the driver's
    CUDA_ERROR_INVALID_VALUE, a ValueError as well). Where the program has imported cuda-core,
    also an instance of its CUDAError, which numba-cuda 0.30 raises for a failed launch."""

    def __init__(self, code, msg):
        self.code, self.msg = code, msg
        super().__init__(code, msg)

    def __str__(self):
        return f"[{self.code!r}] {self.msg}"

    def __reduce__(self):
        return _rebuild_api_error, (int(self.code), getattr(self.code, "name", None), self.msg,
                                    isinstance(self, ValueError))


# a launch configuration the device cannot run: numba's CudaAPIError, and the ValueError pyjitc
# has always raised for it (named as numba's class in tracebacks; pickled through __reduce__)
_CudaAPIValueError = type("CudaAPIError", (CudaAPIError, ValueError), {"__module__": __name__, "__doc__":
                          CudaAPIError.__doc__})


# where cuda-core defines CUDAError (1.x; 0.x under .experimental): numba-cuda 0.30 raises it for a
# failed launch, so a program written for it catches that class
_CUDA_CORE_ERROR_MODULES = ("cuda.core._utils.cuda_utils", "cuda.core.experimental._utils.cuda_utils")
_WITH_CUDA_CORE = {}  # (pyjitc's class, cuda.core's CUDAError) -> the class that is both


def _api_error_class(is_value):
    """CudaAPIError (with ValueError where is_value), and also cuda.core's CUDAError where the
    program has imported cuda.core's module holding it (pyjitc never imports cuda.core: a program
    that catches CUDAError has imported it; one that has not pays nothing)."""
    cls = _CudaAPIValueError if is_value else CudaAPIError
    for name in _CUDA_CORE_ERROR_MODULES:
        other = getattr(sys.modules.get(name), "CUDAError", None)
        if not (isinstance(other, type) and issubclass(other, Exception)) or issubclass(cls, other):
            continue
        joined = _WITH_CUDA_CORE.get((cls, other))
        if joined is None:
            try:
                joined = type("CudaAPIError", (cls, other), {"__module__": __name__, "__doc__": cls.__doc__})
            except TypeError:  # a CUDAError that cannot be a base alongside it: pyjitc's class alone
                return cls
            _WITH_CUDA_CORE[(cls, other)] = joined
        cls = joined
    return cls


def _rebuild_api_error(code, name, msg, is_value):
    return _api_error_class(is_value)(CUresult(code, name), msg)


def _api_error(message, is_argument):
    """The exception for a runtime failure whose message names a CUDA driver error (the hook of
    pyjitc._core): CudaAPIError with that code; None where the name is not one of the driver's."""
    import re
    m = re.search(r"\b(CUDA_ERROR_[A-Z0-9_]+)", message)
    if m is None or m.group(1) not in _CURESULT:
        return None
    code = CUresult(_CURESULT[m.group(1)], m.group(1))
    # numba's words for a failed call: "Call to cuEventElapsedTime results in CUDA_ERROR_..."
    message = re.sub(r"\b(cu[A-Za-z]+?)(?:_v\d+)? failed: (CUDA_ERROR_[A-Z0-9_]+)", r"Call to \1 results in \2", message)
    return _api_error_class(is_argument)(code, message)


class NumbaWarning(_JoinableWarning):
    """A warning from pyjitc about a kernel or its launch (numba's base warning class)."""


class NumbaPerformanceWarning(NumbaWarning):
    """The program works but will run slowly on a GPU: a grid too small to fill the device
    (config.CUDA_LOW_OCCUPANCY_WARNINGS), a host array copied to and from the device at each
    launch (config.CUDA_WARN_ON_IMPLICIT_COPY). config.DISABLE_PERFORMANCE_WARNINGS silences both."""


class NumbaInvalidConfigWarning(NumbaWarning):
    """Options of @cuda.jit that do not go together (debug=True with opt=True, debug with lineinfo)."""


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    """numba's warning for a deprecated feature (numba.cuda.core.errors has it for programs to filter)."""


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    """numba's warning for a feature to be deprecated."""


class NumbaDebugInfoWarning(NumbaWarning):
    """numba's warning about debug information."""


class NumbaPedanticWarning(NumbaWarning):
    """numba's warning about a likely mistake."""


class NumbaIRAssumptionWarning(NumbaPedanticWarning):
    """numba's warning about its IR; named so that programs filtering it import."""


class NumbaTypeError(TypeError):
    """numba's TypeError for a wrong argument to one of its functions."""


class NumbaValueError(ValueError):
    """numba's ValueError for a wrong value given to one of its functions."""


class DeprecationError(_Joinable):
    """numba's error for a spelling it no longer takes (jit's argtypes=, restype=, bind=)."""


class UnsupportedError(Exception):
    """numba's error for a Python feature its compiler does not support (pyjitc says so as a
    TypingError with the file, line and column)."""

