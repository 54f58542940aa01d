"""Block reductions and other barrier kernels in the forms numba users write them, against NumPy.
On the CPU executor, a value every thread of a block computes alike (the tree's stride `s`, from
blockDim, constants and arguments, changed only where all threads change it) is asked of one
thread instead of all, and a region that is only `if threadIdx.x < s:` (or `s > tx`, `tx <= s`,
`tx == 0`, `tx >= s`, ...) runs only the threads its guard admits (backend/uniform.c,
backend/regions.c). Every form, every guard and every block shape here must give NumPy's
numbers, with threads that returned early, with values not alike that look alike, and with
strides past either end of the block."""
import numpy as np
import pytest

from pyjitc import cuda, float32, int64

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy warnings of small grids

TPB = 128


@cuda.jit
def tree_while(x, out):  # numba's documented reduction: s halves in a while loop
    sh = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sh[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if t < s:
            sh[t] += sh[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]


@cuda.jit
def tree_reversed(x, out):  # `s > t`, the stride halved with a shift, threadIdx read inline
    sh = cuda.shared.array(TPB, float32)
    i = cuda.grid(1)
    sh[cuda.threadIdx.x] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    s = TPB >> 1
    while s >= 1:
        if s > cuda.threadIdx.x:
            sh[cuda.threadIdx.x] += sh[cuda.threadIdx.x + s]
        cuda.syncthreads()
        s = s >> 1
    if 0 == cuda.threadIdx.x:
        out[cuda.blockIdx.x] = sh[0]


@cuda.jit
def tree_for(x, out, levels):  # a for loop over the levels, the stride from the level and an argument
    sh = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sh[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    for k in range(levels):
        s = cuda.blockDim.x >> (k + 1)
        if t <= s - 1:
            sh[t] += sh[t + s]
        cuda.syncthreads()
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]


@cuda.jit
def tree_interleaved(x, out):  # the guard is not a compare with threadIdx.x: every thread asks
    sh = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sh[t] = x[i] if i < x.size else float32(0)
    cuda.syncthreads()
    s = 1
    while s < cuda.blockDim.x:
        if t % (2 * s) == 0:
            sh[t] += sh[t + s]
        cuda.syncthreads()
        s *= 2
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]


@cuda.jit
def halves(x, out, cut):  # guards past either end of the block: `t >= cut`, `t > cut`, `t == cut`
    sh = cuda.shared.array(TPB, int64)
    t = cuda.threadIdx.x
    sh[t] = 0
    cuda.syncthreads()
    if t >= cut:
        sh[t] += 1
    cuda.syncthreads()
    if t > cut:
        sh[t] += 10
    cuda.syncthreads()
    if t == cut:
        sh[t] += 100
    cuda.syncthreads()
    if cut + 3 < t:
        sh[t] += 1000
    cuda.syncthreads()
    out[cuda.grid(1)] = sh[t] + x[cuda.grid(1)]


