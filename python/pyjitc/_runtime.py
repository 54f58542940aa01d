"""The device pyjitc runs on, opened once: the GPU when there is one (and PYJITC_TARGET is not
cpu), else the CPU executor. Also numpy dtypes <-> pyjitc's dtype codes."""
import os

import numpy as np

from . import _core
from .errors import CudaError, TypingError



def _np_dtype(name):
    """NumPy's dtype of a pyjitc dtype name; bfloat16 is ml_dtypes' (None when it is not installed)."""
    if name == "bfloat16":
        try:
            import ml_dtypes
        except ImportError:
            return None
        return np.dtype(ml_dtypes.bfloat16)
    if name.startswith("fp8_"):
        return None  # kernel scalars only
    return np.dtype(name)


CODES = _core.dtype_codes()                    # {"float32": 9, ...}
DTYPES = {code: _np_dtype(name) for name, code in CODES.items() if _np_dtype(name) is not None}
from .errors import _api_error  # noqa: E402
_core.set_api_error_hook(_api_error)  # failures that name a CUDA error: numba's CudaAPIError
_core.register(np.ndarray, np.generic, TypingError, CudaError,
               {d.type: c for c, d in DTYPES.items() if d.kind not in "cMm"})  # datetimes: one type, many units

def device():
    """(target, name, arch, ordinal) of the calling thread's device, opened on first use: the GPU
    whose context is current on this thread (cuda.select_device, `with cuda.gpus[i]:`, CuPy's
    Device(i).use()), else GPU 0, else (no GPU, or PYJITC_TARGET=cpu) the CPU executor."""
    return _core.current()


def target():
    """"cuda" or "cpu": the calling thread's device's target. Where the GPU's warm-up (see warm_up)
    has read the GPU, known before its context is made: compiling need not wait for it."""
    return _core.target_arch()[0]


def arch():
    """The calling thread's GPU's architecture ("sm_90"), None on the CPU executor; before the GPU's
    context is made, as target()."""
    return _core.target_arch()[1]


_warm_asked = False
_decorated = False


def warm_up(trigger="launch"):
    """Starts the GPU while the program goes on. The runtime opens GPU 0 on a thread of its own
    (plain C, without the GIL: the driver's start, cuInit, the primary context, a first allocation)
    while Python runs the module and compiles; the first launch takes that device, or reports its
    error as an open would. When, by PYJITC_WARMUP:
    - unset or "launch": at the first launch configuration (`kernel[grid, block]`), where a launch
      is sure to come: the context is made while the kernel compiles, and a program that only
      decorates kernels, or forks before its first launch (multiprocessing's 'fork' with children
      that use the GPU), behaves as under numba, which makes the context at first use;
    - "decorate" (or "1"): at the first @cuda.jit decoration, earlier (the context is made while the
      module runs too), but then a child forked after the decoration cannot use CUDA ("CUDA
      initialized before forking") and a process that never launches holds a context;
    - "0": never; the first device use makes the context, as numba does.
    Nothing happens on the CPU executor (PYJITC_TARGET=cpu) or once a device is open.
    PYJITC_TRACE_START=1 prints where the start's time went, at exit."""
    global _warm_asked, _decorated
    if trigger == "decorate" and not _decorated:
        _decorated = True
        mark("first kernel decorated")
    if _warm_asked:
        return
    mode = os.environ.get("PYJITC_WARMUP", "launch").strip().lower()
    if trigger == "decorate" and mode not in ("decorate", "1"):
        return
    _warm_asked = True  # asked once: off (0) stays off for the process
    if mode == "0":
        return
    _core.warm(0)


def _trace_start():
    """PYJITC_TRACE_START=1: at exit, the start's milestones on standard error, in milliseconds since
    the process began (/proc's start time: to 10 ms) and since pyjitc was imported."""
    import atexit
    import sys

    def report():
        events = list(_core.start_times()) + list(_PY_EVENTS.items())
        imported = _PY_EVENTS.get("pyjitc imported", min(t for _, t in events))
        born = _process_start()
        print("pyjitc start (ms since the process began, since pyjitc was imported):", file=sys.stderr)
        for name, t in sorted(events, key=lambda e: e[1]):
            since = f"{(t - born) * 1e3:8.1f}" if born is not None else f"{'?':>8}"
            print(f"  {since} {(t - imported) * 1e3:8.1f}  {name}", file=sys.stderr)
    atexit.register(report)


_PY_EVENTS = {}  # the Python side's milestones: first decoration, first compile's start and end


def mark(name):
    """Records the first time `name` happens (PYJITC_TRACE_START's report; the benchmark's)."""
    if name not in _PY_EVENTS:
        import time
        _PY_EVENTS[name] = time.monotonic()


def _process_start():
    """When the process began, in time.monotonic() seconds (to /proc's clock ticks), or None."""
    import time
    try:
        with open("/proc/self/stat") as f:
            started = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return time.monotonic() - age


if os.environ.get("PYJITC_TRACE_START", "").strip() not in ("", "0"):
    _trace_start()


def code_of(dtype):
    dtype = np.dtype(dtype)
    code = CODES.get(dtype.name)
    if code is None or not dtype.isnative:
        raise TypeError(f"dtype {dtype} is not supported by pyjitc")
    return code
