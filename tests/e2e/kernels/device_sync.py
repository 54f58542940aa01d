# Device functions that hold barriers, shared arrays and warp collectives (the CPU executor
# inlines their calls into the kernel's block mode).
import numpy as np
from numba import cuda, float64, int32, int64


@cuda.jit(device=True)
def warp_sum(v):
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
        off //= 2
    return v


@cuda.jit(device=True)
def block_sum(v):
    # tree reduction through a shared array of the device function; every thread gets the sum
    sh = cuda.shared.array(128, float64)
    t = cuda.threadIdx.x
    sh[t] = v
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if t < s:
            sh[t] += sh[t + s]
        cuda.syncthreads()
        s //= 2
    r = sh[0]
    cuda.syncthreads()
    return r


@cuda.jit
def sums(x, out):
    # out[i, 0]: the warp's sum at lane 0; out[i, 1]: the block's sum (twice, through one function)
    i = cuda.grid(1)
    w = warp_sum(x[i])
    if cuda.laneid == 0:
        out[i, 0] = w
    out[i, 1] = block_sum(x[i]) + block_sum(2.0 * x[i])


@cuda.jit(device=True)
def warps_then_block(v):
    # a device function calling one with collectives, with shared memory of its own
    part = cuda.shared.array(4, int64)
    w = warp_sum(v)
    lane = cuda.threadIdx.x % 32
    if lane == 0:
        part[cuda.threadIdx.x // 32] = w
    cuda.syncthreads()
    if cuda.threadIdx.x >= cuda.blockDim.x // 32:
        return int64(0)
    return part[cuda.threadIdx.x]


@cuda.jit
def nested(x, out):
    i = cuda.grid(1)
    out[i] = warps_then_block(x[i]) * 10 + 1


@cuda.jit(device=True)
def first_lane(v, target):
    # a return inside a loop, after a vote
    hits = cuda.ballot_sync(0xFFFFFFFF, v == target)
    for k in range(32):
        if hits & (1 << k):
            return k
    return -1


@cuda.jit(device=True)
def min_max(a, i):
    # an array argument and a tuple result; returns on a per-thread condition before the shuffles
    lo = a[i]
    hi = a[i]
    for m in (1, 2, 4, 8, 16):
        lo = min(lo, cuda.shfl_xor_sync(0xFFFFFFFF, lo, m))
        hi = max(hi, cuda.shfl_xor_sync(0xFFFFFFFF, hi, m))
    if lo == hi:
        return lo, lo
    return lo, hi


@cuda.jit
def searches(a, out):
    i = cuda.grid(1)
    out[i, 0] = first_lane(a[i] % 5, 3)
    lo, hi = min_max(a, i)
    out[i, 1] = lo
    out[i, 2] = hi


@cuda.jit(device=True)
def shift_left(buf, n):
    # no result: moves a block's tile one to the left through shared memory
    tile = cuda.shared.array(64, int32)
    t = cuda.threadIdx.x
    tile[t] = buf[t]
    cuda.syncthreads()
    if t + n < cuda.blockDim.x:
        buf[t] = tile[t + n]
    else:
        buf[t] = 0


@cuda.jit
def shifts(buf):
    shift_left(buf, 1)
    shift_left(buf, 3)


@cuda.jit
def cuts_in_expressions(a, out):
    # collectives and calls of device functions with collectives where Python evaluates them
    # conditionally or repeatedly: conditional expressions, `or`, while conditions, range()
    t = cuda.threadIdx.x
    lane = t % 32
    v = a[t]
    out[t, 0] = cuda.shfl_xor_sync(0xFFFF, v, 1) if lane < 16 else cuda.shfl_xor_sync(0xFFFF0000, v, 3)
    out[t, 1] = (a[0] < -1000) or cuda.ballot_sync(0xFFFFFFFF, v % 3 == 0)
    out[t, 2] = warp_sum(v) if a[0] >= 0 else 0
    c = lane % 5 + t // 32
    rounds = 0
    while cuda.any_sync(0xFFFFFFFF, c > 0) and rounds < 100:
        c -= 1
        rounds += 1
    out[t, 3] = rounds
    s = 0
    for k in range(cuda.shfl_sync(0xFFFFFFFF, v % 4, 0) + lane % 2):
        s += k + 1
    out[t, 4] = s
