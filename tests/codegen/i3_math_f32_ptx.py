# The float32 functions in PTX code: f32 instructions only (no .f64 instruction, no %fd register);
# math.sqrt is the IEEE sqrt.rn.f32, math.fabs abs.f32, math.copysign a bit operation, and the
# libdevice float functions show their f32 cores (ex2.approx for exp and tanh).
# ARGS: --emit=ptx --sig "void(float32[:], float32[:], float32[:])"
import math

from numba import cuda


@cuda.jit
def f32_ptx(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        a = x[i]
        b = y[i]
        out[i] = math.exp(a) * math.tanh(b) + math.log(b) - math.sqrt(b) + math.fabs(a) * math.erf(b)
        out[i] += math.atan2(a, b) + math.hypot(a, b) + math.lgamma(b) + math.gamma(a) + math.pow(a, b)

# PTX-LABEL: .visible .entry f32_ptx(
# PTX-NOT: .f64
# PTX-NOT: %fd
# PTX-DAG: ld.global.f32
# PTX-DAG: sqrt.rn.f32
# PTX-DAG: abs.f32
# PTX-DAG: ex2.approx{{(\.ftz)?}}.f32
# PTX-NOT: .f64
# PTX-NOT: %fd
# PTX: st.global.f32
# PTX-NOT: .f64
# PTX-NOT: %fd
# PTX: ret;
