"""Copies src into dst with a grid-stride loop: any grid covers any size, each thread copying
every gridsize-th element starting from its own index."""
from numba import cuda


@cuda.jit
def grid_stride_copy(src, dst):
    tid = cuda.grid(1)
    ntid = cuda.gridsize(1)
    size = src.size
    for i in range(tid, size, ntid):
        dst[i] = src[i]
