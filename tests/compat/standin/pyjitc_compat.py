"""What a test process of the compat runner (tests/compat) imports as numba: a numba-cuda user's
install with `numba.cuda` redirected to pyjitc, plus numba-cuda's own test suite.

- `numba` and everything outside `numba.cuda` are numba's own (the real package, from run.py's
  scratch site: numba, llvmlite, cuda-bindings, cuda-core, ml_dtypes, cffi, filecheck);
- `numba.cuda` and `numba.cuda.X` are what the product's redirect, pyjitc.numba, makes them
  (pyjitc.cuda itself, pyjitc's modules; `numba.cuda.HAS_NUMBA` is True);
- `numba.cuda.testing` and `numba.cuda.tests.support` are suite/testing.py and suite/support.py:
  the product's pyjitc.numba.testing with the helpers only numba-cuda's own suite uses;
- `numba.cuda.tests.X` are the files of numba-cuda's suite (.deps/numba-cuda, or
  $PYJITC_COMPAT_DEPS);
- a `numba.cuda` name pyjitc lacks is *missing*: a module pyjitc.numba has not, or a name one of
  pyjitc's modules has not. Importing it works; using it raises MissingInPyjitc, so that the tests
  needing it fail and the others in the file run. Where pyjitc.numba would raise at the import
  (ModuleNotFoundError, ImportError), a user's whole file would fail; here only its tests that
  use the name do. A missing name that reads as an exception or warning class (`TypingError`,
  `NumbaDebugInfoWarning`) is a class whose every isinstance/issubclass check raises
  MissingInPyjitc (assertRaises, pytest.raises and assertWarns check against it).

install() puts this module's finder first on sys.meta_path, ahead of pyjitc.numba's (installed
too) and of numba-cuda's own redirector where numba-cuda is installed. sitecustomize.py calls it
in every Python process a test starts (PYJITC_COMPAT_SUITE set), as numba-cuda's .pth does."""
import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import sys
import types as pytypes

STANDIN = os.path.dirname(os.path.abspath(__file__))  # tests/compat/standin
SUITE_DIR = os.path.join(STANDIN, "suite")
ROOT = os.path.abspath(os.path.join(STANDIN, "..", "..", ".."))

# numba.cuda.X served from the stand-in's own files instead of pyjitc.numba's
OWN_FILES = {"numba.cuda.testing": os.path.join(SUITE_DIR, "testing.py"),
             "numba.cuda.tests.support": os.path.join(SUITE_DIR, "support.py")}


# numba-cuda's own modules that only feed its test suite data, loaded from the fetched wheel like
# the test files: test_libdevice generates one test per entry of libdevicefuncs' table of libdevice
# functions (the API numba.cuda.libdevice has) when it is imported. Its own imports resolve as any
# other (numba.cuda.typing.templates.signature is missing in pyjitc: the generated tests fail on it
# until pyjitc has it).
SUITE_DATA = ("numba.cuda.libdevicefuncs",)


def tests_dir():
    """numba-cuda's `numba/cuda/tests` folder (the test suite under measurement)."""
    base = os.environ.get("PYJITC_COMPAT_DEPS") or os.path.join(ROOT, ".deps", "numba-cuda")
    return os.path.join(base, "numba_cuda", "numba", "cuda", "tests")


class MissingInPyjitc(Exception):
    """Raised when a test uses a numba.cuda name that pyjitc does not have. Deliberately not an
    AttributeError/TypeError/NotImplementedError: a test expecting one of those must not pass
    because a name is missing."""


class Missing:
    """A numba.cuda name pyjitc lacks: any use of it raises MissingInPyjitc naming it."""

    def __init__(self, qualname):
        object.__setattr__(self, "_qualname", qualname)

    def _fail(self, *args, **kwargs):
        raise MissingInPyjitc(f"pyjitc has no {self._qualname}")

    __call__ = __getitem__ = __iter__ = __len__ = __bool__ = __int__ = __float__ = __index__ = _fail
    __eq__ = __lt__ = __gt__ = __le__ = __ge__ = __add__ = __mul__ = __or__ = __and__ = __contains__ = _fail
    __hash__ = object.__hash__

    def __mro_entries__(self, bases):  # `class T(types.Type)` with a missing base
        self._fail()

    def __getattr__(self, name):
        if name.startswith("__") or name.startswith("_pyjitc"):
            raise AttributeError(name)
        return missing(f"{self._qualname}.{name}")

    def __setattr__(self, name, value):
        self._fail()

    def __repr__(self):
        return f"<missing in pyjitc: {self._qualname}>"


