"""Grid-stride loops, numba's other common kernel style (`for i in range(cuda.grid(1), n,
cuda.gridsize(1)):`, or `while i < n:` ending in `i += cuda.gridsize(1)`), against NumPy. On the CPU executor a kernel that ends in such a loop, whose
iterations pass no value on through a variable, runs the iterations of a row's threads
interleaved (iteration 0 of every thread, then iteration 1, ...), each pass vectorized like a
guarded body (backend/guard.c); loops that carry a value from one iteration to the next, leave
early or do more after the loop keep the thread-by-thread order. Every shape here must give
NumPy's numbers either way, on the CPU and on the GPU. Outputs lie in the middle of longer
buffers whose ends must stay untouched."""
import numpy as np
import pytest

from pyjitc import cuda, float64

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy and copy warnings of small grids and host arrays


@cuda.jit
def saxpy_named(a, x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, out.size, stride):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_inline(a, x, y, out, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_dims(a, x, y, out, n):
    i0 = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    for i in range(i0, n, cuda.blockDim.x * cuda.gridDim.x):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_step_argument(a, x, y, out, n, step):  # a step the compiler cannot see the sign of
    for i in range(cuda.grid(1), n, step):
        out[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_while(a, x, y, out, n):  # the same walk as a while loop
    i = cuda.grid(1)
    while i < n:
        out[i] = a * x[i] + y[i]
        i += cuda.gridsize(1)


@cuda.jit
def saxpy_while_assign(a, x, y, out, n):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    stride = cuda.blockDim.x * cuda.gridDim.x
    while n > i:
        out[i] = a * x[i] + y[i]
        i = i + stride


@cuda.jit
def carried_while(x, out):
    acc = 0.0
    i = cuda.grid(1)
    while i < x.size:
        acc = acc * 0.5 + x[i]
        out[i] = acc
        i += cuda.gridsize(1)


@cuda.jit
def shrinking_bound(x, out):  # the bound changes as the loop runs
    i = cuda.grid(1)
    limit = x.size
    while i < limit:
        out[i] = x[i] * 2.0
        limit -= 1
        i += cuda.gridsize(1)


@cuda.jit
def bound_set_in_body(x, out):  # the bound is set anew (not read) in the body: later tests see it
    i = cuda.grid(1)
    limit = x.size
    while i < limit:
        out[i] = x[i] * 2.0
        limit = x.size - 3
        i += cuda.gridsize(1)


@cuda.jit
def step_not_last(x, out):  # the index moves before the body is done with it
    i = cuda.grid(1)
    while i < x.size:
        j = i
        i += cuda.gridsize(1)
        out[j] = x[j] + 1.0


@cuda.jit
def defined_then_read(x, out):  # v and w are set before they are read in every iteration
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        v = x[i]
        if v > 0.5:
            w = v * 2.0
        else:
            w = -v
        out[i] = w + 1.0


@cuda.jit
def carried(x, out):  # acc runs on from one iteration to the next of the same thread
    acc = 0.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc = acc * 0.5 + x[i]
        out[i] = acc


@cuda.jit
def carried_in_branch(x, out):  # last is read before this iteration sets it
    last = -1.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        out[i] = last
        if x[i] > 0.5:
            last = x[i]


@cuda.jit
def carried_one_branch(x, out):  # last is set on one path only, then read: it runs on
    last = -1.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] > 0.5:
            last = x[i]
        out[i] = last


@cuda.jit
def row_sums(a, out):  # an inner loop; its own variable and acc are set in the iteration
    for r in range(cuda.grid(1), a.shape[0], cuda.gridsize(1)):
        acc = 0.0
        for c in range(a.shape[1]):
            acc += a[r, c]
        out[r] = acc


@cuda.jit
def with_continue(x, out):
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] < 0.3:
            continue
        out[i] = x[i] * 3.0


@cuda.jit
def with_break(x, out):  # each thread stops at its first element above 0.9
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] > 0.9:
            break
        out[i] = x[i] * 3.0


@cuda.jit
def with_return(x, out):
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] > 0.9:
            return
        out[i] = x[i] * 3.0


@cuda.jit
def with_raise(x, out):  # without debug=True a raise ends the thread
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] > 0.9:
            raise ValueError("too big")
        out[i] = x[i] * 3.0


