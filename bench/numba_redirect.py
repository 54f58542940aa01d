"""numba-cuda's simulator against `pytest -p pyjitc.numba` on the CPU executor: the same numba-cuda
test files (a small project written into a temp folder: CUDATestCase tests and plain pytest
tests, kernels of several sizes) run with pytest, side by side in one run of this script:

- simulator: NUMBA_ENABLE_CUDASIM=1 with the real numba + numba-cuda (--numba-python);
- pyjitc, numba installed: the same interpreter, `-p pyjitc.numba`, PYJITC_TARGET=cpu;
- pyjitc, no numba: this interpreter (numba not importable), `-p pyjitc.numba`, PYJITC_TARGET=cpu.

Each run is a fresh `python -m pytest` process (its wall time: start, imports, collection, tests)
with a fresh pyjitc cache folder (nothing compiled before). The per-test times are pytest's call
durations. Times are medians of --runs runs; the 2^20-element saxpy is run alone (-k), --big-runs
times under the simulator (about 5 minutes each on this machine) and --runs times under pyjitc.

    PYTHONPATH=build/python python3 bench/numba_redirect.py [--runs 3] [--big-runs 1] [--out FILE.md]
        [--numba-python PATH]   (default: build/numba-redirect-venv/bin/python, which
                                 tests/python/test_numba_redirect.py makes)

numba-cuda's CUDATestCase asks pytest for a fixture its own test suite's conftest defines
(`initialize_from_pytest_config`) and numba.cuda.testing imports the `filecheck` package: the
project's conftest.py defines the fixture (an empty one), and filecheck is installed into the
numba environment if it is missing (pip), as a numba-cuda project running its tests has them."""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KERNELS = '''
import numpy as np
from numba import cuda, float32

TPB = 256


@cuda.jit(device=True)
def axpy(a, x, y):
    return a * x + y


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = axpy(a, x[i], y[i])


@cuda.jit
def block_sum(x, out):
    buf = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(out, 0, buf[0])


@cuda.jit
def jacobi(a, out):
    i, j = cuda.grid(2)
    if 0 < i < a.shape[0] - 1 and 0 < j < a.shape[1] - 1:
        out[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@cuda.jit
def histogram(x, bins):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(bins, int(x[i] * bins.size), 1)


TILE = 16


@cuda.jit
def matmul(a, b, c):
    sa = cuda.shared.array((TILE, TILE), float32)
    sb = cuda.shared.array((TILE, TILE), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    x, y = cuda.grid(2)
    acc = float32(0)
    for k in range(a.shape[1] // TILE):
        sa[tx, ty] = a[x, ty + k * TILE]
        sb[tx, ty] = b[tx + k * TILE, y]
        cuda.syncthreads()
        for m in range(TILE):
            acc += sa[tx, m] * sb[m, ty]
        cuda.syncthreads()
    c[x, y] = acc


def run_saxpy(n, a=2.0):
    x = np.arange(n, dtype=np.float32) / n
    y = np.ones(n, dtype=np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    saxpy[(n + TPB - 1) // TPB, TPB](np.float32(a), cuda.to_device(x), cuda.to_device(y), out)
    return x, y, out.copy_to_host()


def run_sum(x):
    total = cuda.to_device(np.zeros(1, np.float32))
    block_sum[(x.size + TPB - 1) // TPB, TPB](cuda.to_device(x), total)
    return total.copy_to_host()[0]


def run_jacobi(a):
    out = np.zeros_like(a)
    jacobi[((a.shape[0] + 15) // 16, (a.shape[1] + 15) // 16), (16, 16)](a, out)
    return out


def reference_jacobi(a):
    ref = np.zeros_like(a)
    ref[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    return ref
'''

