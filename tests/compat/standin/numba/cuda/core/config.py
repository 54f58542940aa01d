"""numba.cuda.core.config is the same module object as numba.cuda.config."""
import sys

from numba.cuda import config

sys.modules[__name__] = config
