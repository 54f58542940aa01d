"""numba.cuda.testing of the compat stand-in: CUDATestCase and the skip decorators numba-cuda's
tests use. They are pyjitc.numba.testing's, the product's numba.cuda.testing (what pyjitc.numba
gives a user): nothing is the simulator (ENABLE_CUDASIM is 0), numba is installed (HAS_NUMBA is
True, so skip_on_standalone_numba_cuda does not skip), the compute capability is pyjitc's
device's; decorators about numba-cuda's own link-time tools (cudadevrt, nvjitlink) do not skip, as
pyjitc does not use them. What is added here is what only numba-cuda's own suite uses: the
FileCheck helpers (assertFileCheckAsm, ...), run with the `filecheck` package as numba-cuda's are
(LLVM's FileCheck where that package is not installed)."""
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest  # noqa: F401  (the tests import unittest from here)
from pathlib import Path

import pyjitc_compat as _standin
from numba.cuda import HAS_NUMBA  # noqa: F401  (True: numba is installed)
from numba.cuda.tests.support import TestCase
from pyjitc.numba import testing as _testing
from pyjitc.numba.testing import (  # noqa: F401  (the names numba-cuda's tests import)
    ForeignArray, cc_X_or_above, cudadevrt_missing, skip_if_cuda_includes_missing, skip_if_cudadevrt_missing,
    skip_if_curand_kernel_missing, skip_if_external_memmgr, skip_if_nvjitlink_missing, skip_on_arm, skip_on_cudasim,
    skip_on_nvjitlink_13_1_sm_120, skip_on_wsl2, skip_unless_cc_50, skip_unless_cc_53, skip_unless_cc_60,
    skip_unless_cc_75, skip_unless_cc_90, skip_unless_conda_cudatoolkit, skip_unless_cudasim,
    skip_on_standalone_numba_cuda, skip_under_cuda_memcheck, skip_with_nvdisasm, skip_without_nvdisasm,
    xfail_unless_cudasim)

test_data_dir = Path(_standin.tests_dir()) / "data"


def _filecheck():
    """The command running FileCheck: the `filecheck` package numba-cuda's tests use (a Python port of
    LLVM's FileCheck, one of its test dependencies), else LLVM's FileCheck; None if neither is here."""
    if importlib.util.find_spec("filecheck") is not None:
        return [sys.executable, "-m", "filecheck"]
    for c in (os.environ.get("PYJITC_FILECHECK"), shutil.which("FileCheck"), "/usr/lib/llvm-19/bin/FileCheck"):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return [c]
    return None


class CUDATestCase(_testing.CUDATestCase, TestCase):
    """For tests that use a CUDA device: the product's CUDATestCase (FLOAT16_RTOL; the occupancy and
    implicit-copy warnings off while a test runs) on the suite's TestCase. assertFileCheck* run
    LLVM's FileCheck with the checks in a kernel's docstring over pyjitc's PTX / LLVM IR. As
    numba-cuda's, its setUp and tearDown do not call those after it in the method order."""

    _dump_failed_filechecks = False

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
            self.fail("FileCheck not found: neither the filecheck package nor LLVM's FileCheck (PYJITC_FILECHECK)")
        args = tool + ["--check-prefixes=" + ",".join(check_prefixes)]
        for k, v in options.items():
            flag = "--" + k.replace("_", "-")
            args += [flag] if v is True else [] if v is False else [f"{flag}={v}"]
        with tempfile.NamedTemporaryFile("w", suffix=".checks", delete=False) as f:
            f.write(check_patterns)
        try:
            env = dict(os.environ)
            env.pop("PYJITC_COMPAT_SUITE", None)  # a plain Python process: no stand-in to install
            proc = subprocess.run(args + [f.name], input=ir_content, capture_output=True, text=True, env=env)
        finally:
            os.unlink(f.name)
        if proc.returncode != 0:
            self.fail(f"FileCheck failed:\n{proc.stderr}")


__getattr__ = _standin.module_getattr(__name__, submodules=False)
