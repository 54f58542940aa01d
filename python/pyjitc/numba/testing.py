"""numba.cuda.testing under pyjitc.numba: CUDATestCase and the skip decorators of numba-cuda's, for
a project's own tests, decided for pyjitc:

- pyjitc is not the simulator: config.ENABLE_CUDASIM is 0, so skip_on_cudasim runs the test,
  skip_unless_cudasim skips it and xfail_unless_cudasim expects it to fail;
- skip_on_standalone_numba_cuda skips when numba itself is not installed (HAS_NUMBA);
- skip_unless_cc_NN reads the compute capability of pyjitc's device (the CPU executor says 9.0);
- the decorators about numba's link-time tools (cudadevrt, nvjitlink) do not skip: pyjitc does not
  use them.

CUDATestCase turns off the low-occupancy and implicit-copy warnings while a test runs (as numba's
does) and has numba's TestCase methods: assertPreciseEqual by numba's rules (numba/tests/support.py,
which numba-cuda's tests/support.py repeats), assertStridesEqual, assertRefCount,
assertRefCountEqual, reset_module_warnings, a seeded `random`. numba-cuda's FileCheck helpers
(assertFileCheckAsm, ...) are not here."""
import cmath
import contextlib
import enum
import gc
import math
import os
import platform
import re
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
    """numba's TestCase (numba-cuda's tests/support.py), as far as a project's tests use it."""

    longMessage = True

    @cached_property
    def random(self):
        """The same random numbers for every test."""
        return np.random.RandomState(42)

    def reset_module_warnings(self, module):
        """Forgets which warnings a module (or its name) has already shown."""
        if isinstance(module, str):
            module = sys.modules[module]
        try:
            del module.__warningregistry__
        except AttributeError:
            pass

    @contextlib.contextmanager
    def assertRefCount(self, *objects):
        """The objects' reference counts are the same after the block as before it."""
        before = [sys.getrefcount(x) for x in objects]
        yield
        gc.collect()
        after = [sys.getrefcount(x) for x in objects]
        for b, a, obj in zip(before, after, objects):
            if a != b:
                self.fail("Refcount changed from %d to %d for object: %r" % (b, a, obj))

    def assertRefCountEqual(self, *objects):
        gc.collect()
        counts = [sys.getrefcount(x) for x in objects]
        for i in range(1, len(counts)):
            if counts[i] != counts[0]:
                self.fail(f"Refcount for objects does not match. #0({counts[0]}) != #{i}({counts[i]}) does not match.")

    def assertStridesEqual(self, first, second):
        """Same shape, item size and strides (in items, axes of length 0 or 1 not counted)."""
        self.assertEqual(first.shape, second.shape, "shapes differ")
        self.assertEqual(first.itemsize, second.itemsize, "itemsizes differ")
        self.assertEqual(self._fix_strides(first), self._fix_strides(second), "strides differ")

    # ---- assertPreciseEqual, by numba's rules --------------------------------------------------

    _bool_types = (bool, np.bool_)
    _exact_typesets = [_bool_types, (int,), (str,), (np.integer,), (bytes, np.bytes_)]
    _approx_typesets = [(float,), (complex,), (np.inexact,)]
    _sequence_typesets = [(tuple, list)]
    _float_types = (float, np.floating)
    _complex_types = (complex, np.complexfloating)

    def _detect_family(self, x):
        """The comparison family of x: "ndarray", "enum", "sequence", "exact" (bools, ints,
        strings, bytes, NumPy integers), "complex", "approximate" (floats, NumPy inexact) or
        "unknown" (anything else), tested in that order."""
        if isinstance(x, np.ndarray):
            return "ndarray"
        if isinstance(x, enum.Enum):
            return "enum"
        for family, typesets in (("sequence", self._sequence_typesets), ("exact", self._exact_typesets),
                                 ("complex", [self._complex_types]), ("approximate", self._approx_typesets)):
            if any(isinstance(x, types) for types in typesets):
                return family
        return "unknown"

    def _fix_dtype(self, dtype):
        """The dtype compared: on 64-bit Windows NumPy gives int32 or int64 arrays depending on the
        function, so int32 counts as int64 there."""
        if sys.platform == "win32" and sys.maxsize > 2 ** 32 and dtype == np.dtype("int32"):
            return np.dtype("int64")
        return dtype

    def _fix_strides(self, arr):
        """The strides compared: in items, without those of axes of length 0 or 1 (all 0 for an
        empty array)."""
        if arr.size == 0:
            return [0] * arr.ndim
        return [stride / arr.itemsize for stride, n in zip(arr.strides, arr.shape) if n > 1]

    def assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None, ignore_sign_on_zero=False,
                           abs_tol=None):
        """numba's precise equality.

        Arrays: the same dtype, number of dimensions, shape, writability and strides (as
        assertStridesEqual counts them), then element by element. Lists and tuples: the same
        length, then item by item. Enums: the same class, then their values. Other values must be
        of one family (exact: bools, ints, strings, bytes, NumPy integers; complex; approximate:
        floats; unknown: anything else, then of one class), NumPy scalars of one dtype, and a bool
        never equals a non-bool. Two NaNs (of any kind cmath.isnan takes) are equal, and so are two
        NaTs. abs_tol ("eps": the machine epsilon of first's type, or a float; anything else is a
        ValueError) accepts a smaller absolute difference. Then the values are compared exactly, or,
        for floats and complex numbers with prec "single" / "double", to 24 / 53 significant bits
        less `ulps` (another prec is a ValueError there); infinities and zeros always exactly, and
        zeros of opposite signs differ unless ignore_sign_on_zero.

        The failure says "when comparing FIRST and SECOND: ...", with msg in it, and is raised
        after the comparison's own AssertionError is handled (it chains no exception)."""
        try:
            self._assertPreciseEqual(first, second, prec, ulps, msg, ignore_sign_on_zero, abs_tol)
        except AssertionError as e:
            reason = str(e)
        else:
            return
        self.fail("when comparing %s and %s: %s" % (first, second, reason))

    def _assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None, ignore_sign_on_zero=False,
                            abs_tol=None):
        """assertPreciseEqual, recursively, without the outer message."""
        family = self._detect_family(first)
        other = self._detect_family(second)
        self.assertEqual(family, other, msg=self._with_msg("Type Family mismatch. (%s != %s)" % (family, other), msg))

        options = (prec, ulps, msg, ignore_sign_on_zero, abs_tol)
        if family == "ndarray":
            dtype = self._fix_dtype(first.dtype)
            self.assertEqual(dtype, self._fix_dtype(second.dtype))
            self.assertEqual(first.ndim, second.ndim, "different number of dimensions")
            self.assertEqual(first.shape, second.shape, "different shapes")
            self.assertEqual(first.flags.writeable, second.flags.writeable, "different mutability")
            self.assertEqual(self._fix_strides(first), self._fix_strides(second), "different strides")
            first = first if first.dtype == dtype else first.astype(dtype)
            second = second if second.dtype == dtype else second.astype(dtype)
            for a, b in zip(first.flat, second.flat):
                self._assertPreciseEqual(a, b, *options)
            return
        if family == "sequence":
            self.assertEqual(len(first), len(second), msg=msg)
            for a, b in zip(first, second):
                self._assertPreciseEqual(a, b, *options)
            return
        if family == "enum":
            self.assertIs(first.__class__, second.__class__)
            self._assertPreciseEqual(first.value, second.value, *options)
            return
        if family == "unknown":
            # not numbers: compared as unittest compares them, once they are of one class
            self.assertIs(first.__class__, second.__class__)
        exact = family in ("exact", "unknown") or prec == "exact"

        if hasattr(first, "dtype") and hasattr(second, "dtype"):
            self.assertEqual(first.dtype, second.dtype)  # NumPy scalars (datetime64 units too)
        if isinstance(first, self._bool_types) != isinstance(second, self._bool_types):
            self.fail(self._with_msg("Mismatching return types (%s vs. %s)" % (first.__class__, second.__class__), msg))
        try:
            if cmath.isnan(first) and cmath.isnan(second):
                return
        except TypeError:  # what cmath cannot take is not NaN
            pass
        if abs_tol is not None:
            if abs_tol == "eps":
                tol = np.finfo(type(first)).eps
            elif isinstance(abs_tol, float):
                tol = abs_tol
            else:
                raise ValueError('abs_tol is not "eps" or a float, found %s' % abs_tol)
            if abs(first - second) < tol:
                return

        delta = None
        if not exact:
            bits = {"single": 24, "double": 53}.get(prec)
            if bits is None:
                raise ValueError("unsupported precision %r" % (prec,))
            delta = 2 ** (ulps - bits - 1) * (abs(first) + abs(second))
        if isinstance(first, self._complex_types):
            self._assertNumberEqual(first.real, second.real, delta, msg, ignore_sign_on_zero)
            self._assertNumberEqual(first.imag, second.imag, delta, msg, ignore_sign_on_zero)
        elif isinstance(first, (np.datetime64, np.timedelta64)) and np.isnat(first):
            # NumPy says NaT != NaT; numba says they are equal
            self.assertEqual(np.isnat(first), np.isnat(second))
        else:
            self._assertNumberEqual(first, second, delta, msg, ignore_sign_on_zero)

    def _assertNumberEqual(self, first, second, delta, msg, ignore_sign_on_zero):
        """Within delta; exactly where delta is None, for zeros and for infinities, and then the
        signs of zeros (of anything math.copysign takes) must agree unless ignore_sign_on_zero."""
        if delta is not None and not (first == second == 0.0 or math.isinf(first) or math.isinf(second)):
            self.assertAlmostEqual(first, second, delta=delta, msg=msg)
            return
        self.assertEqual(first, second, msg=msg)
        if ignore_sign_on_zero:
            return
        try:
            if math.copysign(1, first) != math.copysign(1, second):
                self.fail(self._formatMessage(msg, "%s != %s" % (first, second)))
        except TypeError:
            pass

    @staticmethod
    def _with_msg(text, msg):
        return text + ": %s" % (msg,) if msg else text


