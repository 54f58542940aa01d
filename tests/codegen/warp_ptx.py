# Warp collectives become the warp instructions: a butterfly shuffle, a ballot vote, the block
# vote through bar.red, and 64-bit values shuffled as two 32-bit halves.
# ARGS: --emit=ptx --sig "void(int64[:], float64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(x, y, out):
    i = cuda.grid(1)
    out[i] = cuda.shfl_xor_sync(0xffffffff, x[i], 1) + cuda.ballot_sync(0xffffffff, x[i] > 0)
    y[i] = cuda.shfl_down_sync(0xffffffff, y[i], 2)
    out[i] += cuda.syncthreads_count(x[i] > 3)

# PTX-DAG: shfl.sync.bfly.b32
# PTX-DAG: vote.sync.ballot.b32
# PTX-DAG: bar.red.popc.u32
# PTX-DAG: shfl.sync.down.b32
