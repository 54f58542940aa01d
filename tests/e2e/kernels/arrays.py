"""Array access for test_language.py: negative indices wrapping around, 2D and 3D arrays with
tuple indices, a.shape[k], a.size and len(a)."""
from numba import cuda


@cuda.jit
def neg_index(a, out, ends):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i - a.size]
        ends[i] = a[-1] * 1000 + a[-a.size]


@cuda.jit
def neg_store(out):
    i = cuda.grid(1)
    if i < out.size:
        out[-1 - i] = i


@cuda.jit
def index_2d(m, out):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        out[i, j] = m[i, j] * 10 + m[-1 - i, -1 - j]


@cuda.jit
def index_3d(t, out):
    x, y, z = cuda.grid(3)
    if x < t.shape[0] and y < t.shape[1] and z < t.shape[2]:
        out[x, y, z] = t[x, y, z] + t[-1, y, z] * 1000 + t[x, -1 - y, z - t.shape[2]] * 1000000


@cuda.jit
def row_sums(m, out):
    i = cuda.grid(1)
    if i < len(m):
        s = 0.0
        for j in range(m.shape[1]):
            s += m[i, j]
        out[i] = s


@cuda.jit
def shapes(a1, a2, a3, out):
    i = cuda.grid(1)
    if i == 0:
        out[0] = a1.size
        out[1] = len(a1)
        out[2] = a1.shape[0]
        out[3] = a2.size
        out[4] = len(a2)
        out[5] = a2.shape[0]
        out[6] = a2.shape[1]
        out[7] = a3.size
        out[8] = len(a3)
        out[9] = a3.shape[0]
        out[10] = a3.shape[1]
        out[11] = a3.shape[2]
