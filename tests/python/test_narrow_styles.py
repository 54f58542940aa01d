"""Mandelbrot and Jacobi kernels in the styles numba's users write them, run on real data and
checked against NumPy. On the GPU a launch whose integers fit in int32 and whose arrays have
fewer than 2**31 elements takes the variant with 32-bit counters and offsets (backend/narrow.c):
the counter stepped by `i = i + 1`, a `while True:` loop left by `if n >= max_iter or ...:
break`, a device function's `for i in range(max_iter)` returning i, and 2-D indices with an
extent less one as bound. A max_iter of 2**31 + 5 takes the 64-bit variant, and the results stay
numba's: a region of the plane where every point escapes, so each loop ends early."""
import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy warnings of small grids, host arrays

FOUR = np.float32(4.0)
TWO = np.float32(2.0)


@cuda.jit
def mandel_assign_step(out, max_iter, x0, y0, span):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        cr = x0 + span * np.float32(x) / np.float32(w)
        ci = y0 + span * np.float32(y) / np.float32(h)
        zr = np.float32(0.0)
        zi = np.float32(0.0)
        i = 0
        while i < max_iter:
            if zr * zr + zi * zi > FOUR:
                break
            t = zr * zr - zi * zi + cr
            zi = TWO * zr * zi + ci
            zr = t
            i = i + 1
        out[y, x] = i


@cuda.jit
def mandel_and_guard(out, max_iter, x0, y0, span):
    x, y = cuda.grid(2)
    if x >= out.shape[1] or y >= out.shape[0]:
        return
    cr = x0 + span * np.float32(x) / np.float32(out.shape[1])
    ci = y0 + span * np.float32(y) / np.float32(out.shape[0])
    zr = np.float32(0.0)
    zi = np.float32(0.0)
    n = 0
    while zr * zr + zi * zi <= FOUR and n < max_iter:
        zr, zi = zr * zr - zi * zi + cr, TWO * zr * zi + ci
        n += 1
    out[y, x] = n


@cuda.jit(device=True)
def _escape(cr, ci, max_iter):
    zr = np.float32(0.0)
    zi = np.float32(0.0)
    for i in range(max_iter):
        if zr * zr + zi * zi > FOUR:
            return i
        zr, zi = zr * zr - zi * zi + cr, TWO * zr * zi + ci
    return max_iter


@cuda.jit
def mandel_device_range(out, max_iter, x0, y0, span):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        out[y, x] = _escape(x0 + span * np.float32(x) / np.float32(w), y0 + span * np.float32(y) / np.float32(h),
                            max_iter)


@cuda.jit
def mandel_while_true(out, max_iter, x0, y0, span):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        cr = x0 + span * np.float32(x) / np.float32(w)
        ci = y0 + span * np.float32(y) / np.float32(h)
        zr = np.float32(0.0)
        zi = np.float32(0.0)
        n = 0
        while True:
            if n >= max_iter or zr * zr + zi * zi > FOUR:
                break
            t = zr * zr - zi * zi + cr
            zi = TWO * zr * zi + ci
            zr = t
            n += 1
        out[y, x] = n


MANDELS = [mandel_assign_step, mandel_and_guard, mandel_device_range, mandel_while_true]


def mandel_ref(h, w, max_iter, x0, y0, span):
    """Escape counts in float32, as the kernels compute them (a point stops at the first n with
    |z|**2 > 4 after n steps; every kernel above counts the same way)."""
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    cr = np.broadcast_to(np.float32(x0) + np.float32(span) * xs / np.float32(w), (h, w))
    ci = np.broadcast_to(np.float32(y0) + np.float32(span) * ys / np.float32(h), (h, w))
    zr = np.zeros((h, w), np.float32)
    zi = np.zeros((h, w), np.float32)
    out = np.full((h, w), -1, np.int64)
    n = 0
    while n < max_iter:
        done = (zr * zr + zi * zi > FOUR) & (out < 0)
        out[done] = n
        live = out < 0
        if not live.any():
            break
        zr, zi = (np.where(live, zr * zr - zi * zi + cr, zr), np.where(live, TWO * zr * zi + ci, zi))
        n += 1
    out[out < 0] = max_iter
    return out


