# numba's typing of mixed integer arithmetic: int32 op int32 -> int64, uint16 op int32 -> int64,
# uint32 op uint32 -> uint64, signed op uint64 -> int64 (NBEP 1: mixed signedness gives signed),
# int32 op float32 -> float64; integer literals are int64, so float32 * 2 is float64.
# ARGS: --emit=typed-ir --sig "void(int32, int32, uint16, uint32, uint64, float32, float64[:])"
from numba import cuda


@cuda.jit
def typing(a, b, c, u, w, f, out):
    s = a + b
    t = c * a
    v = u + u
    x = a + w
    y = a * f
    z = f * 2
    q = f * f
    out[0] = s + t + v + x + y + z + q

# TYPES-DAG: Local s : int64
# TYPES-DAG: Local t : int64
# TYPES-DAG: Local v : uint64
# TYPES-DAG: Local x : int64
# TYPES-DAG: Local y : float64
# TYPES-DAG: Local z : float64
# TYPES-DAG: Local q : float32
