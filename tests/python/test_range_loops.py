"""Loops over range() inside a thread, against NumPy. On the CPU executor a range whose start is
never negative and whose step is positive, by their forms (range(n), range(1, a.shape[1] - 1),
range(len(x)), range(cuda.threadIdx.x, n, cuda.blockDim.x)), gives its loop variable LLVM's
no-wrap facts, so an index made of it needs no wraparound and the loop vectorizes; any other
start keeps numba's negative-index wraparound. Outputs lie in the middle of longer buffers whose
ends must stay untouched."""
import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy and copy warnings of small grids and host arrays

PAD = 7


@cuda.jit
def row_sums(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j]
        out[i] = acc


@cuda.jit
def row_scale(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        for j in range(a.shape[1]):
            out[i, j] = a[i, j] * 2.0 + 1.0


@cuda.jit
def row_stencil(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        for j in range(1, a.shape[1] - 1):
            out[i, j] = a[i, j - 1] + a[i, j + 1]


@cuda.jit
def shifted_left(a, out):  # j - 1 is -1 for j = 0: numba wraps it to the row's last element
    i = cuda.grid(1)
    if i < a.shape[0]:
        for j in range(a.shape[1]):
            out[i, j - 1] = a[i, j]


@cuda.jit
def from_argument(x, out, start, step):  # a start and step the compiler cannot see
    if cuda.grid(1) == 0:
        for j in range(start, x.size, step):
            out[j] = x[j] + 1.0


@cuda.jit
def from_argument_step_1(x, out, start):  # a start the compiler cannot see, a step it can
    if cuda.grid(1) == 0:
        for j in range(start, x.size):
            out[j] = x[j] + 1.0


@cuda.jit
def by_len_and_size(x, out):
    if cuda.grid(1) == 0:
        for j in range(len(x)):
            out[j] = x[j] * 3.0
        for j in range(0, x.size, 2):
            out[j] += 100.0


@cuda.jit
def block_walk(x, out, total):  # threadIdx.x plus blockDim.x steps, then more work after the loop
    count = 0
    for j in range(cuda.threadIdx.x, x.size, cuda.blockDim.x):
        out[j] = x[j] - 1.0
        count += 1
    cuda.atomic.add(total, 0, count)


def middle(shape, fill=-5.0):
    rows, cols = shape
    buffer = np.full((rows + 2 * PAD, cols), fill)
    return buffer, buffer[PAD:PAD + rows]


def check_ends(buffer, fill=-5.0):
    np.testing.assert_array_equal(buffer[:PAD], fill, err_msg="a write before the start")
    np.testing.assert_array_equal(buffer[-PAD:], fill, err_msg="a write past the end")


SHAPES = [(1, 1), (3, 2), (17, 33), (64, 100), (130, 257)]


@pytest.mark.parametrize("shape", SHAPES)
def test_rows(shape):
    rng = np.random.default_rng(5)
    a = rng.random(shape)
    blocks = (shape[0] + 31) // 32
    buffer = np.full(shape[0] + 2 * PAD, -5.0)
    row_sums[blocks, 32](a, buffer[PAD:PAD + shape[0]])
    np.testing.assert_allclose(buffer[PAD:PAD + shape[0]], a.sum(axis=1), rtol=1e-13)
    np.testing.assert_array_equal(buffer[:PAD], -5.0)
    np.testing.assert_array_equal(buffer[PAD + shape[0]:], -5.0)

    buffer, out = middle(shape)
    row_scale[blocks, 32](a, out)
    np.testing.assert_allclose(out, a * 2.0 + 1.0, rtol=1e-15)
    check_ends(buffer)

    buffer, out = middle(shape)
    row_stencil[blocks, 32](a, out)
    want = np.full(shape, -5.0)
    want[:, 1:-1] = a[:, :-2] + a[:, 2:]
    if shape[1] == 1:
        want[:, :] = -5.0
    np.testing.assert_allclose(out, want, rtol=1e-15)
    check_ends(buffer)

    buffer, out = middle(shape)
    shifted_left[blocks, 32](a, out)
    np.testing.assert_allclose(out, np.roll(a, -1, axis=1), rtol=1e-15)
    check_ends(buffer)


@pytest.mark.parametrize("start,step", [(0, 1), (3, 2), (-3, 1), (-10, 3), (5, 7), (-1, 4)])
def test_starts_the_compiler_cannot_see(start, step):
    """A negative start indexes from the end, as in numba: out[-3] is out[n - 3]."""
    for n in [0, 1, 9, 40]:
        x = np.arange(n, dtype=np.float64)
        buffer = np.full(n + 2 * PAD, -5.0)
        out = buffer[PAD:PAD + n]
        want = np.full(n, -5.0)
        for j in range(start, n, step):
            if -n <= j < n:
                want[j] = x[j] + 1.0
        if all(-n <= j < n for j in range(start, n, step)):
            from_argument[1, 32](x, out, start, step)
            np.testing.assert_array_equal(out, want, err_msg=f"n={n} start={start} step={step}")
            if step == 1:
                out[:] = -5.0
                from_argument_step_1[1, 32](x, out, start)
                np.testing.assert_array_equal(out, want, err_msg=f"step 1: n={n} start={start}")
        np.testing.assert_array_equal(buffer[:PAD], -5.0)
        np.testing.assert_array_equal(buffer[PAD + n:], -5.0)


def test_len_size_and_block_walks():
    rng = np.random.default_rng(6)
    for n in [0, 1, 8, 33, 1000]:
        x = rng.random(n)
        buffer = np.full(n + 2 * PAD, -5.0)
        out = buffer[PAD:PAD + n]
        by_len_and_size[1, 32](x, out)
        want = x * 3.0
        want[::2] += 100.0
        np.testing.assert_allclose(out, want, rtol=1e-15)
        np.testing.assert_array_equal(buffer[:PAD], -5.0)
        np.testing.assert_array_equal(buffer[PAD + n:], -5.0)
        for block in (1, 32, 96):
            buffer = np.full(n + 2 * PAD, -5.0)
            out = buffer[PAD:PAD + n]
            total = np.zeros(1, np.int64)
            block_walk[1, block](x, out, total)
            np.testing.assert_allclose(out, x - 1.0, rtol=1e-15)
            assert total[0] == n
            np.testing.assert_array_equal(buffer[:PAD], -5.0)
            np.testing.assert_array_equal(buffer[PAD + n:], -5.0)
