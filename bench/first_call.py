"""Start to first result in a fresh Python process (import, device, compile, launch, copy back),
for saxpy and the tiled matmul, under pyjitc, numba-cuda and CuPy (a RawKernel of the same CUDA C
as the suite's, bench/suite_kernels.py's CUDA_C, compiled by CuPy with NVRTC): each measured in its
own process, the median of 7 processes. pyjitc's own work (compile + load) is printed apart, and
then where its start's time goes: the milestones of the GPU's warm-up (runtime/warm.c: libcuda
loaded, cuInit, the context, ...) and of the first launch (compile, the wait for the context, the
module loaded, the launch, the result back), in ms since the program's first line, medians.

Rows: pyjitc with its kernel cache off and on (warm: the first process fills it; the warm-up at
the first launch configuration, the default), pyjitc with the warm-up at the first decoration
(PYJITC_WARMUP=decorate) and off (PYJITC_WARMUP=0: the context made when the launch asks for it),
numba-cuda (compiles in each process), CuPy with its kernel cache (a fresh folder: the first
process fills it) and without (CUPY_CACHE_IN_MEMORY=1: NVRTC in each process). A framework that is
not installed is said so and skipped; on a machine without a GPU pyjitc runs on the CPU executor.

    PYTHONPATH=build/python python3 bench/first_call.py       # or, from an installed wheel,
    python3 bench/first_call.py                                # from the repository's root"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROCESSES = 7

PROGRAM = r'''
import time
t0 = time.perf_counter(); m0 = time.monotonic()
import numpy as np
t_numpy = time.perf_counter()
{prelude}
{import_line}
t_import = time.perf_counter()
import importlib.util, sys
sys.path.insert(0, {here!r})
{source}
t_src = time.perf_counter()
{work}
t_end = time.perf_counter()
{extra}
print(json.dumps(dict(total=(t_end - t0) * 1e3, numpy=(t_numpy - t0) * 1e3, imp=(t_import - t_numpy) * 1e3,
                      compile=compile_ms, events=events)))
'''

# the kernels' module, from the suite's Python text: one path for every process (the kernel cache
# keys on the file's path)
PY_SOURCE = '''
from suite_kernels import PYTHON
import tempfile, os
d = os.path.join(tempfile.gettempdir(), "pyjitc_first_call")
os.makedirs(d, exist_ok=True)
path = os.path.join(d, "k_{module}.py")
open(path, "w").write(PYTHON.format(module="{module}"))
spec = importlib.util.spec_from_file_location("k_{module}", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)'''

CUPY_SOURCE = '''
from suite_kernels import CUDA_C

class m:  # the kernels of the suite's CUDA C, each compiled by CuPy (on its first call) from its own text
    pass

def _kernel(name):
    head = CUDA_C[:CUDA_C.index('extern "C"')]  # the #defines
    start = CUDA_C.index('extern "C" __global__ void ' + name + "(")
    return cp.RawKernel(head + CUDA_C[start:CUDA_C.index("\\n}\\n", start) + 3], name)

m.saxpy, m.matmul_tiled = _kernel("saxpy"), _kernel("matmul_tiled")'''

WORK = {
    "saxpy": '''
n = 1 << 20
x = np.random.rand(n).astype(np.float32); y = np.random.rand(n).astype(np.float32)
out = np.zeros(n, np.float32)
m.saxpy[(n + 255) // 256, 256](np.float32(2.0), x, y, out)
assert np.allclose(out, 2 * x + y)
kernel = m.saxpy''',
    "matmul_tiled": '''
k = 512
A = np.random.rand(k, k).astype(np.float32); B = np.random.rand(k, k).astype(np.float32)
C = np.zeros((k, k), np.float32)
m.matmul_tiled[(k // 16, k // 16), (16, 16)](A, B, C)
assert np.allclose(C, A @ B, rtol=1e-3)
kernel = m.matmul_tiled''',
}

CUPY_WORK = {
    "saxpy": '''
n = 1 << 20
x = np.random.rand(n).astype(np.float32); y = np.random.rand(n).astype(np.float32)
dx, dy = cp.asarray(x), cp.asarray(y)
dout = cp.zeros(n, cp.float32)
m.saxpy(((n + 255) // 256,), (256,), (np.float32(2.0), dx, dy, dout, np.int64(n)))
out = cp.asnumpy(dout)
assert np.allclose(out, 2 * x + y)''',
    "matmul_tiled": '''
k = 512
A = np.random.rand(k, k).astype(np.float32); B = np.random.rand(k, k).astype(np.float32)
dA, dB = cp.asarray(A), cp.asarray(B)
dC = cp.zeros((k, k), cp.float32)
m.matmul_tiled((k // 16, k // 16), (16, 16), (dA, dB, dC, np.int32(k), np.int32(k), np.int32(k)))
C = cp.asnumpy(dC)
assert np.allclose(C, A @ B, rtol=1e-3)''',
}

# what a pyjitc process reports after its result: its compile's time and its start's milestones
PYJITC_EXTRA = '''
import json
from pyjitc import _core, _runtime
compile_ms = sum(k.times["total"] for k in kernel.overloads.values())
events = {name: (t - m0) * 1e3 for name, t in list(_core.start_times()) + list(_runtime._PY_EVENTS.items())}'''
OTHER_EXTRA = '''
import json
compile_ms, events = None, {}'''

# pyjitc's milestones in the breakdown, in the order they come (names: runtime/warm.c, _runtime.py)
MILESTONES = [
    ("pyjitc imported", "pyjitc imported"),
    ("first kernel decorated", "first kernel decorated"),
    ("warm-up began", "warm-up began"),
    ("libcuda loaded", "libcuda loaded"),
    ("cuInit done", "cuInit done"),
    ("GPU read (arch)", "GPU read (name, limits, arch)"),
    ("context made", "context made"),
    ("first alloc + copies", "first allocation and copies done"),
    ("compile began", "first compile began"),
    ("compile ended", "first compile ended"),
    ("open waited from", "open began waiting for the warm-up"),
    ("open took device", "open took the warm-up's device"),
    ("module loaded", "first module loaded"),
    ("kernel launched", "first kernel launched"),
    ("result copied back", "first result copied to the host"),
]


def _env(extra):
    """The environment of each process: the caller's, with bytecode caching on (an installed
    package has its .pyc files; PYTHONDONTWRITEBYTECODE would make every import compile)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra or {})
    return env


