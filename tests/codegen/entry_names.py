# A kernel name PTX would reject (non-ASCII letters here; also "_", WARP_SZ or libdevice's names)
# becomes a valid .entry: "pj_" and the name with other bytes written as _XX.
# ARGS: --emit=ptx --sig "void(float32[:])"
from numba import cuda


@cuda.jit
def café(a):
    a[0] = 1.0

# PTX: .visible .entry pj_caf_C3_A9(
