"""Naive matrix multiply C = A @ B: one thread per element of C on a 2D grid, each summing a
row of A times a column of B."""
from numba import cuda


@cuda.jit
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.0
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp
