# Loads from global memory are issued before the square root and the division that would
# otherwise separate them (sqrt.rn and div.rn branch to a slow path in SASS, and ptxas does not
# move a load across that branch): the three loads come first, in one memory round trip. A load
# written after a store stays after it.
# ARGS: --emit=ptx --sig "void(float32[::1], float32[::1], float32[::1], float32[::1])"
from numba import cuda
import math


@cuda.jit
def loads_first(t, s, k, out):
    i = cuda.grid(1)
    if i < t.size:
        root = math.sqrt(t[i])
        out[i] = s[i] / k[i] + root
        out[i] += t[i] * s[i]

# PTX-LABEL: .visible .entry loads_first(
# PTX: ld.global.f32
# PTX-NOT: {{sqrt|div}}
# PTX: ld.global.f32
# PTX-NOT: {{sqrt|div}}
# PTX: ld.global.f32
# PTX-NOT: ld.global
# PTX: sqrt.rn.f32
# PTX: div.rn.f32
# PTX: st.global.f32
# PTX: ld.global.f32
# PTX: st.global.f32
# PTX: ret;
