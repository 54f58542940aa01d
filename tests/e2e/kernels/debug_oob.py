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


@cuda.jit(device=True)
def step_of(a, i):
    return int(a[i]) + 1


@cuda.jit(debug=True)
def through_device(a, out):
    # the read in step_of fails: the caller must stop too, not loop on a meaningless 0
    i = cuda.grid(1)
    k = 0
    while k < 4:
        k += step_of(a, i + 20) - 1
    out[i % 8] = k


@cuda.jit(debug=True)
def short_source(a, out):
    out[0:4] = a[:2]
