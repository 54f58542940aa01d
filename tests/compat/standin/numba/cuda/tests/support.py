"""numba.cuda.tests.support for the stand-in: the base TestCase of numba-cuda's tests (with
assertPreciseEqual) and the small helpers they import. Written for the compat runner; numba's
runtime-specific helpers (NRT statistics, extension types) are not here: using one fails the test
with MissingInPyjitc.

TestCase and assertPreciseEqual's comparison are pyjitc.numba.testing's (the product's
numba.cuda.testing), with the differences below where numba's own rules are followed to the letter:
this module measures numba-cuda's suite, whose tests were written against numba's
assertPreciseEqual, while the product's is its own simpler reading of it."""
import cmath
import contextlib
import gc
import importlib
import io
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import warnings

import numpy as np

from numba import _standin
from numba.core import errors
from numba.cuda import config
from pyjitc.numba import testing as _testing
from pyjitc.numba.testing import _unit_strides

HAS_NUMBA = False

linux_only = unittest.skipIf(not sys.platform.startswith("linux"), "linux only test")
windows_only = unittest.skipIf(not sys.platform.startswith("win"), "Windows only test")


def _have_cffi():
    try:
        import cffi  # noqa: F401
        return True
    except ImportError:
        return False


skip_unless_cffi = unittest.skipUnless(_have_cffi(), "requires cffi")

has_typeguard = False
skip_unless_typeguard = unittest.skip("typeguard is not used by the compat runner")
skip_if_typeguard = unittest.skipIf(False, "")

_TEMP_ROOT = None


def temp_directory(prefix):
    """A fresh directory that lives until the process ends."""
    global _TEMP_ROOT
    if _TEMP_ROOT is None:
        _TEMP_ROOT = tempfile.mkdtemp(prefix="pyjitc-compat-")
        import atexit
        atexit.register(shutil.rmtree, _TEMP_ROOT, True)
    return tempfile.mkdtemp(prefix=prefix + "-", dir=_TEMP_ROOT)


def import_dynamic(modname):
    importlib.invalidate_caches()
    __import__(modname)
    return sys.modules[modname]


def ignore_internal_warnings():
    warnings.filterwarnings("ignore", module="typeguard")


@contextlib.contextmanager
def override_config(name, value):
    """Sets config.<name> for the duration of the block (the name must exist)."""
    old = getattr(config, name)
    setattr(config, name, value)
    try:
        yield
    finally:
        setattr(config, name, old)


@contextlib.contextmanager
def override_env_config(name, value):
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def run_in_subprocess(code, flags=(), env=None, timeout=30):
    """Runs Python code in a new interpreter; returns (stdout, stderr); fails on a non-zero exit."""
    proc = subprocess.run([sys.executable, *flags, "-c", code], env=env, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise AssertionError(f"process failed with code {proc.returncode}: stderr:\n{proc.stderr}\n")
    return proc.stdout, proc.stderr


def captured_stdout():
    return contextlib.redirect_stdout(io.StringIO())


def captured_stderr():
    return contextlib.redirect_stderr(io.StringIO())


def expected_failure_py314(fn):
    return unittest.expectedFailure(fn) if sys.version_info[:2] >= (3, 14) else fn


class TestCase(_testing.TestCase):
    """The product's TestCase (longMessage, a seeded random, assertPreciseEqual), with the helpers
    numba-cuda's tests use and numba's assertPreciseEqual (below)."""

    def reset_module_warnings(self, module):
        if isinstance(module, str):
            module = sys.modules[module]
        if hasattr(module, "__warningregistry__"):
            del module.__warningregistry__

    @contextlib.contextmanager
    def assertTypingError(self):
        """The block must fail to compile (pyjitc raises TypingError for a rejected kernel)."""
        with self.assertRaises((errors.LoweringError, errors.TypingError, TypeError, NotImplementedError)) as cm:
            yield cm

    @contextlib.contextmanager
    def assertRefCount(self, *objects):
        before = [sys.getrefcount(x) for x in objects]
        yield
        gc.collect()
        after = [sys.getrefcount(x) for x in objects]
        for b, a, obj in zip(before, after, objects):
            if a != b:
                self.fail(f"Refcount changed from {b} to {a} for object: {obj!r}")

    def assertRefCountEqual(self, *objects):
        gc.collect()
        counts = [sys.getrefcount(x) for x in objects]
        for i, c in enumerate(counts[1:], 1):
            if c != counts[0]:
                self.fail(f"Refcount of #0 ({counts[0]}) != #{i} ({c})")

    def assertStridesEqual(self, first, second):
        self.assertEqual(first.shape, second.shape, "shapes differ")
        self.assertEqual(first.itemsize, second.itemsize, "itemsizes differ")
        self.assertEqual(_unit_strides(first), _unit_strides(second), "strides differ")

    def assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None, ignore_sign_on_zero=False,
                           abs_tol=None):
        """The product's assertPreciseEqual with numba's comparison (_PreciseCompare), and failing as
        numba's does: outside the except block, so that the failure carries no chained
        AssertionError (the product's fails inside it)."""
        try:
            _PreciseCompare(self, prec, ulps, msg, ignore_sign_on_zero, abs_tol).compare(first, second)
        except AssertionError as e:
            text = str(e)
        else:
            return
        self.fail(f"when comparing {first} and {second}: {text}")


