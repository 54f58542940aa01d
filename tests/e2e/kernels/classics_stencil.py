"""Convolutions and a Jacobi step for test_classics.py. The 1-D convolution stages its block's
slice plus halo in shared memory; the filters are arrays passed by the caller."""
from numba import cuda, float32

R = 3             # filter radius of conv1d_shared: the filter has 2 * R + 1 taps
BLOCK = 64
HALO_N = BLOCK + 2 * R


@cuda.jit
def conv1d_shared(a, w, out):
    """out[i] = sum_k a[i + k - R] * w[k], zero outside a (a correlation, as cuDNN's 'conv')."""
    tile = cuda.shared.array(HALO_N, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    base = cuda.blockIdx.x * BLOCK - R
    for k in range(t, HALO_N, BLOCK):
        j = base + k
        tile[k] = a[j] if j >= 0 and j < a.size else float32(0)
    cuda.syncthreads()
    if i < out.size:
        acc = float32(0)
        for k in range(2 * R + 1):
            acc += tile[t + k] * w[k]
        out[i] = acc


@cuda.jit
def conv1d(a, w, out):
    """The same without shared memory, for any odd filter length."""
    i = cuda.grid(1)
    r = w.size // 2
    if i < out.size:
        acc = 0.0
        for k in range(w.size):
            j = i + k - r
            if 0 <= j < a.size:
                acc += a[j] * w[k]
        out[i] = acc


@cuda.jit
def conv2d(img, w, out):
    """2-D correlation with a filter array of odd extents, zero padding."""
    x, y = cuda.grid(2)  # x: column, y: row
    rows, cols = img.shape
    ry = w.shape[0] // 2
    rx = w.shape[1] // 2
    if y < rows and x < cols:
        acc = 0.0
        for p in range(w.shape[0]):
            for q in range(w.shape[1]):
                yy = y + p - ry
                xx = x + q - rx
                if yy >= 0 and yy < rows and xx >= 0 and xx < cols:
                    acc += img[yy, xx] * w[p, q]
        out[y, x] = acc


@cuda.jit
def jacobi_step(u, out):
    """One Jacobi step of the 5-point Laplace stencil: interior points become the mean of their
    four neighbours (added in a fixed order), boundary points are copied."""
    i, j = cuda.grid(2)  # i: row, j: column
    n, m = u.shape
    if i < n and j < m:
        if i == 0 or j == 0 or i == n - 1 or j == m - 1:
            out[i, j] = u[i, j]
        else:
            out[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
