"""numba.cuda.config (also numba.cuda.core.config) is pyjitc's own config module
(pyjitc.cuda.config), which holds the switches pyjitc follows: CUDA_LOW_OCCUPANCY_WARNINGS,
CUDA_WARN_ON_IMPLICIT_COPY, DISABLE_PERFORMANCE_WARNINGS, CUDA_DEBUGINFO_DEFAULT, OPT. This adds
numba-cuda's other configuration variables to it, with their defaults, for the tests that read or
override them: pyjitc reads none of those, so a test that expects a change of behaviour from one
fails unless pyjitc already behaves that way."""
import os

from pyjitc.cuda import config

_OTHERS = dict(
    ENABLE_CUDASIM=False,
    DISABLE_JIT=False,
    CUDA_ENABLE_NRT=False,
    DEBUGINFO_DEFAULT=0,
    CUDA_ARRAY_INTERFACE_SYNC=1,
    CUDA_MEMORY_MANAGER="default",
    CUDA_DEBUG_POLY=0,
    CUDA_DEBUG_POLY_USE_TYPED_CONST=0,
    ALWAYS_WARN_UNINIT_VAR=0,
    HTML=None,
    DUMP_BYTECODE=0,
    DUMP_IR=0,
    DUMP_CFG=0,
    DUMP_LLVM=0,
    DUMP_ASSEMBLY=0,
    CUDA_PER_THREAD_DEFAULT_STREAM=0,
    CUDA_DEFAULT_PTX_CC=(5, 0),
    CUDA_ENABLE_PYNVJITLINK=0,
    CUDA_ENABLE_MINOR_VERSION_COMPATIBILITY=0,
    CUDA_LOG_LEVEL="",
    CUDA_USE_NVIDIA_BINDING=1,
    NUMBA_NUM_THREADS=os.cpu_count() or 1,
)

for _name, _value in _OTHERS.items():
    if not hasattr(config, _name):
        setattr(config, _name, _value)
