"""pyjitc's exceptions, named as numba's are."""


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


class NumbaWarning(_JoinableWarning):
    """A warning from pyjitc about a kernel or its launch (numba's base warning class)."""


class NumbaPerformanceWarning(NumbaWarning):
    """The program works but will run slowly on a GPU: a grid too small to fill the device
    (config.CUDA_LOW_OCCUPANCY_WARNINGS), a host array copied to and from the device at each
    launch (config.CUDA_WARN_ON_IMPLICIT_COPY). config.DISABLE_PERFORMANCE_WARNINGS silences both."""


class NumbaInvalidConfigWarning(NumbaWarning):
    """Options of @cuda.jit that do not go together (debug=True with opt=True, debug with lineinfo)."""
