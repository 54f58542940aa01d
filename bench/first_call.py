"""Start to first result in a fresh Python process (import, device, compile, launch, copy back),
for saxpy and the tiled matmul, under pyjitc and numba-cuda: each measured in its own process,
median of 5 processes. pyjitc's own work (import + compile + load) is printed apart.

    PYTHONPATH=build/python python3 bench/first_call.py"""
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

PROGRAM = r'''
import time
t0 = time.perf_counter()
import numpy as np
t_numpy = time.perf_counter()
{prelude}
from {module} import cuda
t_import = time.perf_counter()
import importlib.util, sys
sys.path.insert(0, {here!r})
from suite_kernels import PYTHON
import tempfile, os
d = os.path.join(tempfile.gettempdir(), "pyjitc_first_call")  # one path for every process: the
os.makedirs(d, exist_ok=True)                                  # kernel cache keys on the file's path
path = os.path.join(d, "k_{module}.py")
open(path, "w").write(PYTHON.format(module="{module}"))
spec = importlib.util.spec_from_file_location("k_{module}", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
t_src = time.perf_counter()
{work}
t_end = time.perf_counter()
print((t_end - t0) * 1e3, (t_numpy - t0) * 1e3, (t_import - t_numpy) * 1e3, {extra})
'''

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


def _env(extra):
    """The environment of each process: the caller's, with bytecode caching on (an installed
    package has its .pyc files; PYTHONDONTWRITEBYTECODE would make every import compile)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra or {})
    return env


def run(module, name, env_extra=None):
    prelude = "np = __import__('numpy'); np.row_stack = np.vstack" if module == "numba" else ""
    extra = ("sum(k.times['total'] for k in kernel.overloads.values())" if module == "pyjitc" else "0")
    code = PROGRAM.format(module=module, prelude=prelude, here=HERE, work=WORK[name], extra=extra)
    results = []
    for _ in range(5):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=_env(env_extra))
        if r.returncode != 0:
            raise SystemExit(f"{module} {name} failed:\n{r.stderr[-2000:]}")
        results.append([float(v) for v in r.stdout.split()[-4:]])  # total, numpy, framework import, compile
    return [statistics.median(col) for col in zip(*results)]


def main():
    import tempfile
    import pyjitc
    # as `pip install` does: the package's modules compiled to bytecode once, before timing
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.dirname(pyjitc.__file__)], env=_env(None),
                   check=True)
    cache = tempfile.mkdtemp()
    runs = [("pyjitc", "no cache", {"PYJITC_CACHE": "0"}), ("pyjitc", "warm cache", {"PYJITC_CACHE_DIR": cache}),
            ("numba", "", {})]
    print(f"{'program':>14} | {'framework':>20} | {'start to result ms':>18} | {'import numpy ms':>15} | "
          f"{'import framework ms':>19} | {'compile ms (own)':>16}")
    for name in WORK:
        for module, label, env in runs:
            total, numpy_ms, imp, compile_ms = run(module, name, env)  # of 5 processes: the first fills the cache
            own = f"{compile_ms:16.1f}" if module == "pyjitc" else f"{'':>16}"
            print(f"{name:>14} | {module + ' ' + label:>20} | {total:18.1f} | {numpy_ms:15.1f} | {imp:19.1f} | {own}")


if __name__ == "__main__":
    main()