class CUDATestCase(TestCase):
    """For tests that use the device: the performance warnings about small grids and host arrays
    are off while each test runs, as numba-cuda's CUDATestCase has them. As numba-cuda's, its setUp
    and tearDown do not call those of the classes after it in a test class's method order."""

    FLOAT16_RTOL = np.finfo(np.float16).eps

    def setUp(self):
        self._pyjitc_saved = (config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY)
        config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        config.CUDA_WARN_ON_IMPLICIT_COPY = 0

    def tearDown(self):
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY = self._pyjitc_saved


# ---- the decorators ----------------------------------------------------------------------------
# Those taking a reason insist that it is a string, as numba-cuda's do (`@skip_on_cudasim` without
# one is an AssertionError when the test module is imported).

def skip_on_cudasim(reason):
    """Skips under numba's simulator: pyjitc is not, so the test runs."""
    assert isinstance(reason, str)
    return unittest.skipIf(getattr(config, "ENABLE_CUDASIM", 0), reason)


def skip_unless_cudasim(reason):
    """Runs only under numba's simulator: skipped under pyjitc."""
    assert isinstance(reason, str)
    return unittest.skipUnless(getattr(config, "ENABLE_CUDASIM", 0), reason)


def xfail_unless_cudasim(fn):
    return fn if getattr(config, "ENABLE_CUDASIM", 0) else unittest.expectedFailure(fn)


