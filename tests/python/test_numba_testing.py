"""pyjitc.numba.testing (numba.cuda.testing under pyjitc.numba) means what numba-cuda's means, so that
a project's own tests pass and fail under pyjitc as they do under numba:

- assertPreciseEqual, rule by rule, with the outcome numba's gives (numba/tests/support.py, which
  numba-cuda 0.30.4's numba/cuda/tests/support.py repeats);
- the skip decorators as numba-cuda's read their arguments and the machine;
- CUDATestCase's set-up, and the other TestCase helpers numba-cuda's tests use.

Where numba and numba-cuda import (this interpreter, or the virtual environment
test_numba_redirect.py makes; skipped, saying why, only when that cannot be installed), two more
tests hold pyjitc's to numba's own:

- test_same_tests_under_numba runs this file's tests of those rules again with
  PYJITC_TESTING_UNDER=numba-cuda (numba-cuda's numba.cuda.testing, its TestCase and config in
  place of pyjitc's) and =numba (numba's numba.tests.support.TestCase, for the assertPreciseEqual
  tests): they must pass there too, so their expected outcomes are numba's;
- test_grid_against_numba compares assertPreciseEqual over a grid of some 100,000 pairs of values
  and options with numba's and numba-cuda's, case by case: the outcome, the exception's type and
  message, whether the failure chains another exception. Run as a script, this file prints that
  comparison as JSON."""
import contextlib
import decimal
import enum
import fractions
import itertools
import json
import os
import platform
import re
import subprocess
import sys
import types
import unittest

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
UNDER = os.environ.get("PYJITC_TESTING_UNDER", "pyjitc")


def _numba_cuda_testing():
    """numba-cuda's numba.cuda.testing. It imports the filecheck package for its FileCheck helpers
    (not used here): where that is not installed, empty modules stand for it."""
    try:
        import filecheck  # noqa: F401
    except ImportError:
        sys.modules["filecheck"] = types.ModuleType("filecheck")
        for name, attrs in (("matcher", ["Matcher"]), ("options", ["Options"]),
                            ("parser", ["Parser", "pattern_for_opts"]), ("finput", ["FInput"])):
            sys.modules["filecheck." + name] = types.ModuleType("filecheck." + name)
            for attr in attrs:
                setattr(sys.modules["filecheck." + name], attr, None)
    from numba.cuda import config, testing
    return testing, config


if UNDER == "pyjitc":
    from pyjitc.cuda import config
    from pyjitc.numba import testing
    TESTCASE = testing.TestCase
elif UNDER == "numba-cuda":
    testing, config = _numba_cuda_testing()
    TESTCASE = testing.TestCase
elif UNDER == "numba":
    from numba.tests.support import TestCase as TESTCASE
    testing = config = None
else:
    raise ValueError(f"PYJITC_TESTING_UNDER={UNDER!r}: pyjitc, numba-cuda or numba")

pyjitc_only = pytest.mark.skipif(UNDER != "pyjitc", reason="a test of pyjitc's own")
with_testing = pytest.mark.skipif(testing is None, reason="numba.cuda.testing's (numba-cuda's)")


def case(cls=None):
    return (cls or TESTCASE)("__init__")


def outcome(cls, a, b, kw):
    """What assertPreciseEqual(a, b, **kw) does: ("pass",), or the exception's type name, message
    and whether it chains another."""
    try:
        case(cls).assertPreciseEqual(a, b, **kw)
        return ("pass",)
    except Exception as e:
        return (type(e).__name__, str(e), e.__context__ is not None or e.__cause__ is not None)


def fails(a, b, **kw):
    """The message of assertPreciseEqual's failure (it must fail)."""
    try:
        case().assertPreciseEqual(a, b, **kw)
    except AssertionError as e:
        return str(e)
    raise AssertionError(f"assertPreciseEqual({a!r}, {b!r}, {kw}) passed")


def passes(a, b, **kw):
    case().assertPreciseEqual(a, b, **kw)


