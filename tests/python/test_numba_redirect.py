"""pyjitc.numba: a small numba-cuda project, written into a temp folder, run unchanged with
`python -m pyjitc.numba script.py args` and `python -m pytest -p pyjitc.numba`, in two
environments:

- "standin": numba not importable. Where numba is installed (the GPU machine has numba-cuda
  system-wide) the subprocess starts with a finder that refuses numba and numba_cuda, so that the
  stand-in is what runs; elsewhere the plain command lines run.
- "numba": the real numba and numba-cuda, whose `_numba_cuda_redirector.pth` is active (a site
  folder): the system's where they are installed, else a virtual environment with the system's
  packages plus `pip install numba-cuda==0.30.4` (cached in the build tree, PYJITC_NUMBA_VENV to
  move it). That variant is skipped, saying why, only when the install fails (no network)."""
import fcntl
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyjitc

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
PYJITC_DIR = os.path.dirname(os.path.dirname(os.path.abspath(pyjitc.__file__)))  # the folder holding pyjitc
NUMBA_CUDA_PIN = "numba-cuda==0.30.4"

# ---- the user's project ------------------------------------------------------------------------

KERNELS = '''
import sys
import numpy as np
import numba
from numba import cuda, float32, void


@cuda.jit(device=True)
def scale(x, a):
    return a * x


@numba.njit
def shift(x):
    return x + 1.0


@cuda.jit(void(float32, float32[::1], float32[::1], float32[::1]))
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = scale(x[i], a) + y[i]


@cuda.jit
def block_sum(x, out):
    buf = cuda.shared.array(128, numba.float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    s = 64
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(out, 0, buf[0])


@cuda.jit
def stencil(a, out):
    i, j = cuda.grid(2)
    if 0 < i < a.shape[0] - 1 and 0 < j < a.shape[1] - 1:
        out[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@numba.cuda.jit
def shifted(x, out):
    i = numba.cuda.grid(1)
    if i < x.size:
        out[i] = shift(x[i])


def run_saxpy(n, a):
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    saxpy[(n + 127) // 128, 128](float32(a), cuda.to_device(x), cuda.to_device(y), out)
    return out.copy_to_host()


def run_sum(x):
    total = cuda.to_device(np.zeros(1, np.float32))
    block_sum[(x.size + 127) // 128, 128](cuda.to_device(x), total)
    return float(total.copy_to_host()[0])


def run_stencil(a):
    out = np.zeros_like(a)
    stencil[((a.shape[0] + 15) // 16, (a.shape[1] + 15) // 16), (16, 16)](a, out)
    return out


if __name__ == "__main__":
    cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
    cuda.config.CUDA_WARN_ON_IMPLICIT_COPY = 0
    n, a = int(sys.argv[1]), float(sys.argv[2])
    print("argv", " ".join(sys.argv[1:]))
    print("saxpy", repr(float(run_saxpy(n, a).astype(np.float64).sum())))
    x = np.random.RandomState(0).rand(n).astype(np.float32)
    print("sum", repr(run_sum(x)))
    o = np.zeros_like(x)
    shifted[(n + 127) // 128, 128](x, o)
    print("shift", repr(float(o.astype(np.float64).sum())))
    g = np.random.RandomState(1).rand(40, 30)
    print("stencil", repr(float(run_stencil(g).sum())))
    import pyjitc.cuda
    print("pyjitc", numba.cuda is pyjitc.cuda and cuda is pyjitc.cuda)
    print("standin", getattr(numba, "__pyjitc_standin__", False))
    print("numba_cuda imported", any(m == "numba_cuda" or m.startswith("numba_cuda.") for m in sys.modules))
    print("redirector loaded", "_numba_cuda_redirector" in sys.modules)
'''

