"""A Monte Carlo estimate of pi split into Dask tasks over GPUs: a kernel-bound workload with no
data between tasks.

    python examples/scale/dask_montecarlo.py [--tasks 16] [--threads 1048576] [--samples 1024] [--workers K]

Each task draws `threads * samples` points on its worker's GPU with numba's xoroshiro128+
generator (pyjitc.cuda.random: a state a thread, seeded in the kernel from the task's seed) and
counts those inside the unit circle; the client adds the counts. Workers are made as in dask_stencil.py
(a process per GPU, or CPU worker processes with PYJITC_TARGET=cpu). The count depends only on
the seeds and sizes, not on how many workers share the tasks."""
import argparse
import math
import time

import numpy as np

import dask_stencil
from pyjitc import cuda
from pyjitc.cuda.random import init_xoroshiro128p_state, xoroshiro128p_dtype, xoroshiro128p_uniform_float32


@cuda.jit
def count_inside(states, first_seed, samples, hits):
    i = cuda.grid(1)
    if i < hits.size:
        init_xoroshiro128p_state(states, i, first_seed + i)  # seeded here: no host-side set-up a task
        inside = 0
        for _ in range(samples):
            x = xoroshiro128p_uniform_float32(states, i)
            y = xoroshiro128p_uniform_float32(states, i)
            if x * x + y * y <= np.float32(1.0):
                inside += 1
        hits[i] = inside


def task(seed, threads, samples):
    """The points inside the circle of threads * samples drawn on the worker's device."""
    states = cuda.device_array(threads, dtype=xoroshiro128p_dtype)
    hits = cuda.device_array(threads, dtype=np.int64)
    count_inside[(threads + 255) // 256, 256](states, seed * threads, samples, hits)
    return int(hits.copy_to_host().sum())


def run(tasks, threads, samples, workers=0, gpu=None, repeat=1):
    """(seconds of the best timed run, points inside, points drawn, workers)."""
    from distributed import Client
    if gpu is None:
        gpu = len(cuda.gpus) > 0
    cluster, _ = dask_stencil.make_cluster(workers, gpu)
    with cluster, Client(cluster) as client:
        nworkers = len(client.scheduler_info()["workers"])
        client.gather(client.map(task, range(nworkers), threads=threads, samples=1, pure=False))  # compiled
        best, inside = None, None
        for _ in range(repeat):
            t0 = time.perf_counter()
            futures = client.map(task, range(1, tasks + 1), threads=threads, samples=samples, pure=False)
            got = sum(client.gather(futures))
            t = time.perf_counter() - t0
            best = t if best is None else min(best, t)
            assert inside is None or got == inside, "the same seeds gave another count"
            inside = got
        return best, inside, tasks * threads * samples, nworkers


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tasks", type=int, default=16)
    p.add_argument("--threads", type=int, default=1 << 20)
    p.add_argument("--samples", type=int, default=1024)
    p.add_argument("--workers", type=int, default=0, help="GPUs (or CPU worker processes); 0: all GPUs, 2 processes")
    p.add_argument("--repeat", type=int, default=1)
    a = p.parse_args()
    t, inside, drawn, nworkers = run(a.tasks, a.threads, a.samples, a.workers, repeat=a.repeat)
    estimate = 4.0 * inside / drawn
    sigma = 4.0 * math.sqrt(math.pi / 4 * (1 - math.pi / 4) / drawn)
    print(f"pi ~ {estimate:.7f} ({drawn} points, {a.tasks} tasks on {nworkers} workers): {t * 1e3:.1f} ms; "
          f"{abs(estimate - math.pi) / sigma:.2f} standard deviations from pi")
    if abs(estimate - math.pi) > 6 * sigma:
        raise SystemExit("the estimate is more than 6 standard deviations from pi")


if __name__ == "__main__":
    main()
