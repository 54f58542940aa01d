"""How the stand-in `numba` package takes over the `numba` names.

- `numba.cuda` is pyjitc.cuda itself (the same module object), given a `__path__` so that
  `numba.cuda.testing` and the other submodules the tests import can be found;
- `numba.cuda.X` is pyjitc's own module pyjitc.cuda.X where pyjitc has one (`numba.cuda.random`);
- `numba.X` comes from a file of this stand-in when there is one;
- `numba.cuda.tests.X` comes from numba-cuda's own test suite (.deps/numba-cuda, or
  $PYJITC_COMPAT_DEPS), except where this stand-in has its own file
  (`numba.cuda.tests.support`);
- any other `numba.X` is a *missing* module: importing it works, but using any of its names raises
  MissingInPyjitc, so a test fails where it first needs what pyjitc lacks, not at import.

numba-cuda installs a meta-path finder (`_numba_cuda_redirector`) that sends `numba.cuda`
imports to its own package; install() removes it and puts this finder first."""
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types as pytypes

STANDIN = os.path.dirname(os.path.abspath(__file__))  # .../standin/numba
CUDA_DIR = os.path.join(STANDIN, "cuda")
ROOT = os.path.abspath(os.path.join(STANDIN, "..", "..", "..", ".."))


def tests_dir():
    """numba-cuda's `numba/cuda/tests` folder (the test suite under measurement)."""
    base = os.environ.get("PYJITC_COMPAT_DEPS") or os.path.join(ROOT, ".deps", "numba-cuda")
    return os.path.join(base, "numba_cuda", "numba", "cuda", "tests")


class MissingInPyjitc(Exception):
    """Raised when a test uses a numba name that pyjitc (or this stand-in) does not have.
    Deliberately not a TypeError/NotImplementedError: a test expecting a compile error must not
    pass because a name is missing."""


class Missing:
    """A numba name pyjitc lacks: any use of it raises MissingInPyjitc naming it."""

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
        return Missing(f"{self._qualname}.{name}")

    def __setattr__(self, name, value):
        self._fail()

    def __repr__(self):
        return f"<missing in pyjitc: {self._qualname}>"


def module_getattr(modname, submodules=True):
    """A module `__getattr__`: a submodule the stand-in or the test suite has, else a Missing."""
    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module {modname!r} has no attribute {name!r}")
        full = f"{modname}.{name}"
        if submodules and (_FINDER.location(full) is not None or
                           (full.startswith("numba.cuda.") and pyjitc_module(full) is not None)):
            return importlib.import_module(full)
        return Missing(full)
    return __getattr__


class _AliasLoader(importlib.abc.Loader):
    """Loads `numba.cuda` as the already-imported pyjitc.cuda module."""

    def create_module(self, spec):
        import pyjitc.cuda
        self.own_spec = pyjitc.cuda.__spec__
        return pyjitc.cuda

    def exec_module(self, module):
        module.__spec__ = self.own_spec  # the import system set numba.cuda's: keep pyjitc's own
        module.__path__ = [CUDA_DIR]
        module.HAS_NUMBA = False  # numba-cuda without numba: the tests' "standalone" mode
        own = getattr(module, "__getattr__", None)  # pyjitc.cuda's lazy names (reduce, vectorize, ...)
        fallback = module_getattr("numba.cuda")

        def __getattr__(name):
            if own is not None:
                try:
                    return own(name)
                except AttributeError:
                    pass
            return fallback(name)
        module.__getattr__ = __getattr__


class _ModuleAliasLoader(importlib.abc.Loader):
    """Loads `numba.cuda.X` as pyjitc's own module pyjitc.cuda.X. As for numba.cuda itself, the
    names numba has there and pyjitc's module lacks are missing names (a submodule the stand-in
    or the suite has, else Missing), so that `from numba.cuda.cudadrv import nvrtc` in a file
    fails the tests that use it, not the file's import."""

    def __init__(self, module):
        self.module = module
        self.own_spec = module.__spec__

    def create_module(self, spec):
        self.numba_name = spec.name
        return self.module

    def exec_module(self, module):
        module.__spec__ = self.own_spec
        if "__getattr__" not in vars(module):
            module.__getattr__ = module_getattr(self.numba_name)