# ---- assertPreciseEqual: numba's rules, each with numba's outcome --------------------------------

@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's, about inf - inf in the tolerance
def test_numpy_infinities_compared_exactly():
    # numba: math.isinf of any number, so float32 infinities are compared exactly (with a
    # tolerance of inf + inf, inf and -inf were "almost equal")
    for prec in ("single", "double"):
        fails(np.float32("inf"), np.float32("-inf"), prec=prec)
        fails(np.float16("inf"), np.float16("-inf"), prec=prec)
        fails(np.complex64(complex("inf+1j")), np.complex64(complex("-inf+1j")), prec=prec)
        passes(np.float32("inf"), np.float32("inf"), prec=prec)
    fails(np.float32("inf"), np.float32(3e38), prec="single", ulps=200)
    passes(np.float32(1.0), np.float32(1.0000001), prec="single")


def test_nat_equals_nat():
    for nat in (np.datetime64("NaT"), np.datetime64("NaT", "D"), np.timedelta64("NaT"), np.timedelta64("NaT", "s")):
        passes(nat, type(nat)("NaT", np.datetime_data(nat.dtype)[0]))
        passes([nat], [nat])
    passes(np.array([np.datetime64("NaT", "D")]), np.array([np.datetime64("NaT", "D")]))
    day, nat = np.datetime64("2020-01-01", "D"), np.datetime64("NaT", "D")
    assert fails(day, nat).startswith(f"when comparing 2020-01-01 and NaT: {day!r} != {nat!r}")
    assert fails(nat, day) == f"when comparing NaT and 2020-01-01: {np.True_!r} != {np.False_!r}"
    assert "dtype" in fails(np.datetime64("NaT", "D"), np.datetime64("NaT", "s"))  # the units differ
    fails(np.timedelta64("NaT", "D"), np.datetime64("NaT", "D"))


def test_abs_tol_is_eps_or_a_float():
    for bad in (1, "x", np.float32(0.5), True, fractions.Fraction(1, 2)):
        try:
            case().assertPreciseEqual(1.0, 1.25, abs_tol=bad)
        except ValueError as e:
            assert str(e) == f'abs_tol is not "eps" or a float, found {bad}'
        else:
            raise AssertionError(f"abs_tol={bad!r} accepted")
    passes(1.0, 1.25, abs_tol=0.5)
    passes(1.0, 1.25, abs_tol=np.float64(0.5))  # a float
    fails(1.0, 1.25, abs_tol=0.25)  # strictly less
    passes(np.float32(1.0), np.float32(1.0) + np.finfo(np.float32).eps / 2, abs_tol="eps")
    # the tolerance is looked at only when the values are neither equal NaNs nor of another family
    passes(float("nan"), float("nan"), abs_tol=1)
    fails(1, 1.0, abs_tol=1)


def test_msg_in_type_mismatch():
    text = fails(1, 1.0, msg="M")
    assert text.startswith("when comparing 1 and 1.0: 'exact' != 'approximate'")
    assert text.endswith(" : Type Family mismatch. (exact != approximate): M")
    assert fails(True, 1, msg="M") == ("when comparing True and 1: Mismatching return types "
                                       "(<class 'bool'> vs. <class 'int'>): M")
    assert fails(True, 1) == "when comparing True and 1: Mismatching return types (<class 'bool'> vs. <class 'int'>)"
    assert fails([1], [1, 2], msg="M") == "when comparing [1] and [1, 2]: 1 != 2 : M"
    assert fails(1.0, 2.0, msg="M") == "when comparing 1.0 and 2.0: 1.0 != 2.0 : M"
    assert fails(0.0, -0.0, msg="M") == "when comparing 0.0 and -0.0: 0.0 != -0.0 : M"