@cuda.jit
def carried_inner_loop(x, out):  # the inner loop may not run: last runs on
    last = -1.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        m = 1 if x[i] > 0.5 else 0
        for j in range(m):
            last = x[i]
        out[i] = last


@cuda.jit
def local_running_sum(x, out):  # a local array keeps its contents from one iteration to the next
    first = cuda.grid(1)
    for i in range(first, x.size, cuda.gridsize(1)):
        tmp = cuda.local.array(1, float64)
        if i == first:
            tmp[0] = 0.0
        tmp[0] += x[i]
        out[i] = tmp[0]


@cuda.jit(device=True)
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@cuda.jit
def through_device_function(x, out):
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        out[i] = clamp(x[i] * 2.0 - 0.5, 0.0, 1.0)


@cuda.jit
def histogram(data, bins):
    for i in range(cuda.grid(1), data.size, cuda.gridsize(1)):
        cuda.atomic.add(bins, data[i], 1)


@cuda.jit
def flat_2d(a, out):  # one loop over the elements of a 2-D array
    m = a.shape[1]
    for idx in range(cuda.grid(1), a.size, cuda.gridsize(1)):
        r = idx // m
        c = idx % m
        out[r, c] = a[r, c] * 2.0 + r


@cuda.jit
def shifted_forward(x, out):  # starts one past the thread's index
    for i in range(cuda.grid(1) + 1, x.size, cuda.gridsize(1)):
        out[i] = x[i] - x[i - 1]


@cuda.jit
def shifted_back(x, out):  # thread 0 starts at -1: numba wraps it to the last element
    for i in range(cuda.grid(1) - 1, x.size, cuda.gridsize(1)):
        out[i] = x[i] * 5.0


@cuda.jit
def block_stride(x, out):  # one block walks the whole array
    for i in range(cuda.threadIdx.x, x.size, cuda.blockDim.x):
        out[i] = x[i] + 10.0


@cuda.jit
def counts(hits, n, step):  # overlapping and backward walks: how often each index is visited
    for i in range(cuda.grid(1), n, step):
        cuda.atomic.add(hits, i, 1)


@cuda.jit
def counts_two_arguments(hits, n):  # step 1: thread t visits t .. n - 1
    for i in range(cuda.grid(1), n):
        cuda.atomic.add(hits, i, 1)


@cuda.jit
def counts_backward(hits, step):  # step < 0, stop -1: thread t visits t, t + step, ... down to 0
    for i in range(cuda.grid(1), -1, step):
        cuda.atomic.add(hits, i, 1)


@cuda.jit
def after_the_loop(x, out, total):  # a statement after the loop: thread by thread
    count = 0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        out[i] = x[i] * 2.0
        count += 1
    cuda.atomic.add(total, 0, count)


@cuda.jit
def scale_in_place(x, n):  # one array: on the GPU the loop's body is unrolled 4 times
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        x[i] = x[i] * 2.0 + 1.0


@cuda.jit
def scale_in_place_while(x):
    i = cuda.grid(1)
    while i < x.size:
        x[i] = x[i] * 2.0 + 1.0
        i += cuda.gridsize(1)


@cuda.jit
def copy_scaled(x, out):  # two arrays: unrolled twice
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = x[i] * 3.0


@cuda.jit
def five_arrays(a, b, c, d, out, n):  # five: not unrolled (a pointer a copy and an array)
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a[i] + b[i] * c[i] - d[i]


@cuda.jit
def repeat_walk(x, reps):  # a grid-stride loop inside another loop: not unrolled, no count of passes
    for r in range(reps):
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            x[i] = x[i] * 2.0 + r


@cuda.jit
def visits_to(hits, n):  # one array, a stop of any sign: unrolled 4 times, counted
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        hits[i] += 1


@cuda.jit
def five_arrays_while(a, b, c, d, out):
    i = cuda.grid(1)
    while i < out.size:
        out[i] = a[i] + b[i] * c[i] - d[i]
        i += cuda.gridsize(1)


@cuda.jit
def named_then_reassigned(hits, n, backward):  # stride and start set twice: neither stands for one value
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    stop = n
    if backward:
        start = n - 1 - start
        stride = -stride
        stop = -1
    for i in range(start, stop, stride):
        cuda.atomic.add(hits, i, 1)