def pyjitc_module(name):
    """pyjitc's own module for `numba.cuda.X[.Y]` (pyjitc.cuda.X[.Y]), if pyjitc has one: the
    lookup of pyjitc.numba (the product's numba redirect), without the modules that one makes for
    numba names pyjitc.cuda lacks (numba.cuda.testing, .vectorizers, .fp16, .core): the stand-in
    has its own or leaves them missing. Imported here, not at the top: pyjitc is imported only
    after install()."""
    from pyjitc.numba import _pyjitc_cuda_module
    return _pyjitc_cuda_module(name)


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


class Finder(importlib.abc.MetaPathFinder):
    def location(self, name):
        """(file, is_package) for a `numba.*` module that exists as a file, else None."""
        parts = name.split(".")[1:]
        roots = [STANDIN]
        if parts[:2] == ["cuda", "tests"]:
            roots.append(os.path.dirname(os.path.dirname(tests_dir())))  # .../numba_cuda/numba
        for root in roots:
            base = os.path.join(root, *parts)
            if os.path.isfile(base + ".py"):
                return base + ".py", False
            if os.path.isfile(os.path.join(base, "__init__.py")):
                return os.path.join(base, "__init__.py"), True
        return None

    def find_spec(self, name, path=None, target=None):
        if name != "numba" and not name.startswith("numba."):
            return None
        if name == "numba.cuda":
            return importlib.machinery.ModuleSpec(name, _AliasLoader(), is_package=True)
        # pyjitc's own module (numba.cuda.random -> pyjitc.cuda.random) wins over the stand-in's,
        # but for the test harness (testing, tests)
        if name.startswith("numba.cuda.") and name.split(".")[2] not in ("testing", "tests"):
            own = pyjitc_module(name)
            if own is not None:
                return importlib.machinery.ModuleSpec(name, _ModuleAliasLoader(own),
                                                      is_package=hasattr(own, "__path__"))
        found = self.location(name)
        if found is None:
            if name == "numba" or name.startswith("numba.cuda.tests"):
                raise ModuleNotFoundError(f"No module named {name!r} (looked in {STANDIN} and {tests_dir()})",
                                          name=name)
            return importlib.machinery.ModuleSpec(name, _MissingLoader(), is_package=True)
        file, is_pkg = found
        return importlib.util.spec_from_file_location(
            name, file, submodule_search_locations=[os.path.dirname(file)] if is_pkg else None)


_FINDER = Finder()


def install():
    """Puts this finder first on sys.meta_path and removes numba-cuda's redirector."""
    for f in list(sys.meta_path):
        mod = getattr(type(f), "__module__", "") or ""
        if f is not _FINDER and (isinstance(f, Finder) or mod.startswith("_numba_cuda_redirector")):
            sys.meta_path.remove(f)
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    sys.meta_path.insert(0, _FINDER)


def origin(module):
    """Where a loaded `numba*` module comes from: 'pyjitc', 'standin', 'tests', 'missing', or its
    file (a module from elsewhere: the stand-in did not win)."""
    import pyjitc.cuda
    if module is pyjitc.cuda or (getattr(module, "__name__", "") or "").startswith("pyjitc"):
        return "pyjitc"
    if getattr(module, "__pyjitc_missing__", False):
        return "missing"
    file = os.path.abspath(getattr(module, "__file__", None) or "?")
    if file.startswith(STANDIN + os.sep):
        return "standin"
    if file.startswith(tests_dir() + os.sep):
        return "tests"
    return file


def check():
    """Raises RuntimeError unless every loaded numba module is the stand-in's doing."""
    import pyjitc.cuda
    numba = sys.modules.get("numba")
    if numba is None or origin(numba) != "standin":
        raise RuntimeError(f"`numba` is not the stand-in: {getattr(numba, '__file__', numba)}")
    if sys.modules.get("numba.cuda") is not pyjitc.cuda or numba.cuda is not pyjitc.cuda:
        raise RuntimeError(f"`numba.cuda` is not pyjitc.cuda: {sys.modules.get('numba.cuda')}")
    bad = {n: origin(m) for n, m in list(sys.modules.items())
           if (n == "numba" or n.startswith("numba.")) and isinstance(m, pytypes.ModuleType)
           and origin(m) not in ("pyjitc", "standin", "tests", "missing")}
    if bad:
        raise RuntimeError(f"numba modules not from the stand-in: {bad}")
