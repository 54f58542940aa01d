"""pyjitc kernels under Dask, unchanged: a distributed.LocalCluster of worker processes (the
test's target: the CPU executor in CI, the GPU on the GPU machine) runs them through
dask.array.map_blocks, map_overlap and client.submit. The functions that launch them travel by
reference (the workers import this file and the example: spawned processes get the parent's
sys.path) or, for a function defined inside a test, by value through cloudpickle; a kernel
passed as an argument travels by its source (pyjitc's dispatchers pickle by value), and each
worker compiles a kernel on first use. Every result is checked against NumPy."""
import os
import sys
import warnings

import numpy as np
import pytest

import dask.array as da
from distributed import Client, LocalCluster

from conftest import ON_CUDA
from pyjitc import cuda, float32

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "scale")

if EXAMPLES not in sys.path:
    sys.path.insert(0, EXAMPLES)  # the example, for this process and the workers

import dask_montecarlo  # noqa: E402
import dask_stencil  # noqa: E402


@pytest.fixture(scope="module")
def client():
    os.environ["PYJITC_TARGET"] = "cuda" if ON_CUDA else "cpu"  # the workers' target (inherited)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, Client(cluster) as c:
        yield c


@cuda.jit
def poly(x, out, a):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] * x[i] + float32(1.0)


def apply_poly(block, a):
    out = np.empty_like(block)
    if block.size:  # Dask first calls it on an empty chunk to learn the result's type
        poly[(block.size + 127) // 128, 128](block, out, a)
    return out


def test_map_blocks(client):
    x = da.random.random(1_000_003, chunks=200_000).astype(np.float32)
    y = x.map_blocks(apply_poly, np.float32(2.5), dtype=np.float32)
    got, xs = da.compute(y, x)
    np.testing.assert_allclose(got, np.float32(2.5) * xs * xs + 1, rtol=1e-6)
    # every worker ran a chunk
    assert len(client.run(lambda: 1)) == 2


@cuda.jit
def row_sums(a, out):  # one thread a row, a for loop over the columns
    i = cuda.grid(1)
    if i < a.shape[0]:
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j]
        out[i] = acc


def sums_of_rows(a):
    out = np.zeros(a.shape[0])
    row_sums[(a.shape[0] + 63) // 64, 64](a, out)
    return out


def test_submit_function_and_kernel(client, rng):
    a = rng.random((300, 70))
    np.testing.assert_allclose(client.submit(sums_of_rows, a).result(), a.sum(axis=1))

    def launch(kernel, x):  # the kernel itself as an argument: pickled by its source
        out = np.empty_like(x)
        kernel[(x.size + 127) // 128, 128](x, out, np.float32(0.5))
        return out

    x = rng.random(5000).astype(np.float32)
    futures = [client.submit(launch, poly, x + k, pure=False) for k in range(4)]
    for k, f in enumerate(futures):
        xk = x + k
        np.testing.assert_allclose(f.result(), np.float32(0.5) * xk * xk + 1, rtol=1e-6)


def test_a_worker_rebuilds_a_kernel_once(client):
    """Each task that names a kernel unpickles it; the worker rebuilds (and compiles) it once."""
    def which(kernel, x):
        out = np.empty_like(x)
        kernel[1, 128](x, out, np.float32(1))
        return os.getpid(), id(kernel), float(out[3])

    x = np.arange(100, dtype=np.float32)
    got = client.gather([client.submit(which, poly, x, pure=False) for _ in range(16)])
    kernels = {}
    for pid, k, v in got:
        assert v == 3 * 3 + 1
        kernels.setdefault(pid, set()).add(k)
    assert all(len(ks) == 1 for ks in kernels.values()), kernels


def test_stencil_example(client):
    # the example's own cluster: on the CPU executor, two LocalCluster processes; on the GPU, a
    # worker a GPU (each with its CUDA_VISIBLE_DEVICES), CuPy chunks where CuPy is installed
    workers = 0 if ON_CUDA else 2
    _, err, nworkers, kind = dask_stencil.run(n=300, steps=6, workers=workers, gpu=ON_CUDA, check=True, chunks=70)
    assert nworkers == (len(cuda.gpus) if ON_CUDA else 2)
    if not ON_CUDA:
        assert kind == "numpy"
    assert err < 1e-5


def test_stencil_example_several_steps_a_task(client):
    # a halo of 3 rows a round, 3 steps a task; 8 steps: rounds of 3, 3 and 2
    workers = 0 if ON_CUDA else 2
    _, err, nworkers, _ = dask_stencil.run(n=260, steps=8, workers=workers, gpu=ON_CUDA, check=True, chunks=60,
                                           inner=3)
    assert err < 1e-5


def test_montecarlo_example(client):
    """examples/scale/dask_montecarlo.py: the count over Dask workers equals the tasks run one
    after another in this process, whatever the number of workers, and estimates pi."""
    import math
    threads, samples, tasks = 2048, 32, 6
    direct = sum(dask_montecarlo.task(seed, threads, samples) for seed in range(1, tasks + 1))
    counts = set()
    for workers in ([0] if ON_CUDA else [1, 2]):
        _, inside, drawn, _ = dask_montecarlo.run(tasks, threads, samples, workers=workers, gpu=ON_CUDA)
        counts.add(inside)
    assert counts == {direct}
    sigma = 4 * math.sqrt(math.pi / 4 * (1 - math.pi / 4) / drawn)
    assert abs(4 * direct / drawn - math.pi) < 6 * sigma


@pytest.mark.skipif(not ON_CUDA, reason="dask_cuda's cluster is made of GPUs")
def test_local_cuda_cluster_with_cupy_chunks():
    """The set-up of dask-cuda's users: a LocalCUDACluster of every GPU of the machine (a worker
    process a GPU), CuPy-backed chunks, a pyjitc kernel through map_blocks and client.submit."""
    dask_cuda = pytest.importorskip("dask_cuda")
    cupy = pytest.importorskip("cupy")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cluster = dask_cuda.LocalCUDACluster(dashboard_address=None)
    with cluster, Client(cluster) as c:
        workers = c.scheduler_info()["workers"]
        assert len(workers) == len(cuda.gpus)
        host = np.random.default_rng(5).random(400_000).astype(np.float32)
        x = da.from_array(host, chunks=50_000).map_blocks(cupy.asarray, dtype=np.float32)
        y = x.map_blocks(apply_poly, np.float32(1.5), dtype=np.float32)
        got = y.compute()
        assert isinstance(got, cupy.ndarray)
        np.testing.assert_allclose(got.get(), np.float32(1.5) * host * host + 1, rtol=1e-6)
        where = c.run(lambda: os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0])
        assert len(set(where.values())) == len(cuda.gpus)  # each worker on a GPU of its own

        def on_worker(kernel, a):
            out = cupy.empty_like(a)
            kernel[(a.size + 127) // 128, 128](a, out, np.float32(0.5))
            return out.get()

        a = cupy.asarray(host[:10_000])
        np.testing.assert_allclose(c.submit(on_worker, poly, a, pure=False).result(),
                                   np.float32(0.5) * host[:10_000] ** 2 + 1, rtol=1e-6)