@cuda.jit
def named_tuple(x, out, n):  # numba's example, unpacked from a tuple
    start, stride = cuda.grid(1), cuda.gridsize(1)
    for i in range(start, n, stride):
        out[i] = x[i] * 3.0


@cuda.jit(device=True)
def fill_strided(out, value):  # the named loop inside a device function
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, out.size, stride):
        out[i] = value + i


@cuda.jit
def fill_through_device(out):
    fill_strided(out, 0.5)


@cuda.jit
def fill_2d_docs(image, value):  # numba's documented 2-D style (its Mandelbrot example)
    height = image.shape[0]
    width = image.shape[1]
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    for x in range(startX, width, gridX):
        for y in range(startY, height, gridY):
            image[y, x] = value * x + y


@cuda.jit
def fill_2d_gridsize(image, value):  # the strides unpacked from cuda.gridsize(2)
    x0, y0 = cuda.grid(2)
    sx, sy = cuda.gridsize(2)
    for y in range(y0, image.shape[0], sy):
        for x in range(x0, image.shape[1], sx):
            image[y, x] = value * x + y


@cuda.jit
def hits_2d_shifted(hits):  # a start unpacked, then moved back: -1 for thread 0, wrapped as numba does
    x0, y0 = cuda.grid(2)
    x0 = x0 - 1
    for y in range(y0, hits.shape[0], cuda.gridsize(2)[1]):
        for x in range(x0, hits.shape[1], cuda.gridsize(2)[0]):
            cuda.atomic.add(hits, (y, x), 1)


SIZES = [0, 1, 7, 255, 256, 257, 1000, 4099, 100003]
LAUNCHES = [(1, 32), (3, 64), (8, 128), (64, 256), (400, 256)]


PAD = 300


def buffers(n, fill, dtype=np.float64):
    """An output of n elements in the middle of a longer buffer."""
    buffer = np.full(n + 2 * PAD, fill, dtype)
    return buffer, buffer[PAD:PAD + n]


