"""Several GPUs: the strong scaling of examples/scale/dask_stencil.py, dask_montecarlo.py,
mpi_jacobi.py and gpus_stencil.py on 1 and 2 GPUs (or more), and the per-task overhead of a
pyjitc kernel under Dask against a CuPy elementwise kernel doing the same work.

    python bench/scale.py [--gpus 2] [--n 16384] [--steps 40] [--inner 1,50] [--tasks 400] [--cpu]

Strong scaling on 1..G GPUs, best of --repeat timed runs after a warm-up that compiles, speedup =
time on 1 / time on G:
- the stencil: the same grid and 5 * --steps steps, under Dask (a worker process per GPU,
  --inner steps a task), MPI (a rank per GPU) and one process (gpus_stencil.py: a slab a GPU,
  driven from one thread);
- the Monte Carlo run under Dask: 16 tasks of --threads x --samples points, kernel-bound, with
  nothing passed between tasks.
Per-task overhead: --tasks chunks of 2**16 float32 through map_blocks on a single worker, a
pyjitc kernel against cupy.ElementwiseKernel (the same expression, in alternating order), the
median of the wall time (until the worker's GPU is done) divided by the task count. --cpu runs
all of it on CPU worker processes (a smoke test), with NumPy doing the same expression in place
of CuPy."""
import argparse
import os
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
EXAMPLES = os.path.join(ROOT, "examples", "scale")
sys.path.insert(0, EXAMPLES)

import dask_montecarlo  # noqa: E402
import dask_stencil  # noqa: E402
import gpus_stencil  # noqa: E402
from pyjitc import cuda  # noqa: E402


