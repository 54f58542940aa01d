"""pyjitc.cuda.config (numba.cuda.config): the switches of numba-cuda's configuration that pyjitc
follows. Each is read from the same environment variable as numba's when pyjitc is imported, and
may be set on this module at run time (`cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0`): pyjitc
reads them when they apply, not once.

CUDA_LOW_OCCUPANCY_WARNINGS    NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS (1): warn when a launch has a grid
                               of fewer than 128 blocks (NumbaPerformanceWarning)
CUDA_WARN_ON_IMPLICIT_COPY     NUMBA_CUDA_WARN_ON_IMPLICIT_COPY (1): warn when a kernel is given a
                               host (NumPy) array, copied to and from the device at each launch
DISABLE_PERFORMANCE_WARNINGS   NUMBA_DISABLE_PERFORMANCE_WARNINGS (0): no performance warnings
CUDA_DEBUGINFO_DEFAULT         NUMBA_CUDA_DEBUGINFO (0): the default of @cuda.jit's debug option
OPT                            NUMBA_OPT (3; 0 to 3 or "max"): @cuda.jit's opt option defaults to
                               OPT != 0
CUDA_ARRAY_INTERFACE_SYNC      NUMBA_CUDA_ARRAY_INTERFACE_SYNC (1): an array taken through the CUDA
                               Array Interface whose producer names a stream is waited for (that
                               stream synchronized) when it is imported (as_cuda_array) or launched
CUDA_PER_THREAD_DEFAULT_STREAM NUMBA_CUDA_PER_THREAD_DEFAULT_STREAM, or CUDA Python's
                               CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM (0): work given no stream
                               (and the stream default_stream() gives) goes to the calling thread's
                               own default stream on the GPU, not the legacy one; read when pyjitc
                               is imported
CUDA_MEMORY_MANAGER            NUMBA_CUDA_MEMORY_MANAGER ("default"): the name of a module whose
                               _numba_memory_manager is an External Memory Management plugin class
                               (cuda.set_memory_manager), used for device memory
CUDA_DEALLOCS_COUNT            NUMBA_CUDA_MAX_PENDING_DEALLOCS_COUNT (10) and
CUDA_DEALLOCS_RATIO            NUMBA_CUDA_MAX_PENDING_DEALLOCS_RATIO (0.2): when a memory manager's
                               pending frees (its `deallocations`) are run: past that many, or
                               that share of the device's memory
CUDA_ENABLE_NRT                0: pyjitc has no reference-counted runtime (numba's NRT) in kernels
CUDA_DEBUG_POLY                0 (and CUDA_DEBUG_POLY_USE_TYPED_CONST 0): debug information gives a
                               variable of several types no DWARF variant part, as numba-cuda's
                               without CUDA 13.2
"""
import os
import warnings


class _OptLevel(int):
    """numba's OPT setting: an optimisation level 0 to 3 that remembers whether it was "max"."""

    def __new__(cls, value):
        raw = value.strip().lower() if isinstance(value, str) else value
        if raw == "max":
            level = 3
        else:
            level = int(raw)
            if not 0 <= level <= 3:
                raise ValueError(f"OPT is an integer 0 to 3 or 'max', not {value!r}")
            raw = level
        obj = super().__new__(cls, level)
        obj._raw = raw
        return obj

    @property
    def is_opt_max(self):
        return self._raw == "max"

    def __repr__(self):
        return f"_OptLevel({self._raw!r})"


def _env(name, convert, default):
    """The environment variable `name` converted, or `default` when unset or empty; a value that
    does not convert is reported (RuntimeWarning) and the default used."""
    text = os.environ.get(name, "")
    if not text.strip():
        return default
    try:
        return convert(text)
    except (TypeError, ValueError) as e:
        warnings.warn(f"environment variable {name}={text!r} ignored: {e}", RuntimeWarning, stacklevel=2)
        return default


CUDA_LOW_OCCUPANCY_WARNINGS = _env("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", int, 1)
CUDA_WARN_ON_IMPLICIT_COPY = _env("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", int, 1)
DISABLE_PERFORMANCE_WARNINGS = _env("NUMBA_DISABLE_PERFORMANCE_WARNINGS", int, 0)
CUDA_DEBUGINFO_DEFAULT = _env("NUMBA_CUDA_DEBUGINFO", int, 0)
OPT = _env("NUMBA_OPT", _OptLevel, _OptLevel(3))
CUDA_ARRAY_INTERFACE_SYNC = _env("NUMBA_CUDA_ARRAY_INTERFACE_SYNC", int, 1)
CUDA_PER_THREAD_DEFAULT_STREAM = (_env("NUMBA_CUDA_PER_THREAD_DEFAULT_STREAM", int, 0)
                                  or _env("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", int, 0))
CUDA_MEMORY_MANAGER = _env("NUMBA_CUDA_MEMORY_MANAGER", str.strip, "default")
CUDA_DEALLOCS_COUNT = _env("NUMBA_CUDA_MAX_PENDING_DEALLOCS_COUNT", int, 10)
CUDA_DEALLOCS_RATIO = _env("NUMBA_CUDA_MAX_PENDING_DEALLOCS_RATIO", float, 0.2)
CUDA_ENABLE_NRT = 0
CUDA_DEBUG_POLY = 0
CUDA_DEBUG_POLY_USE_TYPED_CONST = 0