def _installed(module):
    r = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, env=_env(None))
    return r.returncode == 0


def program(framework, name):
    if framework == "cupy":
        return PROGRAM.format(prelude="", import_line="import cupy as cp", here=HERE, source=CUPY_SOURCE,
                              work=CUPY_WORK[name], extra=OTHER_EXTRA)
    module = "numba" if framework == "numba" else "pyjitc"
    prelude = "np = __import__('numpy'); np.row_stack = np.vstack" if module == "numba" else ""
    return PROGRAM.format(prelude=prelude, import_line=f"from {module} import cuda", here=HERE,
                          source=PY_SOURCE.format(module=module), work=WORK[name],
                          extra=PYJITC_EXTRA if module == "pyjitc" else OTHER_EXTRA)


def run(framework, name, env_extra=None):
    """The medians over PROCESSES fresh processes: total, numpy, framework import, compile (pyjitc),
    and each milestone (pyjitc) that every process reached."""
    code = program(framework, name)
    results = []
    for _ in range(PROCESSES):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(env_extra))
        if r.returncode != 0:
            raise SystemExit(f"{framework} {name} failed:\n{r.stderr[-2000:]}")
        results.append(json.loads(r.stdout.strip().splitlines()[-1]))
    med = {k: statistics.median(r[k] for r in results) for k in ("total", "numpy", "imp")}
    med["compile"] = statistics.median(r["compile"] for r in results) if results[0]["compile"] is not None else None
    names = set.intersection(*(set(r["events"]) for r in results))
    med["events"] = {n: statistics.median(r["events"][n] for r in results) for n in names}
    return med


def main():
    import pyjitc
    # as `pip install` does: the package's modules compiled to bytecode once, before timing
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.dirname(pyjitc.__file__)], env=_env(None),
                   check=True)
    cache, cupy_cache = tempfile.mkdtemp(), tempfile.mkdtemp()
    runs = [("pyjitc", "no cache", {"PYJITC_CACHE": "0"}), ("pyjitc", "warm cache", {"PYJITC_CACHE_DIR": cache}),
            ("pyjitc", "no cache, warm-up decorate", {"PYJITC_CACHE": "0", "PYJITC_WARMUP": "decorate"}),
            ("pyjitc", "no cache, warm-up off", {"PYJITC_CACHE": "0", "PYJITC_WARMUP": "0"}),
            ("numba", "", {}),
            ("cupy", "warm cache", {"CUPY_CACHE_DIR": cupy_cache}),
            ("cupy", "no cache", {"CUPY_CACHE_IN_MEMORY": "1", "CUPY_CACHE_DIR": cupy_cache})]
    installed = {f: _installed(f) for f in ("numba", "cupy")}
    installed["pyjitc"] = True
    print(f"fresh processes, median of {PROCESSES} each; python {sys.version.split()[0]}")
    print(f"{'program':>14} | {'framework':>29} | {'start to result ms':>18} | {'import numpy ms':>15} | "
          f"{'import framework ms':>19} | {'compile ms (own)':>16}")
    breakdown = {}
    for name in WORK:
        for framework, label, env in runs:
            title = framework + (" " + label if label else "")
            if not installed[framework]:
                print(f"{name:>14} | {title:>29} | {'not installed':>18} |")
                continue
            med = run(framework, name, env)  # of the processes: the first fills a cache
            own = f"{med['compile']:16.1f}" if med["compile"] is not None else f"{'':>16}"
            print(f"{name:>14} | {title:>29} | {med['total']:18.1f} | {med['numpy']:15.1f} | {med['imp']:19.1f} | {own}")
            if framework == "pyjitc":
                breakdown[(name, label)] = med
    print(f"\npyjitc's start, ms since the program's first line (median of {PROCESSES}; '-' where not reached:")
    print("a cached kernel compiles nothing; the CPU executor has no driver):")
    labels = [label for framework, label, _ in runs if framework == "pyjitc"]
    for name in WORK:
        print(f"{name:>24} | " + " | ".join(f"{label:>26}" for label in labels))
        for short, event in MILESTONES + [("result (program's end)", None)]:
            cells = []
            for label in labels:
                med = breakdown[(name, label)]
                t = med["total"] if event is None else med["events"].get(event)
                cells.append(f"{t:26.1f}" if t is not None else f"{'-':>26}")
            print(f"{short:>24} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