@cuda.jit
def affine(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * np.float32(2.0) + np.float32(1.0)


def pyjitc_task(block):
    out = np.empty_like(block)
    if block.size:
        affine[(block.size + 255) // 256, 256](block, out)
    return out


def cupy_task(block):
    """The same work through cupy.ElementwiseKernel, written as pyjitc_task is (np.empty_like
    for the result, a global kernel object), so that only the kernels' own costs differ."""
    import cupy
    kernel = cupy.__dict__.get("_pyjitc_bench_affine")  # made once a worker (a task's globals are its own copy)
    if kernel is None:
        kernel = cupy._pyjitc_bench_affine = cupy.ElementwiseKernel("float32 x", "float32 y", "y = x * 2.0f + 1.0f",
                                                                    "affine")
    out = np.empty_like(block)
    if block.size:
        kernel(block, out)
    return out


def numpy_task(block):
    """The same expression in NumPy: on CPU workers, Dask's own cost a task with a minimal kernel."""
    return block * np.float32(2.0) + np.float32(1.0)


def overhead(tasks, gpu, repeat):
    """{name: seconds a task}: map_blocks of tasks chunks of 2**16 float32 on one worker."""
    import dask.array as da
    from distributed import Client, wait
    cluster, kind = dask_stencil.make_cluster(1, gpu)
    out = {}
    with cluster, Client(cluster) as client:
        x = da.ones(tasks * 65536, chunks=65536, dtype=np.float32)
        if kind == "cupy":
            import cupy
            x = x.map_blocks(cupy.asarray, dtype=np.float32)
        x = x.persist()
        wait(x)
        funcs = {"pyjitc": pyjitc_task}
        funcs[kind] = cupy_task if kind == "cupy" else numpy_task
        times = {name: [] for name in funcs}
        for r in range(repeat + 1):  # the first compiles; the order alternates (a worker's memory pool warms)
            for name in list(funcs)[::1 if r % 2 == 0 else -1]:
                t0 = time.perf_counter()
                y = x.map_blocks(funcs[name], dtype=np.float32, token=f"{name}-{r}").persist()  # no keys of the last run
                wait(y)
                client.run(dask_stencil.synchronize_worker)  # the GPU's work done too
                times[name].append(time.perf_counter() - t0)
                total = float(y.sum().compute())
                assert total == 3.0 * tasks * 65536, (name, total)
                del y
        for name, t in times.items():
            out[name] = statistics.median(t[1:]) / tasks
    return out


def scaling(title, times, unit):
    """One line: the time on each count and the speedup over the first."""
    first = times[min(times)]
    return title + ": " + ", ".join(f"{g} {unit} {t * 1e3:.1f} ms ({first / t:.2f}x)" for g, t in times.items())


def dask_scaling(n, steps, gpus, gpu, repeat, inner):
    return {g: dask_stencil.run(n, steps, workers=g, gpu=gpu, repeat=repeat, inner=inner)[0] for g in gpus}


def mpi_scaling(n, steps, gpus, gpu):
    import shutil
    import sysconfig
    # MPICH's launcher by its own name: a machine's OpenMPI mpiexec may come first on the PATH
    mpiexec = shutil.which("mpiexec.hydra") or os.path.join(sysconfig.get_path("scripts"), "mpiexec.hydra")
    env = dict(os.environ, PYJITC_TARGET="cuda" if gpu else "cpu", PYTHONWARNINGS="ignore")
    out = {}
    for g in gpus:
        proc = subprocess.run([mpiexec, "-n", str(g), sys.executable, os.path.join(EXAMPLES, "mpi_jacobi.py"),
                               "--n", str(n), "--steps", str(steps)], capture_output=True, text=True, env=env,
                              timeout=600)
        if proc.returncode:
            raise SystemExit(proc.stdout + proc.stderr)
        out[g] = float(proc.stdout.rsplit(":", 1)[1].split()[0]) / 1e3  # "...: 123.4 ms"
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--gpus", type=int, default=2)
    p.add_argument("--n", type=int, default=16384)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--tasks", type=int, default=400)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--inner", default="1,50", help="Dask: stencil steps a task (a halo of as many rows), comma-separated")
    p.add_argument("--cpu", action="store_true")
    p.add_argument("--threads", type=int, default=1 << 20, help="Monte Carlo: threads a task")
    p.add_argument("--samples", type=int, default=8192, help="Monte Carlo: points a thread")
    p.add_argument("--skip", default="", help="comma-separated: dask,montecarlo,mpi,threads,overhead")
    a = p.parse_args()
    gpu = not a.cpu
    skip = set(filter(None, a.skip.split(",")))
    counts = [1] + [g for g in (2, 4, 8) if g <= a.gpus]
    lines = []
    if "dask" not in skip:
        for inner in [int(k) for k in a.inner.split(",")]:
            t = dask_scaling(a.n, a.steps * 5, counts, gpu, a.repeat, inner)
            lines.append(scaling(f"dask stencil {a.n}^2, {a.steps * 5} steps, {inner} a task", t, "workers"))
    if "montecarlo" not in skip:
        t = {g: dask_montecarlo.run(16, a.threads, a.samples, workers=g, gpu=gpu, repeat=a.repeat)[0] for g in counts}
        lines.append(scaling(f"dask monte carlo, 16 tasks of {a.threads} threads x {a.samples} samples", t, "workers"))
    if "mpi" not in skip:
        t = mpi_scaling(a.n, a.steps * 5, counts, gpu)
        lines.append(scaling(f"mpi stencil {a.n}^2, {a.steps * 5} steps", t, "ranks"))
    if "threads" not in skip and gpu:
        t = {g: gpus_stencil.run(a.n, a.steps * 5, gpus=g, repeat=a.repeat)[0] for g in counts}
        lines.append(scaling(f"one process {a.n}^2, {a.steps * 5} steps", t, "GPUs"))
    if "overhead" not in skip:
        o = overhead(a.tasks, gpu, a.repeat)
        lines += [f"dask per task ({a.tasks} chunks of 2^16 float32, one worker): " +
                  ", ".join(f"{k} {v * 1e6:.0f} us" for k, v in o.items())]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
