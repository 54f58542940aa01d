"""The seed programs under numba-cuda and under pyjitc, side by side in one run: the same outputs
(compared element by element), the first call (compile, load, launch, wait) and the per-launch
time (medians; device arrays; host launch cost included, as a user sees it).

    PYTHONPATH=build/python python3 bench/vs_numba.py [--only pyjitc]"""
import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seed_programs import PROGRAMS, program_source  # noqa: E402


def load(framework, directory):
    path = os.path.join(directory, f"seed_{framework}.py")
    with open(path, "w") as f:
        f.write(program_source(framework))
    spec = importlib.util.spec_from_file_location(f"seed_{framework}", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def run(framework, m, cuda, name, reps):
    (kernel, config, args), result = PROGRAMS[name](m, cuda)
    t0 = time.perf_counter()
    kernel[config](*args)
    cuda.synchronize()
    first_ms = (time.perf_counter() - t0) * 1e3
    out = result()
    launcher = kernel[config]
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        launcher(*args)
        cuda.synchronize()
        times.append((time.perf_counter() - t0) * 1e3)
    return first_ms, statistics.median(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=["numba", "pyjitc"])
    ap.add_argument("--reps", type=int, default=30)
    opts = ap.parse_args()
    frameworks = [opts.only] if opts.only else ["pyjitc", "numba"]
    results = {}
    with tempfile.TemporaryDirectory() as d:
        for fw in frameworks:
            if fw == "numba":
                np.row_stack = np.vstack  # numba-cuda 0.30 still calls it (GPU.md)
                from numba import cuda
            else:
                from pyjitc import cuda
            m = load(fw, d)
            for name in PROGRAMS:
                results[(fw, name)] = run(fw, m, cuda, name, opts.reps)
    print(f"{'program':>18} | " + " | ".join(f"{fw + ' first ms':>17} | {fw + ' run ms':>15}" for fw in frameworks)
          + (" | max |diff| (rel)" if len(frameworks) == 2 else ""))
    for name in PROGRAMS:
        cells = []
        for fw in frameworks:
            first, run_ms, _ = results[(fw, name)]
            cells.append(f"{first:>17.1f} | {run_ms:>15.4f}")
        line = f"{name:>18} | " + " | ".join(cells)
        if len(frameworks) == 2:
            a, b = results[("pyjitc", name)][2], results[("numba", name)][2]
            scale = max(1.0, float(np.abs(b).max()))
            diff = float(np.abs(a.astype(np.float64) - b.astype(np.float64)).max()) / scale
            line += f" | {diff:.2e}"
            assert diff < 1e-4, f"{name}: pyjitc and numba differ by {diff}"
        print(line)


if __name__ == "__main__":
    main()
