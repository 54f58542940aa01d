# numba-cuda types cuda.threadIdx/blockIdx/blockDim/gridDim .x/.y/.z as a 32-bit index type that
# promotes to int64 in every operation (older numba: int32, where int32 - int32 is int64 too), so
# `cuda.threadIdx.x - cuda.blockDim.x` is negative for the first threads of a block, as in numba;
# it must not be an unsigned type that wraps. pyjitc holds them as int64 (docs/language.md).
# ARGS: --emit=typed-ir --sig "void(int64[:])"
from numba import cuda


@cuda.jit
def signed_ids(out):
    d = cuda.threadIdx.x - cuda.blockDim.x
    t = cuda.blockIdx.y
    out[0] = d + t

# TYPES: Local d : int64
# TYPES: Local t : int64
# TYPES: BinOp - : int64
# TYPES: BinOp + : int64
