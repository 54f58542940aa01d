"""numba.cuda.tests.support for the stand-in: the base TestCase of numba-cuda's tests (with
assertPreciseEqual) and the small helpers they import. Written for the compat runner; numba's
runtime-specific helpers (NRT statistics, extension types) are not here: using one fails the test
with MissingInPyjitc."""
import cmath
import contextlib
import enum
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
from functools import cached_property

import numpy as np

from numba import _standin
from numba.core import errors
from numba.cuda import config

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


class TestCase(unittest.TestCase):
    longMessage = True

    @cached_property
    def random(self):
        """The same random numbers for every test."""
        return np.random.RandomState(42)

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
        """Equality with the checks numba's tests rely on: arrays must agree in dtype, shape,
        strides (in elements, ignoring axes of length 0 or 1) and writability, then element by
        element; scalars must be of the same kind (exact, float, complex, sequence, ...; NumPy
        scalars of the same dtype; a bool never equals a non-bool) and are compared exactly, or for
        prec 'single' / 'double' to 24 / 53 significant bits less `ulps`. Zeros must have the same
        sign unless ignore_sign_on_zero; NaN equals NaN; abs_tol (a float or 'eps') accepts any
        difference smaller than it."""
        try:
            _PreciseCompare(self, prec, ulps, msg, ignore_sign_on_zero, abs_tol).compare(first, second)
        except AssertionError as e:
            text = str(e)
        else:
            return
        self.fail(f"when comparing {first} and {second}: {text}")


def _unit_strides(a):
    if a.size == 0:
        return [0] * a.ndim
    return [s / a.itemsize for s, n in zip(a.strides, a.shape) if n > 1]


def _kind(x):
    if isinstance(x, np.ndarray):
        return "ndarray"
    if isinstance(x, enum.Enum):
        return "enum"
    if isinstance(x, (tuple, list)):
        return "sequence"
    if isinstance(x, (bool, np.bool_, int, str, np.integer, bytes, np.bytes_)):
        return "exact"
    if isinstance(x, (complex, np.complexfloating)):
        return "complex"
    if isinstance(x, (float, np.inexact)):
        return "approximate"
    return "unknown"


class _PreciseCompare:
    def __init__(self, case, prec, ulps, msg, ignore_sign_on_zero, abs_tol):
        if prec not in ("exact", "single", "double"):
            raise ValueError(f"unsupported precision {prec!r}")
        self.case, self.prec, self.ulps, self.msg = case, prec, ulps, msg
        self.ignore_sign_on_zero, self.abs_tol = ignore_sign_on_zero, abs_tol

    def compare(self, a, b):
        t = self.case
        ka, kb = _kind(a), _kind(b)
        t.assertEqual(ka, kb, f"Type Family mismatch. ({ka} != {kb})" + (f": {self.msg}" if self.msg else ""))
        if ka == "ndarray":
            t.assertEqual(a.dtype, b.dtype)
            t.assertEqual(a.ndim, b.ndim, "different number of dimensions")
            t.assertEqual(a.shape, b.shape, "different shapes")
            t.assertEqual(a.flags.writeable, b.flags.writeable, "different mutability")
            t.assertEqual(_unit_strides(a), _unit_strides(b), "different strides")
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
            t.fail(f"Mismatching return types ({type(a)} vs. {type(b)})" + (f": {self.msg}" if self.msg else ""))
        try:
            if cmath.isnan(a) and cmath.isnan(b):
                return
        except TypeError:
            pass
        if self.abs_tol is not None:
            if self.abs_tol == "eps":
                tol = np.finfo(type(a)).eps
            elif isinstance(self.abs_tol, float):
                tol = self.abs_tol
            else:
                raise ValueError(f'abs_tol is not "eps" or a float, found {self.abs_tol}')
            if abs(a - b) < tol:
                return
        delta = None
        if ka in ("complex", "approximate") and self.prec != "exact":
            bits = 24 if self.prec == "single" else 53
            delta = 2.0 ** (self.ulps - bits - 1) * (abs(a) + abs(b))
        if ka == "complex":
            self.number(a.real, b.real, delta)
            self.number(a.imag, b.imag, delta)
        elif isinstance(a, (np.datetime64, np.timedelta64)) and np.isnat(a):
            t.assertEqual(np.isnat(a), np.isnat(b))
        else:
            self.number(a, b, delta)

    def number(self, a, b, delta):
        t = self.case
        if delta is None or a == b == 0.0 or math.isinf(a) or math.isinf(b):
            t.assertEqual(a, b, msg=self.msg)
            if not self.ignore_sign_on_zero:
                try:
                    if math.copysign(1, a) != math.copysign(1, b):
                        t.fail(t._formatMessage(self.msg, f"{a} != {b}"))
                except TypeError:
                    pass
        else:
            t.assertAlmostEqual(a, b, delta=delta, msg=self.msg)


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
