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