TEST_UNITTEST = '''
import numpy as np
import numba
from numba import cuda
from numba.cuda.testing import CUDATestCase, skip_on_cudasim, skip_unless_cudasim, unittest

import kernels


class TestKernels(CUDATestCase):
    def test_saxpy(self):
        self.assertPreciseEqual(kernels.run_saxpy(1000, 3.0), (3.0 * np.arange(1000) + 1).astype(np.float32))

    def test_stencil(self):
        a = np.random.RandomState(2).rand(20, 17)
        ref = np.zeros_like(a)
        ref[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
        np.testing.assert_allclose(kernels.run_stencil(a), ref, rtol=1e-12)

    @skip_on_cudasim("the simulator makes no PTX")
    def test_ptx(self):
        ptx, _ = cuda.compile_ptx(kernels.scale.py_func, (numba.float32, numba.float32), device=True)
        self.assertIn(".func", ptx)

    @skip_unless_cudasim("only numba's simulator")
    def test_simulator_only(self):
        self.fail("pyjitc is not the simulator")


if __name__ == "__main__":
    unittest.main()
'''

TEST_PLAIN = '''
import numpy as np
import pytest
import numba
from numba import cuda, vectorize
from numba.core.errors import TypingError
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32

import kernels


@pytest.mark.skipif(not cuda.is_available(), reason="no CUDA")
@pytest.mark.parametrize("n", [1, 1000, 4096])
def test_block_sum(n):
    x = np.random.RandomState(n).rand(n).astype(np.float32)
    assert kernels.run_sum(x) == pytest.approx(float(x.sum()), rel=1e-4)


def test_njit_device_function():
    x = np.arange(10, dtype=np.float32)
    out = np.zeros_like(x)
    kernels.shifted[1, 32](x, out)
    assert kernels.shift(2.0) == 3.0
    np.testing.assert_array_equal(out, x + 1)


def test_typing_error():
    @cuda.jit
    def bad(a):
        a[0] = "text"
    with pytest.raises(TypingError):
        bad[1, 1](np.zeros(1))


@cuda.jit
def uniform(states, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = xoroshiro128p_uniform_float32(states, i)


def test_random():
    out = cuda.device_array(256, dtype=np.float32)
    uniform[2, 128](create_xoroshiro128p_states(256, seed=7), out)
    host = out.copy_to_host()
    assert ((host >= 0) & (host < 1)).all() and len(set(host.tolist())) > 200


def test_vectorize():
    add = vectorize(["float32(float32, float32)"], target="cuda")(lambda a, b: a + b)
    x = np.arange(8, dtype=np.float32)
    np.testing.assert_array_equal(add(x, x), 2 * x)


def test_numba_cuda_is_pyjitc():
    import pyjitc.cuda
    assert numba.cuda is pyjitc.cuda and cuda is pyjitc.cuda
    assert cuda.config.ENABLE_CUDASIM == 0
'''

CONFTEST = '''
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # kernels.py
'''

# test_kernels: 3 run, 1 skipped (skip_unless_cudasim); test_plain: 3 + 5
EXPECT_PASSED, EXPECT_SKIPPED = 11, 1


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("numba_project")
    (root / "kernels.py").write_text(textwrap.dedent(KERNELS))
    (root / "conftest.py").write_text(CONFTEST)
    tests = root / "tests"
    tests.mkdir()
    (tests / "test_kernels.py").write_text(TEST_UNITTEST)
    (tests / "test_plain.py").write_text(TEST_PLAIN)
    return root


# ---- the environments --------------------------------------------------------------------------

# a finder that refuses numba and numba_cuda, as if they were not installed
HIDE_NUMBA = textwrap.dedent('''
    import sys
    class _HideNumba:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("numba", "numba_cuda"):
                raise ModuleNotFoundError(f"No module named {name!r} (hidden by the test)", name=name)
            return None
    sys.meta_path.insert(0, _HideNumba())
''')


def _numba_here():
    """Whether this interpreter imports numba and numba-cuda (without pyjitc.numba)."""
    code = "import numba, numba_cuda, _numba_cuda_redirector"
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def _venv_dir():
    if os.environ.get("PYJITC_NUMBA_VENV"):
        return os.environ["PYJITC_NUMBA_VENV"]
    build = os.path.dirname(PYJITC_DIR)  # build/python/pyjitc -> build
    if os.path.isfile(os.path.join(build, "CMakeCache.txt")) and os.access(build, os.W_OK):
        return os.path.join(build, "numba-redirect-venv")
    import tempfile
    return os.path.join(tempfile.gettempdir(), f"pyjitc-numba-venv-py{sys.version_info[0]}{sys.version_info[1]}")


