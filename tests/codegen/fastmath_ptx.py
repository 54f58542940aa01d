# fastmath=True: flush-to-zero, libdevice's fast exp (ex2.approx), approximate float32 division
# and square root; max_registers becomes .maxnreg.
# ARGS: --emit=ptx --sig "void(float32[:], float32[:])"
import math
from numba import cuda


@cuda.jit(fastmath=True, max_registers=32)
def k(x, out):
    i = cuda.grid(1)
    out[i] = math.exp(x[i]) / x[i] + math.sqrt(x[i])

# PTX: .maxnreg 32
# PTX-DAG: ex2.approx.ftz.f32
# PTX-DAG: div.approx.ftz.f32
# PTX-DAG: sqrt.approx.ftz.f32
