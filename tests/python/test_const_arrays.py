"""Module-level NumPy arrays read in kernels (numba's cuda.const.array_like and plain globals):
complex arrays of any rank and arrays of records (aligned, packed, empty) are captured as their
bytes and read back element by element, checked against NumPy's own values."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError

CPLX3D = ((np.arange(4 * 3 * 5, dtype=np.complex64).reshape(4, 3, 5) + 1j) / 2j)
CPLX128 = np.exp(1j * np.linspace(0.0, 3.0, 9)).reshape(3, 3)
RECS = np.array([(1.5, -2, (3, 4)), (3.25, 7, (5, 6)), (-0.5, 11, (7, 8))],
                dtype=[("x", np.float64), ("y", np.int32), ("z", np.int16, (2,))])
RECS_ALIGNED = np.array([(1, 2, 0xDEADBEEF, 9), (4, 5, 0xBEEFDEAD, 10)],
                        dtype=np.dtype([("a", np.uint8), ("b", np.uint8), ("y", np.uint32), ("z", np.uint8)],
                                       align=True))
RECS_EMPTY = np.array([], dtype=[("x", np.float64), ("y", np.int64)])


@cuda.jit
def copy3d(out):
    c = cuda.const.array_like(CPLX3D)
    i, j, k = cuda.grid(3)
    if i < c.shape[0] and j < c.shape[1] and k < c.shape[2]:
        out[i, j, k] = c[i, j, k]


def test_complex64_3d():
    out = np.zeros_like(CPLX3D)
    copy3d[(1, 1, 1), (4, 3, 5)](out)
    np.testing.assert_array_equal(out, CPLX3D)


@cuda.jit
def complex_sum(out):
    i = cuda.grid(1)
    if i < CPLX128.shape[0]:
        s = 0j
        for j in range(CPLX128.shape[1]):
            s += CPLX128[i, j] * CPLX128[j, i]
        out[i] = s


def test_complex128_global_arithmetic():
    out = np.zeros(3, np.complex128)
    complex_sum[1, 3](out)
    np.testing.assert_allclose(out, np.array([sum(CPLX128[i, j] * CPLX128[j, i] for j in range(3)) for i in range(3)]),
                               rtol=1e-14)


@cuda.jit
def read_records(x, y, z):
    r = cuda.const.array_like(RECS)
    i = cuda.grid(1)
    if i < len(r):
        x[i] = r[i]["x"]
        y[i] = r[i].y
        z[i] = r[i].z[0] * 10 + r[i].z[1]


def test_record_array():
    x, y, z = np.zeros(3), np.zeros(3, np.int32), np.zeros(3, np.int64)
    read_records[1, 4](x, y, z)
    np.testing.assert_array_equal(x, RECS["x"])
    np.testing.assert_array_equal(y, RECS["y"])
    np.testing.assert_array_equal(z, RECS["z"][:, 0] * 10 + RECS["z"][:, 1])


@cuda.jit
def read_aligned(a, b, y, z):
    r = cuda.const.array_like(RECS_ALIGNED)
    i = cuda.grid(1)
    if i < r.shape[0]:
        a[i] = r[i].a
        b[i] = r[i].b
        y[i] = r[i].y
        z[i] = r[i].z


def test_aligned_record_array():
    assert RECS_ALIGNED.dtype.fields["y"][1] == 4 and RECS_ALIGNED.dtype.itemsize == 12
    a, b, z = (np.zeros(2, np.uint8) for _ in range(3))
    y = np.zeros(2, np.uint32)
    read_aligned[1, 2](a, b, y, z)
    for got, name in ((a, "a"), (b, "b"), (y, "y"), (z, "z")):
        np.testing.assert_array_equal(got, RECS_ALIGNED[name])


@cuda.jit
def empty_len(out):
    r = cuda.const.array_like(RECS_EMPTY)
    out[0] = len(r)


def test_empty_record_array():
    out = np.full(1, -1, np.int64)
    empty_len[1, 1](out)
    assert out[0] == 0


@cuda.jit
def write_const(out):
    r = cuda.const.array_like(RECS)
    r[0].y = 5
    out[0] = r[0].y


def test_record_constant_is_read_only():
    with pytest.raises(Exception, match="read-only|readonly"):
        write_const[1, 1](np.zeros(1, np.int32))


COPIED = np.array([1, 2, 3])[::-1]  # a view: the kernel holds its elements, in C order
GRID = np.arange(12.0).reshape(3, 4)


def test_copy_of_a_module_level_array():
    # numba-cuda's test_array_copy, and a 2-d one: copy() gives a writable array of the thread's
    @cuda.jit
    def kernel(out, out2):
        q = COPIED.copy()
        for i in range(len(out)):
            out[i] = q[i]
        g = GRID.copy()
        g[1, 2] = -1.0  # the copy is writable; the constant is not touched
        for i in range(g.shape[0]):
            for j in range(g.shape[1]):
                out2[i, j] = g[i, j] + GRID[i, j]

    out, out2 = np.zeros(3), np.zeros((3, 4))
    kernel[1, 1](out, out2)
    np.testing.assert_equal(out, COPIED)
    want = GRID * 2
    want[1, 2] = -1.0 + GRID[1, 2]
    np.testing.assert_equal(out2, want)


def test_copy_of_an_argument_is_refused_at_the_line():
    @cuda.jit
    def kernel(a):
        b = a.copy()
        b[0] = 1

    with pytest.raises(TypingError) as e:
        kernel[1, 1](np.zeros(4))
    text = str(e.value)
    assert "copy() of array(float64, 1d, C) is not supported in kernels" in text and "b = a.copy()" in text, text