def check_tail(buffer, n, fill, what):
    np.testing.assert_array_equal(buffer[:PAD], fill, err_msg=f"{what}: a write before the start")
    np.testing.assert_array_equal(buffer[PAD + n:], fill, err_msg=f"{what}: a write past the end")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_saxpy_styles(launch):
    rng = np.random.default_rng(1)
    for n in SIZES:
        x, y = rng.random(n, np.float32), rng.random(n, np.float32)
        want = np.float32(2.5) * x + y
        runs = {
            "named": lambda out: saxpy_named[launch](np.float32(2.5), x, y, out),
            "inline, int32 n": lambda out: saxpy_inline[launch](np.float32(2.5), x, y, out, np.int32(n)),
            "inline, int n": lambda out: saxpy_inline[launch](np.float32(2.5), x, y, out, n),
            "blockDim * gridDim": lambda out: saxpy_dims[launch](np.float32(2.5), x, y, out, n),
            "while": lambda out: saxpy_while[launch](np.float32(2.5), x, y, out, np.int32(n)),
            "while, i = i + stride": lambda out: saxpy_while_assign[launch](np.float32(2.5), x, y, out, n),
            "step argument": lambda out: saxpy_step_argument[launch](
                np.float32(2.5), x, y, out, n, launch[0] * launch[1]),
        }
        for name, run in runs.items():
            buffer, out = buffers(n, -1.0, np.float32)
            run(out)
            np.testing.assert_allclose(out, want, rtol=1e-6, err_msg=f"{name} n={n} launch={launch}")
            check_tail(buffer, n, -1.0, f"{name} n={n} launch={launch}")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_unrolled_bodies(launch):
    """The body unrolled 4 times or not at all on the GPU (by how many arrays it walks), as a for and a
    while loop: every size leaves a different remainder of passes per thread."""
    rng = np.random.default_rng(3)
    for n in SIZES + [4 * launch[0] * launch[1] + 3]:
        x = rng.random(n)
        for name, run in {"for": lambda v: scale_in_place[launch](v, np.int32(n)),
                          "while": lambda v: scale_in_place_while[launch](v)}.items():
            buffer, v = buffers(n, -1.0)
            v[:] = x
            run(v)
            np.testing.assert_allclose(v, x * 2.0 + 1.0, rtol=1e-15, err_msg=f"scale_in_place {name} n={n}")
            check_tail(buffer, n, -1.0, f"scale_in_place {name} n={n}")
        buffer, out = buffers(n, -1.0)
        copy_scaled[launch](x, out)
        np.testing.assert_allclose(out, x * 3.0, rtol=1e-15, err_msg=f"copy_scaled n={n}")
        check_tail(buffer, n, -1.0, f"copy_scaled n={n}")
        a, b, c, d = (rng.random(n) for _ in range(4))
        for name, run in {"for": lambda out: five_arrays[launch](a, b, c, d, out, n),
                          "while": lambda out: five_arrays_while[launch](a, b, c, d, out)}.items():
            buffer, out = buffers(n, -1.0)
            run(out)
            np.testing.assert_allclose(out, a + b * c - d, rtol=1e-13, atol=1e-15, err_msg=f"five_arrays {name} n={n}")
            check_tail(buffer, n, -1.0, f"five_arrays {name} n={n}")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_stops_of_any_sign(launch):
    """A stop at or below 0 runs no pass, whether the loop counts its passes (unrolled) or tests
    its variable against the stop (not unrolled); an int64 stop far past 2**31 bounds as well."""
    rng = np.random.default_rng(7)
    a, b, c, d = (rng.random(300) for _ in range(4))
    for n in (-2**63, -(2**40), -300, -1, 0, 1, 299):
        out = np.full(300, -1.0)
        five_arrays[launch](a, b, c, d, out, n)
        want = np.full(300, -1.0)
        want[:max(n, 0)] = (a + b * c - d)[:max(n, 0)]
        np.testing.assert_allclose(out, want, rtol=1e-13, atol=1e-15, err_msg=f"five_arrays n={n}")
        hits = np.zeros(300, np.int64)
        visits_to[launch](hits, n)
        np.testing.assert_array_equal(hits, np.arange(300) < n, err_msg=f"visits_to n={n}")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_walk_inside_a_loop(launch):
    rng = np.random.default_rng(8)
    for n in SIZES:
        x = rng.random(n)
        buffer, v = buffers(n, -1.0)
        v[:] = x
        repeat_walk[launch](v, 3)
        np.testing.assert_allclose(v, ((x * 2.0 + 0) * 2.0 + 1) * 2.0 + 2, rtol=1e-15, err_msg=f"repeat_walk n={n}")
        check_tail(buffer, n, -1.0, f"repeat_walk n={n}")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_named_start_and_stride(launch):
    rng = np.random.default_rng(5)
    for n in SIZES:
        x = rng.random(n)
        buffer, out = buffers(n, -1.0)
        named_tuple[launch](x, out, np.int32(n))
        np.testing.assert_allclose(out, x * 3.0, rtol=1e-15, err_msg=f"named_tuple n={n}")
        check_tail(buffer, n, -1.0, f"named_tuple n={n}")
        buffer, out = buffers(n, -1.0)
        fill_through_device[launch](out)
        np.testing.assert_array_equal(out, np.arange(n) + 0.5, err_msg=f"fill_through_device n={n}")
        check_tail(buffer, n, -1.0, f"fill_through_device n={n}")
        for backward in (False, True):
            hits = np.zeros(n, np.int32)
            named_then_reassigned[launch](hits, n, backward)
            np.testing.assert_array_equal(hits, 1, err_msg=f"named_then_reassigned n={n} backward={backward}")


@pytest.mark.parametrize("grid, block", [((1, 1), (8, 4)), ((3, 2), (16, 8)), ((40, 30), (16, 16))])
def test_2d_styles(grid, block):
    for h, w in [(1, 1), (7, 13), (64, 48), (250, 333)]:
        want = np.float32(1.5) * np.arange(w, dtype=np.float32)[None, :] + np.arange(h, dtype=np.float32)[:, None]
        for kernel in (fill_2d_docs, fill_2d_gridsize):
            image = np.full((h, w), -1, np.float32)
            kernel[grid, block](image, np.float32(1.5))
            np.testing.assert_allclose(image, want, rtol=1e-6, err_msg=f"{kernel.__name__} {h}x{w} {grid} {block}")
        hits = np.zeros((h, w), np.int32)
        hits_2d_shifted[grid, block](hits)
        want_hits = np.zeros((h, w), np.int32)
        threads_x, threads_y = grid[0] * block[0], grid[1] * block[1]
        for t in range(threads_x):
            for y0 in range(threads_y):
                for y in range(y0, h, threads_y):
                    for x in range(t - 1, w, threads_x):
                        want_hits[y, x] += 1  # x = -1 is the last column
        np.testing.assert_array_equal(hits, want_hits, err_msg=f"hits_2d_shifted {h}x{w} {grid} {block}")


