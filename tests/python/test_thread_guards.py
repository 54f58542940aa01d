"""Kernels whose threads are guarded by a test of their index, in every form numba users write it,
checked against NumPy on sizes that leave a block, a row or a column partly outside the guard.

On the CPU executor a guard that is convex in threadIdx.x (an `and` of comparisons of the index
plus or minus a constant with values the same for every thread of a row) lets a row whose first
and last threads pass it run without the test (backend/guard.c); a row that straddles the bound,
and every guard of another shape (an `or`, `!=`, a modulo, something computed from an array
element), keeps the test. Both kinds are here, with the answers they must give."""
import math

import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy and copy warnings of small grids and host arrays

SIZES = [1, 7, 255, 256, 257, 1000, 4099]


@cuda.jit
def guarded_if(x, out, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + 1.0


@cuda.jit
def early_return(x, out, n):
    i = cuda.grid(1)
    if i >= n:
        return
    out[i] = x[i] * 2.0


@cuda.jit
def numba_style_bounds(x, out):
    tid = cuda.threadIdx.x
    bid = cuda.blockIdx.x
    bdim = cuda.blockDim.x
    i = bid * bdim + tid
    n = x.shape[0]
    if i < n and i >= 0:
        out[i] = x[i] - 3.0


@cuda.jit
def offsets(x, out):
    i = cuda.grid(1)
    j = i + 1
    k = j - 2
    if k >= 0 and j < x.size and 0 <= i:
        out[i] = x[k] + x[j]


@cuda.jit
def chained(x, out, lo, hi):
    i = cuda.grid(1)
    if lo <= i < hi:
        out[i] = x[i] + 100.0


@cuda.jit
def negated_or(x, out, n):
    i = cuda.grid(1)
    if not (i >= n or i < 2):
        out[i] = -x[i]


@cuda.jit
def early_return_or(x, out, n):
    i = cuda.grid(1)
    if i < 3 or i >= n:
        return
    out[i] = x[i] + 0.5


@cuda.jit
def float_bound(x, out, limit):
    i = cuda.grid(1)
    if float(i) < limit and i < x.size:
        out[i] = x[i] * 4.0


@cuda.jit
def not_convex_or(x, out):
    i = cuda.grid(1)
    if (i < 3 or i > 10) and i < x.size:  # holds at both ends of a row but not in its middle
        out[i] = x[i] + 7.0


@cuda.jit
def not_convex_ne(x, out):
    i = cuda.grid(1)
    if i != 5 and i < x.size:
        out[i] = x[i] + 9.0


@cuda.jit
def not_convex_mod(x, out):
    i = cuda.grid(1)
    if i % 3 == 1 and i < x.size:
        out[i] = x[i] * 10.0


@cuda.jit
def data_dependent(x, out):
    i = cuda.grid(1)
    if i < x.size and x[i] > 0.5:
        out[i] = 1.0


@cuda.jit
def effect_before_guard(x, out, count):
    i = cuda.grid(1)
    cuda.atomic.add(count, 0, 1)
    if i < x.size:
        out[i] = x[i] + 1.0


@cuda.jit
def guard_then_more(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    if v > 0.25:
        out[i] = v
        return
    out[i] = -v


def reference(name, x, n, extra=()):
    idx = np.arange(n)
    out = np.full(n, -1.0)
    if name == "guarded_if":
        out[:] = extra[0] * x + 1.0
    elif name == "early_return":
        m = extra[0]
        out[:m] = x[:m] * 2.0
    elif name == "numba_style_bounds":
        out[:] = x - 3.0
    elif name == "offsets":
        sel = (idx - 1 >= 0) & (idx + 1 < n)
        out[sel] = x[idx[sel] - 1] + x[idx[sel] + 1]
    elif name == "chained":
        lo, hi = extra
        sel = (lo <= idx) & (idx < hi)
        out[sel] = x[sel] + 100.0
    elif name == "negated_or":
        sel = ~((idx >= extra[0]) | (idx < 2))
        out[sel] = -x[sel]
    elif name == "early_return_or":
        sel = ~((idx < 3) | (idx >= extra[0]))
        out[sel] = x[sel] + 0.5
    elif name == "float_bound":
        sel = idx.astype(np.float64) < extra[0]
        out[sel] = x[sel] * 4.0
    elif name == "not_convex_or":
        sel = (idx < 3) | (idx > 10)
        out[sel] = x[sel] + 7.0
    elif name == "not_convex_ne":
        sel = idx != 5
        out[sel] = x[sel] + 9.0
    elif name == "not_convex_mod":
        sel = idx % 3 == 1
        out[sel] = x[sel] * 10.0
    elif name == "data_dependent":
        out[x > 0.5] = 1.0
    elif name == "guard_then_more":
        out[:] = np.where(x > 0.25, x, -x)
    return out


CASES = {
    "guarded_if": (guarded_if, lambda n: (2.5,)),
    "early_return": (early_return, lambda n: (max(n - 3, 0),)),
    "numba_style_bounds": (numba_style_bounds, lambda n: ()),
    "offsets": (offsets, lambda n: ()),
    "chained": (chained, lambda n: (n // 3, n - n // 4)),
    "negated_or": (negated_or, lambda n: (n - 1,)),
    "early_return_or": (early_return_or, lambda n: (n - 2,)),
    "float_bound": (float_bound, lambda n: (n / 2 + 0.5,)),
    "not_convex_or": (not_convex_or, lambda n: ()),
    "not_convex_ne": (not_convex_ne, lambda n: ()),
    "not_convex_mod": (not_convex_mod, lambda n: ()),
    "data_dependent": (data_dependent, lambda n: ()),
    "guard_then_more": (guard_then_more, lambda n: ()),
}


@pytest.mark.parametrize("block", [32, 128, 256])
@pytest.mark.parametrize("name", sorted(CASES))
def test_guards_1d(name, block):
    kernel, extra_of = CASES[name]
    rng = np.random.default_rng(7)
    for n in SIZES:
        x = rng.random(n)
        # out is the head of a longer buffer: a thread that wrongly passes a guard and writes past
        # the end changes the tail (a write the reference cannot see, and one ASan cannot see in
        # JIT-compiled code)
        buffer = np.full(n + 2 * block, -1.0)
        out = buffer[:n]
        extra = extra_of(n)
        kernel[(n + block - 1) // block, block](x, out, *extra)
        np.testing.assert_allclose(out, reference(name, x, n, extra), rtol=1e-15, err_msg=f"{name} n={n} block={block}")
        np.testing.assert_array_equal(buffer[n:], -1.0, err_msg=f"{name} n={n} block={block}: a write past the end")


def test_an_effect_before_the_guard_runs_for_every_thread():
    for n in SIZES:
        x = np.arange(n, dtype=np.float64)
        out = np.full(n, -1.0)
        count = np.zeros(1, np.int64)
        blocks = (n + 63) // 64
        effect_before_guard[blocks, 64](x, out, count)
        assert count[0] == blocks * 64
        np.testing.assert_array_equal(out, x + 1.0)


@cuda.jit
def jacobi(src, dst):
    j, i = cuda.grid(2)
    n = src.shape[0]
    if i >= 1 and i < n - 1 and j >= 1 and j < src.shape[1] - 1:
        dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@cuda.jit
def by_thread_index(a, out):
    # 2D blocks: the guard reads threadIdx.x and the row's y; the blocks are not full in x or y
    x = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    y = cuda.threadIdx.y + cuda.blockIdx.y * cuda.blockDim.y
    if x < a.shape[1] and y < a.shape[0]:
        out[y, x] = a[y, x] * 2.0 + y


@cuda.jit
def columns_from_threadidx(a, out):
    tx = cuda.threadIdx.x
    row = cuda.blockIdx.x
    if tx >= 1 and tx < a.shape[1] - 1 and row < a.shape[0]:
        out[row, tx] = a[row, tx - 1] + a[row, tx + 1]


@pytest.mark.parametrize("shape", [(3, 5), (33, 31), (64, 64), (100, 257)])
def test_guards_2d(shape):
    rng = np.random.default_rng(11)
    src = rng.random(shape)
    dst = np.zeros(shape)
    jacobi[((shape[1] + 31) // 32, (shape[0] + 7) // 8), (32, 8)](src, dst)
    want = np.zeros(shape)
    want[1:-1, 1:-1] = 0.25 * (src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])
    np.testing.assert_allclose(dst, want, rtol=1e-14)

    # the outputs are the first rows of taller buffers: a write past a row's end lands in the
    # next row (the values show it) or, from the last row, in the rows below (checked)
    buffer = np.full((shape[0] + 16, shape[1]), -1.0)
    out = buffer[:shape[0]]
    by_thread_index[((shape[1] + 15) // 16, (shape[0] + 15) // 16), (16, 16)](src, out)
    np.testing.assert_allclose(out, src * 2.0 + np.arange(shape[0])[:, None], rtol=1e-14)
    np.testing.assert_array_equal(buffer[shape[0]:], -1.0)

    buffer = np.zeros((shape[0] + 1, shape[1]))
    out = buffer[:shape[0]]
    width = 1 << math.ceil(math.log2(shape[1]))
    columns_from_threadidx[shape[0], min(width, 1024)](src, out)
    want = np.zeros(shape)
    want[:, 1:-1] = src[:, :-2] + src[:, 2:]
    np.testing.assert_allclose(out, want, rtol=1e-14)
    np.testing.assert_array_equal(buffer[shape[0]:], 0.0)


def test_float32_saxpy_large():
    n = (1 << 20) + 3
    rng = np.random.default_rng(3)
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    out = np.zeros(n, np.float32)

    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]
    saxpy[(n + 255) // 256, 256](np.float32(2.5), x, y, out)
    np.testing.assert_allclose(out, np.float32(2.5) * x + y, rtol=1e-6)


@cuda.jit
def swapped_before_the_guard(out):
    i = cuda.grid(1)
    j = 0
    i, j = j, i  # now j is the thread's index and i is 0: both values are read before either is set
    if j % 5 < 1 and i < out.size:  # holds for threads 0 and 5 of a row of 6, not between them
        out[j] = 1


def test_a_swap_before_the_guard():
    out = np.zeros(6, np.int64)
    swapped_before_the_guard[1, 6](out)
    np.testing.assert_array_equal(out, [1, 0, 0, 0, 0, 1])
