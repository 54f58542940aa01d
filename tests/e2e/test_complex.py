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