skip_on_standalone_numba_cuda = unittest.skipUnless(HAS_NUMBA, "requires base numba install")


def _conda_cudatoolkit():
    """numba-cuda's test: a conda environment whose lib folder has the NVRTC library (libnvrtc.so.N)."""
    if not os.path.isdir(os.path.join(sys.prefix, "conda-meta")):
        return False
    libdir = os.path.join(sys.prefix, "lib")
    try:
        names = os.listdir(libdir)
    except FileNotFoundError:
        return False
    pattern = re.compile(r"libnvrtc\.so\.[0-9]*([_\.][0-9]+)*$")
    return any(pattern.match(n) and os.path.isfile(os.path.join(libdir, n)) for n in names)


def skip_unless_conda_cudatoolkit(reason):
    assert isinstance(reason, str)
    return unittest.skipUnless(_conda_cudatoolkit(), reason)


def skip_if_external_memmgr(reason):
    """Skips when config.CUDA_MEMORY_MANAGER is not "default" (pyjitc's config, where it lacks the
    name: the environment variable numba's config reads it from, NUMBA_CUDA_MEMORY_MANAGER)."""
    assert isinstance(reason, str)
    manager = getattr(config, "CUDA_MEMORY_MANAGER", None)
    if manager is None:
        manager = os.environ.get("NUMBA_CUDA_MEMORY_MANAGER", "default")
    return unittest.skipIf(manager != "default", reason)


def skip_under_cuda_memcheck(reason):
    assert isinstance(reason, str)
    return unittest.skipIf(os.environ.get("CUDA_MEMCHECK") is not None, reason)


def skip_without_nvdisasm(reason):
    assert isinstance(reason, str)
    return unittest.skipIf(shutil.which("nvdisasm") is None, reason)


def skip_with_nvdisasm(reason):
    assert isinstance(reason, str)
    return unittest.skipIf(shutil.which("nvdisasm") is not None, reason)


def skip_on_arm(reason):
    """numba-cuda asks platform.processor() (which on Linux can be "" or "unknown", then nothing
    skips), not platform.machine()."""
    assert isinstance(reason, str)
    cpu = platform.processor()
    return unittest.skipIf(cpu.startswith("arm") or cpu.startswith("aarch"), reason)


def skip_on_wsl2(reason):
    """Skips where the kernel release says "wsl2" (WSL2's say "microsoft-standard-WSL2"; WSL1's,
    "Microsoft", do not)."""
    assert isinstance(reason, str)
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
    assert isinstance(reason, str)
    return unittest.skipIf(False, reason)


def skip_on_nvjitlink_13_1_sm_120(reason):
    assert isinstance(reason, str)
    return unittest.skipIf(False, reason)


class ForeignArray:
    """An array from "another library": only its __cuda_array_interface__ shows."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def __getattr__(name):
    raise AttributeError(f"module 'numba.cuda.testing' (pyjitc.numba.testing) has no attribute {name!r}")