def per_thread(n, threads, step=None):
    """Each thread's indices, in its order, as the loop walks them."""
    step = threads if step is None else step
    return [list(range(t, n, step)) for t in range(threads)]


@pytest.mark.parametrize("launch", LAUNCHES)
def test_bodies(launch):
    rng = np.random.default_rng(2)
    threads = launch[0] * launch[1]
    for n in SIZES:
        x = rng.random(n)
        buffer, out = buffers(n, -1.0)
        defined_then_read[launch](x, out)
        np.testing.assert_allclose(out, np.where(x > 0.5, 2 * x, -x) + 1.0, rtol=1e-15, err_msg=f"n={n}")
        check_tail(buffer, n, -1.0, f"defined_then_read n={n}")

        want = np.full(n, -1.0)
        want2 = np.full(n, -1.0)
        want3 = np.full(n, -1.0)
        for idx in per_thread(n, threads):
            acc, last = 0.0, -1.0
            for i in idx:
                acc = acc * 0.5 + x[i]
                want[i] = acc
                want2[i] = last
                if x[i] > 0.5:
                    last = x[i]
                want3[i] = last
        want4 = np.full(n, -1.0)
        for idx in per_thread(n, threads):
            run = 0.0
            for i in idx:
                run += x[i]
                want4[i] = run
        buffer, out = buffers(n, -1.0)
        carried[launch](x, out)
        np.testing.assert_allclose(out, want, rtol=1e-14, err_msg=f"carried n={n}")
        check_tail(buffer, n, -1.0, f"carried n={n}")
        buffer, out = buffers(n, -1.0)
        carried_while[launch](x, out)
        np.testing.assert_allclose(out, want, rtol=1e-14, err_msg=f"carried_while n={n}")
        check_tail(buffer, n, -1.0, f"carried_while n={n}")
        want5 = np.full(n, -1.0)
        for t in range(threads):
            i, limit = t, n
            while i < limit:
                want5[i] = 2 * x[i]
                limit -= 1
                i += threads
        buffer, out = buffers(n, -1.0)
        shrinking_bound[launch](x, out)
        np.testing.assert_allclose(out, want5, rtol=1e-15, err_msg=f"shrinking_bound n={n}")
        check_tail(buffer, n, -1.0, f"shrinking_bound n={n}")
        want6 = np.full(n, -1.0)
        for t in range(threads):
            i, limit = t, n
            while i < limit:
                want6[i] = 2 * x[i]
                limit = n - 3
                i += threads
        buffer, out = buffers(n, -1.0)
        bound_set_in_body[launch](x, out)
        np.testing.assert_allclose(out, want6, rtol=1e-15, err_msg=f"bound_set_in_body n={n}")
        check_tail(buffer, n, -1.0, f"bound_set_in_body n={n}")
        buffer, out = buffers(n, -1.0)
        step_not_last[launch](x, out)
        np.testing.assert_allclose(out, x + 1.0, rtol=1e-15, err_msg=f"step_not_last n={n}")
        check_tail(buffer, n, -1.0, f"step_not_last n={n}")
        buffer, out = buffers(n, -1.0)
        carried_in_branch[launch](x, out)
        np.testing.assert_array_equal(out, want2, err_msg=f"carried_in_branch n={n}")
        check_tail(buffer, n, -1.0, f"carried_in_branch n={n}")
        buffer, out = buffers(n, -1.0)
        carried_one_branch[launch](x, out)
        np.testing.assert_array_equal(out, want3, err_msg=f"carried_one_branch n={n}")
        check_tail(buffer, n, -1.0, f"carried_one_branch n={n}")
        buffer, out = buffers(n, -1.0)
        carried_inner_loop[launch](x, out)
        np.testing.assert_array_equal(out, want3, err_msg=f"carried_inner_loop n={n}")
        check_tail(buffer, n, -1.0, f"carried_inner_loop n={n}")
        buffer, out = buffers(n, -1.0)
        local_running_sum[launch](x, out)
        np.testing.assert_allclose(out, want4, rtol=1e-13, err_msg=f"local_running_sum n={n}")
        check_tail(buffer, n, -1.0, f"local_running_sum n={n}")

        buffer, out = buffers(n, -1.0)
        with_continue[launch](x, out)
        np.testing.assert_allclose(out, np.where(x < 0.3, -1.0, 3 * x), rtol=1e-15, err_msg=f"continue n={n}")
        check_tail(buffer, n, -1.0, f"continue n={n}")

        want = np.full(n, -1.0)
        for idx in per_thread(n, threads):
            for i in idx:
                if x[i] > 0.9:
                    break
                want[i] = 3 * x[i]
        for kernel in (with_break, with_return, with_raise):
            buffer, out = buffers(n, -1.0)
            kernel[launch](x, out)
            np.testing.assert_allclose(out, want, rtol=1e-15, err_msg=f"{kernel.__name__} n={n}")
            check_tail(buffer, n, -1.0, f"{kernel.__name__} n={n}")

        buffer, out = buffers(n, -1.0)
        through_device_function[launch](x, out)
        np.testing.assert_allclose(out, np.clip(2 * x - 0.5, 0.0, 1.0), rtol=1e-15, err_msg=f"device n={n}")
        check_tail(buffer, n, -1.0, f"device n={n}")

        buffer, out = buffers(n, -1.0)
        total = np.zeros(1, np.int64)
        after_the_loop[launch](x, out, total)
        np.testing.assert_allclose(out, 2 * x, rtol=1e-15, err_msg=f"after_the_loop n={n}")
        assert total[0] == n
        check_tail(buffer, n, -1.0, f"after_the_loop n={n}")

        if n:
            buffer, out = buffers(n, -7.0)
            out[0] = -7.0
            shifted_forward[launch](x, out)
            np.testing.assert_allclose(out[1:], np.diff(x), rtol=1e-15, err_msg=f"shifted_forward n={n}")
            assert out[0] == -7.0
            check_tail(buffer, n, -7.0, f"shifted_forward n={n}")
            buffer, out = buffers(n, -7.0)
            shifted_back[launch](x, out)
            np.testing.assert_allclose(out, 5 * x, rtol=1e-15, err_msg=f"shifted_back n={n}")
            check_tail(buffer, n, -7.0, f"shifted_back n={n}")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_more_shapes(launch):
    rng = np.random.default_rng(3)
    for rows, cols in [(1, 1), (5, 3), (100, 7), (257, 33)]:
        a = rng.random((rows, cols))
        buffer = np.full((rows + 4, cols), -1.0)
        out = buffer[2:rows + 2]
        flat_2d[launch](a, out)
        np.testing.assert_allclose(out, 2 * a + np.arange(rows)[:, None], rtol=1e-15)
        np.testing.assert_array_equal(buffer[:2], -1.0)
        np.testing.assert_array_equal(buffer[rows + 2:], -1.0)
        buffer, sums = buffers(rows, -1.0)
        row_sums[launch](a, sums)
        np.testing.assert_allclose(sums, a.sum(axis=1), rtol=1e-13)
        check_tail(buffer, rows, -1.0, f"row_sums {rows}x{cols}")
    for n in SIZES:
        data = rng.integers(0, 64, n).astype(np.int32)
        bins = np.zeros(64, np.int32)
        histogram[launch](data, bins)
        np.testing.assert_array_equal(bins, np.bincount(data, minlength=64), err_msg=f"histogram n={n}")


