"""A Jacobi stencil over a large 2-D grid, split into chunks that Dask spreads over GPUs.

    python examples/scale/dask_stencil.py [--n 16384] [--steps 20] [--workers K] [--check]

With GPUs it starts one worker process per GPU, each seeing its GPU as device 0 (a
dask_cuda.LocalCUDACluster where dask_cuda is installed, else the same made of distributed's own
parts: a SpecCluster of nannies, each with its CUDA_VISIBLE_DEVICES), and the chunks are CuPy
arrays where CuPy is installed; without GPUs, a LocalCluster of processes whose workers run the
kernel on the CPU executor (PYJITC_TARGET=cpu). The kernel is an
ordinary numba-style kernel: Dask pickles the function that launches it, the kernel travels by
its source (pyjitc's dispatchers pickle by value), and each worker compiles it on first use.
Each step is one map_overlap: every chunk gets a one-cell halo from its neighbours, the kernel
writes the new values, and the halo is trimmed. --check compares with NumPy (float64 sums)."""
import argparse
import os
import time

import numpy as np

from jacobi_common import initial_grid, reference
from pyjitc import cuda  # numba's `from numba import cuda`: the kernel below is unchanged numba code


@cuda.jit
def jacobi_step(src, dst):
    i, j = cuda.grid(2)
    n, m = src.shape
    if i < n and j < m:
        if 0 < i < n - 1 and 0 < j < m - 1:
            dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])
        else:  # the chunk's own edge: a halo cell (trimmed) or the grid's fixed boundary
            dst[i, j] = src[i, j]


def step(block):
    """One Jacobi step of a chunk with its halo, on the worker's device (NumPy or CuPy chunk)."""
    out = np.empty_like(block)  # a CuPy array for a CuPy chunk (NumPy's dispatch)
    n, m = block.shape
    jacobi_step[((n + 15) // 16, (m + 15) // 16), (16, 16)](block, out)
    return out


def gpu_cluster(n):
    """One worker process per GPU 0..n-1, each seeing only its GPU (device 0 to it)."""
    try:
        from dask_cuda import LocalCUDACluster
        return LocalCUDACluster(CUDA_VISIBLE_DEVICES=",".join(str(d) for d in range(n)), dashboard_address=None)
    except ImportError:
        from distributed import Nanny, Scheduler, SpecCluster
        workers = {f"gpu{d}": {"cls": Nanny, "options": {"nthreads": 1, "env": {"CUDA_VISIBLE_DEVICES": str(d)}}}
                   for d in range(n)}
        return SpecCluster(workers=workers, scheduler={"cls": Scheduler, "options": {"dashboard_address": None}})


def make_cluster(workers, gpu):
    """(cluster, where the chunks live): a worker per GPU, or CPU worker processes."""
    if gpu:
        try:
            import cupy  # noqa: F401
            kind = "cupy"
        except ImportError:
            kind = "numpy"  # host chunks: each launch copies its chunk to the GPU and back
        return gpu_cluster(workers or len(cuda.gpus)), kind
    from distributed import LocalCluster
    os.environ.setdefault("PYJITC_TARGET", "cpu")  # inherited by the worker processes
    return LocalCluster(n_workers=workers or 2, threads_per_worker=1, processes=True, dashboard_address=None), "numpy"


def run(n, steps, workers=0, gpu=None, check=False, chunks=None, repeat=1):
    """Runs the stencil; returns (seconds of the best timed run, max abs error or None)."""
    import dask.array as da
    from distributed import Client, wait
    if gpu is None:
        gpu = len(cuda.gpus) > 0  # counted without opening one in this process
    cluster, kind = make_cluster(workers, gpu)
    with cluster, Client(cluster) as client:
        nworkers = len(client.scheduler_info()["workers"])
        host = initial_grid(n)
        rows = chunks or -(-n // nworkers)
        x = da.from_array(host, chunks=(rows, n))
        if kind == "cupy":
            import cupy
            x = x.map_blocks(cupy.asarray, dtype=np.float32)
        x = x.persist()
        wait(x)
        best, result = None, None
        for _ in range(repeat):
            t0 = time.perf_counter()
            y = x
            for _ in range(steps):
                y = y.map_overlap(step, depth=1, boundary="none", dtype=np.float32)
            y = y.persist()
            wait(y)
            t = time.perf_counter() - t0
            best = t if best is None else min(best, t)
            result = y
        err = None
        if check:
            got = result.compute()
            if kind == "cupy":
                got = got.get()
            err = float(np.abs(got.astype(np.float64) - reference(host, steps)).max())
        return best, err, nworkers, kind


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--workers", type=int, default=0, help="GPUs (or CPU worker processes); 0: all GPUs, 2 processes")
    p.add_argument("--cpu", action="store_true", help="CPU worker processes even where GPUs are")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    t, err, nworkers, kind = run(a.n, a.steps, a.workers, False if a.cpu else None, a.check, repeat=a.repeat)
    print(f"{a.n}x{a.n} float32, {a.steps} steps on {nworkers} workers ({kind} chunks): {t * 1e3:.1f} ms")
    if a.check:
        print(f"max abs error against NumPy: {err:.3g}")
        if not err < 1e-5:
            raise SystemExit("the stencil differs from NumPy")


if __name__ == "__main__":
    main()
