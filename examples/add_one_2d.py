"""Adds one to every element of a 2D array, one thread per element, on a 2D grid that may
overshoot the array: threads outside A.shape do nothing."""
from numba import cuda


@cuda.jit
def add_one_2d(A):
    x, y = cuda.grid(2)
    if x < A.shape[0] and y < A.shape[1]:
        A[x, y] += 1
