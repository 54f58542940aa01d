"""numba.cuda.typing.typeof: typeof is pyjitc.types.typeof; the rest (typeof_impl, ...) is Missing."""
from pyjitc.types import typeof  # noqa: F401

from numba import _standin

__getattr__ = _standin.module_getattr(__name__, submodules=False)
