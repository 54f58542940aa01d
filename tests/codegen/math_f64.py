# float64 math stays float64: math.sqrt is sqrt.rn.f64, math.exp/math.log are libdevice's double
# versions (__nv_exp/__nv_log, no single-precision ex2/lg2 approximation of the whole result),
# and loads/stores are .f64.
# ARGS: --emit=ptx --sig "void(float64[:], float64[:])"
from numba import cuda
import math


@cuda.jit
def f64(x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = math.sqrt(x[i]) + math.exp(x[i]) + math.log(x[i])

# PTX-LABEL: .visible .entry f64(
# PTX: ld.global.f64 [[X:%fd[0-9]+]],
# PTX-DAG: sqrt.rn.f64 {{%fd[0-9]+}}, [[X]];
# PTX-DAG: add.rn.f64
# PTX: st.global.f64
# PTX-NOT: st.global.f32
# PTX: ret;
