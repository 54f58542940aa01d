"""Reductions, histogram and scan for test_classics.py: block-level work in shared memory
between cuda.syncthreads() barriers, combined across blocks with atomics or a second launch."""
import math

import numba
import numpy as np
from numba import cuda, float64, int32, uint32

BLOCK = 128
NBINS = 256
SCAN_N = 256


@cuda.jit
def block_sum(a, partial, total):
    """Grid-stride loads, a tree reduction in a while loop, one atomic per block into a float64."""
    s = cuda.shared.array(BLOCK, float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    acc = 0.0
    while i < a.size:
        acc += a[i]
        i += cuda.gridsize(1)
    s[t] = acc
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            s[t] += s[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]
        cuda.atomic.add(total, 0, s[0])


@cuda.jit
def stage_sum_max(vals, peaks, sums, maxs):
    """One level of a warp-free multi-level reduction: per block, the sum of its slice of vals
    and the max of its slice of peaks (two shared arrays, halving with syncthreads), written to
    sums/maxs[blockIdx]. The next level reduces sums and maxs the same way."""
    ssum = cuda.shared.array(BLOCK, dtype=float64)
    smax = cuda.shared.array(BLOCK, dtype=float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < vals.size:
        ssum[t] = vals[i]
        smax[t] = peaks[i]
    else:
        ssum[t] = 0.0
        smax[t] = -math.inf
    cuda.syncthreads()
    step = BLOCK // 2
    while step >= 1:
        if t < step:
            ssum[t] = ssum[t] + ssum[t + step]
            smax[t] = max(smax[t], smax[t + step])
        cuda.syncthreads()
        step = step // 2
    if t == 0:
        sums[cuda.blockIdx.x] = ssum[0]
        maxs[cuda.blockIdx.x] = smax[0]


@cuda.jit
def int_block_sum(a, partial, total):
    """Integer tree reduction with a for loop over the halving steps; the block's sum goes to
    partial[] and is added atomically into an int64 (and a uint64) total."""
    s = cuda.shared.array(shape=BLOCK, dtype=numba.int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i] if i < a.size else 0
    cuda.syncthreads()
    for k in range(6, -1, -1):  # steps 64, 32, ..., 1 for BLOCK = 128
        if t < (1 << k):
            s[t] += s[t + (1 << k)]
        cuda.syncthreads()
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]
        cuda.atomic.add(total, 0, s[0])
        cuda.atomic.add(total, 1, 1)


@cuda.jit
def histogram(data, bins):
    """uint8 data into 256 bins: per-block counts with shared-memory atomics, then one global
    atomic per non-empty bin and block."""
    h = cuda.shared.array(NBINS, uint32)
    t = cuda.threadIdx.x
    for k in range(t, NBINS, cuda.blockDim.x):
        h[k] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    while i < data.size:
        cuda.atomic.add(h, data[i], 1)
        i += cuda.gridsize(1)
    cuda.syncthreads()
    for k in range(t, NBINS, cuda.blockDim.x):
        if h[k] != 0:
            cuda.atomic.add(bins, k, h[k])


@cuda.jit
def scan_double_buffer(a, out):
    """Inclusive prefix sum of up to SCAN_N elements in one block: Hillis-Steele, reading one
    half of a 2-D shared buffer and writing the other, swapped at each step."""
    buf = cuda.shared.array((2, SCAN_N), int32)
    t = cuda.threadIdx.x
    buf[0, t] = a[t] if t < a.size else 0
    cuda.syncthreads()
    src = 0
    offset = 1
    while offset < SCAN_N:
        dst = 1 - src
        if t >= offset:
            buf[dst, t] = buf[src, t] + buf[src, t - offset]
        else:
            buf[dst, t] = buf[src, t]
        cuda.syncthreads()
        src = dst
        offset *= 2
    if t < out.size:
        out[t] = buf[src, t]


@cuda.jit
def scan_in_place(a, out):
    """Inclusive prefix sum in place: each step reads its partner, waits at a barrier, then
    writes (the value read lives across the barrier)."""
    s = cuda.shared.array(SCAN_N, dtype=np.float64)
    t = cuda.threadIdx.x
    s[t] = a[t] if t < a.size else 0.0
    cuda.syncthreads()
    offset = 1
    while offset < cuda.blockDim.x:
        v = s[t - offset] if t >= offset else 0.0
        cuda.syncthreads()
        s[t] += v
        cuda.syncthreads()
        offset *= 2
    if t < out.size:
        out[t] = s[t]
