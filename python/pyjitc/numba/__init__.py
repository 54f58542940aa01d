"""pyjitc.numba: run a numba-cuda program or test suite unchanged, with `numba.cuda` resolved to
pyjitc for that run.

    python -m pyjitc.numba script.py [args]      # or: -m module [args], -c code [args]
    python -m pytest -p pyjitc.numba tests/      # or `addopts = -p pyjitc.numba` in pytest.ini
    import pyjitc.numba; pyjitc.numba.install()  # from Python, before the program imports numba

What is redirected (an import finder first on sys.meta_path, ahead of numba-cuda's own redirector,
`_numba_cuda_redirector`, which sends `numba.cuda` to the `numba_cuda` package):

- `numba.cuda` is pyjitc.cuda itself (the same module object, also as the `cuda` attribute of the
  `numba` package), and `numba.cuda.X` is pyjitc's module for X where pyjitc has one
  (numba.cuda.random, .types, .config, .cudadrv.devicearray / .driver, .cg, .bf16, .fp16, ...);
  `numba.cuda.testing` is pyjitc.numba.testing (CUDATestCase and the skip decorators) and
  `numba.cuda.vectorizers` lets numba's `@vectorize(target="cuda")` / `@guvectorize(...,
  target="cuda")` build pyjitc's ufuncs. Any other `numba.cuda.X` is a ModuleNotFoundError naming it.
- With numba installed every other `numba` module (numba, numba.njit, numba.types, numba.core, ...)
  stays numba's; numba's type objects are accepted wherever pyjitc takes types (signatures,
  cuda.local.array, specialize), and pyjitc's exceptions and warnings are also numba's classes
  (`except numba.core.errors.TypingError` catches pyjitc's rejections).
- Without numba `numba` is a small stand-in (pyjitc.numba._standin): numba.cuda, the type names,
  numba.types, njit/jit (the function runs as Python on the host and is a device function in
  kernels), vectorize, guvectorize, prange, literal_unroll, typeof, from_dtype, numba.core.errors,
  numba.core.config, numba.np.numpy_support. Any other name is an error naming it.
- numba-cuda's simulator is not involved: numba.cuda.config.ENABLE_CUDASIM is 0, so tests marked
  skip_on_cudasim run and those marked skip_unless_cudasim are skipped; NUMBA_ENABLE_CUDASIM=1 in
  the environment is turned off for the run (with a warning), numba's own config too.
  cuda.is_available() is True wherever pyjitc runs kernels (the GPU, or the CPU executor), as the
  simulator's is: a suite's "no GPU, skip" guard lets its kernel tests run on the CPU executor.

docs/numba.md says more."""
import importlib.abc
import importlib.machinery
import os
import sys
import types as _pytypes
import warnings

__all__ = ["install", "uninstall", "installed", "numba_installed", "describe"]

# the submodules of the stand-in `numba` (numba not installed)
_STANDIN_MODULES = ("numba.types", "numba.config", "numba.core", "numba.core.types", "numba.core.errors",
                    "numba.core.config", "numba.np", "numba.np.numpy_support")


def _other_finders(finder):
    """The finders of sys.meta_path that decide where a real numba is: all but ours and
    numba-cuda's redirector."""
    for f in sys.meta_path:
        if f is finder or isinstance(f, _Redirect):
            continue
        if (getattr(type(f), "__module__", "") or "").startswith("_numba_cuda_redirector"):
            continue
        yield f


def numba_installed():
    """Whether a real numba package can be imported (not counting pyjitc's stand-in). A finder that
    refuses numba (raises ImportError for it) counts as numba not installed."""
    numba = sys.modules.get("numba")
    if numba is not None:
        return not getattr(numba, "__pyjitc_standin__", False)
    return _real_numba_spec() is not None


def _real_numba_spec():
    for f in _other_finders(_FINDER):
        find = getattr(f, "find_spec", None)
        if find is None:
            continue
        try:
            spec = find("numba", None)
        except ImportError:
            return None
        if spec is not None:
            return spec
    return None


def _standin_active():
    return getattr(sys.modules.get("numba"), "__pyjitc_standin__", False)


# ---- loaders -----------------------------------------------------------------------------------

class _Alias(importlib.abc.Loader):
    """Loads a `numba...` name as an existing module (pyjitc's), which keeps its own name and spec."""

    def __init__(self, module, after=None):
        self.module, self.after = module, after
        self.own_spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        if self.own_spec is not None:
            module.__spec__ = self.own_spec  # the import system set the numba name's spec: keep its own
        if self.after is not None:
            self.after(module)


class _Standin(importlib.abc.Loader):
    """Loads pyjitc's stand-in for `numba` (or one of its submodules) when numba is not installed."""

    def create_module(self, spec):
        from . import _standin
        self.alias = _standin.existing(spec.name)  # numba.types is pyjitc.types, ...
        self.own_spec = getattr(self.alias, "__spec__", None)
        return self.alias

    def exec_module(self, module):
        if self.alias is not None:
            module.__spec__ = self.own_spec
            return
        from . import _standin
        _standin.fill(module)


def _not_found(name, why):
    return ModuleNotFoundError(f"No module named {name!r}: {why}", name=name)


class _Redirect(importlib.abc.MetaPathFinder):
    """The finder that makes `numba.cuda` pyjitc's (see the module's docstring)."""

    def find_spec(self, name, path=None, target=None):
        if name == "numba":
            if _real_numba_spec() is not None:
                return None  # numba's own package; numba.cuda in it is ours (below)
            return importlib.machinery.ModuleSpec(name, _Standin(), is_package=True)
        if not name.startswith("numba."):
            return None
        if name == "numba.cuda":
            import pyjitc.cuda
            return importlib.machinery.ModuleSpec(name, _Alias(pyjitc.cuda, _adopt_cuda), is_package=True)
        if name.startswith("numba.cuda."):
            module = _cuda_submodule(name)
            if module is None:
                raise _not_found(name, f"numba.cuda is pyjitc here (pyjitc.numba), and pyjitc has no {name}")
            return importlib.machinery.ModuleSpec(name, _Alias(module), is_package=hasattr(module, "__path__"))
        if _standin_active():
            if name in _STANDIN_MODULES:
                return importlib.machinery.ModuleSpec(name, _Standin(), is_package=name.count(".") == 1)
            raise _not_found(name, "numba is not installed, and pyjitc's numba stand-in (pyjitc.numba) has only "
                             "numba.cuda, " + ", ".join(_STANDIN_MODULES) + " (install numba for the rest)")
        return None


_FINDER = _Redirect()


# ---- numba.cuda --------------------------------------------------------------------------------

def _cuda_submodule(name):
    """pyjitc's module for `numba.cuda.X[.Y]`, or None. The compat runner's stand-in
    (tests/compat/standin/pyjitc_compat.py) asks it too, and uses _FINDER for numba.cuda."""
    own = _OWN.get(name[len("numba.cuda."):])
    if own is not None:
        return own()
    return _pyjitc_cuda_module(name)


def _pyjitc_cuda_module(name):
    """pyjitc.cuda.X[.Y] for `numba.cuda.X[.Y]` where pyjitc has such a module (loaded, or reached
    from pyjitc.cuda's attributes), else None."""
    import pyjitc.cuda
    rest = name[len("numba.cuda."):]
    found = sys.modules.get("pyjitc.cuda." + rest)
    if found is None:
        obj = pyjitc.cuda
        for part in rest.split("."):
            obj = vars(obj).get(part) if isinstance(obj, _pytypes.ModuleType) else None
        found = obj
    if isinstance(found, _pytypes.ModuleType) and (found.__name__ or "").startswith("pyjitc"):
        return found
    return None


