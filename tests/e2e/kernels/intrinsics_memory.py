"""Local arrays, barriers inside loops and memory fences for test_intrinsics.py."""
import numba
import numpy as np
from numba import cuda, float64, int32, int64

K = 8
BLOCK = 64


@cuda.jit
def local_sort(a, out):
    """Per-thread scratch: copy the thread's row into a local array, insertion-sort it there,
    write it back."""
    scratch = cuda.local.array(K, dtype=float64)
    i = cuda.grid(1)
    if i < a.shape[0]:
        for k in range(K):
            scratch[k] = a[i, k]
        for k in range(1, K):
            v = scratch[k]
            j = k - 1
            while j >= 0 and scratch[j] > v:
                scratch[j + 1] = scratch[j]
                j -= 1
            scratch[j + 1] = v
        for k in range(K):
            out[i, k] = scratch[k]


@cuda.jit
def local_matrix(a, out):
    """A 2-D local array (shape= and dtype= keywords, numba.int32): the thread's 3x3 matrix
    m[r, c] = a[i] + r * 3 + c, squared, its trace written out."""
    m = cuda.local.array(shape=(3, 3), dtype=numba.int32)
    p = cuda.local.array((3, 3), np.int64)
    i = cuda.grid(1)
    if i < a.size:
        for r in range(3):
            for c in range(3):
                m[r, c] = a[i] + r * 3 + c
        for r in range(3):
            for c in range(3):
                acc = 0
                for k in range(3):
                    acc += m[r, k] * m[k, c]
                p[r, c] = acc
        out[i] = p[0, 0] + p[1, 1] + p[2, 2]


@cuda.jit
def local_across_barrier(a, out):
    """A local array filled before a barrier and read after it stays the thread's own; the
    barrier makes the neighbours' shared values visible."""
    buf = cuda.local.array(4, int64)
    s = cuda.shared.array(BLOCK, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    for k in range(4):
        buf[k] = a[i] * (k + 1)
    s[t] = a[i]
    cuda.syncthreads()
    out[i] = buf[0] + buf[3] * 10 + s[(t + 1) % BLOCK] * 100


@cuda.jit
def sync_in_for(a, out, rounds):
    """A for loop around barriers: in each round every thread adds its right neighbour's value
    (read, barrier, write, barrier)."""
    s = cuda.shared.array(BLOCK, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i]
    cuda.syncthreads()
    for r in range(rounds):
        v = s[(t + 1) % BLOCK]
        cuda.syncthreads()
        s[t] += v
        cuda.syncthreads()
    out[i] = s[t]


@cuda.jit
def sync_early_break(a, out, limit, used):
    """A for loop with barriers and a uniform early break: every round doubles the values, one
    thread publishes the block's maximum through shared memory, and all threads leave the loop
    once it reaches limit (the same decision for the whole block)."""
    s = cuda.shared.array(BLOCK, int64)
    peak = cuda.shared.array(1, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i]
    rounds = 0
    for r in range(100):
        s[t] *= 2
        if t == 0:
            peak[0] = 0
        cuda.syncthreads()
        cuda.atomic.max(peak, 0, s[t])
        cuda.syncthreads()
        rounds = r + 1
        if peak[0] >= limit:
            break
        cuda.syncthreads()
    out[i] = s[t]
    if t == 0:
        used[cuda.blockIdx.x] = rounds


@cuda.jit
def sync_while_continue(a, out):
    """A while loop with barriers, a uniform continue and a uniform break."""
    s = cuda.shared.array(BLOCK, int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i]
    cuda.syncthreads()
    step = 0
    while True:
        step += 1
        if step % 2 == 0:
            continue
        if step > 9:
            break
        v = s[(t + step) % BLOCK]
        cuda.syncthreads()
        s[t] = s[t] + v
        cuda.syncthreads()
    out[i] = s[t]


@cuda.jit
def fences(a, out):
    """threadfence*: ordering only; the values pass through unchanged."""
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + 1
        cuda.threadfence_block()
        out[i] += 1
        cuda.threadfence()
        out[i] += 1
        cuda.threadfence_system()
        out[i] *= 2


LOCAL_N = 1024


@cuda.jit
def local_large_with_barrier(a, out):
    """8 KiB of local memory per thread (legal on the GPU, whose limit is 512 KiB) in a kernel
    with a barrier, launched with 1024 threads per block."""
    buf = cuda.local.array(LOCAL_N, float64)
    s = cuda.shared.array(1024, float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    for j in range(LOCAL_N):
        buf[j] = a[i] + j
    s[t] = buf[t % LOCAL_N]
    cuda.syncthreads()
    out[i] = s[1023 - t] + buf[LOCAL_N - 1]


@cuda.jit
def sync_loop_uniform_return(out, limit):
    """A loop around barriers that the block leaves with a uniform return (every thread sees the
    same shared counter after the barrier), the only way out of the while True."""
    s = cuda.shared.array(1, int32)
    t = cuda.threadIdx.x
    if t == 0:
        s[0] = 0
    cuda.syncthreads()
    while True:
        if t == 0:
            s[0] += 1
        cuda.syncthreads()
        if s[0] >= limit:
            out[cuda.grid(1)] = s[0]
            return
        cuda.syncthreads()
