"""Atomics for test_intrinsics.py: every thread updates the same few elements, and records the
old value each atomic returns, so the test can check both the final values and that the olds
form the sequence a serial order of the updates gives."""
import math

from numba import cuda, float32, float64, uint32


@cuda.jit
def int_ops(acc, vals, bits, olds):
    """acc[0] += 1, acc[1] -= 1, acc[2] max= v, acc[3] min= v, acc[4] exch v, acc[5] |= bit,
    acc[6] &= ~bit, acc[7] ^= bit; olds[i, k] is what thread i's op k returned."""
    i = cuda.grid(1)
    if i < vals.size:
        v = vals[i]
        b = bits[i]
        olds[i, 0] = cuda.atomic.add(acc, 0, 1)
        olds[i, 1] = cuda.atomic.sub(acc, 1, 1)
        olds[i, 2] = cuda.atomic.max(acc, 2, v)
        olds[i, 3] = cuda.atomic.min(acc, 3, v)
        olds[i, 4] = cuda.atomic.exch(acc, 4, v)
        olds[i, 5] = cuda.atomic.or_(acc, 5, b)
        olds[i, 6] = cuda.atomic.and_(acc, 6, ~b)
        olds[i, 7] = cuda.atomic.xor(acc, 7, b)


@cuda.jit
def float_ops(acc, vals, olds):
    """acc[0] += 1.0, acc[1] -= 0.5, acc[2] max= v, acc[3] min= v, acc[4] nanmax= v,
    acc[5] nanmin= v, acc[6] += v."""
    i = cuda.grid(1)
    if i < vals.size:
        v = vals[i]
        olds[i, 0] = cuda.atomic.add(acc, 0, 1.0)
        olds[i, 1] = cuda.atomic.sub(acc, 1, 0.5)
        olds[i, 2] = cuda.atomic.max(acc, 2, v)
        olds[i, 3] = cuda.atomic.min(acc, 3, v)
        olds[i, 4] = cuda.atomic.nanmax(acc, 4, v)
        olds[i, 5] = cuda.atomic.nanmin(acc, 5, v)
        olds[i, 6] = cuda.atomic.add(acc, 6, v)


@cuda.jit
def minmax_each(amax, amin, anmax, anmin, v, omax, omin, onmax, onmin):
    """One atomic per element and thread (no contention): the NaN and signed-zero rules."""
    i = cuda.grid(1)
    if i < v.size:
        omax[i] = cuda.atomic.max(amax, i, v[i])
        omin[i] = cuda.atomic.min(amin, i, v[i])
        onmax[i] = cuda.atomic.nanmax(anmax, i, v[i])
        onmin[i] = cuda.atomic.nanmin(anmin, i, v[i])


@cuda.jit
def each_op(a, v, olds, op):
    """Thread i applies atomic `op` to a[i] with v[i] (no contention): add/sub/max/min edges."""
    i = cuda.grid(1)
    if i < v.size:
        if op == 0:
            olds[i] = cuda.atomic.add(a, i, v[i])
        elif op == 1:
            olds[i] = cuda.atomic.sub(a, i, v[i])
        elif op == 2:
            olds[i] = cuda.atomic.max(a, i, v[i])
        else:
            olds[i] = cuda.atomic.min(a, i, v[i])


@cuda.jit
def each_inc_dec(a, v, olds, dec):
    """Thread i applies inc (or dec) to a[i] with limit v[i] (no contention)."""
    i = cuda.grid(1)
    if i < v.size:
        if dec:
            olds[i] = cuda.atomic.dec(a, i, v[i])
        else:
            olds[i] = cuda.atomic.inc(a, i, v[i])


@cuda.jit
def inc_dec(acc, limit, olds):
    """Every thread: acc[0] inc up to limit (wrapping to 0), acc[1] dec from limit down."""
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i, 0] = cuda.atomic.inc(acc, 0, limit)
        olds[i, 1] = cuda.atomic.dec(acc, 1, limit)


