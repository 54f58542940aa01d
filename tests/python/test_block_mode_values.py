"""Kernels with barriers ("block mode" on the CPU executor), written the ways numba users write
them, checked against NumPy. Block mode recomputes for each thread the variables that a kernel
sets once at its top from thread and block indices, arguments and shared or local arrays
(backend/remat.c), and runs a region without asking each thread whether it is still there when
none has returned or left a loop (backend/regions.c). These kernels mix those variables with
ones that must stay per thread: assigned again, read by a shuffle, parameters that change, values
read from memory, threads that return between barriers, local arrays."""
import os

import numpy as np
import pytest

from pyjitc import cuda, float32, int32

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy warnings of small grids

TILE = 16


@cuda.jit
def matmul_tuple_indices(A, B, C):
    sA = cuda.shared.array((TILE, TILE), float32)
    sB = cuda.shared.array((TILE, TILE), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    x, y = cuda.grid(2)
    acc = float32(0.0)
    for t in range((A.shape[1] + TILE - 1) // TILE):
        sA[ty, tx] = A[y, t * TILE + tx] if y < A.shape[0] and t * TILE + tx < A.shape[1] else 0
        sB[ty, tx] = B[t * TILE + ty, x] if x < B.shape[1] and t * TILE + ty < B.shape[0] else 0
        cuda.syncthreads()
        for k in range(TILE):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = acc


@pytest.mark.parametrize("shape", [(16, 16, 16), (33, 47, 20), (64, 32, 80)])
def test_tiled_matmul_ragged(shape):
    m, k, n = shape
    rng = np.random.default_rng(5)
    A, B = rng.random((m, k), np.float32), rng.random((k, n), np.float32)
    C = np.full((m, n), -1, np.float32)
    matmul_tuple_indices[((n + TILE - 1) // TILE, (m + TILE - 1) // TILE), (TILE, TILE)](A, B, C)
    np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-5)


@cuda.jit
def param_changes(x, out, n):
    tile = cuda.shared.array(128, int32)
    t = cuda.threadIdx.x
    n = n // 2          # a parameter assigned: each thread's own from here
    tile[t] = x[cuda.blockIdx.x * 128 + t] + n
    cuda.syncthreads()
    out[cuda.blockIdx.x * 128 + t] = tile[127 - t] * 10 + n


def test_a_parameter_that_changes():
    x = np.arange(256, dtype=np.int32)
    out = np.zeros(256, np.int32)
    param_changes[2, 128](x, out, 9)
    want = np.concatenate([(x[:128][::-1] + 4) * 10 + 4, (x[128:][::-1] + 4) * 10 + 4])
    np.testing.assert_array_equal(out, want)


@cuda.jit
def reassigned_and_read(x, out):
    tile = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    v = t * 2            # set at the top ...
    tile[t] = x[t]
    cuda.syncthreads()
    v += 1               # ... and again: kept per thread
    w = tile[(t + 1) % 64]   # from shared memory: kept per thread
    cuda.syncthreads()
    tile[t] = w + v
    cuda.syncthreads()
    out[t] = tile[63 - t]


def test_variables_assigned_again_or_read_from_memory():
    x = np.arange(64, dtype=np.float32) * 3
    out = np.zeros(64, np.float32)
    reassigned_and_read[1, 64](x, out)
    t = np.arange(64)
    tile = x[(t + 1) % 64] + t * 2 + 1
    np.testing.assert_array_equal(out, tile[63 - t])


@cuda.jit
def early_exits(x, out, limit):
    tile = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i]
    cuda.syncthreads()
    if t >= limit:       # these threads take no part in what follows
        return
    s = tile[t] + tile[(t + 1) % limit]
    out[i] = s


@pytest.mark.parametrize("limit", [1, 37, 128])
def test_threads_that_return_between_barriers(limit):
    x = np.random.default_rng(2).random(256).astype(np.float32)
    out = np.full(256, -7, np.float32)
    early_exits[2, 128](x, out, limit)
    want = np.full(256, -7, np.float32)
    for b in range(2):
        tile = x[b * 128:(b + 1) * 128]
        for t in range(limit):
            want[b * 128 + t] = tile[t] + tile[(t + 1) % limit]
    np.testing.assert_allclose(out, want, rtol=1e-6)


@cuda.jit
def returned_stay_out(x, out, limit):
    tile = cuda.shared.array(128, float32)
    tile2 = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i]
    tile2[t] = -1
    cuda.syncthreads()
    if t >= limit:       # gone for every later region
        return
    tile2[t] = tile[t] + 1
    cuda.syncthreads()
    out[i] = tile2[t] + tile2[(t + 1) % 128]


@pytest.mark.parametrize("limit", [1, 64, 127, 128])
def test_returned_threads_run_no_later_region(limit):
    x = np.arange(256, dtype=np.float32)
    out = np.full(256, 1000, np.float32)
    returned_stay_out[2, 128](x, out, limit)
    want = np.full(256, 1000, np.float32)
    for b in range(2):
        tile2 = np.full(128, -1, np.float32)
        tile2[:limit] = x[b * 128:b * 128 + limit] + 1
        for t in range(limit):
            want[b * 128 + t] = tile2[t] + tile2[(t + 1) % 128]
    np.testing.assert_array_equal(out, want)


@cuda.jit
def loop_leavers(x, out):
    tile = cuda.shared.array(32, float32)
    t = cuda.threadIdx.x
    acc = float32(0.0)
    for r in range(4):
        if t < r * 8:     # a growing set of threads leaves the loop around the barrier
            break
        tile[t] = x[r * 32 + t]
        cuda.syncthreads()
        acc += tile[31 - t]
        cuda.syncthreads()
    out[t] = acc


@pytest.mark.skipif(os.environ.get("PYJITC_TEST_TARGET") == "cuda",
                    reason="CUDA leaves it undefined (a GPU may finish or hang); the CPU executor's answer")
def test_threads_that_leave_a_loop_around_barriers():
    # CUDA leaves a barrier some threads skip undefined; the CPU executor stops with an error
    x = np.arange(128, dtype=np.float32)
    out = np.zeros(32, np.float32)
    with pytest.raises(Exception):
        loop_leavers[1, 32](x, out)
        cuda.synchronize()


@cuda.jit
def shuffled(x, out):
    tile = cuda.shared.array(64, int32)
    lane = cuda.laneid
    v = cuda.threadIdx.x * 3          # read by a shuffle as another lane holds it
    tile[cuda.threadIdx.x] = x[cuda.threadIdx.x]
    cuda.syncthreads()
    w = cuda.shfl_sync(0xFFFFFFFF, v, (lane + 1) % 32)
    out[cuda.threadIdx.x] = w + tile[63 - cuda.threadIdx.x]


def test_a_value_read_by_a_shuffle():
    x = np.arange(64, dtype=np.int32) * 100
    out = np.zeros(64, np.int32)
    shuffled[1, 64](x, out)
    t = np.arange(64)
    src = (t // 32) * 32 + (t % 32 + 1) % 32
    np.testing.assert_array_equal(out, src * 3 + x[63 - t])


@cuda.jit
def local_scratch(x, out):
    mine = cuda.local.array(4, float32)
    tile = cuda.shared.array(32, float32)
    t = cuda.threadIdx.x
    for k in range(4):
        mine[k] = x[t] * (k + 1)
    tile[t] = mine[3]
    cuda.syncthreads()
    out[t] = mine[0] + mine[1] + tile[31 - t]


def test_local_arrays_stay_each_threads_own():
    x = np.arange(32, dtype=np.float32) + 1
    out = np.zeros(32, np.float32)
    local_scratch[1, 32](x, out)
    t = np.arange(32)
    np.testing.assert_array_equal(out, x * 3 + x[31 - t] * 4)


@cuda.jit
def block_sum(x, total):
    tile = cuda.shared.array(256, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    s = 128
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


def test_block_reduction():
    x = np.random.default_rng(9).random(1000).astype(np.float32)
    total = np.zeros(1, np.float32)
    block_sum[4, 256](x, total)
    np.testing.assert_allclose(total[0], x.astype(np.float64).sum(), rtol=1e-5)