@pytest.mark.parametrize("block", [1, 32, 100, 256, 1024])
def test_block_stride(block):
    rng = np.random.default_rng(4)
    for n in SIZES:
        x = rng.random(n)
        buffer, out = buffers(n, -1.0)
        block_stride[1, block](x, out)
        np.testing.assert_allclose(out, x + 10.0, rtol=1e-15, err_msg=f"n={n} block={block}")
        check_tail(buffer, n, -1.0, f"n={n} block={block}")


@pytest.mark.parametrize("launch", [(1, 32), (3, 64), (5, 96)])
@pytest.mark.parametrize("step", [1, 2, 5, 64, 1000, 0, -1, -3, -64])
def test_visit_counts(launch, step):
    """Overlapping, sparse, zero and backward steps: each index is visited as often as the
    threads' ranges say (a zero step runs no iteration, as numba's range does)."""
    threads = launch[0] * launch[1]
    for n in [0, 1, 50, 300, 1000]:
        size = max(n, threads) + 64  # a backward walk starts at the thread's index, beyond n
        hits = np.zeros(size, np.int64)
        counts[launch](hits, n, step)
        want = np.zeros(size, np.int64)
        if step != 0:
            for t in range(threads):
                for i in range(t, n, step):
                    want[i] += 1
        np.testing.assert_array_equal(hits, want, err_msg=f"n={n} step={step} launch={launch}")
    for n in [0, 1, 50, 300]:
        hits = np.zeros(n + 64, np.int64)
        counts_two_arguments[launch](hits, n)
        want = np.zeros(n + 64, np.int64)
        for t in range(threads):
            want[t:n] += 1
        np.testing.assert_array_equal(hits, want, err_msg=f"two arguments n={n} launch={launch}")
    if step < 0:
        hits = np.zeros(threads + 64, np.int64)
        counts_backward[launch](hits, step)
        want = np.zeros(threads + 64, np.int64)
        for t in range(threads):
            for i in range(t, -1, step):
                want[i] += 1
        np.testing.assert_array_equal(hits, want, err_msg=f"backward step={step} launch={launch}")