@cuda.jit
def cas_increment(counter, olds, tries):
    """A lock-free increment with a compare-and-swap loop; olds[i] is the value thread i moved
    from, tries[i] how many attempts it took."""
    i = cuda.grid(1)
    if i < olds.size:
        old = counter[0]
        n = 0
        while True:
            n += 1
            prev = cuda.atomic.cas(counter, 0, old, old + 1)
            if prev == old:
                break
            old = prev
        olds[i] = old
        tries[i] = n


@cuda.jit
def compare_and_swap_increment(counter, olds):
    """The same with compare_and_swap(ary, old, val), which works on element 0."""
    i = cuda.grid(1)
    if i < olds.size:
        old = counter[0]
        while True:
            prev = cuda.atomic.compare_and_swap(counter, old, old + 1)
            if prev == old:
                break
            old = prev
        olds[i] = old


@cuda.jit
def cas_once(a, expect, new, olds):
    """cas on a[i] with a given expected value: swaps only where it matches."""
    i = cuda.grid(1)
    if i < a.size:
        olds[i] = cuda.atomic.cas(a, i, expect[i], new[i])


@cuda.jit
def histogram_2d(keys, h):
    """Counts of key pairs into a 2-D array with a tuple index; also a tuple built beforehand and
    negative indices (wrapping around, as numba's atomics do)."""
    i = cuda.grid(1)
    if i < keys.shape[0]:
        r = keys[i, 0]
        c = keys[i, 1]
        cuda.atomic.add(h, (r, c), 1)
        ix = (r, c)
        cuda.atomic.add(h, ix, 1000)
        cuda.atomic.add(h, (-1, -1), 1)


@cuda.jit
def shared_ops(olds, out):
    """The same kind of updates on a shared uint32 array per block: init by the first threads,
    barrier, every thread updates, barrier, the block copies its shared array out."""
    s = cuda.shared.array(8, uint32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if t == 0:
        s[0] = 0
        s[1] = 1000
        s[2] = 0
        s[3] = 0xFFFFFFFF
        s[4] = 0
        s[5] = 0
        s[6] = 3
        s[7] = 0
    cuda.syncthreads()
    olds[i, 0] = cuda.atomic.add(s, 0, 1)
    olds[i, 1] = cuda.atomic.sub(s, 1, 2)
    olds[i, 2] = cuda.atomic.max(s, 2, t * 7 % 101)
    olds[i, 3] = cuda.atomic.min(s, 3, t * 7 % 101 + 5)
    olds[i, 4] = cuda.atomic.or_(s, 4, 1 << (t % 32))
    olds[i, 5] = cuda.atomic.inc(s, 5, 9)
    olds[i, 6] = cuda.atomic.dec(s, 6, 9)
    olds[i, 7] = cuda.atomic.exch(s, 7, t + 1)
    cuda.syncthreads()
    if t < 8:
        out[cuda.blockIdx.x, t] = s[t]


@cuda.jit
def shared_float_ops(vals, olds, out):
    """float32 and float64 shared atomics: add, max, nanmin; 2-D shared with a tuple index."""
    s32 = cuda.shared.array(2, float32)
    s64 = cuda.shared.array((2, 2), dtype=float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if t == 0:
        s32[0] = 0
        s32[1] = -1e30
        s64[0, 0] = 0.0
        s64[0, 1] = 0.0
        s64[1, 0] = math.nan
        s64[1, 1] = 0.0
    cuda.syncthreads()
    v = vals[i]
    olds[i, 0] = cuda.atomic.add(s32, 0, float32(1))
    olds[i, 1] = cuda.atomic.max(s32, 1, float32(v))
    olds[i, 2] = cuda.atomic.add(s64, (0, 0), v)
    olds[i, 3] = cuda.atomic.nanmin(s64, (1, 0), v)
    cuda.syncthreads()
    if t == 0:
        out[cuda.blockIdx.x, 0] = s32[0]
        out[cuda.blockIdx.x, 1] = s32[1]
        out[cuda.blockIdx.x, 2] = s64[0, 0]
        out[cuda.blockIdx.x, 3] = s64[1, 0]
