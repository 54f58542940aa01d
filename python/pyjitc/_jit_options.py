"""jit's options checked as numba checks them, and made into what a dispatcher keeps: launch_bounds,
shared_memory_carveout, debug and opt (their defaults from config), inline and forceinline,
max_registers, numba's other keyword arguments, and what may be decorated."""
import inspect
import types as pytypes
import warnings

import numpy as np

from . import _config
from .errors import DeprecationError, NumbaInvalidConfigWarning
from .types import Signature, Type

INLINE_AUTO, INLINE_NEVER, INLINE_ALWAYS = 0, 1, 2  # PjInline


def _launch_bounds(lb):
    """numba's launch_bounds (max threads per block, min blocks per multiprocessor, max blocks per
    cluster), an int or a tuple of 1 to 3 positive ints, as three ints (0 where not given)."""
    if lb is None:
        return (0, 0, 0)
    items = (lb,) if isinstance(lb, (int, np.integer)) else tuple(lb) if isinstance(lb, (tuple, list)) else None
    if items is None:
        raise TypeError(f"launch_bounds is an int or a tuple of up to three ints, not {type(lb).__name__}")
    if len(items) > 3:
        raise ValueError(f"Got {len(items)} launch bounds: {lb}. A maximum of three are supported: "
                         "(max_threads_per_block, min_blocks_per_sm, max_blocks_per_cluster)")
    if not all(isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n > 0 for n in items):
        raise ValueError(f"launch bounds {lb}: each is a positive int")
    return tuple(int(n) for n in items) + (0,) * (3 - len(items))


def _check_carveout(c):
    """numba's shared_memory_carveout: "MaxL1", "MaxShared", "default", or a percentage 0 to 100 of
    the unified L1/shared memory for shared memory (-1: the driver's default). Checked only: pyjitc
    leaves the split to the driver."""
    if c is None or isinstance(c, str) and c in ("MaxL1", "MaxShared", "default"):
        return
    if isinstance(c, (int, np.integer)) and not isinstance(c, bool):
        if not -1 <= c <= 100:
            raise ValueError(f"shared_memory_carveout {c}: a percentage must be between -1 and 100")
        return
    raise ValueError(f"Invalid carveout value {c!r}: give 'MaxL1', 'MaxShared', 'default' or an int from -1 to 100")


def _debug_opt(debug, opt, lineinfo=False):
    """@jit's and compile's debug and opt, their defaults from config (CUDA_DEBUGINFO_DEFAULT, OPT),
    with a NumbaInvalidConfigWarning for options that do not go together."""
    debug = bool(_config.CUDA_DEBUGINFO_DEFAULT if debug is None else debug)
    opt = bool(_config.OPT != 0 if opt is None else opt)
    if debug and opt:
        warnings.warn(NumbaInvalidConfigWarning(
            "debug=True with opt=True is not supported by CUDA: device code is debugged unoptimised "
            "(optimised code keeps only its line information) - set debug=False or opt=False"), stacklevel=3)
    if debug and lineinfo:
        warnings.warn(NumbaInvalidConfigWarning(
            "debug and lineinfo are mutually exclusive: debug=True gives full debug information (and "
            "bounds checks), lineinfo=True line information only, with code generation unaffected"),
            stacklevel=3)
    return debug, opt


def _inline_mode(inline=None, forceinline=None):
    """What @jit's inline and forceinline ask of a device function's calls (PjInline). numba inlines
    at its own IR's level for inline="always" (True), and NVVM inlines a forceinline=True function
    (LLVM's alwaysinline): both are always inlined here. inline="never" (False) or forceinline=False,
    given, keep the calls as calls of a function of its own (noinline). Neither given, or a cost
    model (a function of numba's IR, which pyjitc does not have), leaves it to LLVM's inliner, as
    numba's defaults leave it to NVVM's."""
    if not (inline is None or isinstance(inline, bool) or inline in ("always", "never") or callable(inline)):
        raise ValueError(f"inline={inline!r}: give 'always', 'never' or a cost-model function")
    if forceinline is True or inline is True or inline == "always":
        return INLINE_ALWAYS
    if forceinline is False or inline is False or inline == "never":
        return INLINE_NEVER
    return INLINE_AUTO


# numba-cuda's jit reads these of its **kws besides the parameters of jit below (lto and
# shared_memory_carveout are parameters of its own there): accepted, and ignored where they mean
# nothing here (lto: pyjitc links no LTO-IR; extensions: numba's launch extensions, which a
# dispatcher keeps in .extensions). argtypes, restype and bind are numba's old spellings of a
# signature, which it refuses when given.
_JIT_KWS = frozenset(("lto", "shared_memory_carveout", "extensions", "boundscheck", "argtypes", "restype", "bind"))
_MAX_REGISTERS = 255  # PTX's .maxnreg: CUDA gives a thread at most 255 registers


def _check_jit_kws(kws, device):
    """numba's refusals of jit's extra keyword arguments, and an unknown one named as Python names
    it: numba-cuda itself fails at a kernel's first compile, when the kernel's constructor gets it.
    A device function's compile reads the options it knows and passes none on, so numba's own
    flags (_dbg_optnone: a leading '_') are let through there."""
    for key in kws:
        if key not in _JIT_KWS and not (device and key.startswith("_")):
            raise TypeError(f"jit() got an unexpected keyword argument {key!r}")
    if kws.get("boundscheck"):
        raise NotImplementedError("bounds checking is not supported for CUDA (debug=True checks every index)")
    for key in ("argtypes", "restype", "bind"):
        if kws.get(key) is not None:
            raise DeprecationError(f"Deprecated keyword argument `{key}`: give the signature as jit's first "
                                   "positional argument")
    _check_carveout(kws.get("shared_memory_carveout"))


def _max_registers(n):
    """jit's max_registers: None or 0 (the compiler's choice), or 1 to 255 registers per thread."""
    if n is None:
        return 0
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"max_registers must be an int, not {type(n).__name__}")
    if not 0 <= n <= _MAX_REGISTERS:
        raise ValueError(f"max_registers={n}: a thread may be limited to 1 to {_MAX_REGISTERS} registers "
                         "(0 or None: no limit)")
    return int(n)


def _check_function(fn):
    """What jit compiles is a Python function (def or lambda): not a builtin, a class or another
    callable, and not a generator or a coroutine, which a kernel cannot be."""
    if not isinstance(fn, pytypes.FunctionType):
        what = "a class" if isinstance(fn, type) else f"of type {type(fn).__name__}"
        raise TypeError(f"cuda.jit compiles Python functions (def or lambda); {fn!r} is {what}")
    kind = ("an async generator" if inspect.isasyncgenfunction(fn) else "an async function (a coroutine)"
            if inspect.iscoroutinefunction(fn) else "a generator (it yields)" if inspect.isgeneratorfunction(fn) else None)
    if kind:
        code = fn.__code__
        raise TypeError(f"{code.co_filename}:{code.co_firstlineno}: '{fn.__name__}' is {kind}: "
                        "kernels and device functions cannot be")


def _is_signature(s):
    """A signature as jit takes it: text, types built (void(float32[:])), a tuple of argument
    types, or numba's own signature object."""
    return isinstance(s, (str, tuple, Signature, Type)) or hasattr(s, "args") and hasattr(s, "return_type")
