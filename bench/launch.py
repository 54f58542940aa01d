"""Launch cost of `kernel[grid, block](args)` with device arrays, per call, as the argument count
grows; side by side with pyjitc's C API (bench/launch_c.c), the raw cuLaunchKernel floor
(bench/launch_floor.c), CuPy arrays as arguments (GPU only) and, when
numba-cuda is installed (--numba), numba's launch of the same kernels. Also the first call of a
new kernel (compile + load + launch). The "pyjitc" and "numba" columns call a launcher taken once
(`launch = kernel[4, 256]`, then `launch(*args)` in the loop); the "k[4, 256](...)" columns take
it at each launch, as most numba programs write it. Prints the median, min and max of each column over
interleaved rounds of batches (every column measured in each round, so that a drift of the machine
falls on all alike).

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


# the tests' stand-in driver (tests/unit/fake_libcuda.c) in place of CUDA's: launches run nothing,
# only their host side is timed
FAKE_DRIVER = "fake_libcuda" in os.path.basename(os.environ.get("PYJITC_LIBCUDA", ""))


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


class Indexed:
    """kernel[config] taken at each launch, as numba programs write `kernel[grid, block](args)`
    (config: one tuple, as a literal `[4, 256]` is)."""

    def __init__(self, kernel, config):
        self.kernel, self.config = kernel, config


def batch_times(launcher, args, sync, batches, per_batch=2000):
    """Microseconds per `launcher(*args)` (or `kernel[config](*args)` for an Indexed launcher) in
    each of `batches` batches, each a plain loop of per_batch calls (no lambda, arguments made
    once: what is timed is the launch, not building a NumPy scalar per call), ended by one
    synchronize."""
    times = []
    for _ in range(batches):
        if isinstance(launcher, Indexed):
            kernel, config = launcher.kernel, launcher.config
            t0 = time.perf_counter()
            for _ in range(per_batch):
                kernel[config](*args)
        else:
            t0 = time.perf_counter()
            for _ in range(per_batch):
                launcher(*args)
        sync()
        times.append((time.perf_counter() - t0) / per_batch * 1e6)
    return times


def per_launch_us(launcher, args, sync, batches=20, per_batch=2000):
    for _ in range(200):
        launcher(*args)
    sync()
    return statistics.median(batch_times(launcher, args, sync, batches, per_batch))


def interleaved(configs, rounds, batches):
    """configs: {label: (launcher, args, sync)}, or {label: callable} returning a list of
    microseconds a launch (a C program's measurement). Each round measures every config for
    `batches` batches, in turn, so that a change of the machine's state (clocks, another process)
    falls on all of them alike; returns {label: (min, median, max)} over every batch of every round."""
    for config in configs.values():
        if not callable(config):
            batch_times(*config, batches=1, per_batch=200)
    samples = {label: [] for label in configs}
    for _ in range(rounds):
        for label, config in configs.items():
            samples[label] += config() if callable(config) else batch_times(*config, batches)
    return {label: (min(t), statistics.median(t), max(t)) if t else (float("nan"),) * 3 for label, t in samples.items()}


def c_program(cmd):
    """A C launch program's microseconds a launch (it prints one number), as a list; [] where it fails."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        return [float(r.stdout)] if r.returncode == 0 else []
    except ValueError:
        return []


def first_call(cuda, kernel, narrays):
    """The first launch of a new kernel (compile + load + launch), its result checked; returns
    (milliseconds, the device arrays)."""
    arrays = [cuda.to_device(np.ones(1024, np.float32)) for _ in range(narrays)]
    t0 = time.perf_counter()
    kernel[4, 256](*arrays, np.float32(2.0))
    cuda.synchronize()
    first_ms = (time.perf_counter() - t0) * 1e3
    out = arrays[0].copy_to_host()
    assert FAKE_DRIVER or np.all(out == 2.0 * (narrays - 1)), "wrong result"
    return first_ms, arrays


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--numba", action="store_true")
    ap.add_argument("--floor", default=None, help="the launch_floor program (GPU)")
    ap.add_argument("--args", default="3,16,64", help="array counts (each launch also passes one float32)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of interleaved measurement")
    ap.add_argument("--batches", type=int, default=6, help="batches of 2000 launches per round and column")
    opts = ap.parse_args()
    counts = [int(x) for x in opts.args.split(",")]
    from pyjitc import cuda as pj
    nb = None
    if opts.numba:
        np.row_stack = np.vstack  # numba-cuda 0.30 still calls it (GPU.md)
        from numba import cuda as nb
    try:
        import cupy
    except ImportError:
        cupy = None
    gpu = pj.is_available()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in counts:
            kernel = load(n, "pyjitc", d)
            first, arrays = first_call(pj, kernel, n)
            row = {"args": n + 1, "pyjitc first call ms": first}
            configs = {"pyjitc": (kernel[4, 256], arrays + [np.float32(2.0)], pj.synchronize),
                       "pyjitc k[4, 256](...)": (Indexed(kernel, (4, 256)), arrays + [np.float32(2.0)],
                                                 pj.synchronize)}
            if gpu and cupy is not None:  # CuPy arrays, read through their attributes
                carrays = [cupy.ones(1024, dtype=cupy.float32) for _ in range(n)]
                configs["pyjitc CuPy"] = (kernel[4, 256], carrays + [np.float32(2.0)], pj.synchronize)
            if nb is not None:
                nkernel = load(n, "numba", d)
                row["numba first call ms"], narrays_ = first_call(nb, nkernel, n)
                configs["numba"] = (nkernel[4, 256], narrays_ + [np.float32(2.0)], nb.synchronize)
                configs["numba k[4, 256](...)"] = (Indexed(nkernel, (4, 256)), narrays_ + [np.float32(2.0)],
                                                   nb.synchronize)
            if opts.floor and gpu:  # the C programs, run in each round between the Python columns
                ptx, _ = pj.compile_ptx(kernel.py_func, "void(" + ", ".join(["float32[::1]"] * n + ["float32"]) + ")")
                ptx_path = os.path.join(d, f"k{n}.ptx")
                with open(ptx_path, "w") as f:
                    f.write(ptx)
                configs["raw cuLaunchKernel"] = lambda p=ptx_path, n=n: c_program([opts.floor, p, f"k{n}", str(n)])
                c_api = os.path.join(os.path.dirname(opts.floor), "launch_c")
                if os.path.exists(c_api):
                    configs["pyjitc C API"] = lambda n=n: c_program([c_api, str(n)])
            for label, (lo, med, hi) in interleaved(configs, opts.rounds, opts.batches).items():
                row[f"{label} us"] = med
                row[f"{label} min-max"] = f"{lo:.2f}-{hi:.2f}"
            if "raw cuLaunchKernel us" in row:
                for label in ("pyjitc", "pyjitc k[4, 256](...)", "pyjitc CuPy"):
                    if f"{label} us" in row:
                        row[f"{label} / raw"] = row[f"{label} us"] / row["raw cuLaunchKernel us"]
            rows.append(row)
    target = "GPU " + pj.get_current_device().name.decode() if gpu else "CPU executor"
    print(f"launch cost on the {target}: microseconds a launch, median (min-max) of {opts.rounds} interleaved "
          f"rounds of {opts.batches} batches of 2000 back-to-back launches per column")
    keys = list(dict.fromkeys(k for row in rows for k in row))
    print("| " + " | ".join(keys) + " |")
    print("|---" * len(keys) + "|")
    for row in rows:
        cells = []
        for k in keys:
            v = row.get(k, "")
            cells.append(f"{v:.3f}" if isinstance(v, float) else str(v))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
