"""The CPU executor against NumPy and numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1) on the
same machine: saxpy and the shared-memory tiled matmul of the suite, medians of repeated runs.
The simulator runs every thread as a Python thread, so it gets smaller sizes (printed).

    PYTHONPATH=build/python python3 bench/cpu_executor.py"""
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(f, reps):
    f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def worker(kind, n_saxpy, n_mm):
    rng = np.random.default_rng(1)
    x, y = rng.random(n_saxpy, np.float32), rng.random(n_saxpy, np.float32)
    out = np.empty_like(x)
    A, B = rng.random((n_mm, n_mm), np.float32), rng.random((n_mm, n_mm), np.float32)
    C = np.zeros((n_mm, n_mm), np.float32)
    if kind == "numpy":
        r = {"saxpy": timed(lambda: np.add(np.multiply(np.float32(2.5), x, out=out), y, out=out), 20),
             "matmul": timed(lambda: np.matmul(A, B, out=C), 10)}
    else:
        import importlib.util
        import tempfile
        sys.path.insert(0, HERE)
        from suite_kernels import PYTHON
        module = "pyjitc" if kind == "pyjitc" else "numba"
        if module == "numba":
            np.row_stack = np.vstack
        d = tempfile.mkdtemp()
        path = os.path.join(d, f"k_{module}.py")
        open(path, "w").write(PYTHON.format(module=module))
        spec = importlib.util.spec_from_file_location(f"k_{module}", path)
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        reps = 10 if kind == "pyjitc" else 1
        r = {"saxpy": timed(lambda: m.saxpy[(n_saxpy + 255) // 256, 256](np.float32(2.5), x, y, out), reps),
             "matmul": timed(lambda: m.matmul_tiled[(n_mm // 16, n_mm // 16), (16, 16)](A, B, C), reps)}
        np.testing.assert_allclose(out, 2.5 * x + y, rtol=1e-6)
        np.testing.assert_allclose(C, A.astype(np.float64) @ B.astype(np.float64), rtol=1e-3)
    print(json.dumps(r))


def run(kind, n_saxpy, n_mm, env):
    r = subprocess.run([sys.executable, __file__, "--worker", kind, str(n_saxpy), str(n_mm)], capture_output=True,
                       text=True, env=dict(os.environ, **env), timeout=1800)
    if r.returncode:
        raise SystemExit(f"{kind} failed:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    big = (1 << 24, 512)
    small = (1 << 12, 32)
    rows = [("pyjitc CPU executor", big, run("pyjitc", *big, {"PYJITC_TARGET": "cpu"})),
            ("NumPy", big, run("numpy", *big, {})),
            ("pyjitc CPU executor", small, run("pyjitc", *small, {"PYJITC_TARGET": "cpu"}))]
    try:
        import numba  # noqa: F401
        rows.append(("numba CUDA simulator", small, run("numba", *small, {"NUMBA_ENABLE_CUDASIM": "1"})))
    except ImportError:
        pass
    print(f"{'runs on':>22} | {'saxpy n':>9} | {'saxpy ms':>10} | {'matmul n':>8} | {'tiled matmul ms':>15}")
    for name, (ns, nm), r in rows:
        print(f"{name:>22} | {ns:>9} | {r['saxpy']:10.3f} | {nm:>8} | {r['matmul']:15.3f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        main()
