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
