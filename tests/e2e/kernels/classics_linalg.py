"""Dense linear algebra classics for test_classics.py: the shared-memory tiled matrix multiply of
numba's documentation (generalised to shapes that are not multiples of the tile), and a
transpose through a padded shared tile."""
import numpy as np
from numba import cuda, float32, float64

TPB = 16
TILE = 16
TILE_PAD = TILE + 1  # a module-level constant expression; numba needs literal extents


@cuda.jit
def matmul_f32(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)  # x: column of C, y: row of C
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tmp = float32(0.0)
    ntiles = (A.shape[1] + TPB - 1) // TPB
    for i in range(ntiles):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and tx + i * TPB < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and ty + i * TPB < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


@cuda.jit
def matmul_f64(A, B, C):
    sA = cuda.shared.array((TPB, TPB), np.float64)
    sB = cuda.shared.array((TPB, TPB), dtype=float64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    col = cuda.blockIdx.x * TPB + tx
    row = cuda.blockIdx.y * TPB + ty
    tmp = 0.0
    k0 = 0
    while k0 < A.shape[1]:
        sA[ty, tx] = A[row, k0 + tx] if row < A.shape[0] and k0 + tx < A.shape[1] else 0.0
        sB[ty, tx] = B[k0 + ty, col] if k0 + ty < B.shape[0] and col < B.shape[1] else 0.0
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
        k0 += TPB
    if row < C.shape[0] and col < C.shape[1]:
        C[row, col] = tmp


@cuda.jit
def transpose(a, out):
    tile = cuda.shared.array((TILE, TILE_PAD), dtype=float32)  # +1: no bank conflicts
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x = cuda.blockIdx.x * TILE + tx
    y = cuda.blockIdx.y * TILE + ty
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + tx  # a column of out is a row of a
    y = cuda.blockIdx.x * TILE + ty
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = tile[tx, ty]


@cuda.jit
def transpose_i64(a, out):
    tile = cuda.shared.array(shape=(TILE, TILE_PAD), dtype=np.int64)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    bx, by = cuda.blockIdx.x, cuda.blockIdx.y
    if by * TILE + ty < a.shape[0] and bx * TILE + tx < a.shape[1]:
        tile[ty, tx] = a[by * TILE + ty, bx * TILE + tx]
    cuda.syncthreads()
    if bx * TILE + ty < out.shape[0] and by * TILE + tx < out.shape[1]:
        out[bx * TILE + ty, by * TILE + tx] = tile[tx, ty]
