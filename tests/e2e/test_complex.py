"""complex64/complex128 inside kernels: literals (2j), complex(re, im), casts, + - * / (CPython's
division), == and !=, unary minus, abs (the modulus), .real/.imag, .conjugate(), complex locals
and device-function arguments and results; numba's promotion (complex64 with float64 or int64
gives complex128)."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/complex_numbers.py")


def mandel(c, limit):
    z = 0j
    for n in range(limit):
        if abs(z) > 2:
            return n
        z = z * z + c
    return limit


def test_complex_arithmetic_and_mandelbrot():
    x = np.linspace(-2.0, 0.6, 40)
    y = np.linspace(-1.2, 1.2, 40)[::-1].copy()
    out, _ = launch(K, 1, 40, x, y, np.full((40, 5), np.nan), np.full(40, -1, np.int64), kernel="k")
    for i in range(40):
        z = complex(x[i], y[i])
        w = complex(np.complex64(z)) * 2 + 1j  # complex64 * int64 is complex128 in numba
        q = z / (w - 0.5) - z.conjugate()
        want = [q.real, q.imag, abs(w), (z == z.conjugate()) + 10 * (z != 0), (-z).imag + z.real]
        np.testing.assert_allclose(out["out"][i], want, rtol=1e-12, atol=1e-300)
        assert out["iters"][i] == mandel(z, 50), i


def test_complex_arrays_in_and_out():
    rng = np.random.default_rng(7)
    for dt in (np.complex64, np.complex128):
        a = (rng.standard_normal(50) + 1j * rng.standard_normal(50)).astype(dt)
        b = (rng.standard_normal(50) + 1j * rng.standard_normal(50)).astype(dt)
        out, _ = launch(K, 1, 64, a, b, np.zeros(50, dt), np.zeros(50, np.float64), kernel="arrays")
        want = a * b + np.conj(a) / (b + 1)
        tol = 1e-5 if dt == np.complex64 else 1e-13
        np.testing.assert_allclose(out["out"], want, rtol=tol)
        np.testing.assert_allclose(out["mag"], np.abs(out["out"]), rtol=tol)


def test_complex_scalar_arguments():
    a = (np.arange(40) - 7.5).astype(np.complex128) * (1 - 0.25j)
    z, w = np.complex128(1.5 - 2j), np.complex64(0.25 + 3j)
    out, _ = launch(K, 2, 32, z, w, a, np.zeros(40, np.complex128), np.zeros(4), kernel="rotate")
    np.testing.assert_allclose(out["out"], a * z + np.complex128(w), rtol=1e-15, atol=0)
    assert out["parts"].tolist() == [1.5, -2.0, 0.25, 3.0]


def test_complex_powers():
    z = np.array([1.5 - 2j, -2 + 0j, 0.25j, 3 + 4j, 0j, -1e-3 + 7j] * 6, np.complex128)
    w = np.array([0.5 + 1j, 2 + 0j, -1.25 + 0.5j, 1j, 2.5 + 0j, -0.75 - 2j] * 6, np.complex128)
    out, _ = launch(K, 2, 32, z, w, np.zeros((36, 7), np.complex128), kernel="powers")
    o = out["out"]
    nz = z != 0
    np.testing.assert_allclose(o[:, 0], z ** 2, rtol=1e-15, atol=0)
    assert np.array_equal(o[:, 0][z == -2], [4 + 0j] * 6)  # squaring keeps the imaginary part exactly 0
    np.testing.assert_allclose(o[nz, 1], z[nz] ** -3, rtol=1e-14, atol=0)
    np.testing.assert_allclose(o[:, 2], z ** 0.5, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(o[:, 3], z ** w, rtol=1e-13, atol=1e-300)
    np.testing.assert_allclose(o[:, 4], 2.0 ** w, rtol=1e-14, atol=0)
    assert np.array_equal(o[:, 5], np.ones(36, np.complex128))
    np.testing.assert_allclose(o[:, 6], (z.astype(np.complex64) ** w.astype(np.complex64)), rtol=2e-5, atol=1e-30)