class _MissingClassMeta(type):
    """The metaclass of a missing exception or warning class: checking anything against it fails."""

    def _fail(cls):
        raise MissingInPyjitc(f"pyjitc has no {cls._pyjitc_qualname}")

    def __instancecheck__(cls, obj):
        cls._fail()

    def __subclasscheck__(cls, sub):
        cls._fail()

    def __repr__(cls):
        return f"<missing in pyjitc: {cls._pyjitc_qualname}>"


_EXC_NAME = re.compile(r"^[A-Z]\w*(Error|Exception|Warning)$")
_MISSING = {}


def missing(qualname):
    """The Missing for a numba name (one object per name)."""
    found = _MISSING.get(qualname)
    if found is None:
        last = qualname.rpartition(".")[2]
        if _EXC_NAME.match(last):
            base = Warning if last.endswith("Warning") else Exception
            found = _MissingClassMeta(last, (base,), {"_pyjitc_qualname": qualname, "__module__": "pyjitc_compat"})
        else:
            found = Missing(qualname)
        _MISSING[qualname] = found
    return found


def product_module(name):
    """pyjitc.numba's module for `numba.cuda.X[.Y]` (a module of pyjitc), or None. The stand-in's
    own files (OWN_FILES) are not asked for."""
    from pyjitc.numba import _cuda_submodule
    return _cuda_submodule(name)


def module_getattr(modname, submodules=True):
    """A module `__getattr__` for the names a numba.cuda module of pyjitc lacks: a submodule the
    product or the suite has, else a Missing."""
    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module {modname!r} has no attribute {name!r}")
        full = f"{modname}.{name}"
        if submodules and (full in OWN_FILES or _suite_location(full) is not None
                           or product_module(full) is not None):
            return importlib.import_module(full)
        return missing(full)
    __getattr__._pyjitc_compat = True
    return __getattr__


def add_fallback(module, numba_name, submodules=True):
    """Gives a module of pyjitc (under its numba name) Missing for the names it lacks, after its own
    `__getattr__` where it has one."""
    own = vars(module).get("__getattr__")
    if getattr(own, "_pyjitc_compat", False):
        return
    fallback = module_getattr(numba_name, submodules)

    def __getattr__(name):
        if own is not None:
            try:
                return own(name)
            except AttributeError:
                if _from_pyjitc():
                    raise
        elif _from_pyjitc():
            raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}")
        return fallback(name)
    __getattr__._pyjitc_compat = True
    module.__getattr__ = __getattr__


def _from_pyjitc():
    """Whether the attribute lookup comes from pyjitc's own code (`getattr(config, "X", None)` in
    pyjitc.numba.testing): it gets the AttributeError it would get without the stand-in."""
    caller = sys._getframe(2).f_globals.get("__name__", "") or ""
    return caller == "pyjitc" or caller.startswith("pyjitc.")


def _add_fallbacks(cuda):
    """numba.cuda and the modules reached from it as attributes (cuda.cudadrv.driver, cuda.types,
    cuda.config, ...), which a test may use without importing them by their numba names."""
    seen = set()

    def walk(module, numba_name):
        if id(module) in seen:
            return
        seen.add(id(module))
        add_fallback(module, numba_name)
        for k, v in list(vars(module).items()):
            if isinstance(v, pytypes.ModuleType) and not k.startswith("_") and \
                    (getattr(v, "__name__", "") or "").startswith("pyjitc"):
                walk(v, f"{numba_name}.{k}")
    walk(cuda, "numba.cuda")


class _Alias(importlib.abc.Loader):
    """Loads `numba.cuda.X` as pyjitc's module (which keeps its own name and spec), with Missing
    for the names it lacks."""

    def __init__(self, module):
        self.module = module
        self.own_spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        self.numba_name = spec.name
        return self.module

    def exec_module(self, module):
        if self.own_spec is not None:
            module.__spec__ = self.own_spec
        add_fallback(module, self.numba_name)


class _CudaLoader(importlib.abc.Loader):
    """pyjitc.numba's loader of `numba.cuda` (pyjitc.cuda, adopted as numba.cuda), then Missing for
    the names pyjitc.cuda and its modules lack."""

    def __init__(self, inner):
        self.inner = inner

    def create_module(self, spec):
        return self.inner.create_module(spec)

    def exec_module(self, module):
        self.inner.exec_module(module)
        _add_fallbacks(module)


class _MissingLoader(importlib.abc.Loader):
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__path__ = []
        module.__pyjitc_missing__ = True
        module.__getattr__ = module_getattr(module.__name__, submodules=False)


def missing_module(name):
    """A module whose every name is Missing (for a helper module the runner leaves out)."""
    module = pytypes.ModuleType(name)
    _MissingLoader().exec_module(module)
    return module


