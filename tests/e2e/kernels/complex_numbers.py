"""Complex numbers inside kernels (test_complex.py)."""
from numba import cuda
import numpy as np

@cuda.jit(device=True)
def mandel(c, limit):
    z = 0j
    for n in range(limit):
        if abs(z) > 2:
            return n
        z = z * z + c
    return limit

@cuda.jit
def k(x, y, out, iters):
    i = cuda.grid(1)
    if i < x.size:
        z = complex(x[i], y[i])
        w = np.complex64(z) * 2 + 1j
        q = z / (w - 0.5) - z.conjugate()
        out[i, 0] = q.real
        out[i, 1] = q.imag
        out[i, 2] = abs(w)
        out[i, 3] = (z == z.conjugate()) + 10 * (z != 0)
        out[i, 4] = (-z).imag + z.real * 1j.imag
        iters[i] = mandel(z, 50)


@cuda.jit
def arrays(a, b, out, mag):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * b[i] + a[i].conjugate() / (b[i] + 1)
        mag[i] = abs(out[i])


@cuda.jit
def rotate(z, w, a, out, parts):
    # complex scalar arguments: multiply every element, keep both parts of each argument
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * z + w
    if i == 0:
        parts[0] = z.real
        parts[1] = z.imag
        parts[2] = w.real
        parts[3] = w.imag


@cuda.jit
def powers(z, w, out):
    # constant integral exponents multiply; any other goes through the polar form
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = z[i] ** 2
        out[i, 1] = z[i] ** -3
        out[i, 2] = z[i] ** 0.5
        out[i, 3] = z[i] ** w[i]
        out[i, 4] = 2.0 ** w[i]
        out[i, 5] = z[i] ** 0
        out[i, 6] = np.complex64(z[i]) ** np.complex64(w[i])