def _own_testing():
    import pyjitc.numba.testing
    return pyjitc.numba.testing


def _own_vectorizers():
    import pyjitc.numba._vectorizers
    return pyjitc.numba._vectorizers


def _kernel_namespace(attr, doc):
    """A module holding the names of a kernel-side namespace of pyjitc.cuda (cuda.fp16), so that
    `from numba.cuda.fp16 import hadd` works as numba's module does."""
    def make():
        full = "pyjitc.cuda." + attr
        module = sys.modules.get(full)
        if module is None:
            import pyjitc.cuda
            module = _pytypes.ModuleType(full, doc)
            ns = getattr(pyjitc.cuda, attr)
            for k, v in vars(ns).items():
                if not k.startswith("_"):
                    setattr(module, k, v)
            module._pyjitc_qualname = "cuda." + attr
            sys.modules[full] = module
        return module
    return make


_OWN = {
    "testing": _own_testing,
    "vectorizers": _own_vectorizers,
    "fp16": _kernel_namespace("fp16", "numba.cuda.fp16: half-precision intrinsics for kernels."),
}


def _runs_kernels():
    """numba.cuda.is_available() under the redirect: True wherever pyjitc launches kernels (a CUDA GPU
    or the CPU executor), as numba's simulator says True; pyjitc.cuda's own is_available, which
    tells the GPU from the CPU, is pyjitc.cuda._pyjitc_is_available."""
    import pyjitc.cuda
    try:
        pyjitc.cuda._device()
        return True
    except Exception:
        return False


def _adopt_cuda(cuda):
    """What pyjitc.cuda gets when it becomes numba.cuda."""
    cuda.__path__ = []  # a package: numba.cuda.X is found by this finder
    cuda.HAS_NUMBA = not _standin_active()
    cuda.implementation = "pyjitc"
    if not hasattr(cuda, "_pyjitc_is_available"):
        cuda._pyjitc_is_available = cuda.is_available
        cuda.is_available = cuda.api.is_available = _runs_kernels
    cuda.config.ENABLE_CUDASIM = 0
    own = vars(cuda).get("__getattr__")
    if own is not None and not getattr(own, "_pyjitc_numba", False):
        def __getattr__(name):
            try:
                return own(name)
            except AttributeError:
                raise AttributeError(f"module 'numba.cuda' (pyjitc.cuda, through pyjitc.numba) has no attribute "
                                     f"{name!r}") from None
        __getattr__._pyjitc_numba = True
        cuda.__getattr__ = __getattr__
    numba = sys.modules.get("numba")
    if numba is not None and not _standin_active():
        _join_numba_errors()


def _join_numba_errors():
    """With numba installed, pyjitc's exception and warning classes become subclasses of numba's
    of the same name too, so that a program's `except numba.core.errors.TypingError`,
    `assertRaises(TypingError)` or `simplefilter("ignore", NumbaPerformanceWarning)` with numba's
    classes catches what pyjitc raises. Their constructors and messages stay pyjitc's."""
    try:
        from numba.core import errors as nerr
    except Exception:  # a numba that does not import: nothing to join
        return
    from pyjitc import errors as perr
    for name in ("TypingError", "NumbaWarning", "NumbaPerformanceWarning", "NumbaInvalidConfigWarning",
                 "NumbaDeprecationWarning", "NumbaPendingDeprecationWarning", "NumbaDebugInfoWarning",
                 "NumbaPedanticWarning", "NumbaIRAssumptionWarning", "NumbaTypeError", "NumbaValueError",
                 "UnsupportedError", "DeprecationError"):
        ours, theirs = getattr(perr, name), getattr(nerr, name, None)
        if theirs is None or issubclass(ours, theirs):
            continue
        init = ours.__init__
        try:
            ours.__bases__ = (theirs,) + ours.__bases__
        except TypeError:  # layouts or method orders that do not go together: leave it
            continue
        if "__init__" not in vars(ours):  # keep the constructor of Exception / Warning, not numba's
            ours.__init__ = init


