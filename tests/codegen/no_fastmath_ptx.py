# Without fastmath the same kernel keeps IEEE division and square root, and denormals in its own
# arithmetic (libdevice's accurate expf uses ex2.approx.ftz internally, as with nvcc).
# ARGS: --emit=ptx --sig "void(float32[:], float32[:])"
import math
from numba import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = math.exp(x[i]) / x[i] + math.sqrt(x[i])

# PTX-NOT: .maxnreg
# PTX-NOT: div.approx
# PTX-NOT: sqrt.approx
# PTX-NOT: add.rn.ftz
# PTX-DAG: div.rn.f32
# PTX-DAG: sqrt.rn.f32
