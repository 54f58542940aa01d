"""cuda.declare_device: functions written in another language (CUDA C, PTX, ...) that kernels call
by name, declared with their signature and the files that define them."""
from ._runtime import CODES
from .types import Array, CPointer, NoneType, Type, parse_signature


class ForeignFunction:
    """What cuda.declare_device returns: a function written in another language that kernels
    call by this name, with numba's ABI (an int status, the result through a pointer passed
    first) or the C ABI (abi="c"), linked from the files in `link`."""

    def __init__(self, name, sig, link=(), use_cooperative=False, abi="numba"):
        if abi not in ("numba", "c"):
            raise NotImplementedError(f"unsupported ABI {abi!r}: 'numba' or 'c'")
        self.name, self.abi, self.use_cooperative = name, abi, use_cooperative
        self.link = tuple(link) if isinstance(link, (list, tuple, set)) else (link,) if link else ()
        bare = isinstance(sig, (tuple, list)) or (isinstance(sig, str) and sig.strip().startswith("("))
        s = None if bare or (isinstance(sig, str) and "(" not in sig) else parse_signature(sig)
        if s is None or s.return_type is None:
            raise TypeError("Return type must be provided for device declarations")
        for t in (s.return_type, *s.args):
            base = t.dtype if isinstance(t, (Array, CPointer)) and t is not s.return_type else t
            if not isinstance(base, Type) or (base.name not in CODES and not isinstance(base, NoneType)):
                raise NotImplementedError(f"declare_device({name!r}): pyjitc passes numbers only, not {t!r}")
        if isinstance(s.return_type, Array):
            raise TypeError(f"declare_device({name!r}): a device function cannot return an array")
        self.sig = s
        self.__name__ = name

    def __call__(self, *args):
        raise TypeError(f"'{self.name}' is a device function declared with cuda.declare_device: call it from a kernel")

    def __repr__(self):
        return f"<pyjitc foreign device function {self.name} {self.sig!r}>"


def declare_device(name, sig, link=None, use_cooperative=False, abi="numba"):
    """numba.cuda.declare_device: a foreign device function kernels can call."""
    return ForeignFunction(name, sig, link or (), use_cooperative, abi)
