"""Runs one numba-cuda test file against pyjitc, in its own process (started by run.py).

    python3 worker.py --module numba.cuda.tests.cudapy.test_x --events FILE [--skip FILE] [--na PATTERN...]
    python3 worker.py --check

Installs the stand-in (standin/pyjitc_compat.py: numba is the real numba, numba.cuda is pyjitc
through pyjitc.numba, numba-cuda's suite modules are the stand-in's), checks it, imports the test
module unchanged, collects its tests as unittest does (plus module-level pytest-style `test_*()`
functions and pytest's skip/skipif/xfail marks), and runs them. A test module that cannot be
imported fails (every one of its tests); it is skipped only where it skips itself (unittest's
SkipTest, pytest.importorskip, a module-level pytest skip). Each event is one JSON line appended to
FILE as it happens, so run.py knows which test was running when the process hung or crashed:
  {"event": "collected", "tests": [...]}   {"event": "start", "id": ...}
  {"event": "result", "id": ..., "outcome": "pass|fail|skip|xfail|na", "message": ...}
  {"event": "import_error", "message": ...}   {"event": "fatal", "message": ...}   {"event": "done"}
Exit status: 0 when the run finished (whatever the tests did), 3 when the stand-in is broken."""
import argparse
import fnmatch
import importlib
import json
import os
import re
import sys
import time
import traceback
import unittest
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
STANDIN = os.path.join(HERE, "standin")
# what a numba-cuda user's test environment imports besides numba.cuda: numba and the test
# dependencies (run.py's scratch site, or the interpreter's own packages with --no-site)
NEEDED = ("numba", "llvmlite", "cuda.bindings", "cuda.core", "cuda.pathfinder", "ml_dtypes", "cffi", "filecheck")


class Events:
    def __init__(self, path):
        self.f = open(path, "a", encoding="utf-8") if path else None

    def close(self):
        if self.f:
            self.f.close()

    def emit(self, **event):
        line = json.dumps(event)
        if self.f:
            self.f.write(line + "\n")
            self.f.flush()
        else:
            print(line, flush=True)


def first_line(exc_type, exc_value):
    """`Type: first line of the message`, for the report."""
    text = str(exc_value).strip()
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    name = getattr(exc_type, "__name__", str(exc_type))
    return f"{name}: {line}" if line else name


def is_skip(exc):
    """unittest's SkipTest, or pytest's skip (pytest.importorskip of a missing optional package)."""
    return isinstance(exc, unittest.SkipTest) or type(exc).__name__ == "Skipped"


def load_standin():
    """Installs the stand-in (sitecustomize.py already did, where PYJITC_COMPAT_SUITE is set), imports
    numba and numba.cuda through it and checks that it won; returns the stand-in module."""
    if STANDIN not in sys.path:
        sys.path.insert(0, STANDIN)
    import pyjitc_compat
    pyjitc_compat.install()
    import numba  # noqa: F401
    import numba.cuda  # noqa: F401
    pyjitc_compat.check()
    import numba.cuda.testing  # noqa: F401
    pyjitc_compat.check()
    return pyjitc_compat


def test_id(test):
    if isinstance(test, unittest.FunctionTestCase):
        return test._testFunc.__name__
    return f"{type(test).__name__}.{test._testMethodName}"


def flatten(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from flatten(t)
        else:
            yield t


def pytest_marks(obj):
    marks = getattr(obj, "pytestmark", [])
    return marks if isinstance(marks, list) else [marks]


def apply_pytest_marks(test):
    """pytest's skip / skipif / xfail marks, as unittest's skip and expectedFailure."""
    if isinstance(test, unittest.FunctionTestCase):
        fn, owner = test._testFunc, None
    else:
        fn, owner = getattr(type(test), test._testMethodName, None), type(test)
    marks = pytest_marks(fn) + (pytest_marks(owner) if owner else [])
    for m in marks:
        name, args, kwargs = getattr(m, "name", ""), getattr(m, "args", ()), getattr(m, "kwargs", {})
        cond = bool(args[0]) if args and not isinstance(args[0], str) else kwargs.get("condition", True)
        if name == "skip" or (name == "skipif" and cond):
            return kwargs.get("reason", "pytest skip mark")
        if name == "xfail" and cond:
            target = getattr(fn, "__func__", fn)
            try:
                target.__unittest_expecting_failure__ = True
            except AttributeError:
                pass
    return None


def module_functions(module):
    """pytest-style tests: module-level functions named test* that take no arguments."""
    import inspect
    out = []
    for name, fn in vars(module).items():
        if name.startswith("test") and inspect.isfunction(fn) and fn.__module__ == module.__name__:
            if not inspect.signature(fn).parameters:
                out.append(unittest.FunctionTestCase(fn))
    return out


_GLOBAL = re.compile(r"global '(\w+)' is not a compile-time constant")


def missing_global(message, module):
    """pyjitc's rejection of a kernel's global that is a numba.cuda name pyjitc lacks (`from
    numba.cuda import libdevice` gave a missing module): the message names the missing name first,
    as MissingInPyjitc does, so that the failure counts under the right cause."""
    import pyjitc_compat
    m = _GLOBAL.search(message)
    if not m or module is None:
        return message
    value = vars(module).get(m.group(1))
    if isinstance(value, pyjitc_compat.Missing):
        what = value._qualname
    elif getattr(value, "__pyjitc_missing__", False):
        what = value.__name__
    elif isinstance(value, pyjitc_compat._MissingClassMeta):
        what = value._pyjitc_qualname
    else:
        return message
    return f"MissingInPyjitc: pyjitc has no {what} (a kernel uses it: {message})"


class Result(unittest.TestResult):
    def __init__(self, events, module=None):
        super().__init__()
        self.events = events
        self.module = module
        self.current = None
        self.outcome = None
        self.class_errors = {}

    def startTest(self, test):
        super().startTest(test)
        self.current = test_id(test)
        self.outcome = ("pass", "")
        self.t0 = time.monotonic()
        self.events.emit(event="start", id=self.current)

    def stopTest(self, test):
        super().stopTest(test)
        outcome, message = self.outcome
        self.events.emit(event="result", id=test_id(test), outcome=outcome, message=message,
                         seconds=round(time.monotonic() - self.t0, 3))
        self.current = None

    def _set(self, outcome, message):
        # the first failure of a test (or of its subtests) is the one reported
        message = missing_global(message, self.module)
        if self.outcome is None or self.outcome[0] in ("pass", "xfail"):
            self.outcome = (outcome, message)

    def addError(self, test, err):
        if is_skip(err[1]):
            return self.addSkip(test, str(err[1]))
        if not isinstance(test, unittest.TestCase) or self.current is None:
            # setUpClass / setUpModule / tearDownClass failed: recorded for the class's tests
            desc = str(test)
            self.class_errors[desc] = first_line(*err[:2])
            return
        self._set("fail", first_line(*err[:2]))

    def addFailure(self, test, err):
        self._set("fail", first_line(*err[:2]))

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], unittest.SkipTest):
                return
            self._set("fail", first_line(*err[:2]))

    def addSkip(self, test, reason):
        if self.current is None:
            self.class_errors[str(test)] = "skip: " + str(reason)
            return
        self.outcome = ("skip", str(reason))

    def addExpectedFailure(self, test, err):
        self.outcome = ("xfail", first_line(*err[:2]))

    def addUnexpectedSuccess(self, test):
        self.outcome = ("pass", "unexpected success of a test expected to fail")


