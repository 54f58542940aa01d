"""Warp collectives, block votes, device functions and print (tests/e2e/test_warp_device.py)."""
import math
from numba import cuda


@cuda.jit
def warp_sum(x, out):
    i = cuda.grid(1)
    v = x[i]
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xffffffff, v, off)
        off //= 2
    if cuda.laneid == 0:
        out[i // 32] = v


@cuda.jit
def votes(x, res):
    i = cuda.grid(1)
    res[i, 0] = cuda.ballot_sync(0xffffffff, x[i] > 50)
    res[i, 1] = cuda.all_sync(0xffffffff, x[i] >= 0)
    res[i, 2] = cuda.any_sync(0xffffffff, x[i] > 120)
    res[i, 3] = cuda.eq_sync(0xffffffff, x[i] > 1000)
    res[i, 4] = cuda.syncthreads_count(x[i] > 50)
    res[i, 5] = cuda.syncthreads_and(x[i] >= 0)
    res[i, 6] = cuda.syncthreads_or(x[i] > 1000)
    res[i, 7] = cuda.shfl_sync(0xffffffff, i, 3)
    res[i, 8] = cuda.shfl_xor_sync(0xffffffff, i, 1)
    res[i, 9] = cuda.shfl_up_sync(0xffffffff, i, 2)
    res[i, 10] = cuda.match_any_sync(0xffffffff, i // 4)
    m, p = cuda.match_all_sync(0xffffffff, 7)
    res[i, 11] = m
    res[i, 12] = p
    res[i, 13] = cuda.shfl_down_sync(0xffffffff, x[i] * 0.5, 1) * 2


@cuda.jit(device=True)
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@cuda.jit(device=True)
def polar(x, y):
    return math.sqrt(x * x + y * y), math.atan2(y, x)


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit(device=True)
def my_index():
    return cuda.grid(1)


@cuda.jit
def devices(a, out, iout):
    i = my_index()
    if i < a.size:
        r, t = polar(a[i], 1.0)
        out[i, 0] = clamp(a[i], 0.5, 2.5)
        out[i, 1] = r
        out[i, 2] = t
        iout[i, 0] = clamp(i, 2, 5)
        iout[i, 1] = fact(i)


@cuda.jit
def printer(a):
    i = cuda.grid(1)
    if i < a.size:
        print("item", i, "is", a[i], a[i] > 1.5)
