"""numba's error and warning classes. TypingError and the warnings pyjitc emits
(NumbaPerformanceWarning, NumbaInvalidConfigWarning and their base NumbaWarning) are pyjitc's own;
the others are numba's classes that pyjitc never raises, so a test expecting one of them fails
unless pyjitc behaves the same way by other means."""
from pyjitc.errors import (CudaError, CudaSupportError, NumbaInvalidConfigWarning,  # noqa: F401
                           NumbaPerformanceWarning, NumbaWarning, TypingError)


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


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    pass


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
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