def run(args):
    events = Events(args.events)
    try:
        load_standin()
    except Exception as e:  # the runner is broken, not a test
        events.emit(event="fatal", message="stand-in: " + first_line(type(e), e),
                    traceback=traceback.format_exc())
        return 3
    import pyjitc_compat as _standin

    warnings.simplefilter("default")
    skip = set()
    if args.skip:
        with open(args.skip) as f:
            skip = set(json.load(f))
    for name in args.missing_module:  # helper modules that only n/a tests use
        sys.modules[name] = _standin.missing_module(name)
    try:
        module = importlib.import_module(args.module)
    except BaseException as e:  # noqa: B036
        if not is_skip(e):
            events.emit(event="import_error", message=first_line(type(e), e), traceback=traceback.format_exc())
            events.emit(event="done")
            return 0
        events.emit(event="module_skip", message=str(e))
        events.emit(event="done")
        return 0

    loader = unittest.TestLoader()
    tests = list(flatten(loader.loadTestsFromModule(module))) + module_functions(module)
    collected = []
    for t in tests:
        if type(t).__name__ == "_FailedTest":  # the loader could not load something
            events.emit(event="import_error", message=f"loading {t._testMethodName} failed")
            continue
        collected.append(t)
    events.emit(event="collected", tests=[test_id(t) for t in collected])

    selected = []
    for t in collected:
        tid = test_id(t)
        if tid in skip:
            continue
        if any(fnmatch.fnmatchcase(tid, p) for p in args.na):
            events.emit(event="result", id=tid, outcome="na", message="")
            continue
        reason = apply_pytest_marks(t)
        if reason is not None:
            events.emit(event="result", id=tid, outcome="skip", message=reason)
            continue
        selected.append(t)

    result = Result(events, module)
    unittest.TestSuite(selected).run(result)
    for desc, message in result.class_errors.items():  # run.py gives it to the tests it kept from running
        where = re.search(r"\(([\w.]+)\)", desc)
        name = where.group(1) if where else ""
        cls = name.rpartition(".")[2] if name != args.module else ""
        events.emit(event="fixture_error", where=desc, cls=cls, message=message)
    try:
        _standin.check()
    except RuntimeError as e:
        events.emit(event="fatal", message=str(e))
        return 3
    events.emit(event="done")
    events.close()
    return 0


def check():
    """--check: the stand-in loads, numba is numba and numba.cuda is pyjitc.cuda, pyjitc sees a
    device; prints what runs (numba's and the test dependencies' versions)."""
    load_standin()
    import importlib.metadata
    failed = []
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001
            failed.append(f"{name} ({first_line(type(e), e)})")
    if failed:
        print("not importable: " + "; ".join(failed))
        return 1
    import numba
    import pyjitc
    import pyjitc.numba
    dev = numba.cuda.get_current_device()
    name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
    versions = []
    for dist in ("numba", "llvmlite", "numpy", "cuda-bindings", "cuda-core", "ml_dtypes", "cffi", "filecheck"):
        try:
            versions.append(f"{dist} {importlib.metadata.version(dist)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{dist} (not installed)")
    print(f"ok: numba {numba.__version__} at {os.path.dirname(numba.__file__)}; numba.cuda is pyjitc.cuda "
          f"({os.path.dirname(pyjitc.__file__)}) through pyjitc.numba, HAS_NUMBA {numba.cuda.HAS_NUMBA}; "
          f"packages: {', '.join(versions)}; device {name}")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--module")
    ap.add_argument("--events")
    ap.add_argument("--skip")
    ap.add_argument("--na", nargs="*", default=[])
    ap.add_argument("--missing-module", nargs="*", default=[])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.check:
        return check()
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