class _PreciseCompare(_testing._Compare):
    """The product's comparison where numba's rules differ from it (numba/tests/support.py,
    _assertPreciseEqual), each method naming the difference."""

    def note(self, text):
        # numba adds the caller's msg to these two messages; the product does not
        return text + (f": {self.msg}" if self.msg else "")

    def arrays(self, a, b):
        # numba compares the number of dimensions after the dtype and before the shapes, with its own
        # message; the product's checks follow (comparing the dtype again, which changes nothing)
        self.case.assertEqual(a.dtype, b.dtype)
        self.case.assertEqual(a.ndim, b.ndim, "different number of dimensions")
        super().arrays(a, b)

    def both_nan(self, kind, a, b):
        # numba asks cmath.isnan of values of any kind (those it cannot take are not NaN); the
        # product only of floats and complex numbers
        try:
            return cmath.isnan(a) and cmath.isnan(b)
        except TypeError:
            return False

    def tolerance(self, a):
        # numba takes "eps" or a float and rejects anything else; the product converts with float()
        if self.abs_tol == "eps":
            return np.finfo(type(a)).eps
        if isinstance(self.abs_tol, float):
            return self.abs_tol
        raise ValueError(f'abs_tol is not "eps" or a float, found {self.abs_tol}')

    def scalar(self, a, b, delta):
        # numba: NaT equals NaT (NumPy's == says it does not); the product has no such rule
        if isinstance(a, (np.datetime64, np.timedelta64)) and np.isnat(a):
            self.case.assertEqual(np.isnat(a), np.isnat(b))
        else:
            super().scalar(a, b, delta)

    @staticmethod
    def infinite(x):
        # numba asks math.isinf of any number (NumPy's float32 too); the product only of Python floats
        return math.isinf(x)

    @staticmethod
    def signs_differ(a, b):
        # numba compares the signs of any two values copysign takes; the product only of floats
        try:
            return math.copysign(1, a) != math.copysign(1, b)
        except TypeError:
            return False


class MemoryLeakMixin:
    """numba checks its runtime's (NRT) allocation counts around each test. pyjitc kernels
    cannot allocate (there is no NRT), so there is nothing to count; the mixin only collects
    garbage between tests, as numba's does."""

    def setUp(self):
        super().setUp()
        gc.collect()

    def tearDown(self):
        gc.collect()
        super().tearDown()

    def disable_leak_check(self):
        pass


class CheckWarningsMixin:
    @contextlib.contextmanager
    def check_warnings(self, messages, category=RuntimeWarning):
        """Each message must appear in exactly one warning of `category` raised in the block."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
        found = 0
        for w in caught:
            for m in messages:
                if m in str(w.message):
                    self.assertEqual(w.category, category)
                    found += 1
        self.assertEqual(found, len(messages))


__getattr__ = _standin.module_getattr(__name__, submodules=False)
