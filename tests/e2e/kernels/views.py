"""Basic slicing: views of arrays inside kernels (test_views.py)."""
from numba import cuda


@cuda.jit(device=True)
def total(v):
    s = 0.0
    for j in range(v.size):
        s += v[j]
    return s


@cuda.jit
def row_views(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]
        out[i, 0] = total(row)
        out[i, 1] = total(a[i, ::-1][:2])
        out[i, 2] = total(a[i, 1::2])
        out[i, 3] = total(a[:, i % a.shape[1]])
        out[i, 4] = a[i, -3:][0]
        out[i, 5] = a[i, 5:1:-2][1]
        out[i, 6] = a[i, 100:].size
        out[i, 7] = a[i, -100:2].size
        out[i, 8] = a[1:-1, 1:3].shape[0] * 10 + a[1:-1, 1:3].shape[1]
        out[i, 9] = a[::2, ::3].strides[0] + a[::2, ::3].strides[1]


@cuda.jit
def slice_bounds(x, lo, hi, step, out):
    v = x[lo:hi:step]
    out[0] = v.size
    for j in range(v.size):
        out[1 + j] = v[j]


@cuda.jit
def slice_stores(a, b, m, f):
    a[1:4] = 7
    a[5:] = b[:3]
    m[1, :] = 2.5
    m[:, 0] = b[1:4]
    m[2, 1::2] = m[0, :2]
    a[0:3][::-1][0] = -1
    f[:] = True
    f[1::2] = m[0, 1] - 1.0


@cuda.jit
def slice_shifts(a, b):
    # overlapping source and destination: each element is read before it is overwritten
    a[1:] = a[:-1]
    b[:-2] = b[2:]


@cuda.jit
def slice_store_per_thread(m, row):
    i = cuda.grid(1)
    if i < m.shape[0]:
        m[i, :] = row
        m[i, i % m.shape[1]] = -i


@cuda.jit
def slice_broadcasts(m, c, row, col, t3):
    # NumPy broadcasting into views: a row into several rows, a column of extent 1 across
    # columns, 1-D arrays into 2-D views of a 3-D array, and slices as targets of tuple unpacking
    m[0:2, :] = row
    m[2:, 1:] = col
    t3[:, 1] = m[1, :2]
    t3[:, 0, :] = col[:, 0]
    c[0:2], c[3] = row[1:3], 9.5
    c[4:], m[3, 0] = 0.25, c[0]
