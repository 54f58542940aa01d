"""Where a launch's time goes, per launch and per argument: launch cost against the number of
array arguments (1 to 64) for pyjitc's own device arrays, CuPy arrays and the raw cuLaunchKernel
floor, with the least-squares line through each (intercept: the cost of a launch, slope: the cost
of one more array); the cost of `kernel[grid, block]` (the dispatcher's configuration lookup) apart
from the call; and what reading a CuPy array's attributes costs from Python, attribute by
attribute, against its __cuda_array_interface__. All in one process, interleaved.

    PYTHONPATH=build/python python3 bench/launch_breakdown.py [--floor build/launch_floor]"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import timeit

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from launch import interleaved, load  # noqa: E402

COUNTS = (1, 2, 4, 8, 16, 32, 64)


def fit(xs, ys):
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope


def attribute_costs(cupy):
    a = cupy.ones(1024, dtype=cupy.float32)
    b = cupy.ones((64, 16), dtype=cupy.float32)
    reads = {
        "a.data": "a.data", "a.data.ptr": "a.data.ptr", "a.dtype": "a.dtype", "a._c_contiguous": "a._c_contiguous",
        "a.ndim": "a.ndim", "a.size": "a.size", "b.shape": "b.shape", "b.strides": "b.strides",
        "a.__cuda_array_interface__": "a.__cuda_array_interface__", "type(a) is T": "type(a) is T",
    }
    out = {}
    for label, stmt in reads.items():
        t = timeit.Timer(stmt, globals={"a": a, "b": b, "T": type(a)})
        out[label] = min(t.repeat(5, 100000)) / 100000 * 1e9
    return out, [c.__module__ + "." + c.__qualname__ for c in type(a).__mro__]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--floor", default=None, help="the launch_floor program (GPU)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--batches", type=int, default=4)
    opts = ap.parse_args()
    from pyjitc import cuda as pj
    try:
        import cupy
    except ImportError:
        cupy = None
    gpu = pj.is_available()
    res = {}
    with tempfile.TemporaryDirectory() as d:
        configs = {}
        for n in COUNTS:
            kernel = load(n, "pyjitc", d)
            arrays = [pj.to_device(np.ones(1024, np.float32)) for _ in range(n)]
            kernel[4, 256](*arrays, np.float32(2.0))
            pj.synchronize()
            assert np.all(arrays[0].copy_to_host() == 2.0 * (n - 1))
            configs[("pyjitc", n)] = (kernel[4, 256], arrays + [np.float32(2.0)], pj.synchronize)
            if gpu and cupy is not None:
                carrays = [cupy.ones(1024, dtype=cupy.float32) for _ in range(n)]
                configs[("CuPy", n)] = (kernel[4, 256], carrays + [np.float32(2.0)], pj.synchronize)
            if n == 16:  # the configuration lookup of kernel[4, 256] apart from the launch
                configs[("configure", n)] = (lambda k=kernel: k[4, 256], [], pj.synchronize)
                configs[("configure + launch", n)] = (
                    lambda *a, k=kernel: k[4, 256](*a), arrays + [np.float32(2.0)], pj.synchronize)
            if opts.floor and gpu:
                ptx, _ = pj.compile_ptx(kernel.py_func, "void(" + ", ".join(["float32[::1]"] * n + ["float32"]) + ")")
                path = os.path.join(d, f"k{n}.ptx")
                with open(path, "w") as f:
                    f.write(ptx)
                r = subprocess.run([opts.floor, path, f"k{n}", str(n)], capture_output=True, text=True)
                res[("raw", n)] = (float("nan"),) * 3 if r.returncode else (float(r.stdout),) * 3
        res.update(interleaved(configs, opts.rounds, opts.batches))
    print(f"launch cost (us) against array arguments on the {'GPU' if gpu else 'CPU executor'}: median (min-max)")
    kinds = [k for k in ("pyjitc", "CuPy", "raw") if (k, 1) in res]
    print("| arrays | " + " | ".join(kinds) + " |")
    print("|---" * (len(kinds) + 1) + "|")
    for n in COUNTS:
        print(f"| {n} | " + " | ".join(f"{res[(k, n)][1]:.2f} ({res[(k, n)][0]:.2f}-{res[(k, n)][2]:.2f})"
                                       for k in kinds) + " |")
    for k in kinds:
        a, b = fit(COUNTS, [res[(k, n)][1] for n in COUNTS])
        print(f"{k}: {a:.2f} us a launch + {b * 1e3:.0f} ns an array (least squares over 1..64 arrays)")
    for k in ("configure", "configure + launch"):
        if (k, 16) in res:
            print(f"{k} (16 arrays): {res[(k, 16)][1]:.2f} us")
    if gpu and cupy is not None:
        costs, mro = attribute_costs(cupy)
        print("CuPy " + cupy.__version__ + ", type(a).__mro__: " + ", ".join(mro))
        print("| read | ns |\n|---|---|")
        for label, ns in costs.items():
            print(f"| {label} | {ns:.0f} |")


if __name__ == "__main__":
    main()