def test_ndim_before_shape():
    assert fails(np.zeros(3), np.zeros((3, 1))).endswith(": 1 != 2 : different number of dimensions")
    assert fails(np.zeros((2, 3)), np.zeros((3, 2))).endswith(": different shapes")
    assert fails(np.zeros(3), np.zeros(3, np.float32)).startswith("when comparing [0. 0. 0.] and [0. 0. 0.]: "
                                                                  "dtype('float64') != dtype('float32')")
    ro = np.zeros(3)
    ro.flags.writeable = False
    assert fails(np.zeros(3), ro).endswith(": different mutability")
    assert fails(np.zeros(6)[::2], np.zeros(3)).endswith(": different strides")
    passes(np.zeros((1, 3)), np.zeros((3, 1)).T)  # axes of length 1 have no stride that counts
    passes(np.zeros((0, 3)), np.zeros((0, 3), order="F"))


def test_nan_of_any_kind():
    # numba asks cmath.isnan of any value, and what it cannot take is not NaN
    passes(decimal.Decimal("nan"), decimal.Decimal("nan"))
    passes(float("nan"), float("nan"), prec="single")
    passes(np.float32("nan"), np.float32("nan"))
    passes(complex("nan+1j"), complex("1+nanj"))  # cmath.isnan: either part
    fails(float("nan"), 1.0)
    passes("a", "a")
    fails(decimal.Decimal("nan"), decimal.Decimal(1))
    # what cmath cannot convert fails as numba's does
    for bad in (decimal.Decimal("snan"), 10 ** 400):
        with contextlib.suppress(ValueError, OverflowError):
            case().assertPreciseEqual(bad, bad)
            raise AssertionError(f"{bad!r}: numba's raises")


def test_signed_zeros_of_any_kind():
    for zero, negative in ((0.0, -0.0), (np.float32(0.0), np.float32(-0.0)), (np.float16(0.0), np.float16(-0.0)),
                           (np.float64(0.0), np.float64(-0.0)), (decimal.Decimal("0"), decimal.Decimal("-0"))):
        fails(zero, negative)
        fails(negative, zero, prec="single")
        passes(zero, negative, ignore_sign_on_zero=True)
    fails(complex(0.0, 0.0), complex(0.0, -0.0))
    fails(np.array([0.0]), np.array([-0.0]))
    passes(0, -0)


def test_failure_chains_nothing():
    try:
        case().assertPreciseEqual(1.0, 2.0)
    except AssertionError as e:
        assert e.__context__ is None and e.__cause__ is None
        assert str(e) == "when comparing 1.0 and 2.0: 1.0 != 2.0"
    else:
        raise AssertionError("passed")


def test_precision_checked_where_used():
    # numba rejects another prec only when it would compare inexact values with it
    passes(1, 1, prec="bogus")
    passes("a", "a", prec="bogus")
    passes(float("nan"), float("nan"), prec="bogus")
    passes(1.0, 1.25, prec="bogus", abs_tol=0.5)
    for a, b in ((1.0, 1.0), (1j, 1j)):
        try:
            case().assertPreciseEqual(a, b, prec="bogus")
        except ValueError as e:
            assert str(e) == "unsupported precision 'bogus'"
        else:
            raise AssertionError("prec='bogus' accepted for floats")


def test_tolerance_in_ulps():
    x = np.float32(1.0)
    passes(x, np.nextafter(x, np.float32(2)), prec="single")
    fails(x, np.nextafter(np.nextafter(x, np.float32(2)), np.float32(2)), prec="single")
    passes(x, x + 4 * np.finfo(np.float32).eps, prec="single", ulps=4)
    fails(1.0, 1.0 + 2 ** -40, prec="double")
    passes(1.0, 1.0 + 2 ** -40, prec="single")
    fails(1.0, 1.0 + 2 ** -40)  # exact


class _Shown:
    pass


class _ClassA:
    __class__ = property(lambda self: _Shown)  # noqa: A003  (what __class__ says, not type())


class _ClassB:
    __class__ = property(lambda self: _Shown)  # noqa: A003

    def __eq__(self, other):
        return True


class _Color(enum.Enum):
    RED = 1


class _Size(enum.IntEnum):
    SMALL = 1


