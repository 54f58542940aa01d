"""Kernels over arrays of any layout (test_layouts.py)."""
from numba import cuda


@cuda.jit
def scale_rows(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] * 10 + i + a[i, -1] * 0.5 + a.strides[0] * 0 + a[:, j][0]


@cuda.jit("void(float64[::1, :], float64[:, ::1])")
def fortran_only(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] - a[0, j]
