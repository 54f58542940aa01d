"""Run at the start of every Python process of a compat run (run.py puts tests/compat/standin first
on PYTHONPATH): where PYJITC_COMPAT_SUITE is set, the stand-in is installed (pyjitc_compat), so that
the Python processes a test starts itself (a `python -c` subprocess, multiprocessing's spawn) see
the same numba as the test, as numba-cuda's own .pth file makes an installed numba-cuda active in
every process. Then the sitecustomize module this one hides runs, if there is one."""
import importlib.machinery
import importlib.util
import os
import sys


def _install():
    try:
        import pyjitc_compat
        pyjitc_compat.install()
    except Exception as e:  # noqa: BLE001  (the test that needs numba then fails saying so)
        print(f"pyjitc compat stand-in not installed: {type(e).__name__}: {e}", file=sys.stderr)


def _next_sitecustomize():
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001  (as site.py does with a failing sitecustomize)
        print(f"Error in sitecustomize ({spec.origin}): {type(e).__name__}: {e}", file=sys.stderr)


if os.environ.get("PYJITC_COMPAT_SUITE"):
    _install()
_next_sitecustomize()
