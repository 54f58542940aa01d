"""numba's compile API: compile_ptx, compile and compile_all (and their forms for the current
device), a kernel or a device function compiled for a signature into PTX without launching it;
no GPU needed."""
import re

from ._dispatcher import EMIT_PTX, _ABIS, Dispatcher, _arch, _compile_device
from ._jit_options import _debug_opt, _launch_bounds
from ._runtime import device
from ._signatures import _as_types
from .types import NoneType, parse_signature


_OUTPUTS = ("ptx", "ltoir")


def _check_abi(abi, device):
    if abi not in _ABIS:
        raise NotImplementedError(f"Unsupported ABI: {abi}")
    if abi == "c" and not device:
        raise NotImplementedError("The C ABI is not supported for kernels")


def _check_output(output, forceinline=False):
    if output not in _OUTPUTS:
        raise NotImplementedError(f"Unsupported output type: {output}")
    if forceinline and output != "ltoir":  # numba-cuda's rule, before anything is compiled
        raise ValueError("Can only designate forced inlining in LTO-IR")
    if output == "ltoir":
        raise NotImplementedError("output='ltoir': pyjitc compiles with LLVM's NVPTX back end and makes PTX only, "
                                  "not NVVM's LTO-IR; use output='ptx'")


def _compile(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi, abi_info, launch_bounds=None):
    """(PTX, result type): the work of compile_ptx, compile and compile_all."""
    _check_abi(abi, device)
    debug, opt = _debug_opt(debug, opt)
    options = {"debug": debug, "lineinfo": bool(lineinfo), "fastmath": bool(fastmath),
               "opt": opt, "launch_bounds": _launch_bounds(launch_bounds)}
    if device:
        abi_name = (abi_info or {}).get("abi_name")
        if abi_name is not None and (not isinstance(abi_name, str) or abi_name in ("_", "$")
                                     or not re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", abi_name)):
            raise ValueError(f"abi_name {abi_name!r} is not a name PTX accepts for a function (letters, digits, "
                             "'_' and '$', not starting with a digit)")
        kernel, resty = _compile_device(pyfunc, sig, options, abi, abi_name, EMIT_PTX, _arch(cc))
        return kernel.text("ptx"), resty
    s = parse_signature(sig)
    if s.return_type is not None and not isinstance(s.return_type, NoneType):
        raise TypeError(f"CUDA kernel must have void return type (the signature says {s.return_type!r})")
    types = _as_types(s)
    d = Dispatcher(pyfunc, False, (), options)
    kernel = d._compile(types, EMIT_PTX, "cuda", _arch(cc))
    from .types import void
    return kernel.text("ptx"), void


def compile_ptx(pyfunc, sig, debug=None, lineinfo=False, device=False, fastmath=False, cc=None, opt=None,
                abi="numba", abi_info=None, forceinline=False, launch_bounds=None, **kws):
    """numba.cuda.compile_ptx: (PTX text, result type) of the function compiled for the signature,
    a kernel (.entry) or, with device=True, a device function (.func) with numba's ABI (abi="numba":
    int32 status, the result through a pointer passed first) or the C ABI (abi="c", named by
    abi_info={"abi_name": ...}). Needs no GPU. forceinline is for LTO-IR only (numba's ValueError)."""
    _check_output("ptx", forceinline)
    return _compile(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi, abi_info, launch_bounds)


def compile_ptx_for_current_device(pyfunc, sig, **kws):
    """compile_ptx for the compute capability of the current GPU (sm_90 where there is none)."""
    return compile_ptx(pyfunc, sig, cc=_current_cc(), **kws)


def _current_cc():
    """The current GPU's compute capability, or the newest older one the PTX compiler targets."""
    arch = device()[2]
    if not arch:
        return None
    from .cuda import _find_closest_arch
    return _find_closest_arch((int(arch[3:-1]), int(arch[-1])))


def compile(pyfunc, sig, debug=None, lineinfo=False, device=True, fastmath=False, cc=None, opt=None, abi="c",
            abi_info=None, output="ptx", forceinline=False, launch_bounds=None, **kws):
    """numba.cuda.compile: (code, result type); a device function with the C ABI unless told
    otherwise. pyjitc's output is PTX (output="ltoir" is NVVM's and not made here)."""
    _check_output(output, forceinline)
    return _compile(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi, abi_info, launch_bounds)


def compile_for_current_device(pyfunc, sig, **kws):
    """compile for the compute capability of the current GPU."""
    return compile(pyfunc, sig, cc=_current_cc(), **kws)


def compile_all(pyfunc, sig, debug=None, lineinfo=False, device=True, fastmath=False, cc=None, opt=None, abi="c",
                abi_info=None, output="ptx", forceinline=False, launch_bounds=None, **kws):
    """numba.cuda.compile_all: ([code], result type). numba lists the code of the files the function
    links after its own; pyjitc links those when a kernel is loaded, so the list holds the PTX only."""
    _check_output(output, forceinline)
    code, resty = _compile(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi, abi_info, launch_bounds)
    return [code], resty
