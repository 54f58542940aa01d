"""Launch cost of `kernel[grid, block](args)` with device arrays, per call, as the argument count
grows; side by side with pyjitc's C API (bench/launch_c.c), the raw cuLaunchKernel floor
(bench/launch_floor.c), CuPy arrays as arguments (GPU only) and, when
numba-cuda is installed (--numba), numba's launch of the same kernels. Also the first call of a
new kernel (compile + load + launch). Prints medians of 20 batches.

    PYTHONPATH=build/python python3 bench/launch.py [--numba] [--floor build/launch_floor]"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np


def kernel_source(narrays, cuda_module):
    params = ", ".join([f"a{i}" for i in range(narrays)] + ["s"])
    body = " + ".join(f"a{i}[i]" for i in range(1, narrays)) or "0.0"
    return textwrap.dedent(f"""\
        from {cuda_module} import cuda

        @cuda.jit
        def k{narrays}({params}):
            i = cuda.grid(1)
            if i < a0.size:
                a0[i] = s * ({body})
        """)


def load(narrays, cuda_module, directory):
    name = f"bench_{cuda_module.replace('.', '_')}_{narrays}"
    path = os.path.join(directory, name + ".py")
    with open(path, "w") as f:
        f.write(kernel_source(narrays, cuda_module))
    sys.path.insert(0, directory)
    mod = __import__(name)
    sys.path.pop(0)
    return getattr(mod, f"k{narrays}")


def per_launch_us(launcher, args, sync, batches=20, per_batch=2000):
    """Microseconds per `launcher(*args)`, called in a plain loop (no lambda, arguments made
    once: what is timed is the launch, not building a NumPy scalar per call)."""
    for _ in range(200):
        launcher(*args)
    sync()
    times = []
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(per_batch):
            launcher(*args)
        sync()
        times.append((time.perf_counter() - t0) / per_batch * 1e6)
    return statistics.median(times)


def measure(cuda, kernel, narrays):
    arrays = [cuda.to_device(np.ones(1024, np.float32)) for _ in range(narrays)]
    t0 = time.perf_counter()
    kernel[4, 256](*arrays, np.float32(2.0))
    cuda.synchronize()
    first_ms = (time.perf_counter() - t0) * 1e3
    out = arrays[0].copy_to_host()
    assert np.all(out == 2.0 * (narrays - 1)), "wrong result"
    launcher = kernel[4, 256]
    us = per_launch_us(launcher, arrays + [np.float32(2.0)], cuda.synchronize)
    return first_ms, us


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--numba", action="store_true")
    ap.add_argument("--floor", default=None, help="the launch_floor program (GPU)")
    ap.add_argument("--args", default="3,16,64", help="array counts (each launch also passes one float32)")
    opts = ap.parse_args()
    counts = [int(x) for x in opts.args.split(",")]
    from pyjitc import cuda as pj
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in counts:
            kernel = load(n, "pyjitc", d)
            first, us = measure(pj, kernel, n)
            row = {"args": n + 1, "pyjitc first call ms": first, "pyjitc launch us": us}
            if opts.floor and pj.is_available():
                c_api = os.path.join(os.path.dirname(opts.floor), "launch_c")
                r = subprocess.run([c_api, str(n)], capture_output=True, text=True)
                row["pyjitc C API us"] = float(r.stdout) if r.returncode == 0 else float("nan")
                try:  # CuPy arrays through __cuda_array_interface__
                    import cupy
                    carrays = [cupy.ones(1024, dtype=cupy.float32) for _ in range(n)]
                    launcher = kernel[4, 256]
                    row["pyjitc CuPy args us"] = per_launch_us(launcher, carrays + [np.float32(2.0)], pj.synchronize)
                except ImportError:
                    pass
                ptx, _ = pj.compile_ptx(kernel.py_func, "void(" + ", ".join(["float32[::1]"] * n + ["float32"]) + ")")
                ptx_path = os.path.join(d, f"k{n}.ptx")
                with open(ptx_path, "w") as f:
                    f.write(ptx)
                r = subprocess.run([opts.floor, ptx_path, f"k{n}", str(n)], capture_output=True, text=True)
                row["raw cuLaunchKernel us"] = float(r.stdout) if r.returncode == 0 else float("nan")
            rows.append(row)
        if opts.numba:
            np.row_stack = np.vstack  # numba-cuda 0.30 still calls it (GPU.md)
            from numba import cuda as nb
            for row, n in zip(rows, counts):
                kernel = load(n, "numba", d)
                first, us = measure(nb, kernel, n)
                row["numba first call ms"] = first
                row["numba launch us"] = us
    target = "GPU " + pj.get_current_device().name.decode() if pj.is_available() else "CPU executor"
    print(f"launch cost on the {target} (medians of 20 batches of 2000 back-to-back launches)")
    keys = list(rows[0])
    print(" | ".join(f"{k:>22}" for k in keys))
    for row in rows:
        print(" | ".join(f"{row.get(k, float('nan')):>22.3f}" if k != "args" else f"{row[k]:>22d}" for k in keys))


if __name__ == "__main__":
    main()
