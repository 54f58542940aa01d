"""numba.cuda.errors is the same module object as numba.core.errors."""
import sys

from numba.core import errors

sys.modules[__name__] = errors
