"""numba.cuda.testing under pyjitc.numba: CUDATestCase and the skip decorators of numba-cuda's, for
a project's own tests, decided for pyjitc:

- pyjitc is not the simulator: config.ENABLE_CUDASIM is 0, so skip_on_cudasim runs the test,
  skip_unless_cudasim skips it and xfail_unless_cudasim expects it to fail;
- skip_on_standalone_numba_cuda skips when numba itself is not installed (HAS_NUMBA);
- skip_unless_cc_NN reads the compute capability of pyjitc's device (the CPU executor says 9.0);
- the decorators about numba's link-time tools (cudadevrt, nvjitlink) do not skip: pyjitc does not
  use them.

CUDATestCase turns off the low-occupancy and implicit-copy warnings while a test runs (as numba's
does) and has numba's assertPreciseEqual. numba-cuda's FileCheck helpers (assertFileCheckAsm, ...)
are not here."""
import cmath
import enum
import math
import os
import platform
import shutil
import sys
import unittest
from functools import cached_property

import numpy as np

from pyjitc import cuda
from pyjitc.cuda import config


def _has_numba():
    return bool(getattr(cuda, "HAS_NUMBA", False))


HAS_NUMBA = _has_numba()


class TestCase(unittest.TestCase):
    """numba's TestCase, as far as a project's tests use it: assertPreciseEqual, a seeded random."""

    longMessage = True

    @cached_property
    def random(self):
        """The same random numbers for every test."""
        return np.random.RandomState(42)

    def assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None, ignore_sign_on_zero=False,
                           abs_tol=None):
        """numba's precise equality: arrays agree in dtype, shape, strides (in elements, ignoring axes
        of length 0 or 1) and writability, then element by element; scalars must be of one kind
        (exact: ints, bools, strings; float; complex; sequence) and NumPy scalars of one dtype, a bool
        never equals a non-bool; compared exactly, or for prec 'single' / 'double' to 24 / 53
        significant bits less `ulps`. Zeros must have the same sign unless ignore_sign_on_zero; NaN
        equals NaN; abs_tol (a float, or 'eps') accepts any smaller difference."""
        try:
            _Compare(self, prec, ulps, msg, ignore_sign_on_zero, abs_tol).compare(first, second)
        except AssertionError as e:
            self.fail(f"when comparing {first} and {second}: {e}")


class CUDATestCase(TestCase):
    """For tests that use the device: the performance warnings about small grids and host arrays
    are off while each test runs, as numba-cuda's CUDATestCase has them."""

    FLOAT16_RTOL = np.finfo(np.float16).eps

    def setUp(self):
        super().setUp()
        self._pyjitc_saved = (config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY)
        config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        config.CUDA_WARN_ON_IMPLICIT_COPY = 0

    def tearDown(self):
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY = self._pyjitc_saved
        super().tearDown()


def _kind(x):
    if isinstance(x, np.ndarray):
        return "ndarray"
    if isinstance(x, enum.Enum):
        return "enum"
    if isinstance(x, (tuple, list)):
        return "sequence"
    if isinstance(x, (bool, np.bool_, int, str, bytes, np.integer, np.bytes_)):
        return "exact"
    if isinstance(x, (complex, np.complexfloating)):
        return "complex"
    if isinstance(x, (float, np.inexact)):
        return "approximate"
    return "unknown"


def _unit_strides(a):
    if a.size == 0:
        return [0] * a.ndim
    return [s / a.itemsize for s, n in zip(a.strides, a.shape) if n > 1]


