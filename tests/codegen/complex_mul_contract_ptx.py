# A complex product's parts contract into fused multiply-adds, as real arithmetic does and as NVVM
# contracts numba's plain fmul/fsub/fadd for complex * complex: (a+bi)(c+di) has the real part
# fma(a, c, -(b*d)) and the imaginary part fma(a, d, b*c).
# ARGS: --emit=ptx --sig "void(complex128[:], complex128[:], complex128[:])"
from numba import cuda


@cuda.jit
def cmul(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * y[i]

# PTX-LABEL: .visible .entry cmul(
# PTX-DAG: fma.rn.f64
# PTX-DAG: fma.rn.f64
# PTX-NOT: add.rn.f64
# PTX-NOT: sub.rn.f64
# PTX: ret;
