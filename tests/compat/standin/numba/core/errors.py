"""numba's error and warning classes. TypingError is pyjitc's own (what pyjitc raises when it
rejects a kernel); the others are numba's classes that pyjitc never raises, so a test expecting
one of them fails unless pyjitc behaves the same way by other means."""
from pyjitc.errors import CudaError, CudaSupportError, TypingError  # noqa: F401


class NumbaError(Exception):
    pass


class UnsupportedError(NumbaError):
    pass


class LoweringError(NumbaError):
    pass


class NumbaValueError(NumbaError, ValueError):
    pass


class NumbaTypeError(NumbaError, TypeError):
    pass


class NumbaNotImplementedError(NumbaError, NotImplementedError):
    pass


class ConstantInferenceError(NumbaError):
    pass


class InternalError(NumbaError):
    pass


class NumbaWarning(Warning):
    pass


class NumbaPerformanceWarning(NumbaWarning):
    pass


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    pass


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    pass


class NumbaInvalidConfigWarning(NumbaWarning):
    pass


class NumbaDebugInfoWarning(NumbaWarning):
    pass


class NumbaIRAssumptionWarning(NumbaWarning):
    pass


class NumbaExperimentalFeatureWarning(NumbaWarning):
    pass


def __getattr__(name):
    from numba import _standin
    return _standin.module_getattr(__name__, submodules=False)(name)