def test_classes_by_their_class_attribute():
    # numba compares first.__class__ with second.__class__, not type(first) with type(second)
    case().assertPreciseEqual(_ClassB(), _ClassA())
    fails(_Color.RED, _Size.SMALL)
    passes(_Size.SMALL, _Size.SMALL)
    fails(_Size.SMALL, 1)  # enum against exact
    fails(object(), object())


def test_families():
    passes((1, 2.0), [1, 2.0])  # lists and tuples are one family
    fails((1, 2.0), (1, 2))
    fails(np.int32(1), np.int64(1))  # NumPy scalars: one dtype
    passes(np.int32(1), np.int32(1))
    passes(np.float64(1.0), 1.0)  # both "approximate"; dtypes are compared only where both have one
    fails(np.float64(1.0), np.float32(1.0))
    passes(b"a", np.bytes_(b"a"))
    fails(np.bool_(True), 1)
    passes(np.bool_(True), True)


# ---- the other TestCase helpers --------------------------------------------------------------------

def test_strides_and_refcounts():
    t = case()
    t.assertStridesEqual(np.zeros((2, 3)), np.ones((2, 3)))
    with contextlib.suppress(AssertionError):
        t.assertStridesEqual(np.zeros((2, 3)), np.zeros((2, 3)).T.copy().T)
        raise RuntimeError("strides equal")
    obj = object()
    with t.assertRefCount(obj):
        pass
    try:
        with t.assertRefCount(obj):
            keep = [obj]  # noqa: F841
    except AssertionError as e:
        assert str(e).startswith("Refcount changed from ")
    t.assertRefCountEqual(object(), object())
    try:
        t.assertRefCountEqual(obj, object())
    except AssertionError as e:
        assert " does not match." in str(e) and str(e).startswith("Refcount for objects does not match. #0(")
    assert (t.random.rand(3) == np.random.RandomState(42).rand(3)).all()
    assert t.longMessage


def test_reset_module_warnings():
    mod = type(sys)("pyjitc_test_warned")
    mod.__warningregistry__ = {"x": 1}
    sys.modules[mod.__name__] = mod
    try:
        case().reset_module_warnings(mod.__name__)
        assert not hasattr(mod, "__warningregistry__")
        case().reset_module_warnings(mod)  # nothing to forget
    finally:
        del sys.modules[mod.__name__]


@with_testing
def test_cuda_testcase_setup():
    seen = []

    class Mixin(unittest.TestCase):
        def setUp(self):
            seen.append("mixin setUp")

        def tearDown(self):
            seen.append("mixin tearDown")

    class T(testing.CUDATestCase, Mixin):
        def test_x(self):
            seen.append((config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY))

    old = (config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY)
    config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY = 1, 1
    try:
        result = unittest.TestResult()
        T("test_x").run(result)
        assert result.wasSuccessful(), result.errors + result.failures
        # numba-cuda's setUp and tearDown call no others after them in the method order
        assert seen == [(0, 0)]
        assert (config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY) == (1, 1)
    finally:
        config.CUDA_LOW_OCCUPANCY_WARNINGS, config.CUDA_WARN_ON_IMPLICIT_COPY = old
    assert testing.CUDATestCase.FLOAT16_RTOL == np.finfo(np.float16).eps


# ---- the decorators ----------------------------------------------------------------------------

def skipped(decorator):
    def f():
        pass
    return bool(getattr(decorator(f), "__unittest_skip__", False))


REASONED = ["skip_on_cudasim", "skip_unless_cudasim", "skip_unless_conda_cudatoolkit", "skip_if_external_memmgr",
            "skip_under_cuda_memcheck", "skip_without_nvdisasm", "skip_with_nvdisasm", "skip_on_arm", "skip_on_wsl2",
            "skip_if_nvjitlink_missing", "skip_on_nvjitlink_13_1_sm_120"]