class _Compare:
    """assertPreciseEqual's comparison. The methods after compare() and number() are the points where
    the compat runner's stand-in (tests/compat/standin/numba/cuda/tests/support.py) follows numba's
    own rules to the letter instead; here they are this module's."""

    def __init__(self, case, prec, ulps, msg, ignore_sign_on_zero, abs_tol):
        if prec not in ("exact", "single", "double"):
            raise ValueError(f"unsupported precision {prec!r}")
        self.case, self.prec, self.ulps, self.msg = case, prec, ulps, msg
        self.ignore_sign_on_zero, self.abs_tol = ignore_sign_on_zero, abs_tol

    def compare(self, a, b):
        t = self.case
        ka, kb = _kind(a), _kind(b)
        t.assertEqual(ka, kb, self.note(f"Type Family mismatch. ({ka} != {kb})"))
        if ka == "ndarray":
            self.arrays(a, b)
            for x, y in zip(a.flat, b.flat):
                self.compare(x, y)
            return
        if ka == "sequence":
            t.assertEqual(len(a), len(b), msg=self.msg)
            for x, y in zip(a, b):
                self.compare(x, y)
            return
        if ka == "enum":
            t.assertIs(type(a), type(b))
            self.compare(a.value, b.value)
            return
        if ka == "unknown":
            t.assertIs(type(a), type(b))
        if hasattr(a, "dtype") and hasattr(b, "dtype"):
            t.assertEqual(a.dtype, b.dtype)
        if isinstance(a, (bool, np.bool_)) != isinstance(b, (bool, np.bool_)):
            t.fail(self.note(f"Mismatching return types ({type(a)} vs. {type(b)})"))
        if self.both_nan(ka, a, b):
            return
        if self.abs_tol is not None:
            tol = self.tolerance(a)
            if abs(a - b) < tol:
                return
        delta = None
        if ka in ("complex", "approximate") and self.prec != "exact":
            bits = 24 if self.prec == "single" else 53
            delta = 2.0 ** (self.ulps - bits - 1) * (abs(a) + abs(b))
        if ka == "complex":
            self.number(a.real, b.real, delta)
            self.number(a.imag, b.imag, delta)
        else:
            self.scalar(a, b, delta)

    def number(self, a, b, delta):
        t = self.case
        if delta is None or a == b == 0.0 or self.infinite(a) or self.infinite(b):
            t.assertEqual(a, b, msg=self.msg)
            if not self.ignore_sign_on_zero and self.signs_differ(a, b):
                t.fail(t._formatMessage(self.msg, f"{a} != {b}"))
        else:
            t.assertAlmostEqual(a, b, delta=delta, msg=self.msg)

    def note(self, text):
        """The message of a kind or bool/non-bool mismatch."""
        return text

    def arrays(self, a, b):
        """What two arrays must share before their elements are compared."""
        t = self.case
        t.assertEqual(a.dtype, b.dtype)
        t.assertEqual(a.shape, b.shape, "different shapes")
        t.assertEqual(a.flags.writeable, b.flags.writeable, "different mutability")
        t.assertEqual(_unit_strides(a), _unit_strides(b), "different strides")

    def both_nan(self, kind, a, b):
        return kind in ("complex", "approximate") and cmath.isnan(a) and cmath.isnan(b)

    def tolerance(self, a):
        """abs_tol as a number."""
        return np.finfo(type(a)).eps if self.abs_tol == "eps" else float(self.abs_tol)

    def scalar(self, a, b, delta):
        """Two non-complex scalars of one kind."""
        self.number(a, b, delta)

    @staticmethod
    def infinite(x):
        return isinstance(x, float) and math.isinf(x)

    @staticmethod
    def signs_differ(a, b):
        """Whether a and b, equal, are zeros of opposite signs."""
        return isinstance(a, (float, np.floating)) and math.copysign(1, a) != math.copysign(1, b)


# ---- the decorators ----------------------------------------------------------------------------

def skip_on_cudasim(reason):
    """Skips under numba's simulator: pyjitc is not, so the test runs."""
    return unittest.skipIf(getattr(config, "ENABLE_CUDASIM", 0), reason)


def skip_unless_cudasim(reason):
    """Runs only under numba's simulator: skipped under pyjitc."""
    return unittest.skipUnless(getattr(config, "ENABLE_CUDASIM", 0), reason)


def xfail_unless_cudasim(fn):
    return fn if getattr(config, "ENABLE_CUDASIM", 0) else unittest.expectedFailure(fn)


skip_on_standalone_numba_cuda = unittest.skipUnless(HAS_NUMBA, "requires base numba install")


def skip_unless_conda_cudatoolkit(reason):
    return unittest.skipUnless(os.path.isdir(os.path.join(sys.prefix, "conda-meta")), reason)


def skip_if_external_memmgr(reason):
    return unittest.skipIf(os.environ.get("NUMBA_CUDA_MEMORY_MANAGER", "default") != "default", reason)


def skip_under_cuda_memcheck(reason):
    return unittest.skipIf(os.environ.get("CUDA_MEMCHECK") is not None, reason)


def skip_without_nvdisasm(reason):
    return unittest.skipIf(shutil.which("nvdisasm") is None, reason)


def skip_with_nvdisasm(reason):
    return unittest.skipIf(shutil.which("nvdisasm") is not None, reason)


def skip_on_arm(reason):
    return unittest.skipIf(platform.machine().lower().startswith(("arm", "aarch")), reason)


def skip_on_wsl2(reason):
    return unittest.skipIf("microsoft-standard" in platform.release().lower(), reason)


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
    """Whether pyjitc's device has compute capability major.minor or newer (the CPU executor: 9.0)."""
    return tuple(cuda.get_current_device().compute_capability) >= (major, minor)


def _cc(major, minor):
    def decorate(fn):
        return unittest.skipUnless(cc_X_or_above(major, minor), f"requires cc >= {major}.{minor}")(fn)
    return decorate


skip_unless_cc_50, skip_unless_cc_53, skip_unless_cc_60 = _cc(5, 0), _cc(5, 3), _cc(6, 0)
skip_unless_cc_75, skip_unless_cc_90 = _cc(7, 5), _cc(9, 0)


def cudadevrt_missing():
    return False


def skip_if_cudadevrt_missing(fn):
    return fn


def skip_if_nvjitlink_missing(reason):
    return unittest.skipIf(False, reason)


def skip_on_nvjitlink_13_1_sm_120(reason):
    return unittest.skipIf(False, reason)


class ForeignArray:
    """An array from "another library": only its __cuda_array_interface__ shows."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def __getattr__(name):
    raise AttributeError(f"module 'numba.cuda.testing' (pyjitc.numba.testing) has no attribute {name!r}")
