"""Kernels whose control flow around barriers and warp collectives the CPU executor must follow
per block and per warp (review findings)."""
from numba import cuda, int64, int32


@cuda.jit
def two_level_sum(x, out):
    # the classic block reduction: warp sums by shuffles, then warp 0 sums the warp sums
    partial = cuda.shared.array(32, int64)
    i = cuda.grid(1)
    lane = cuda.threadIdx.x % 32
    w = cuda.threadIdx.x // 32
    v = x[i] if i < x.size else 0
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xffffffff, v, off)
        off //= 2
    if lane == 0:
        partial[w] = v
    cuda.syncthreads()
    if w == 0:
        nw = cuda.blockDim.x // 32
        s = partial[lane] if lane < nw else 0
        off = 16
        while off > 0:
            s += cuda.shfl_down_sync(0xffffffff, s, off)
            off //= 2
        if lane == 0:
            out[cuda.blockIdx.x] = s


@cuda.jit
def per_warp_rounds(x, out):
    # each warp loops its own number of rounds (warp id + 1), shuffling each round
    i = cuda.grid(1)
    w = cuda.threadIdx.x // 32
    v = x[i]
    for r in range(w + 1):
        v = v + cuda.shfl_xor_sync(0xffffffff, v, 1)
    out[i] = v


@cuda.jit
def early_exit_stencil(a, out):
    # thread 0 returns before the barrier: the others decide without it
    t = cuda.threadIdx.x
    tile = cuda.shared.array(64, int64)
    if t == 0:
        return
    tile[t] = a[t]
    k = 0
    while k < 3:
        cuda.syncthreads()
        v = tile[t - 1] if t > 1 else 0
        cuda.syncthreads()
        tile[t] += v
        k += 1
    cuda.syncthreads()
    out[t] = tile[t]


@cuda.jit
def divergent_barrier(a, out):
    # undefined in CUDA: half the block loops more often around a barrier
    t = cuda.threadIdx.x
    for k in range(t % 2 + 1):
        cuda.syncthreads()
        out[t] += a[t]


@cuda.jit
def divergent_warp(a, out):
    # the halves of each warp take different branches, each shuffling among its own lanes
    t = cuda.threadIdx.x
    lane = t % 32
    v = a[t]
    if lane < 16:
        v += cuda.shfl_xor_sync(0xFFFF, v, 1)
    else:
        v += cuda.shfl_xor_sync(0xFFFF0000, v, 2)
    out[t] = v


@cuda.jit
def divergent_loops(a, out):
    # lanes 0-7 loop three times, the others once, shuffling with the lanes still in the loop
    t = cuda.threadIdx.x
    lane = t % 32
    v = a[t]
    rounds = 3 if lane < 8 else 1
    for k in range(rounds):
        mask = 0xFFFFFFFF if k == 0 else 0xFF
        v += cuda.shfl_xor_sync(mask, v, 1)
    w = v
    k = 0
    while k < rounds:
        mask = 0xFFFFFFFF if k == 0 else 0xFF
        w = w * 2 + cuda.shfl_xor_sync(mask, w, 2)
        k += 1
    out[t, 0] = v
    out[t, 1] = w


@cuda.jit
def divergent_break(a, out):
    # in the third round the upper half of each warp shuffles among itself and leaves the loop
    t = cuda.threadIdx.x
    lane = t % 32
    s = a[t]
    for k in range(4):
        if lane >= 16 and k == 2:
            s += cuda.shfl_xor_sync(0xFFFF0000, s, 1)
            break
        s += cuda.shfl_xor_sync(0xFFFFFFFF if k < 2 else 0xFFFF, s, 4)
    out[t] = s


@cuda.jit
def wide_offsets(x, out):
    # shfl.sync reads only the low 5 bits of the lane or offset
    i = cuda.grid(1)
    out[i, 0] = cuda.shfl_down_sync(0xffffffff, x[i], 33)
    out[i, 1] = cuda.shfl_xor_sync(0xffffffff, x[i], 34)
    out[i, 2] = cuda.shfl_up_sync(0xffffffff, x[i], 65)
    out[i, 3] = cuda.shfl_sync(0xffffffff, x[i], 37)


@cuda.jit
def skip_rounds(a, out):
    # some threads skip the rest of a round (continue), some leave the loop in its last round
    # (break), after the barriers: every thread still meets every barrier
    t = cuda.threadIdx.x
    tile = cuda.shared.array(64, int64)
    acc = 0
    for r in range(6):
        tile[t] = a[t] * (r + 1)
        cuda.syncthreads()
        other = tile[(t + r) % 64]
        cuda.syncthreads()
        if t % 3 == 0 and r % 2 == 1:
            continue
        if t % 5 == 4 and r == 5:
            break
        acc += other
    out[t] = acc


@cuda.jit
def continue_before_barrier(a, out):
    # undefined in CUDA: odd threads skip the barrier of their iteration
    t = cuda.threadIdx.x
    for r in range(3):
        if t % 2 == 1:
            continue
        cuda.syncthreads()
        out[t] += a[t]


@cuda.jit
def compact_positive(a, out, count):
    # warp-aggregated atomics: the lanes that pass the filter take one slot range per warp
    i = cuda.grid(1)
    if i < a.size and a[i] > 0.5:
        mask = cuda.activemask()
        lane = cuda.laneid
        leader = cuda.ffs(mask) - 1
        base = 0
        if lane == leader:
            base = cuda.atomic.add(count, 0, cuda.popc(mask))
        base = cuda.shfl_sync(mask, base, leader)
        out[base + cuda.popc(mask & cuda.lanemask_lt())] = a[i]


@cuda.jit
def active_in_loop(rounds, out):
    # the lanes still in the loop in its last round
    i = cuda.grid(1)
    k = 0
    while k < rounds[i]:
        out[i] = cuda.activemask()
        k += 1