@with_testing
def test_decorators_insist_on_a_reason():
    def f():
        pass
    for name in REASONED:
        decorator = getattr(testing, name)
        decorator("a reason")
        for bad in (f, None, 1):
            try:
                decorator(bad)
            except AssertionError:
                continue
            raise AssertionError(f"{name}({bad!r}) accepted")


@with_testing
def test_cudasim_decorators():
    assert not skipped(testing.skip_on_cudasim("r"))
    assert skipped(testing.skip_unless_cudasim("r"))


@with_testing
def test_external_memmgr(monkeypatch):
    # numba-cuda reads its config (set from NUMBA_CUDA_MEMORY_MANAGER when numba is imported), which
    # a test or a project may change
    monkeypatch.setattr(config, "CUDA_MEMORY_MANAGER", "default", raising=False)
    monkeypatch.setenv("NUMBA_CUDA_MEMORY_MANAGER", "rmm.RMMNumbaManager")
    assert not skipped(testing.skip_if_external_memmgr("r"))
    monkeypatch.setattr(config, "CUDA_MEMORY_MANAGER", "rmm.RMMNumbaManager")
    monkeypatch.delenv("NUMBA_CUDA_MEMORY_MANAGER")
    assert skipped(testing.skip_if_external_memmgr("r"))


@pyjitc_only
def test_external_memmgr_without_config(monkeypatch):
    # pyjitc's config has no CUDA_MEMORY_MANAGER unless set: then the environment variable numba's
    # config would have read it from
    monkeypatch.delattr(config, "CUDA_MEMORY_MANAGER", raising=False)
    monkeypatch.delenv("NUMBA_CUDA_MEMORY_MANAGER", raising=False)
    assert not skipped(testing.skip_if_external_memmgr("r"))
    monkeypatch.setenv("NUMBA_CUDA_MEMORY_MANAGER", "rmm.RMMNumbaManager")
    assert skipped(testing.skip_if_external_memmgr("r"))


@with_testing
def test_wsl2(monkeypatch):
    for release, skip in (("5.15.153.1-microsoft-standard-WSL2", True), ("6.6.36.6-microsoft-standard-WSL2+", True),
                          ("6.1.0-wsl2-custom", True), ("4.4.0-19041-Microsoft", False),
                          ("5.10.102.1-microsoft-standard", False), ("6.1.0-18-amd64", False)):
        monkeypatch.setattr(platform, "release", lambda r=release: r)
        assert skipped(testing.skip_on_wsl2("r")) == skip, release


@with_testing
def test_arm(monkeypatch):
    for cpu, skip in (("aarch64", True), ("armv7l", True), ("x86_64", False), ("", False), ("unknown", False)):
        monkeypatch.setattr(platform, "processor", lambda c=cpu: c)
        monkeypatch.setattr(platform, "machine", lambda: "aarch64")  # numba-cuda does not ask
        assert skipped(testing.skip_on_arm("r")) == skip, cpu


