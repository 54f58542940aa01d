"""pyjitc's exceptions, named as numba's are."""


class TypingError(Exception):
    """The kernel was rejected: the message holds each diagnostic with its file, line, column
    and a caret under the user's code; `diagnostics` holds them as dicts."""

    diagnostics = ()


class KernelReturnError(TypingError, TypeError):
    """A kernel returns a value: a TypingError that is also the TypeError numba raises ("CUDA
    kernel must have void return type")."""


class CudaError(Exception):
    """The device, a copy or a launch failed (a CUDA error names the kernel)."""


class CudaSupportError(CudaError):
    """No CUDA device can be used (raised where numba raises it)."""


class NumbaWarning(Warning):
    """A warning from pyjitc about a kernel or its launch (numba's base warning class)."""


class NumbaPerformanceWarning(NumbaWarning):
    """The program works but will run slowly on a GPU: a grid too small to fill the device
    (config.CUDA_LOW_OCCUPANCY_WARNINGS), a host array copied to and from the device at each
    launch (config.CUDA_WARN_ON_IMPLICIT_COPY). config.DISABLE_PERFORMANCE_WARNINGS silences both."""


class NumbaInvalidConfigWarning(NumbaWarning):
    """Options of @cuda.jit that do not go together (debug=True with opt=True, debug with lineinfo)."""
