"""Basic slicing makes views (numba's semantics, NumPy's numbers): integers drop an axis, slices
keep it with Python's clamping of bounds and negative steps; views index, nest, have .size,
.shape and .strides, and pass to device functions."""
import numpy as np
import pytest

from pjrun import here, launch

K = here(__file__, "kernels/views.py")


def test_row_and_column_views():
    a = np.arange(42, dtype=np.float64).reshape(7, 6) ** 1.5
    out, _ = launch(K, 1, 7, a, np.full((7, 10), -1.0), kernel="row_views")
    for i in range(7):
        want = [a[i].sum(), a[i, ::-1][:2].sum(), a[i, 1::2].sum(), a[:, i % 6].sum(), a[i, -3:][0],
                a[i, 5:1:-2][1], a[i, 100:].size, a[i, -100:2].size,
                a[1:-1, 1:3].shape[0] * 10 + a[1:-1, 1:3].shape[1], sum(a[::2, ::3].strides)]
        np.testing.assert_allclose(out["out"][i], want, rtol=1e-15)


@pytest.mark.parametrize("lo,hi,step", [(0, 10, 1), (2, 8, 3), (-3, 10, 1), (9, -11, -1), (8, 2, -2), (5, 5, 1),
                                         (-100, 100, 4), (100, -100, -3), (3, -1, 1)])
def test_slice_bounds_like_python(lo, hi, step):
    x = np.arange(10, dtype=np.int64) * 10
    out, _ = launch(K, 1, 1, x, np.int64(lo), np.int64(hi), np.int64(step), np.full(12, -1, np.int64),
                    kernel="slice_bounds")
    want = x[lo:hi:step]
    assert out["out"][0] == want.size
    np.testing.assert_array_equal(out["out"][1:1 + want.size], want)


def test_assigning_to_slices():
    a, b, m, f = np.arange(8.0), np.arange(10.0, 15.0), np.arange(12.0).reshape(3, 4), np.zeros(5, bool)
    out, _ = launch(K, 1, 1, a, b, m, f, kernel="slice_stores")
    a[1:4] = 7
    a[5:] = b[:3]
    m[1, :] = 2.5
    m[:, 0] = b[1:4]
    m[2, 1::2] = m[0, :2]
    a[0:3][::-1][0] = -1
    f[:] = True
    f[1::2] = m[0, 1] - 1.0
    np.testing.assert_array_equal(out["a"], a)
    np.testing.assert_array_equal(out["m"], m)
    np.testing.assert_array_equal(out["f"], f)


def test_overlapping_slice_assignment_copies_like_numpy():
    a, b = np.arange(9, dtype=np.int32), np.arange(9, dtype=np.int32) * 2
    out, _ = launch(K, 1, 1, a, b, kernel="slice_shifts")
    a[1:] = a[:-1].copy()
    b[:-2] = b[2:].copy()
    np.testing.assert_array_equal(out["a"], a)
    np.testing.assert_array_equal(out["b"], b)


def test_each_thread_fills_its_row():
    m, row = np.zeros((40, 6), np.float32), np.arange(6, dtype=np.float64) * 0.5
    out, _ = launch(K, 2, 32, m, row, kernel="slice_store_per_thread")
    want = np.tile(row.astype(np.float32), (40, 1))
    for i in range(40):
        want[i, i % 6] = -i
    np.testing.assert_array_equal(out["m"], want)


def test_broadcasting_into_slices_and_unpacking():
    m = np.zeros((4, 5), np.float64)
    c = np.full(7, -1.0)
    row = np.arange(5, dtype=np.float32) + 1
    col = (np.arange(2, dtype=np.int64) * 10 + 10).reshape(2, 1)
    t3 = np.zeros((3, 2, 2), np.int32)
    out, _ = launch(K, 1, 1, m, c, row, col, t3, kernel="slice_broadcasts")
    m[0:2, :] = row
    m[2:, 1:] = col
    t3[:, 1] = m[1, :2]
    t3[:, 0, :] = col[:, 0]
    c[0:2], c[3] = row[1:3], 9.5
    c[4:], m[3, 0] = 0.25, c[0]
    np.testing.assert_array_equal(out["m"], m)
    np.testing.assert_array_equal(out["c"], c)
    np.testing.assert_array_equal(out["t3"], t3)