TEST_UNIT = '''
import numpy as np
from numba import cuda
from numba.cuda.testing import CUDATestCase, skip_on_cudasim

import kernels


class TestKernels(CUDATestCase):
    def test_saxpy(self):
        x, y, out = kernels.run_saxpy(1000)
        np.testing.assert_allclose(out, 2 * x + y, rtol=1e-6)

    def test_block_sum(self):
        x = np.random.RandomState(0).rand(4096).astype(np.float32)
        self.assertAlmostEqual(float(kernels.run_sum(x)), float(x.sum()), delta=1e-3)

    def test_jacobi(self):
        a = np.random.RandomState(1).rand(32, 32)
        np.testing.assert_allclose(kernels.run_jacobi(a), kernels.reference_jacobi(a), rtol=1e-12)

    def test_histogram(self):
        x = np.random.RandomState(2).rand(4096).astype(np.float32)
        bins = np.zeros(16, np.int32)
        kernels.histogram[16, 256](x, bins)
        np.testing.assert_array_equal(bins, np.histogram(x, 16, (0, 1))[0])

    def test_matmul(self):
        rs = np.random.RandomState(3)
        a, b = rs.rand(32, 32).astype(np.float32), rs.rand(32, 32).astype(np.float32)
        c = np.zeros((32, 32), np.float32)
        kernels.matmul[(2, 2), (16, 16)](a, b, c)
        np.testing.assert_allclose(c, a @ b, rtol=1e-5)

    @skip_on_cudasim("the simulator makes no PTX")
    def test_ptx(self):
        kernels.run_saxpy(32)
        self.assertIn(".entry", "".join(kernels.saxpy.inspect_asm().values()))
'''

TEST_SIZES = '''
import numpy as np
import pytest

import kernels


@pytest.mark.parametrize("n", [1 << 10, 1 << 16, 1 << 20], ids=lambda n: f"n{n}")
def test_saxpy(n):
    x, y, out = kernels.run_saxpy(n)
    np.testing.assert_allclose(out, 2 * x + y, rtol=1e-6)


@pytest.mark.parametrize("n", [1 << 16], ids=lambda n: f"n{n}")
def test_block_sum(n):
    x = np.random.RandomState(n).rand(n).astype(np.float32)
    assert float(kernels.run_sum(x)) == pytest.approx(float(x.sum()), rel=1e-4)


@pytest.mark.parametrize("m", [128], ids=lambda m: f"m{m}")
def test_jacobi(m):
    a = np.random.RandomState(m).rand(m, m)
    np.testing.assert_allclose(kernels.run_jacobi(a), kernels.reference_jacobi(a), rtol=1e-12)
'''

CONFTEST = '''
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # kernels.py


@pytest.fixture
def initialize_from_pytest_config():
    """numba-cuda's CUDATestCase uses this fixture of its own test suite's conftest."""
    yield


_results = {}


@pytest.fixture(scope="session", autouse=True)
def first_launches():
    """Each kernel launched once on a small input before the tests (pyjitc compiles it here), so
    that the tests' times are the kernels' runs at their sizes; timed as a line of its own."""
    import time
    import numpy as np
    import kernels
    t0 = time.perf_counter()
    kernels.run_saxpy(64)
    kernels.run_sum(np.ones(300, np.float32))
    kernels.run_jacobi(np.ones((18, 18)))
    kernels.histogram[1, 64](np.zeros(64, np.float32), np.zeros(16, np.int32))
    kernels.matmul[(1, 1), (16, 16)](*(np.ones((16, 16), np.float32) for _ in range(3)))
    _results["(first launch of each kernel: pyjitc compiles)"] = ("passed", time.perf_counter() - t0)
    yield


def pytest_runtest_logreport(report):
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        _results[report.nodeid] = (report.outcome, report.duration)


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("BENCH_RESULTS")
    if path:
        with open(path, "w") as f:
            json.dump(_results, f)
'''

BIG = "n1048576"


def write_project(root):
    os.makedirs(os.path.join(root, "tests"))
    for name, text in (("kernels.py", KERNELS), ("conftest.py", CONFTEST),
                       ("tests/test_unit.py", TEST_UNIT), ("tests/test_sizes.py", TEST_SIZES)):
        with open(os.path.join(root, name), "w") as f:
            f.write(textwrap.dedent(text))


class Mode:
    def __init__(self, name, python, env, args):
        self.name, self.python, self.env, self.args = name, python, env, args


