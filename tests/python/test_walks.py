"""While loops that walk an index up to a bound, in the forms numba users write them, against
NumPy. When the index starts at 0 or more (cuda.grid(1), threadIdx.x, 0), only ever steps by a
positive grid size or literal while below a bound known from its form (an array's size or
extent, an int32 argument), the compiler takes it as never negative (no wraparound of x[i]) and,
on the CPU executor, polls for an interrupt once a chunk of 2**16 steps instead of in every
iteration (backend/walks.c). The loops that look like such walks but are not (a start that may
be negative, a step the body sets, a continue that skips the step, a bound the body changes)
must keep Python's meaning, negative indices included."""
import numpy as np
import pytest

from pyjitc import cuda, float32, int64

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy warnings of small grids

TPB = 128


@cuda.jit
def block_sum(x, total):  # the suite's block sum: a grid-stride while, a tree, one atomic a block
    tile = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    acc = float32(0.0)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        acc += x[i]
        i += stride
    tile[t] = acc
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


@pytest.mark.parametrize("n", [1, 100, 1000, 2**16 + 3, 2**20])
@pytest.mark.parametrize("blocks", [1, 7, 64])
def test_block_sum(rng, n, blocks):
    x = rng.random(n).astype(np.float32)
    total = np.zeros(1, np.float32)
    block_sum[blocks, TPB](x, total)
    np.testing.assert_allclose(total[0], x.astype(np.float64).sum(), rtol=1e-5)


@cuda.jit
def block_sum_n(x, total, n):  # the bound an int64 argument (a Python int), the step named
    tile = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    acc = float32(0.0)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        acc += x[i]
        i += stride
    tile[t] = acc
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


@pytest.mark.parametrize("n", [-2**63, -2**63 + 5, -3, 0, 1, 777, 2**16 + 3, 2**18])
def test_block_sum_int64_bound(rng, n):
    x = rng.random(2**18).astype(np.float32)
    total = np.zeros(1, np.float32)
    block_sum_n[16, TPB](x, total, n)
    np.testing.assert_allclose(total[0], x[:max(n, 0)].astype(np.float64).sum(), rtol=1e-5, atol=1e-6)


@cuda.jit
def scale_named(x, out):  # the bound and the step named first, numba's docs style
    n = x.shape[0]
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    i = start
    while i < n:
        out[i] = 2 * x[i] + 1
        i += stride


@cuda.jit
def scale_int32(x, out, n):  # an int32 size as an argument, the step blockDim * gridDim
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    while i < n:
        out[i] = 2 * x[i] + 1
        i += cuda.blockDim.x * cuda.gridDim.x


@cuda.jit
def scale_reversed(x, out):  # `stop > i`, `i = i + step`
    i = cuda.grid(1)
    while x.size > i:
        out[i] = 2 * x[i] + 1
        i = i + cuda.gridsize(1)


@pytest.mark.parametrize("n", [1, 33, 5000])
@pytest.mark.parametrize("grid", [(1, 1), (3, 32), (16, 128)])
def test_scale_walks(rng, n, grid):
    x = rng.random(n)
    want = 2 * x + 1
    for kernel, extra in ((scale_named, ()), (scale_int32, (np.int32(n),)), (scale_reversed, ())):
        out = np.zeros(n)
        kernel[grid](x, out, *extra)
        np.testing.assert_allclose(out, want, err_msg=kernel.__name__)


def test_negative_int32_bound_runs_no_iteration(rng):
    x = rng.random(50)
    out = np.full(50, -7.0)
    scale_int32[2, 32](x, out, np.int32(-5))
    assert (out == -7.0).all()


@cuda.jit
def long_sum(x, out, step, size):  # one thread, many chunks of 2**16 steps; the step an argument
    i = cuda.threadIdx.x
    acc = int64(0)
    while i < x.size:
        acc += x[i]
        i += 3
    out[0] = acc
    j = 0
    acc = int64(0)
    while j < x.size:  # the same name reused by a second walk with another step
        acc += x[j] * 2
        j += 1
    out[1] = acc
    k = 0
    acc = int64(0)
    while k < x.size:  # a step that is an argument: not a walk, the same numbers
        acc += x[k]
        k += step
    out[2] = acc
    m = 0
    acc = int64(0)
    while m < size:  # an int64 argument as the bound
        acc += x[m]
        m += 2
    out[3] = acc
    m = 1
    acc = int64(0)
    while m < size:  # a literal step too large to walk to an int64 argument: the same numbers
        acc += x[m]
        m += 100000
    out[4] = acc


@pytest.mark.parametrize("n", [2**16 - 1, 2**16, 3 * 2**16 + 5, 2**18 + 11])
def test_long_walks_cross_chunks(rng, n):
    x = rng.integers(-1000, 1000, n).astype(np.int64)
    out = np.zeros(5, np.int64)
    long_sum[1, 1](x, out, 5, n - 1)
    assert out.tolist() == [int(x[::3].sum()), int(2 * x.sum()), int(x[::5].sum()), int(x[:n - 1:2].sum()),
                            int(x[1:n - 1:100000].sum())]