# ---- install -----------------------------------------------------------------------------------

def installed():
    """Whether the redirect is installed (on sys.meta_path)."""
    return _FINDER in sys.meta_path


def _no_simulator():
    """numba-cuda's simulator stays off: NUMBA_ENABLE_CUDASIM=1 would make numba's own config (and a
    test suite reading it) believe the simulator runs."""
    value = os.environ.get("NUMBA_ENABLE_CUDASIM", "").strip()
    if value and value != "0":
        os.environ["NUMBA_ENABLE_CUDASIM"] = "0"
        warnings.warn("NUMBA_ENABLE_CUDASIM=%s ignored: numba.cuda is pyjitc for this run (kernels are compiled "
                      "and run on the GPU or pyjitc's CPU executor, not numba's simulator)" % value, RuntimeWarning,
                      stacklevel=3)
    config = sys.modules.get("numba.core.config")
    if config is not None and getattr(config, "ENABLE_CUDASIM", 0):
        config.ENABLE_CUDASIM = 0


def install():
    """Makes `numba.cuda` pyjitc's for the rest of this process (idempotent). Modules that had
    already imported numba-cuda's `numba.cuda` keep theirs: install before the program imports
    numba (python -m pyjitc.numba and the pytest plugin do)."""
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    sys.meta_path.insert(0, _FINDER)
    _no_simulator()
    import pyjitc.cuda
    old = sys.modules.get("numba.cuda")
    if old is not None and old is not pyjitc.cuda:
        for n in [n for n in sys.modules if n == "numba.cuda" or n.startswith("numba.cuda.")]:
            del sys.modules[n]
        warnings.warn(f"numba.cuda ({getattr(old, '__file__', old)}) was imported before pyjitc.numba took over: "
                      "it is pyjitc.cuda from now on, but modules that imported it already keep the old one",
                      RuntimeWarning, stacklevel=2)
    numba = sys.modules.get("numba")
    if numba is not None and getattr(numba, "cuda", None) is not pyjitc.cuda:
        import numba.cuda  # noqa: F401  (through the finder: pyjitc.cuda, set as numba's attribute)


def uninstall():
    """Removes the finder (modules already imported stay as they are)."""
    while _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def describe():
    """One line saying what `numba` is in this process, for logs (the pytest header prints it)."""
    import pyjitc
    import pyjitc.cuda
    on_gpu = getattr(pyjitc.cuda, "_pyjitc_is_available", pyjitc.cuda.is_available)()
    target = "a CUDA GPU" if on_gpu else "the CPU executor"
    if numba_installed():
        try:
            import numba
            what = f"numba {numba.__version__} for the rest of numba"
        except Exception as e:  # noqa: BLE001
            what = f"numba installed but not importable ({type(e).__name__}: {e})"
    else:
        what = "pyjitc's numba stand-in (numba is not installed)"
    return f"pyjitc.numba: numba.cuda is pyjitc {pyjitc.__version__} on {target}; {what}"


# ---- the pytest plugin (pytest -p pyjitc.numba) ------------------------------------------------

def pytest_load_initial_conftests(early_config, parser, args):
    """Before any conftest.py or test module is imported."""
    install()


def pytest_configure(config):
    """Also for the plugin named in a conftest's `pytest_plugins` (registered after the hook above)."""
    install()


def pytest_report_header(config):
    return describe()


if "pytest" in sys.modules:  # loaded as a plugin: run first, ahead of other plugins' hooks
    try:
        import pytest
        pytest_load_initial_conftests = pytest.hookimpl(tryfirst=True)(pytest_load_initial_conftests)
        pytest_configure = pytest.hookimpl(tryfirst=True)(pytest_configure)
    except (ImportError, AttributeError):
        pass
