# A float16 multiply whose result meets an add keeps LLVM's lowering: fused into fma.rn.f16 where
# the expression may contract (a * b + c), and otherwise mul.rn.f16 and add.rn.f16, whose rounding
# modifiers keep ptxas from fusing them (cuda.fp16.hmul then hadd, rounded twice, as before). Only
# an add or multiply that cannot pair with another is written without the modifier.
# ARGS: --emit=ptx --arch=sm_90 --sig "void(float16[:], float16[:])"
from numba import cuda


@cuda.jit
def f16_pairs(x, out):
    out[0] = x[0] * x[1] + x[2]
    out[1] = cuda.fp16.hadd(cuda.fp16.hmul(x[3], x[4]), x[5])
    out[2] = x[6] * x[7]

# PTX-LABEL: .visible .entry f16_pairs(
# PTX-NOT: add.f16
# PTX-DAG: fma.rn.f16
# PTX-DAG: mul.rn.f16 [[P:%rs[0-9]+]], %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: add.rn.f16 %rs{{[0-9]+}}, [[P]], %rs{{[0-9]+}};
# PTX-DAG: mul.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-NOT: add.f16
# PTX: ret;
