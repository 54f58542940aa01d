"""float16: arrays from .npy files and generated ones, arithmetic in float16 (NumPy's promotion:
float16 with int8 stays float16, with float64 becomes float64), math through float32 rounded
back, casts, and cuda.fp16's arithmetic, fma and comparisons."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/half.py")


def ulps16(got, want):
    return np.abs(got.astype(np.float64) - want.astype(np.float64)) / np.spacing(np.abs(want).astype(np.float16)).astype(np.float64)


def test_float16_kernel():
    rng = np.random.default_rng(3)
    a = (rng.random(64) * 4 + 0.1).astype(np.float16)
    b = (rng.random(64) * 4 + 0.1).astype(np.float16)
    out, _ = launch(K, 1, 64, a, b, np.zeros((64, 7), np.float16), np.zeros(64, np.bool_))
    o = out["out"]
    assert o.dtype == np.float16
    h = np.float16
    want = [a + b, a * b - a / b, (a.astype(np.float32) * b + a).astype(h), np.sqrt(a),
            np.sin(a.astype(np.float32)).astype(h), (a.astype(np.float64) * 2.5).astype(h), a + np.int8(3)]
    for col, w in enumerate(want):
        # a*b - a/b may be contracted into a fused multiply-add, and cancellation magnifies the
        # difference in ulps of the result: compare it against the exact value instead
        if col == 1:
            exact = a.astype(np.float64) * b - a.astype(np.float64) / b
            np.testing.assert_allclose(o[:, col].astype(np.float64), exact, atol=2 ** -9 * np.abs(a * b).astype(np.float64).max())
        else:
            assert ulps16(o[:, col], w.astype(h)).max() == 0, col
    np.testing.assert_array_equal(out["cmp"], a < b)
