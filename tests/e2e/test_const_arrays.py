"""np.array / np.asarray globals are captured at compile time (numba's constant arrays), read in
kernels directly or through cuda.const.array_like, with their dtype and shape."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/const_arrays.py")
W = np.array([[0.25, 0.5, 0.25], [1, 2, 3]], dtype=np.float32)
IDX = np.array([3, 1, 2])


def test_constant_2d_and_integer_arrays():
    x = np.arange(12, dtype=np.float32)
    out, _ = launch(K, 1, 12, x, np.full(12, -1, np.float32), kernel="weighted")
    want = [W[0, i % 3] * x[i] + W[1, IDX[i % 3] - 1] + 3 for i in range(12)]
    np.testing.assert_array_equal(out["out"], np.array(want, np.float32))


def test_constant_taps_convolution():
    x = (np.arange(20, dtype=np.float64) ** 2)
    out, _ = launch(K, 1, 20, x, np.zeros(20), kernel="laplace")
    want = np.zeros(20)
    want[1:-1] = x[:-2] - 2 * x[1:-1] + x[2:]
    np.testing.assert_array_equal(out["out"], want)