@cuda.jit
def rows_2d(x, out):  # a 2-D block: each row of threads reduces its own row of the tile
    sh = cuda.shared.array((8, 32), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sh[ty, tx] = x[cuda.blockIdx.x * 8 + ty, tx]
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if tx < s:
            sh[ty, tx] += sh[ty, tx + s]
        cuda.syncthreads()
        s //= 2
    if tx == 0:
        out[cuda.blockIdx.x * 8 + ty] = sh[ty, 0]


@cuda.jit
def returned_first(x, out, active):  # threads past `active` return before the first barrier
    sh = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    sh[t] = 0
    if t >= active:
        return
    sh[t] = x[cuda.blockIdx.x * TPB + t]
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s and t + s < active:
            sh[t] += sh[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]


@cuda.jit
def look_alike(x, out):  # m looks like a stride but comes from threadIdx: no thread may be skipped
    sh = cuda.shared.array(TPB, int64)
    t = cuda.threadIdx.x
    m = t // 2 + 1
    sh[t] = 0
    cuda.syncthreads()
    if t < m:
        sh[t] += x[t]
    cuda.syncthreads()
    s = 100
    if t % 2 == 0:
        s = 3  # assigned under a condition that differs between threads: thread 0's s is not odd threads' s
    cuda.syncthreads()
    if t < s:
        sh[t] += 1
    cuda.syncthreads()
    out[t] = sh[t]


@cuda.jit
def left_early(out):  # a loop some threads leave sooner: what it computes differs between threads
    sh = cuda.shared.array(TPB, int64)
    t = cuda.threadIdx.x
    sh[t] = 0
    s = 0
    for k in range(8):
        if k == t % 4:
            break
        s += 16
    cuda.syncthreads()
    if t < s:
        sh[t] += 1
    cuda.syncthreads()
    out[t] = sh[t]


def block_sums(x, tpb):
    n = len(x)
    blocks = (n + tpb - 1) // tpb
    padded = np.zeros(blocks * tpb, np.float64)
    padded[:n] = x
    return padded.reshape(blocks, tpb).sum(axis=1)


@pytest.mark.parametrize("n", [1, 127, 128, 1000, 4099])
def test_tree_reductions(n):
    rng = np.random.default_rng(n)
    x = rng.random(n).astype(np.float32)
    blocks = (n + TPB - 1) // TPB
    want = block_sums(x, TPB)
    for name, run in {"while": lambda out: tree_while[blocks, TPB](x, out),
                      "reversed": lambda out: tree_reversed[blocks, TPB](x, out),
                      "for": lambda out: tree_for[blocks, TPB](x, out, 7),
                      "interleaved": lambda out: tree_interleaved[blocks, TPB](x, out)}.items():
        out = np.full(blocks, -1, np.float32)
        run(out)
        np.testing.assert_allclose(out, want, rtol=1e-5, err_msg=f"{name} n={n}")


@pytest.mark.parametrize("block", [64, 128])
def test_smaller_blocks_than_the_tile(block):
    """blockDim.x below the shared tile: the tree's stride comes from blockDim, not the constant."""
    n = 3 * block
    x = np.arange(n, dtype=np.float32)
    out = np.full(3, -1, np.float32)
    tree_while[3, block](x, out)
    np.testing.assert_array_equal(out, x.reshape(3, block).sum(axis=1))
    out = np.full(3, -1, np.float32)
    tree_for[3, block](x, out, int(np.log2(block)))
    np.testing.assert_array_equal(out, x.reshape(3, block).sum(axis=1))


@pytest.mark.parametrize("cut", [-5, -1, 0, 1, 63, 126, 127, 128, 1000])
def test_guards_past_either_end(cut):
    x = np.arange(2 * TPB, dtype=np.int64) * 10000
    out = np.full(2 * TPB, -1, np.int64)
    halves[2, TPB](x, out, cut)
    t = np.arange(2 * TPB) % TPB
    want = x + (t >= cut) + 10 * (t > cut) + 100 * (t == cut) + 1000 * (cut + 3 < t)
    np.testing.assert_array_equal(out, want)


def test_rows_of_a_2d_block():
    x = np.random.default_rng(2).random((24, 32)).astype(np.float32)
    out = np.full(24, -1, np.float32)
    rows_2d[3, (32, 8)](x, out)
    np.testing.assert_allclose(out, x.sum(axis=1), rtol=1e-5)


@pytest.mark.parametrize("active", [1, 5, 64, 100, 128])
def test_threads_returned_before_the_tree(active):
    x = np.random.default_rng(active).random(2 * TPB).astype(np.float32)
    out = np.full(2, -1, np.float32)
    returned_first[2, TPB](x, out, active)
    np.testing.assert_allclose(out, x.reshape(2, TPB)[:, :active].sum(axis=1), rtol=1e-5)


def test_values_that_differ_between_threads():
    x = np.arange(TPB, dtype=np.int64) * 3 + 1
    out = np.full(TPB, -1, np.int64)
    look_alike[1, TPB](x, out)
    t = np.arange(TPB)
    s = np.where(t % 2 == 0, 3, 100)
    np.testing.assert_array_equal(out, np.where(t < t // 2 + 1, x, 0) + (t < s))


def test_values_a_loop_leaves_early():
    out = np.full(TPB, -1, np.int64)
    left_early[1, TPB](out)
    t = np.arange(TPB)
    np.testing.assert_array_equal(out, (t < 16 * (t % 4)).astype(np.int64))