@cuda.jit
def first_negative(x, out):  # a break out of the walk: each thread's first negative in its stride
    i = cuda.grid(1)
    t = i
    out[t] = -1
    while i < x.size:
        if x[i] < 0:
            out[t] = i
            break
        i += cuda.gridsize(1)


def test_walk_with_break(rng):
    n, threads = 3 * 2**16 + 17, 64
    x = rng.random(n)
    x[rng.integers(0, n, 20)] = -1.0
    out = np.zeros(threads, np.int64)
    first_negative[2, 32](x, out)
    for t in range(threads):
        hits = np.nonzero(x[t::threads] < 0)[0]
        assert out[t] == (t + threads * hits[0] if hits.size else -1), t


@cuda.jit
def skip_negative(x, out):  # a continue that skips the step at the end: not a walk
    i = cuda.grid(1)
    while i < x.size:
        if x[i] < 0:
            i += cuda.gridsize(1)
            continue
        out[i] = x[i] * 3
        i += cuda.gridsize(1)


@cuda.jit
def continue_inner(x, out, m):  # a continue of a loop inside the walk only
    i = cuda.grid(1)
    while i < x.size:
        acc = 0.0
        for k in range(m):
            if k % 2 == 1:
                continue
            acc += x[i] * k
        out[i] = acc
        i += cuda.gridsize(1)


def test_continue(rng):
    x = rng.random(3000) - 0.3
    out = np.zeros(3000)
    skip_negative[4, 64](x, out)
    np.testing.assert_allclose(out, np.where(x < 0, 0, x * 3))
    out = np.zeros(3000)
    continue_inner[4, 64](x, out, 7)
    np.testing.assert_allclose(out, x * (0 + 2 + 4 + 6))


@cuda.jit
def shifted_start(out):  # a start that may be negative: out[-3], out[-2], out[-1] are written
    i = cuda.grid(1) - 3
    while i < out.size:
        out[i] += 1
        i += cuda.gridsize(1)


@cuda.jit
def start_argument(out, start):  # a start from an argument, of any sign
    i = start
    while i < out.size:
        out[i] += i
        i += 1


@cuda.jit
def start_reset(out):  # the index set to a value that may be negative after a walk
    i = cuda.threadIdx.x
    while i < out.size:
        out[i] += 1
        i += cuda.blockDim.x
    i = cuda.threadIdx.x - cuda.blockDim.x
    while i < 0:
        out[i] += 10
        i += cuda.blockDim.x


def emulate(n, threads, start_of, step, add):
    out = np.zeros(n, np.int64)
    for t in range(threads):
        i = start_of(t)
        while i < n:
            out[i] += add(i)
            i += step
    return out


def test_negative_indices_keep_their_meaning():
    n = 100
    out = np.zeros(n, np.int64)
    shifted_start[1, 32](out)
    assert out.tolist() == emulate(n, 32, lambda t: t - 3, 32, lambda i: 1).tolist()
    for start in (-7, 0, 5):
        out = np.zeros(n, np.int64)
        start_argument[1, 1](out, start)
        assert out.tolist() == emulate(n, 1, lambda t: start, 1, lambda i: i).tolist(), start
    out = np.zeros(n, np.int64)
    start_reset[1, 16](out)
    want = np.ones(n, np.int64)
    want[n - 16:] += 10
    assert out.tolist() == want.tolist()


@cuda.jit
def step_set_in_body(x, out):  # the step is set inside the loop: not a walk, the same numbers
    i = cuda.grid(1)
    s = 1
    while i < x.size:
        out[i] = x[i] + s
        s = cuda.gridsize(1)
        i += s


@cuda.jit
def bound_set_in_body(x, out):  # the bound's array changes inside the loop: not a walk
    a = x
    i = cuda.threadIdx.x
    while i < a.size:
        out[i] = a[i]
        if i > 10:
            a = out[:20]
        i += cuda.blockDim.x


def test_step_or_bound_set_in_body(rng):
    x = rng.random(1000)
    out = np.zeros(1000)
    step_set_in_body[2, 32](x, out)
    want = np.zeros(1000)
    for t in range(64):  # the first pass adds 1, later ones the grid size
        want[t] = x[t] + 1
        want[t + 64::64] = x[t + 64::64] + 64
    np.testing.assert_allclose(out, want)
    out = np.zeros(1000)
    bound_set_in_body[1, 8](x, out)
    want = np.zeros(1000)
    for t in range(8):
        i, size = t, 1000
        while i < size:
            want[i] = x[i] if size == 1000 else want[i]
            if i > 10:
                size = 20
            i += 8
    np.testing.assert_allclose(out, want)


@cuda.jit(device=True)
def dot_walk(a, b, start, step):
    acc = 0.0
    i = start
    while i < a.size:
        acc += a[i] * b[i]
        i += step
    return acc


@cuda.jit
def dot_partials(a, b, out):  # the walk in a device function, its start and step arguments
    out[cuda.grid(1)] = dot_walk(a, b, cuda.grid(1), cuda.gridsize(1))


def test_walk_in_device_function(rng):
    a, b = rng.random(4097), rng.random(4097)
    out = np.zeros(96)
    dot_partials[3, 32](a, b, out)
    want = [float((a[t::96] * b[t::96]).sum()) for t in range(96)]
    np.testing.assert_allclose(out, want)