def test_rows_of_a_2d_block_each_walk():
    """A 1-D grid-stride loop in a block of several rows: every row's threads walk the range."""
    n = 5000
    hits = np.zeros(n + 64, np.int64)
    counts[(4, 1), (32, 3)](hits, n, 4 * 32)
    want = np.zeros(n + 64, np.int64)
    want[:n] = 3
    np.testing.assert_array_equal(hits, want)


RECORD = np.dtype([("n", np.int64), ("m", np.int64)])


@cuda.jit
def bound_in_a_record(rec, out):  # range() reads rec.n once, before the loop that clears it
    for i in range(cuda.grid(1), rec.n, 1):
        out[i] += 1
        rec.n = 0


@cuda.jit
def bound_in_a_record_while(rec, out):
    i = cuda.grid(1)
    m = rec.n
    while i < m:
        out[i] += 1
        rec.n = 0
        i += 1


@cuda.jit
def swapped_in_the_prefix(out, n):  # after the swap j is the thread's index, i is 0
    i = cuda.grid(1)
    j = 0
    i, j = j, i
    stop = n if j == 2 else 0
    for t in range(cuda.grid(1), stop, cuda.gridsize(1)):
        out[t] = 1


@cuda.jit
def wrapping_step(out, n):  # b * b wraps to a negative step in int64, as in numba
    i = cuda.grid(1)
    b = 3037000500
    s = b * b
    while i < n:
        out[0] += 1
        i += s


def test_what_a_pass_may_not_evaluate_again():
    """Found by review: a record's field read by the loop's bounds (the loop writes it), a tuple
    swap before the loop, and a product of names taken for a positive step."""
    for kernel in (bound_in_a_record, bound_in_a_record_while):
        recs = np.zeros(1, RECORD)
        recs[0]["n"] = 6
        out = np.zeros(8, np.int64)
        kernel[1, 1](recs[0], out)
        np.testing.assert_array_equal(out, [1, 1, 1, 1, 1, 1, 0, 0], err_msg=kernel.__name__)
    out = np.zeros(8, np.int64)
    swapped_in_the_prefix[1, 8](out, 8)
    np.testing.assert_array_equal(out, [0, 0, 1, 0, 0, 0, 0, 0])
    out = np.zeros(1, np.int64)
    wrapping_step[1, 1](out, 10)
    # 0 < 10, then 0 + (3037000500**2 - 2**64) < 10, then the sum wraps to 290948384
    assert out[0] == 2


def test_large_device_arrays():
    """Device arrays of 4 MiB and more (on the CPU executor: 2 MiB aligned, huge pages asked for)
    walked by a grid-stride loop with a fixed grid, as the benchmark does."""
    n = (1 << 21) + 3
    rng = np.random.default_rng(9)
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    dx, dy, dout = cuda.to_device(x), cuda.to_device(y), cuda.device_array(n, np.float32)
    saxpy_inline[32, 256](np.float32(2.5), dx, dy, dout, np.int32(n))
    np.testing.assert_allclose(dout.copy_to_host(), np.float32(2.5) * x + y, rtol=1e-6)
