"""Kernels that index out of bounds (tests/e2e/test_debug.py)."""
from numba import cuda, float64


@cuda.jit
def shifted(a, out):
    i = cuda.grid(1)
    if i < 8:
        out[i] = a[i + 2] * 2


@cuda.jit(debug=True)
def rows(a, out):
    i = cuda.grid(1)
    scratch = cuda.local.array((2, 4), float64)
    scratch[0, i % 5] = a[i % 8]
    out[i % 8] = scratch[0, 0]
