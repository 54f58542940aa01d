# float32 math (PTX output): math.sqrt is sqrt.rn.f32 (IEEE, not approx), math.fabs abs.f32, math.log
# and math.exp come from libdevice's float versions; float32 arithmetic between float32 values
# stays .f32. No f64 register or instruction appears.
# ARGS: --emit=ptx --sig "void(float32[:], float32[:], float32[:])"
from numba import cuda
import math


@cuda.jit
def f32(x, z, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = math.sqrt(x[i]) * math.fabs(z[i]) + math.log(z[i]) - math.exp(x[i]) / z[i]

# PTX-NOT: f64
# PTX-LABEL: .visible .entry f32(
# PTX-NOT: f64
# PTX-DAG: ld.global.f32 [[X:%f[0-9]+]],
# PTX-DAG: ld.global.f32 [[Z:%f[0-9]+]],
# PTX-DAG: sqrt.rn.f32 {{%f[0-9]+}}, [[X]];
# PTX-DAG: abs.f32 {{%f[0-9]+}}, [[Z]];
# PTX-DAG: ex2.approx{{.*}}.f32
# PTX-DAG: div.rn.f32
# PTX: st.global.f32
# PTX-NOT: f64
# PTX: ret;
# PTX-NOT: f64
