"""numba.cuda.config (also numba.cuda.core.config): numba-cuda's configuration variables, with
their defaults, for the tests that read or override them. pyjitc reads none of them, so a test
that expects a change of behaviour from one fails unless pyjitc already behaves that way."""
import enum
import os

ENABLE_CUDASIM = False  # the tests run against pyjitc, never numba's simulator
DISABLE_JIT = False
CUDA_ENABLE_NRT = False
CUDA_LOW_OCCUPANCY_WARNINGS = 1
CUDA_WARN_ON_IMPLICIT_COPY = 1
DISABLE_PERFORMANCE_WARNINGS = 0
CUDA_DEBUGINFO_DEFAULT = 0
DEBUGINFO_DEFAULT = 0
CUDA_ARRAY_INTERFACE_SYNC = 1
CUDA_MEMORY_MANAGER = "default"
CUDA_DEBUG_POLY = 0
CUDA_DEBUG_POLY_USE_TYPED_CONST = 0
ALWAYS_WARN_UNINIT_VAR = 0
HTML = None
DUMP_BYTECODE = DUMP_IR = DUMP_CFG = DUMP_LLVM = DUMP_ASSEMBLY = 0
CUDA_PER_THREAD_DEFAULT_STREAM = 0
CUDA_DEFAULT_PTX_CC = (5, 0)
CUDA_ENABLE_PYNVJITLINK = 0
CUDA_ENABLE_MINOR_VERSION_COMPATIBILITY = 0
CUDA_LOG_LEVEL = ""
CUDA_USE_NVIDIA_BINDING = 1
NUMBA_NUM_THREADS = os.cpu_count() or 1


class _OptLevel(int):
    """numba's OPT setting: an int that also remembers whether it was given as 'max'."""

    def __new__(cls, value):
        if value == "max":
            obj = super().__new__(cls, 3)
            obj._raw = "max"
        else:
            obj = super().__new__(cls, int(value))
            obj._raw = int(value)
        return obj

    @property
    def is_opt_max(self):
        return self._raw == "max"


OPT = _OptLevel(3)


