"""numba.cuda.testing for the stand-in: CUDATestCase and the skip decorators numba-cuda's tests
use, decided for pyjitc: nothing is the simulator (ENABLE_CUDASIM is False), numba itself is
absent (HAS_NUMBA is False: the tests' standalone mode), the compute capability is pyjitc's
device's. Decorators about numba's own link-time tools (cudadevrt, nvjitlink) do not skip: pyjitc
does not use them, so a test of linking runs and shows whether pyjitc can do it."""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import unittest  # noqa: F401  (the tests import unittest from here)
from pathlib import Path

import numpy as np

from numba import _standin, cuda
from numba.cuda import config
from numba.cuda.tests.support import TestCase

HAS_NUMBA = False
test_data_dir = Path(_standin.tests_dir()) / "data"


def _filecheck():
    """LLVM's FileCheck, if installed."""
    for c in (os.environ.get("PYJITC_FILECHECK"), shutil.which("FileCheck"), "/usr/lib/llvm-19/bin/FileCheck"):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


class CUDATestCase(TestCase):
    """For tests that use a CUDA device. assertFileCheck* run LLVM's FileCheck with the checks
    in a kernel's docstring over pyjitc's PTX / LLVM IR."""

    FLOAT16_RTOL = np.finfo(np.float16).eps
    _dump_failed_filechecks = False

    def setUp(self):
        self._saved_config = (config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY)
        config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        config.CUDA_WARN_ON_IMPLICIT_COPY = 0

    def tearDown(self):
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY = self._saved_config

    def _ir_texts(self, result, signature):
        if isinstance(result, str):
            return [result]
        if signature is None:
            return list(result.values())
        return [result[signature]]

    def _filecheck_dispatcher(self, texts, dispatcher, prefixes, options):
        self.assertTrue(texts, "no output for the given signature")
        self.assertIsNotNone(dispatcher.__doc__, "the kernel needs a docstring with the checks")
        for text in texts:
            self.assertFileCheckMatches(text, dispatcher.__doc__, prefixes, **options)

    def assertFileCheckAsm(self, ir_producer, signature=None, check_prefixes=("ASM",), **options):
        self._filecheck_dispatcher(self._ir_texts(ir_producer.inspect_asm(), signature), ir_producer,
                                   check_prefixes, options)

    def assertFileCheckLLVM(self, ir_producer, signature=None, check_prefixes=("LLVM",), **options):
        self._filecheck_dispatcher(self._ir_texts(ir_producer.inspect_llvm(), signature), ir_producer,
                                   check_prefixes, options)

    def assertFileCheckMatches(self, ir_content, check_patterns, check_prefixes=("CHECK",), **options):
        tool = _filecheck()
        if tool is None:
            self.fail("FileCheck (LLVM) not found: set PYJITC_FILECHECK")
        args = [tool, "--check-prefixes=" + ",".join(check_prefixes)]
        for k, v in options.items():
            flag = "--" + k.replace("_", "-")
            args += [flag] if v is True else [] if v is False else [f"{flag}={v}"]
        with tempfile.NamedTemporaryFile("w", suffix=".checks", delete=False) as f:
            f.write(check_patterns)
        try:
            proc = subprocess.run(args + [f.name], input=ir_content, capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        if proc.returncode != 0:
            self.fail(f"FileCheck failed:\n{proc.stderr}")


def skip_on_cudasim(reason):
    assert isinstance(reason, str)
    return unittest.skipIf(config.ENABLE_CUDASIM, reason)


def skip_unless_cudasim(reason):
    assert isinstance(reason, str)
    return unittest.skipUnless(config.ENABLE_CUDASIM, reason)


skip_on_standalone_numba_cuda = unittest.skipUnless(HAS_NUMBA, "requires base numba install")


def skip_unless_conda_cudatoolkit(reason):
    return unittest.skipUnless(os.path.isdir(os.path.join(sys.prefix, "conda-meta")), reason)


def skip_if_external_memmgr(reason):
    return unittest.skipIf(config.CUDA_MEMORY_MANAGER != "default", reason)


def skip_under_cuda_memcheck(reason):
    return unittest.skipIf(os.environ.get("CUDA_MEMCHECK") is not None, reason)


def skip_without_nvdisasm(reason):
    return unittest.skipIf(shutil.which("nvdisasm") is None, reason)


def skip_with_nvdisasm(reason):
    return unittest.skipIf(shutil.which("nvdisasm") is not None, reason)


def skip_on_arm(reason):
    return unittest.skipIf(platform.machine().lower().startswith(("arm", "aarch")), reason)


def skip_on_wsl2(reason):
    return unittest.skipIf("wsl2" in platform.release().lower(), reason)


def _cuda_include_dir():
    for base in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if base and os.path.isfile(os.path.join(base, "include", "cuda.h")):
            return os.path.join(base, "include")
    return None


def skip_if_cuda_includes_missing(fn):
    return unittest.skipIf(_cuda_include_dir() is None, "CUDA include dir not available on this system")(fn)


def skip_if_curand_kernel_missing(fn):
    inc = _cuda_include_dir()
    ok = inc is not None and os.path.isfile(os.path.join(inc, "curand_kernel.h"))
    return unittest.skipUnless(ok, "curand_kernel.h not available on this system")(fn)


def cc_X_or_above(major, minor):
    return tuple(cuda.get_current_device().compute_capability) >= (major, minor)


def skip_unless_cc_50(fn):
    return unittest.skipUnless(cc_X_or_above(5, 0), "requires cc >= 5.0")(fn)


def skip_unless_cc_53(fn):
    return unittest.skipUnless(cc_X_or_above(5, 3), "requires cc >= 5.3")(fn)


def skip_unless_cc_60(fn):
    return unittest.skipUnless(cc_X_or_above(6, 0), "requires cc >= 6.0")(fn)


def skip_unless_cc_75(fn):
    return unittest.skipUnless(cc_X_or_above(7, 5), "requires cc >= 7.5")(fn)


def skip_unless_cc_90(fn):
    return unittest.skipUnless(cc_X_or_above(9, 0), "requires cc >= 9.0")(fn)


def xfail_unless_cudasim(fn):
    return fn if config.ENABLE_CUDASIM else unittest.expectedFailure(fn)


def cudadevrt_missing():
    return False


def skip_if_cudadevrt_missing(fn):
    return fn


def skip_if_nvjitlink_missing(reason):
    return unittest.skipIf(False, reason)


def skip_on_nvjitlink_13_1_sm_120(reason):
    return unittest.skipIf(False, reason)


class ForeignArray:
    """An array from "another library": only its __cuda_array_interface__ is visible."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


__getattr__ = _standin.module_getattr(__name__, submodules=False)