@with_testing
def test_conda_cudatoolkit(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    assert skipped(testing.skip_unless_conda_cudatoolkit("r"))
    (tmp_path / "conda-meta").mkdir()
    assert skipped(testing.skip_unless_conda_cudatoolkit("r"))  # a conda environment without NVRTC
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libnvrtc.so").write_text("")
    assert skipped(testing.skip_unless_conda_cudatoolkit("r"))  # numba-cuda looks for a versioned name
    (tmp_path / "lib" / "libnvrtc.so.12").write_text("")
    assert not skipped(testing.skip_unless_conda_cudatoolkit("r"))


# ---- against numba's own assertPreciseEqual ----------------------------------------------------------

def grid():
    """The cases: (first, second, options)."""
    class Obj:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return isinstance(other, Obj) and other.v == self.v

        def __repr__(self):
            return f"Obj({self.v})"

    class E(enum.Enum):
        A = 1
        B = 2

    class F(enum.Enum):
        A = 1

    class I(enum.IntEnum):  # noqa: E742
        A = 1

    inf, nan = float("inf"), float("nan")
    f32, f16, c64 = np.float32, np.float16, np.complex64
    a2 = np.arange(6.0).reshape(2, 3)
    ro = np.arange(3.0)
    ro.flags.writeable = False
    D = decimal.Decimal
    values = [
        0, 1, -1, 10 ** 30, 10 ** 400, True, False, np.bool_(True), np.bool_(False), np.int32(1), np.int64(1),
        np.uint8(1), np.int64(0),
        0.0, -0.0, 1.0, 1.0 + 2 ** -40, 1.0 + 2 ** -20, 1.5, inf, -inf, nan, 1e308, 5e-324,
        f32(0.0), f32(-0.0), f32(1.0), f32(1.0000001), f32(1.0000003), f32(inf), f32(-inf), f32(nan), f32(3e38),
        f16(1.0), f16(-0.0), f16(inf), f16(-inf), np.float64(-0.0), np.float64(nan), np.float64(inf),
        np.longdouble(1.0),
        complex(1, 2), complex(1, -0.0), complex(1, 0.0), complex("nan+1j"), complex("1+nanj"), complex(inf, 1),
        complex(-inf, 1), c64(1 + 2j), c64(complex(1, 2 + 2 ** -22)), c64(complex(inf, 0)), c64(complex(-inf, 0)),
        np.complex128(complex(nan, nan)),
        "a", "b", np.str_("a"), b"a", np.bytes_(b"a"), E.A, E.B, F.A, I.A, None, Obj(1), Obj(2), _ClassA(), _ClassB(),
        D("0"), D("-0"), D("1.5"), D("nan"), D("snan"), D("inf"), D("-inf"), fractions.Fraction(1, 2),
        (1, 2), [1, 2], (1, 2, 3), (1.0, -0.0), (0.0, 0.0), [f32(inf)], [f32(-inf)], ((1, 2.0), [nan]),
        np.datetime64("NaT"), np.datetime64("NaT", "D"), np.datetime64("NaT", "s"), np.datetime64("2020-01-01"),
        np.datetime64("2020-01-02"), np.timedelta64("NaT"), np.timedelta64("NaT", "s"), np.timedelta64(1, "D"),
        np.timedelta64(0, "D"), np.timedelta64(-1, "D"),
        np.arange(3.0), np.arange(3), np.arange(3, dtype=np.int32), np.arange(3.0)[::-1].copy(), np.arange(6.0)[::2],
        a2, a2.T, a2.reshape(3, 2), a2.reshape(6), a2.reshape(6, 1), a2.reshape(1, 6), ro,
        np.zeros((0, 3)), np.zeros((3, 0)), np.zeros(0), np.array(1.0), np.array(-0.0), np.array([nan]),
        np.array([-0.0]), np.array([0.0]), np.arange(3, dtype=np.float32), np.array([inf], np.float32),
        np.array([-inf], np.float32), np.array([1 + 2j, nan]), np.array(["NaT", "2020-01-01"], "datetime64[D]"),
        np.array([True, False]), np.array([1, 0]),
    ]
    # every option set for two values of one type, a few for the others (which mostly differ in family)
    few = [{}, dict(prec="single"), dict(msg="M"), dict(ignore_sign_on_zero=True), dict(abs_tol=1),
           dict(prec="bogus", abs_tol="eps")]
    options = [
        {}, dict(prec="single"), dict(prec="double"), dict(prec="single", ulps=3), dict(prec="double", ulps=20),
        dict(prec="single", ulps=0), dict(msg="M"), dict(prec="single", msg="M"), dict(ignore_sign_on_zero=True),
        dict(prec="single", ignore_sign_on_zero=True), dict(abs_tol="eps"), dict(abs_tol=0.5), dict(abs_tol=1),
        dict(abs_tol="x"), dict(abs_tol=np.float32(0.5)), dict(abs_tol=np.float64(1e-3), prec="single"),
        dict(prec="bogus"), dict(prec="single", msg="M", abs_tol=1e-3), dict(prec="double", abs_tol="eps"),
    ]
    return [(a, b, kw) for a, b in itertools.product(values, values)
            for kw in (options if type(a) is type(b) else few)]


def implementations():
    """The assertPreciseEqual classes that import here, by name: pyjitc's always, numba's and
    numba-cuda's where they are installed."""
    from pyjitc.numba import testing as pyjitc_testing
    impls = {"pyjitc": pyjitc_testing.TestCase}
    with contextlib.suppress(ImportError):
        import numba.tests.support
        impls["numba"] = numba.tests.support.TestCase
    with contextlib.suppress(ImportError):
        import numba.cuda.tests.support
        impls["numba-cuda"] = numba.cuda.tests.support.TestCase
    return impls


def compare_grid():
    """Each implementation's outcome on every case, and the cases where one differs from pyjitc's."""
    import warnings
    impls = implementations()
    differences = {name: [] for name in impls}
    counts = {name: {"pass": 0, "fail": 0, "error": 0} for name in impls}
    n = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's about NaT and overflow in the comparisons
        for a, b, kw in grid():
            n += 1
            results = {name: outcome(cls, a, b, kw) for name, cls in impls.items()}
            for name, r in results.items():
                counts[name]["pass" if r[0] == "pass" else "fail" if r[0] == "AssertionError" else "error"] += 1
                if r != results["pyjitc"]:
                    differences[name].append([repr(a), repr(b), repr(kw), list(r), list(results["pyjitc"])])
    return {"cases": n, "implementations": sorted(impls), "counts": counts, "differences": differences}


def _numba_python():
    """An interpreter where numba and numba-cuda import: this one, or test_numba_redirect's virtual
    environment (made when missing)."""
    import test_numba_redirect as redirect
    return sys.executable if redirect._numba_here() else redirect._numba_venv()


def _run(cmd, **env):
    full = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **env)
    full.pop("PYJITC_TESTING_UNDER", None)
    full.update(env)
    return subprocess.run(cmd, cwd=HERE, env=full, capture_output=True, text=True, timeout=900)