def _suite_location(name):
    """(file, is_package) of `numba.cuda.tests[.X]` in numba-cuda's suite (or of a SUITE_DATA
    module), else None."""
    parts = name.split(".")[1:]
    if parts[:2] != ["cuda", "tests"] and name not in SUITE_DATA:
        return None
    base = os.path.join(os.path.dirname(os.path.dirname(tests_dir())), *parts)
    if os.path.isfile(base + ".py"):
        return base + ".py", False
    if os.path.isfile(os.path.join(base, "__init__.py")):
        return os.path.join(base, "__init__.py"), True
    return None


def _product_finder():
    import pyjitc.numba
    return pyjitc.numba._FINDER


class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "numba.cuda" and not name.startswith("numba.cuda."):
            return None  # numba's own (the real package)
        if name == "numba.cuda":
            spec = _product_finder().find_spec(name, path, target)
            spec.loader = _CudaLoader(spec.loader)
            return spec
        if name in OWN_FILES:
            file, is_pkg = OWN_FILES[name], False
        elif name == "numba.cuda.tests" or name.startswith("numba.cuda.tests.") or name in SUITE_DATA:
            found = _suite_location(name)
            if found is None:
                raise ModuleNotFoundError(f"No module named {name!r} (not in numba-cuda's suite at {tests_dir()})",
                                          name=name)
            file, is_pkg = found
        else:
            own = product_module(name)
            if own is not None:
                return importlib.machinery.ModuleSpec(name, _Alias(own), is_package=hasattr(own, "__path__"))
            return importlib.machinery.ModuleSpec(name, _MissingLoader(), is_package=True)
        return importlib.util.spec_from_file_location(
            name, file, submodule_search_locations=[os.path.dirname(file)] if is_pkg else None)


_FINDER = Finder()


def install():
    """pyjitc.numba's redirect, and this finder ahead of it (idempotent)."""
    import pyjitc.numba
    pyjitc.numba.install()
    for f in list(sys.meta_path):
        if f is _FINDER or type(f).__name__ == "Finder" and type(f).__module__ == __name__:
            sys.meta_path.remove(f)
    sys.meta_path.insert(0, _FINDER)
    import pyjitc.cuda
    if sys.modules.get("numba.cuda") is pyjitc.cuda:  # already adopted (before this finder was in place)
        _add_fallbacks(pyjitc.cuda)


def origin(module):
    """Where a loaded `numba.cuda*` module comes from: 'pyjitc', 'standin', 'tests', 'missing', or
    its file (a module from elsewhere: the stand-in did not win)."""
    if (getattr(module, "__name__", "") or "").startswith("pyjitc"):
        return "pyjitc"
    if getattr(module, "__pyjitc_missing__", False):
        return "missing"
    file = os.path.abspath(getattr(module, "__file__", None) or "?")
    if file in OWN_FILES.values():
        return "standin"
    if file.startswith(tests_dir() + os.sep) or (getattr(module, "__name__", "") in SUITE_DATA and
                                                 file.startswith(os.path.dirname(tests_dir()) + os.sep)):
        return "tests"
    return file


def check():
    """Raises RuntimeError unless numba is the real numba, numba.cuda is pyjitc.cuda (HAS_NUMBA
    True) and every loaded numba.cuda module is the stand-in's doing; numba-cuda is never loaded."""
    import pyjitc.cuda
    numba = sys.modules.get("numba")
    if numba is None or getattr(numba, "__pyjitc_standin__", False) or not getattr(numba, "__file__", None):
        raise RuntimeError(f"`numba` is not the real numba ({getattr(numba, '__file__', None) or numba}): numba is "
                           "not installed here (run.py's scratch site, or --no-site where numba is installed)")
    if sys.modules.get("numba.cuda") is not pyjitc.cuda or getattr(numba, "cuda", None) is not pyjitc.cuda:
        raise RuntimeError(f"`numba.cuda` is not pyjitc.cuda: {sys.modules.get('numba.cuda')}")
    if pyjitc.cuda.HAS_NUMBA is not True:
        raise RuntimeError(f"numba.cuda.HAS_NUMBA is {pyjitc.cuda.HAS_NUMBA!r}, not True")
    bad = {n: origin(m) for n, m in list(sys.modules.items())
           if n.startswith("numba.cuda.") and isinstance(m, pytypes.ModuleType)
           and origin(m) not in ("pyjitc", "standin", "tests", "missing")}
    bad.update({n: getattr(m, "__file__", "?") for n, m in list(sys.modules.items())
                if n == "numba_cuda" or n.startswith("numba_cuda.")})
    if bad:
        raise RuntimeError(f"numba.cuda modules not from the stand-in (or numba-cuda loaded): {bad}")