def _numba_venv():
    """A virtual environment with this interpreter's packages and numba-cuda (numba with it): its
    python, or pytest.skip naming why it could not be made."""
    venv = _venv_dir()
    python = os.path.join(venv, "bin", "python")
    done = os.path.join(venv, ".pyjitc-ready")
    os.makedirs(os.path.dirname(venv), exist_ok=True)

    def step(what, cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            pytest.skip(f"could not install numba + numba-cuda ({what}): {e}")
        if r.returncode != 0:
            tail = (r.stderr or r.stdout).strip().splitlines()[-3:]
            pytest.skip(f"could not install numba + numba-cuda ({what}): {' | '.join(tail)}")

    with open(venv + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(done):
            step(f"python -m venv {venv}", [sys.executable, "-m", "venv", "--clear", "--system-site-packages", venv])
            # this interpreter's packages too, where it runs in a virtual environment itself
            # (--system-site-packages gives only the base installation's)
            import site
            lib = os.path.join(venv, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}", "site-packages")
            with open(os.path.join(lib, "_pyjitc_outer.pth"), "w") as f:
                f.write("\n".join(site.getsitepackages()) + "\n")
            step(f"pip install {NUMBA_CUDA_PIN}",
                 [python, "-m", "pip", "install", "--disable-pip-version-check", "-q", NUMBA_CUDA_PIN])
            open(done, "w").close()
    return python


class Env:
    """How to start Python for one environment: `python -m pyjitc.numba ...` and `python -m pytest ...`."""

    def __init__(self, name, python, hide):
        self.name, self.python, self.hide = name, python, hide

    def env(self, extra=None):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([PYJITC_DIR] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                                            if p and p != PYJITC_DIR])
        env.pop("NUMBA_ENABLE_CUDASIM", None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.update(extra or {})
        return env

    def redirect(self, *args):
        """The command line of `python -m pyjitc.numba ARGS`."""
        if not self.hide:
            return [self.python, "-m", "pyjitc.numba", *args]
        code = HIDE_NUMBA + "import runpy\nrunpy.run_module('pyjitc.numba', run_name='__main__', alter_sys=True)\n"
        return [self.python, "-c", code, *args]

    def pytest(self, *args):
        """The command line of `python -m pytest ARGS`."""
        if not self.hide:
            return [self.python, "-m", "pytest", *args]
        code = HIDE_NUMBA + "import pytest\nsys.exit(pytest.main(sys.argv[1:]))\n"
        return [self.python, "-c", code, *args]

    def run(self, cmd, cwd, extra=None, check=True):
        r = subprocess.run(cmd, cwd=cwd, env=self.env(extra), capture_output=True, text=True, timeout=600)
        if check and r.returncode != 0:
            raise AssertionError(f"{' '.join(cmd[:4])} ... exited {r.returncode}\nstdout:\n{r.stdout}\n"
                                 f"stderr:\n{r.stderr}")
        return r


@pytest.fixture(scope="module")
def numba_here():
    return _numba_here()


@pytest.fixture(scope="module")
def standin_env(numba_here):
    return Env("standin", sys.executable, hide=numba_here)


@pytest.fixture(scope="module")
def numba_env(numba_here):
    return Env("numba", sys.executable if numba_here else _numba_venv(), hide=False)


@pytest.fixture(scope="module", params=["standin", "numba"])
def env(request):
    return request.getfixturevalue(request.param + "_env")


def _values(stdout):
    out = {}
    for line in stdout.splitlines():
        key, _, rest = line.partition(" ")
        out[key] = rest
    return out


# ---- python -m pyjitc.numba --------------------------------------------------------------------

def test_script(project, env):
    n, a = 5000, 2.5
    r = env.run(env.redirect("kernels.py", str(n), str(a)), cwd=project)
    v = _values(r.stdout)
    assert v["argv"] == f"{n} {a}"
    x = np.arange(n, dtype=np.float32)
    ref = (np.float32(a) * x + np.float32(1)).astype(np.float32)
    assert float(v["saxpy"]) == float(ref.astype(np.float64).sum())
    xr = np.random.RandomState(0).rand(n).astype(np.float32)
    assert float(v["sum"]) == pytest.approx(float(xr.astype(np.float64).sum()), rel=1e-5)
    assert float(v["shift"]) == pytest.approx(float((xr + np.float32(1)).astype(np.float64).sum()), rel=1e-6)
    g = np.random.RandomState(1).rand(40, 30)
    ref2 = 0.25 * (g[:-2, 1:-1] + g[2:, 1:-1] + g[1:-1, :-2] + g[1:-1, 2:])
    assert float(v["stencil"]) == pytest.approx(float(ref2.sum()), rel=1e-12)
    assert v["pyjitc"] == "True"
    assert v["standin"] == str(env.name == "standin")
    assert v["numba_cuda"] == "imported False"
    if env.name == "numba":  # numba-cuda's own redirect was there, and lost
        assert v["redirector"] == "loaded True"


def test_module_and_code(project, env):
    r = env.run(env.redirect("-m", "kernels", "100", "1.0"), cwd=project)
    v = _values(r.stdout)
    assert v["argv"] == "100 1.0" and v["pyjitc"] == "True"
    assert float(v["saxpy"]) == float((np.arange(100) + 1).sum())
    code = "import sys, numba; from numba import cuda; print(sys.argv[1:], cuda.__name__, numba.cuda is cuda)"
    r = env.run(env.redirect("-c", code, "x", "y"), cwd=project)
    assert r.stdout.strip() == "['x', 'y'] pyjitc.cuda True"


def test_exit_status_and_errors(project, env):
    (project / "fails.py").write_text("import sys\nfrom numba import cuda\nsys.exit(3)\n")
    assert env.run(env.redirect("fails.py"), cwd=project, check=False).returncode == 3
    r = env.run(env.redirect("missing.py"), cwd=project, check=False)
    assert r.returncode == 2 and "can't open file" in r.stderr
    r = env.run(env.redirect(), cwd=project, check=False)
    assert r.returncode == 2 and "usage: python -m pyjitc.numba" in r.stderr
    r = env.run(env.redirect("-c", "import numba.cuda.simulator"), cwd=project, check=False)
    assert "No module named 'numba.cuda.simulator'" in r.stderr and "pyjitc has no numba.cuda.simulator" in r.stderr


def test_standin_names(project, standin_env):
    env = standin_env
    code = textwrap.dedent('''
        import numba
        from numba import types, float32, int32, void, njit, prange, literal_unroll, typeof, from_dtype
        from numba.core.errors import TypingError
        from numba.np.numpy_support import as_dtype
        import pyjitc, pyjitc.types
        assert numba.types is pyjitc.types and float32 is pyjitc.types.float32 and TypingError is pyjitc.TypingError
        assert str(void(float32[::1], int32)) == "none(array(float32, 1d, C), int32)"
        assert njit(lambda x: x + 1)(1) == 2 and njit(cache=True)(lambda: 5)() == 5
        print(numba.__version__, numba.config.ENABLE_CUDASIM, numba.cuda.HAS_NUMBA)
        for name in ("typed", "objmode"):
            try:
                getattr(numba, name)
            except AttributeError as e:
                print(e)
        try:
            import numba.typed
        except ModuleNotFoundError as e:
            print(e)
    ''')
    r = env.run(env.redirect("-c", code), cwd=project)
    lines = r.stdout.splitlines()
    assert lines[0] == "0.0.0+pyjitc 0 False"
    assert lines[1].startswith("module 'numba' has no attribute 'typed': numba is not installed")
    assert "numba.objmode" in lines[2]
    assert lines[3].startswith("No module named 'numba.typed': numba is not installed")


def test_numba_types_and_errors(project, numba_env):
    env = numba_env
    code = textwrap.dedent('''
        import warnings
        import numpy as np
        import numba
        from numba import cuda
        from numba.core import errors
        import pyjitc
        assert type(numba.float32).__module__.startswith("numba.core.types")  # numba's, not pyjitc's
        assert issubclass(pyjitc.TypingError, errors.TypingError)
        assert issubclass(pyjitc.errors.NumbaPerformanceWarning, errors.NumbaPerformanceWarning)

        @cuda.jit(numba.float64(numba.float64), device=True)
        def twice(x):
            return 2 * x

        @cuda.jit
        def k(a):
            t = cuda.local.array(1, numba.float64)
            t[0] = twice(a[0])
            a[0] = t[0]
        a = np.ones(1)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", errors.NumbaPerformanceWarning)
            k[1, 1](a)
        d = k.specialize(numba.float64[::1])
        print(a[0], list(d.overloads.keys()), numba.cuda.HAS_NUMBA, numba.config.ENABLE_CUDASIM)
    ''')
    r = env.run(env.redirect("-c", code), cwd=project, extra={"NUMBA_ENABLE_CUDASIM": "1"})
    assert r.stdout.strip() == "2.0 [(array(float64, 1d, C),)] True 0"
    assert "NUMBA_ENABLE_CUDASIM=1 ignored" in r.stderr


def test_numba_cuda_redirector_is_real(project, numba_env):
    """Without pyjitc.numba this environment's numba.cuda is numba-cuda's: the redirect above won."""
    env = numba_env
    code = "import numba.cuda, sys; print(numba.cuda.__file__)"
    r = env.run([env.python, "-c", code], cwd=project, extra={"NUMBA_ENABLE_CUDASIM": "1"})
    assert "numba_cuda" in r.stdout


# ---- pytest -p pyjitc.numba --------------------------------------------------------------------

def _counts(stdout):
    last = stdout.strip().splitlines()[-1]
    found = dict((k, int(n)) for n, k in re.findall(r"(\d+) (passed|failed|skipped|error|errors|xfailed)", last))
    return found.get("passed", 0), found.get("skipped", 0), last


def test_pytest_plugin(project, env):
    r = env.run(env.pytest("-p", "pyjitc.numba", "-p", "no:cacheprovider", "-rs", "tests"), cwd=project)
    passed, skipped, last = _counts(r.stdout)
    assert (passed, skipped) == (EXPECT_PASSED, EXPECT_SKIPPED), r.stdout
    assert "only numba's simulator" in r.stdout  # the skip_unless_cudasim test
    what = "stand-in" if env.name == "standin" else "numba 0."
    assert "pyjitc.numba: numba.cuda is pyjitc" in r.stdout and what in r.stdout
    target = "a CUDA GPU" if ON_CUDA else "the CPU executor"
    assert f"on {target}" in r.stdout


def test_pytest_addopts_and_cudasim(project, env):
    """`-p pyjitc.numba` in pytest.ini's addopts; NUMBA_ENABLE_CUDASIM=1 left set does not bring the
    simulator back."""
    (project / "pytest.ini").write_text("[pytest]\naddopts = -p pyjitc.numba -p no:cacheprovider\n")
    try:
        r = env.run(env.pytest("-q", "tests"), cwd=project, extra={"NUMBA_ENABLE_CUDASIM": "1"})
    finally:
        (project / "pytest.ini").unlink()
    passed, skipped, last = _counts(r.stdout)
    assert (passed, skipped) == (EXPECT_PASSED, EXPECT_SKIPPED), r.stdout


def test_without_plugin_fails(project, env):
    """The same tests without the plugin: numba is missing (standin) or numba-cuda finds no GPU, or
    (on the GPU machine) numba-cuda runs them; either way pyjitc is not what runs."""
    r = env.run(env.pytest("-q", "-p", "no:cacheprovider", "tests/test_plain.py", "-k", "is_pyjitc"), cwd=project,
                check=False)
    assert r.returncode != 0


def test_pytest_through_the_runner(project, standin_env):
    """python -m pyjitc.numba -m pytest: the redirect installed by the runner, no plugin."""
    env = standin_env
    r = env.run(env.redirect("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"), cwd=project)
    passed, skipped, last = _counts(r.stdout)
    assert (passed, skipped) == (EXPECT_PASSED, EXPECT_SKIPPED), r.stdout