@pyjitc_only
@pytest.mark.parametrize("under, least", [("numba-cuda", 21), ("numba", 14)])
def test_same_tests_under_numba(under, least):
    """This file's tests of the rules pass with numba's own in place of pyjitc's (pyjitc is not on
    the path)."""
    r = _run([_numba_python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", os.path.abspath(__file__)],
             PYJITC_TESTING_UNDER=under, PYTHONPATH=HERE)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-3000:]
    passed = int(re.search(r"(\d+) passed", r.stdout).group(1))
    assert passed >= least, r.stdout[-3000:]


@pyjitc_only
def test_grid_against_numba():
    import pyjitc
    pyjitc_dir = os.path.dirname(os.path.dirname(os.path.abspath(pyjitc.__file__)))
    r = _run([_numba_python(), os.path.abspath(__file__)], PYTHONPATH=os.pathsep.join([pyjitc_dir, HERE]))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert {"numba", "numba-cuda"} <= set(report["implementations"]), report["implementations"]
    assert report["cases"] > 50000
    for name, diffs in report["differences"].items():
        assert not diffs, f"{name} differs from pyjitc's in {len(diffs)} of {report['cases']} cases, e.g. {diffs[:3]}"
    # the grid has cases of each outcome
    counts = report["counts"]["numba"]
    assert min(counts.values()) > 1000, counts
    assert report["counts"]["pyjitc"] == counts


@pyjitc_only
def test_grid_here():
    """Without numba: every case of the grid has an outcome (numba's kinds: pass, AssertionError,
    or an error of the arguments), and CUDATestCase compares as TestCase does."""
    report = compare_grid()
    assert report["cases"] > 50000 and min(report["counts"]["pyjitc"].values()) > 1000, report["counts"]
    assert testing.CUDATestCase.assertPreciseEqual is testing.TestCase.assertPreciseEqual


if __name__ == "__main__":
    json.dump(compare_grid(), sys.stdout)