@pytest.mark.parametrize("kernel", MANDELS, ids=lambda k: k.__name__)
def test_mandelbrot_styles_against_numpy(kernel):
    h, w, max_iter = 48, 64, 60
    x0, y0, span = np.float32(-2.0), np.float32(-1.5), np.float32(3.0)
    out = np.full((h, w), -7, np.int32)
    kernel[(w // 16, h // 16), (16, 16)](out, max_iter, x0, y0, span)
    ref = mandel_ref(h, w, max_iter, x0, y0, span)
    assert (out >= 0).all() and (out <= max_iter).all()
    # the GPU may fuse z*z + c into one rounding (a multiply-add): a few points on the set's
    # boundary then escape a step apart; points inside run all max_iter steps either way
    assert np.mean(out != ref) < 0.02
    inside = ref == max_iter
    assert inside.sum() > 100 and (out[inside] == max_iter).mean() > 0.98


@pytest.mark.parametrize("kernel", MANDELS, ids=lambda k: k.__name__)
def test_mandelbrot_styles_with_a_bound_past_int32(kernel):
    # max_iter = 2**31 + 5 does not fit in int32: the 64-bit variant; every point of this region
    # (right of the set) escapes within a few steps, so the counts are the same as with any
    # large bound, and a counter kept in 32 bits against that bound would be wrong nowhere here
    # but must not be chosen: the variant compiled for this launch says so
    h, w, big = 32, 32, 2**31 + 5
    x0, y0, span = np.float32(0.5), np.float32(-1.0), np.float32(2.0)
    out = np.full((h, w), -7, np.int32)
    kernel[(w // 16, h // 16), (16, 16)](out, big, x0, y0, span)
    ref = mandel_ref(h, w, 1000, x0, y0, span)
    assert ref.max() < 1000
    assert np.mean(out != ref) < 0.02
    assert any(not key[2] for key in kernel._variants)
    out2 = np.full((h, w), -7, np.int32)
    kernel[(w // 16, h // 16), (16, 16)](out2, 1000, x0, y0, span)
    np.testing.assert_array_equal(out2, out)
    assert any(key[2] for key in kernel._variants)


W = np.float32(0.25)


@cuda.jit
def jacobi_chain(src, dst):
    j, i = cuda.grid(2)
    n, m = src.shape
    if 1 <= i < n - 1 and 1 <= j < m - 1:
        dst[i, j] = W * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@cuda.jit
def jacobi_extents(a, b):
    j, i = cuda.grid(2)
    if i > 0 and j > 0 and i < a.shape[0] - 1 and j < a.shape[1] - 1:
        b[i, j] = W * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@pytest.mark.parametrize("kernel", [jacobi_chain, jacobi_extents], ids=lambda k: k.__name__)
@pytest.mark.parametrize("shape", [(37, 53), (16, 16), (3, 70)])
def test_jacobi_styles_against_numpy(kernel, shape, rng):
    n, m = shape
    a = rng.standard_normal(shape).astype(np.float32)
    b = np.full(shape, np.float32(-99.0))
    kernel[((m + 15) // 16, (n + 15) // 16), (16, 16)](a, b)
    ref = np.full(shape, np.float32(-99.0))
    ref[1:-1, 1:-1] = W * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    np.testing.assert_allclose(b, ref, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(b[0], ref[0])
    np.testing.assert_array_equal(b[:, -1], ref[:, -1])


@cuda.jit
def _indices_3d(c, out, lo):
    i, j, k = cuda.grid(3)
    p, q, r = c.shape
    if i < p and j < q and k < r:
        row = c[i]
        # negative indices wrap as in numba: -1 is the last, lo - i (lo = 0) reaches -i
        out[i, j, k] = c[i, j, k] + 10 * c[-1, j, -1 - k] + 100 * row[lo - i, k] + 1000 * c[i - p, q - 1 - j, k]


def test_three_axis_indices_and_negative_ones(rng):
    shape = (5, 6, 7)
    c = rng.integers(-50, 50, shape).astype(np.int64)
    out = np.zeros(shape, np.int64)
    _indices_3d[(1, 1, 1), shape](c, out, 0)
    ii, jj, kk = np.meshgrid(*(np.arange(s) for s in shape), indexing="ij")
    ref = c + 10 * c[-1, jj, -1 - kk] + 100 * c[ii, (-ii) % shape[1], kk] + 1000 * c[ii, shape[1] - 1 - jj, kk]
    np.testing.assert_array_equal(out, ref)


# numba's documented Mandelbrot in complex numbers, written as 2-D grid-stride loops: a start of
# blockDim * blockIdx + threadIdx, a stride of gridDim * blockDim. On the GPU, under the narrow
# promise (which the launcher makes only for fewer than 2**31 threads along each axis), both
# loops walk their variables in 32 bits with no count of passes to divide (backend/loops.c).
@cuda.jit(device=True)
def _escape_complex(x, y, iters):
    c = complex(x, y)
    z = 0.0j
    for k in range(iters):
        z = z * z + c
        if z.real * z.real + z.imag * z.imag >= 4:
            return k
    return iters


@cuda.jit
def mandel_complex(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]
    dx = (max_x - min_x) / width
    dy = (max_y - min_y) / height
    x0 = cuda.blockDim.x * cuda.blockIdx.x + cuda.threadIdx.x
    y0 = cuda.blockDim.y * cuda.blockIdx.y + cuda.threadIdx.y
    sx = cuda.gridDim.x * cuda.blockDim.x
    sy = cuda.gridDim.y * cuda.blockDim.y
    for x in range(x0, width, sx):
        re = min_x + x * dx
        for y in range(y0, height, sy):
            image[y, x] = _escape_complex(re, min_y + y * dy, iters)


def mandel_complex_ref(min_x, max_x, min_y, max_y, h, w, iters):
    """The kernel's escape steps in complex128: k for the first k (from 0) after whose step
    |z|**2 >= 4, else iters."""
    re = min_x + np.arange(w) * ((max_x - min_x) / w)
    im = min_y + np.arange(h) * ((max_y - min_y) / h)
    c = re[None, :] + 1j * im[:, None]
    z = np.zeros((h, w), np.complex128)
    out = np.full((h, w), iters, np.int64)
    live = np.ones((h, w), bool)
    for k in range(iters):
        z = np.where(live, z * z + c, z)
        esc = live & (z.real * z.real + z.imag * z.imag >= 4)
        out[esc] = k
        live &= ~esc
    return out


@pytest.mark.parametrize("grid, block", [((2, 3), (8, 4)), ((3, 1), (32, 2)), ((10, 12), (8, 8))])
def test_complex_mandelbrot_in_grid_stride_loops_against_numpy(grid, block):
    # grids smaller than the image (each thread makes several passes along x and y, the last
    # ones partial) and one larger (threads with no pass at all)
    h, w, iters = 45, 70, 40
    image = np.full((h, w), 250, np.uint8)
    mandel_complex[grid, block](-2.0, 1.0, -1.0, 1.0, image, iters)
    ref = mandel_complex_ref(-2.0, 1.0, -1.0, 1.0, h, w, iters)
    assert (image <= iters).all()  # every pixel written
    # the GPU may fuse z*z + c (and min_x + x * dx) into multiply-adds: a few points on the set's
    # boundary then escape a step apart; points inside run all iters steps either way
    assert np.mean(image != ref) < 0.02
    inside = ref == iters
    assert inside.sum() > 100 and (image[inside] == iters).mean() > 0.98
    assert any(key[2] for key in mandel_complex._variants)  # the 32-bit variant served it


# The narrow promise includes the launch's grid: fewer than 2**31 threads (gridDim.d * blockDim.d)
# along each axis, so that cuda.grid's x fits in int32. A launcher past that must pick the 64-bit
# variant. Launching 2**31 threads is too slow for a test (the CPU executor runs each), so the
# compile callback reports the launcher's choice and stops the launch before anything runs.
@cuda.jit
def _grid_x(out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = i


class _Chosen(Exception):
    pass


@pytest.mark.parametrize("grid, block, narrow", [
    ((2**21 - 1, 1), (1024, 1), True),    # 2**31 - 1024 threads along x
    ((2**21, 1), (1024, 1), False),       # 2**31
    (2**31 - 1, 1, True),
    (2**30, 2, False),
    ((1, 2**21), (1, 1024), False),       # along y (more than a GPU takes: never launched here)
    ((1, 1, 2**16), (1, 1, 2**15), False),  # along z
    ((2**20, 2**10, 2**10), (2**10, 2, 2), True),  # many threads in all, each axis below 2**31
])
def test_a_grid_of_2_31_threads_along_an_axis_takes_the_64_bit_variant(monkeypatch, grid, block, narrow):
    seen = []

    def compile_for(types, noalias=False, narrow=False):
        seen.append(narrow)
        raise _Chosen()

    k = cuda.jit(_grid_x.py_func)  # a dispatcher of its own: no launcher or kernel cached from elsewhere
    monkeypatch.setattr(k, "_for_types", compile_for)
    with pytest.raises(_Chosen):
        k[grid, block](np.zeros(4, np.int64), 4)
    assert seen == [narrow]
