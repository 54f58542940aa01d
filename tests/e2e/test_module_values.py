"""Module-level None, dtypes and 0-d arrays read by the command line (which does not run the
module): `NOTHING = None` is a constant (`is None`, its truth pruned at compile time), `DT =
np.float32` and `NP_DTYPE = np.dtype(np.int32)` name dtypes (casts, `.type`, array dtypes),
`G0 = np.array(5)` is a 0-d constant array; checked against NumPy."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/module_values.py")


def test_module_level_none_and_dtypes():
    x = np.array([0.1, 3.9, -2.5, 11.25, 1e-3, 7.0])
    out, _ = launch(K, 1, 8, x, np.zeros((6, x.size)), kernel="module_values")
    o = out["out"]
    np.testing.assert_array_equal(o[0], x.astype(np.float32).astype(np.float64))
    np.testing.assert_array_equal(o[1], x.astype(np.int32))
    np.testing.assert_array_equal(o[2], (x * 1000).astype(np.int16))
    np.testing.assert_array_equal(o[3], x * 2)
    np.testing.assert_array_equal(o[4], np.ones(x.size))
    np.testing.assert_array_equal(o[5], np.full(x.size, 3.0))


def test_module_level_0d_arrays():
    x = np.arange(6, dtype=np.float64)
    out, _ = launch(K, 1, 8, x, np.zeros(x.size), kernel="zero_d")
    np.testing.assert_array_equal(out["out"], x * 5 + np.float32(2.5) + 0 + 1)
