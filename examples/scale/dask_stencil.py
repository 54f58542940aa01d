"""A Jacobi stencil over a large 2-D grid, split into chunks that Dask spreads over GPUs.

    python examples/scale/dask_stencil.py [--n 16384] [--steps 20] [--workers K] [--check]

With GPUs it starts one worker process per GPU, each seeing its GPU as device 0 (a
dask_cuda.LocalCUDACluster where dask_cuda is installed, else the same made of distributed's own
parts: a SpecCluster of nannies, each with its CUDA_VISIBLE_DEVICES), and the chunks are CuPy
arrays where CuPy is installed; without GPUs, a LocalCluster of processes whose workers run the
kernel on the CPU executor (PYJITC_TARGET=cpu). The kernel is an
ordinary numba-style kernel: Dask pickles the function that launches it, the kernel travels by
its source (pyjitc's dispatchers pickle by value), and each worker compiles it on first use.
Each round is one map_overlap: every chunk gets a halo of --inner cells (1 unless given) from its
neighbours, the kernel runs that many steps, and the halo is trimmed. --check compares with NumPy (float64 sums)."""
import argparse
import os
import time

import numpy as np

from jacobi_common import agrees, initial_grid, max_error
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


def step(block, inner=1):
    """`inner` Jacobi steps of a chunk with a halo of as many rows, on the worker's device (NumPy
    or CuPy chunk): the rows the halo's errors reach are the halo, trimmed after."""
    n, m = block.shape
    bufs = [np.empty_like(block) for _ in range(min(inner, 2))]  # CuPy arrays for a CuPy chunk (NumPy's dispatch)
    src = block  # left as it is: Dask may use it again
    for k in range(inner):
        dst = bufs[k % 2]
        jacobi_step[((n + 15) // 16, (m + 15) // 16), (16, 16)](src, dst)
        src = dst
    return src


def synchronize_worker():
    """Waits for the worker's GPU: a task returns once its kernels are queued."""
    cuda.synchronize()


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


def run(n, steps, workers=0, gpu=None, check=False, chunks=None, repeat=1, inner=1):
    """Runs the stencil, `inner` steps a task (a halo of `inner` rows); returns (seconds of the
    best timed run, until every worker's GPU is done; max abs error or None; workers; chunk kind)."""
    import dask.array as da
    from distributed import Client, futures_of, wait
    if gpu is None:
        gpu = len(cuda.gpus) > 0  # counted without opening one in this process
    cluster, kind = make_cluster(workers, gpu)
    with cluster, Client(cluster) as client:
        nworkers = len(client.scheduler_info()["workers"])
        rows = chunks or -(-n // nworkers)
        if check:
            host = initial_grid(n)
            x = da.from_array(host, chunks=(rows, n))
        else:  # a grid as random, made by the workers: nothing large goes through the client
            x = da.random.default_rng(7).random((n, n), dtype=np.float32, chunks=(rows, n))
        if kind == "cupy":
            import cupy
            x = x.map_blocks(cupy.asarray, dtype=np.float32)
        x = x.persist()
        wait(x)
        best, result = None, None
        for r in range(repeat):
            t0 = time.perf_counter()
            y = x
            for done in range(0, steps, inner):  # keys of this run's own (token): nothing reused from the last
                k = min(inner, steps - done)
                y = y.map_overlap(step, depth=k, boundary="none", dtype=np.float32, inner=k, token=f"jacobi-{r}")
            y = y.persist()
            wait(y)
            client.run(synchronize_worker)
            t = time.perf_counter() - t0
            for f in futures_of(y):  # wait() does not raise: a failed task's exception, here
                if f.status == "error":
                    f.result()
            best = t if best is None else min(best, t)
            result = y
        err = None
        if check:
            got = result.compute()
            if kind == "cupy":
                got = got.get()
            err = max_error(got, host, steps)
        return best, err, nworkers, kind


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--workers", type=int, default=0, help="GPUs (or CPU worker processes); 0: all GPUs, 2 processes")
    p.add_argument("--cpu", action="store_true", help="CPU worker processes even where GPUs are")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--inner", type=int, default=1, help="steps a task (a halo of as many rows)")
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    t, err, nworkers, kind = run(a.n, a.steps, a.workers, False if a.cpu else None, a.check, repeat=a.repeat,
                                 inner=a.inner)
    print(f"{a.n}x{a.n} float32, {a.steps} steps ({a.inner} a task) on {nworkers} workers ({kind} chunks): "
          f"{t * 1e3:.1f} ms")
    if a.check and not agrees(err):
        raise SystemExit("the stencil differs from NumPy")


if __name__ == "__main__":
    main()
