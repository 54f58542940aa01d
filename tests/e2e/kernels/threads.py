"""Thread, block and grid indices in a 3D launch, for test_language.py: each thread records
what it sees into its own 20 slots of rec[x, y, z * 20 ...] where (x, y, z) = cuda.grid(3)."""
from numba import cuda


@cuda.jit
def record(rec):
    x, y, z = cuda.grid(3)
    if x < rec.shape[0] and y < rec.shape[1] and z * 20 < rec.shape[2]:
        b = z * 20
        rec[x, y, b + 0] = cuda.threadIdx.x
        rec[x, y, b + 1] = cuda.threadIdx.y
        rec[x, y, b + 2] = cuda.threadIdx.z
        rec[x, y, b + 3] = cuda.blockIdx.x
        rec[x, y, b + 4] = cuda.blockIdx.y
        rec[x, y, b + 5] = cuda.blockIdx.z
        rec[x, y, b + 6] = cuda.blockDim.x
        rec[x, y, b + 7] = cuda.blockDim.y
        rec[x, y, b + 8] = cuda.blockDim.z
        rec[x, y, b + 9] = cuda.gridDim.x
        rec[x, y, b + 10] = cuda.gridDim.y
        rec[x, y, b + 11] = cuda.gridDim.z
        gx, gy = cuda.gridsize(2)
        rec[x, y, b + 12] = gx
        rec[x, y, b + 13] = gy
        rec[x, y, b + 14] = cuda.grid(1)
        rec[x, y, b + 15] = cuda.gridsize(1)
        sx, sy, sz = cuda.gridsize(3)
        rec[x, y, b + 16] = sx
        rec[x, y, b + 17] = sy
        rec[x, y, b + 18] = sz
        p, q = cuda.grid(2)
        rec[x, y, b + 19] = p * 1000 + q


@cuda.jit
def index_arith(diff, neg, halves, below):
    i = cuda.grid(1)
    if i < diff.size:
        diff[i] = cuda.threadIdx.x - cuda.blockDim.x
        neg[i] = -cuda.threadIdx.x
        halves[i] = (cuda.threadIdx.x - cuda.blockDim.x) // 2
        below[i] = cuda.threadIdx.x - cuda.blockDim.x < 0
