"""The Jacobi stencil of dask_stencil.py on several GPUs of one process, numba's way: a slab of
rows per GPU, each kept on its GPU with a one-row halo, launched under `with cuda.gpus[g]:`, and
the halo rows copied from GPU to GPU (copy_to_device between devices: straight across where
the GPUs are peers) after each step.

    python examples/scale/gpus_stencil.py [--n 4096] [--steps 40] [--gpus K] [--check]

One host thread drives every GPU: launches return at once, so the GPUs compute together. Without
GPUs it runs on the CPU executor: one device, or PYJITC_CPU_DEVICES of them (slabs beyond the
devices share them). --check compares with NumPy (float64 sums)."""
import argparse
import time

import numpy as np

from dask_stencil import jacobi_step  # the same numba-style kernel (a chunk's edge rows kept: halos)
from jacobi_common import agrees, initial_grid, max_error
from pyjitc import cuda  # numba's `from numba import cuda`


def split(n, gpus):
    """[(first row, end row, first row held, end row held)]: each slab with its halo rows."""
    edges = np.linspace(0, n, gpus + 1).astype(int)
    return [(lo, hi, max(lo - 1, 0), min(hi + 1, n)) for lo, hi in zip(edges[:-1], edges[1:])]


def run(n, steps, gpus=0, repeat=1, check=False):
    """(seconds of the best timed run, max abs error or None, slabs): `gpus` slabs, one a GPU."""
    gpus = gpus or max(len(cuda.gpus), 1)
    # a slab a GPU (more slabs than GPUs share them round; the CPU executor is one device)
    ngpus = len(cuda.gpus)
    devices = [cuda.gpus[g % ngpus] if ngpus else cuda.get_current_device() for g in range(gpus)]
    host = initial_grid(n)
    slabs = split(n, gpus)
    src, dst = [], []
    for dev, (lo, hi, hlo, hhi) in zip(devices, slabs):
        with dev:  # made on this GPU: its arrays stay there
            src.append(cuda.to_device(host[hlo:hhi]))
            dst.append(cuda.device_array_like(src[-1]))

    def steps_from_start():
        a = [s.copy() for s in src]  # each on its own GPU
        b = dst
        for _ in range(steps):
            for g, dev in enumerate(devices):
                with dev:
                    rows, cols = a[g].shape
                    jacobi_step[((rows + 15) // 16, (cols + 15) // 16), (16, 16)](a[g], b[g])
            for dev in devices:
                dev.synchronize()
            for g in range(1, gpus):  # halos: the neighbour's last (first) computed row
                b[g][0:1].copy_to_device(b[g - 1][-2:-1])
                b[g - 1][-1:].copy_to_device(b[g][1:2])
            a, b = b, a
        for dev in devices:
            dev.synchronize()
        return a

    times, out = [], None
    for _ in range(repeat + 1):  # the first compiles and loads the kernel on every GPU
        t0 = time.perf_counter()
        out = steps_from_start()
        times.append(time.perf_counter() - t0)
    best = min(times[1:])
    err = None
    if check:
        got = np.concatenate([o.copy_to_host()[lo - hlo:hi - hlo] for o, (lo, hi, hlo, hhi) in zip(out, slabs)])
        err = max_error(got, host, steps)
    return best, err, gpus


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--gpus", type=int, default=0, help="slabs, one a GPU; 0: every GPU")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    t, err, gpus = run(a.n, a.steps, a.gpus, a.repeat, a.check)
    used = min(gpus, len(cuda.gpus)) or 1
    s = "s" if used > 1 else ""
    where = f"{used} GPU{s}" if cuda.is_available() else f"{used} device{s} of the CPU executor"
    print(f"{a.n}x{a.n} float32, {a.steps} steps in {gpus} slabs on {where}, one process: {t * 1e3:.1f} ms")
    if a.check and not agrees(err):
        raise SystemExit("the stencil differs from NumPy")


if __name__ == "__main__":
    main()
