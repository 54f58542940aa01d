"""numba.cuda.tests.support of the compat stand-in: the base TestCase of numba-cuda's tests (with
assertPreciseEqual) and the small helpers they import. Written for the compat runner; numba-cuda's
runtime-specific helpers (NRT statistics, extension types) are not here: using one fails the test
with MissingInPyjitc.

TestCase is pyjitc.numba.testing's (the product's numba.cuda.testing: numba's assertPreciseEqual,
assertStridesEqual, assertRefCount, ...) with assertTypingError added (numba's TypingError and
LoweringError, which pyjitc's TypingError derives from under pyjitc.numba, TypeError,
NotImplementedError)."""
import contextlib
import gc
import importlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import warnings


import pyjitc_compat as _standin
from numba.core import errors
from numba.cuda import config
from pyjitc.numba import testing as _testing

from numba.cuda import HAS_NUMBA  # noqa: F401,E402  (True: numba is installed)

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
    """The product's TestCase, with assertTypingError."""

    @contextlib.contextmanager
    def assertTypingError(self):
        """The block must fail to compile (pyjitc raises TypingError for a rejected kernel)."""
        with self.assertRaises((errors.LoweringError, errors.TypingError, TypeError, NotImplementedError)) as cm:
            yield cm


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