def run_once(mode, project, select):
    """One pytest run: (wall seconds, {test: (outcome, call seconds)})."""
    out = os.path.join(project, "results.json")
    if os.path.exists(out):
        os.unlink(out)
    cache = tempfile.mkdtemp(prefix="pyjitc-bench-cache-")
    env = dict(mode.env, BENCH_RESULTS=out, PYJITC_CACHE_DIR=cache, PYTHONDONTWRITEBYTECODE="1")
    cmd = [mode.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *mode.args, "-k", select, "tests"]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=project, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    shutil.rmtree(cache, ignore_errors=True)
    if r.returncode not in (0, 5):
        raise SystemExit(f"{mode.name}: pytest failed ({r.returncode})\n{r.stdout[-3000:]}\n{r.stderr[-2000:]}")
    with open(out) as f:
        results = json.load(f)
    return wall, results, r.stdout.strip().splitlines()[-1]


def base_env(pythonpath):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYJITC_"))}
    env["PYTHONPATH"] = pythonpath
    return env


def versions(python, code):
    r = subprocess.run([python, "-c", code], capture_output=True, text=True)
    return r.stdout.strip() or r.stderr.strip().splitlines()[-1]


def ensure_filecheck(python):
    r = subprocess.run([python, "-c", "import filecheck"], capture_output=True)
    if r.returncode != 0:
        print("installing filecheck (numba.cuda.testing imports it) into", python, file=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "filecheck"], check=True)


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def fmt(s):
    return f"{s:.4f}" if s < 0.01 else f"{s:.3f}" if s < 10 else f"{s:.1f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--big-runs", type=int, default=1)
    ap.add_argument("--numba-python", default=os.path.join(ROOT, "build", "numba-redirect-venv", "bin", "python"))
    ap.add_argument("--no-big", action="store_true", help="leave out the 2^20 saxpy")
    ap.add_argument("--out")
    a = ap.parse_args()

    import pyjitc
    pyjitc_path = os.path.dirname(os.path.dirname(os.path.abspath(pyjitc.__file__)))
    if not os.path.exists(a.numba_python):
        raise SystemExit(f"no python with numba-cuda at {a.numba_python}: run tests/python/test_numba_redirect.py "
                         "once (it makes build/numba-redirect-venv) or give --numba-python")
    if subprocess.run([sys.executable, "-c", "import numba"], capture_output=True).returncode == 0:
        raise SystemExit(f"{sys.executable} imports numba: the 'no numba' column needs an interpreter without it")
    ensure_filecheck(a.numba_python)

    sim_env = dict(base_env(""), NUMBA_ENABLE_CUDASIM="1")
    pj_env = dict(base_env(pyjitc_path), PYJITC_TARGET="cpu")
    modes = [Mode("simulator", a.numba_python, sim_env, []),
             Mode("pyjitc, numba installed", a.numba_python, pj_env, ["-p", "pyjitc.numba"]),
             Mode("pyjitc, no numba", sys.executable, pj_env, ["-p", "pyjitc.numba"])]

    load_before = os.getloadavg()
    project = tempfile.mkdtemp(prefix="numba-redirect-bench-")
    write_project(project)
    walls = {m.name: [] for m in modes}
    tests = {m.name: {} for m in modes}
    lines = {}
    for i in range(a.runs):  # interleaved: each round runs every mode once
        for m in modes:
            wall, results, last = run_once(m, project, f"not {BIG}")
            walls[m.name].append(wall)
            lines[m.name] = last
            for k, (outcome, d) in results.items():
                tests[m.name].setdefault(k, []).append((outcome, d))
            print(f"[{i + 1}/{a.runs}] {m.name}: {wall:.2f} s ({last})", file=sys.stderr)
    big = {m.name: [] for m in modes}
    if not a.no_big:
        for m in modes:
            for i in range(a.big_runs if m.name == "simulator" else a.runs):
                wall, results, last = run_once(m, project, BIG)
                outcome, d = results[next(k for k in results if BIG in k)]
                big[m.name].append((wall, outcome, d))
                print(f"[big {i + 1}] {m.name}: {wall:.2f} s, test {d:.3f} s ({last})", file=sys.stderr)

    load_after = os.getloadavg()
    sim, pjn, pjs = (m.name for m in modes)
    out = []
    info = versions(a.numba_python, "import numba, numba_cuda, numpy, sys; print(f'numba {numba.__version__}, "
                    "numba-cuda {numba_cuda.__version__}, NumPy {numpy.__version__}, Python {sys.version.split()[0]}')")
    rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout
    out.append(f"{cpu_name()}, {os.cpu_count()} CPUs visible; {info}; pyjitc {pyjitc.__version__} ({rev.strip()}), "
               f"PYJITC_TARGET=cpu; medians of {a.runs} runs (the 2^20 saxpy alone: {a.big_runs} under the simulator); "
               f"load average (1, 5, 15 min) {', '.join(f'{x:.1f}' for x in load_before)} at the start, "
               f"{', '.join(f'{x:.1f}' for x in load_after)} at the end")
    out.append("")
    out.append("Whole test run (`python -m pytest`, a fresh process: start, imports, collection, tests), "
               f"without the 2^20 saxpy; last summary lines: simulator `{lines[sim]}`, pyjitc `{lines[pjn]}`")
    out.append("")
    out.append("| | simulator s | pyjitc, numba installed s | pyjitc, no numba s | simulator / pyjitc |")
    out.append("|---|---|---|---|---|")
    ms = {k: statistics.median(v) for k, v in walls.items()}
    out.append(f"| wall time | {fmt(ms[sim])} | {fmt(ms[pjn])} | {fmt(ms[pjs])} | {ms[sim] / ms[pjn]:.0f}x |")
    tsum = {k: statistics.median([sum(d for _, d in runs) for runs in zip(*v.values())]) if v else 0
            for k, v in tests.items()}
    out.append(f"| sum of the tests' call times and the first launches | {fmt(tsum[sim])} | {fmt(tsum[pjn])} | {fmt(tsum[pjs])} | "
               f"{tsum[sim] / tsum[pjn]:.0f}x |")
    out.append("")
    out.append("Per test (pytest's call duration, median; every kernel launched once before the tests, on a small "
               "input, which is when pyjitc compiles it: the first line; nothing cached between runs):")
    out.append("")
    out.append("| test | simulator s | pyjitc, numba installed s | pyjitc, no numba s | simulator / pyjitc |")
    out.append("|---|---|---|---|---|")
    names = sorted(tests[sim], key=lambda k: (not k.startswith("("), k))
    for k in names:
        def med(mode):
            runs = tests[mode].get(k, [])
            outcomes = {o for o, _ in runs}
            return statistics.median([d for _, d in runs]) if runs else None, outcomes
        (s, so), (p, po), (q, qo) = med(sim), med(pjn), med(pjs)
        if so != {"passed"} or po != {"passed"} or qo != {"passed"}:
            out.append(f"| {k.split('::', 1)[-1]} | {'/'.join(so)} | {'/'.join(po)} | {'/'.join(qo)} | |")
            continue
        out.append(f"| {k.split('::', 1)[-1]} | {fmt(s)} | {fmt(p)} | {fmt(q)} | {s / p:.0f}x |")
    for k in tests[pjn]:
        if k not in tests[sim]:
            runs = tests[pjn][k]
            out.append(f"| {k.split('::', 1)[1]} | (not run) | {'/'.join({o for o, _ in runs})} | | |")
    if not a.no_big:
        b = {k: (statistics.median([w for w, _, _ in v]), statistics.median([d for _, _, d in v]),
                 {o for _, o, _ in v}) for k, v in big.items()}
        k = f"test_sizes.py::test_saxpy[{BIG}] (alone)"
        out.append(f"| {k} | {fmt(b[sim][1])} | {fmt(b[pjn][1])} | {fmt(b[pjs][1])} | {b[sim][1] / b[pjn][1]:.0f}x |")
        out.append(f"| the same, wall time of its run | {fmt(b[sim][0])} | {fmt(b[pjn][0])} | {fmt(b[pjs][0])} | "
                   f"{b[sim][0] / b[pjn][0]:.0f}x |")
    shutil.rmtree(project, ignore_errors=True)
    text = "\n".join(out) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
