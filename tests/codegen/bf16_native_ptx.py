# bfloat16 arithmetic on sm_90: add.bf16, sub.bf16, mul.bf16 with no rounding modifier (as CUDA's
# cuda_bf16.hpp writes them there), abs.bf16 and neg.bf16 (from sm_80), comparisons as
# setp.*.bf16 in the source's order; division stays float32's correctly rounded div.rn.f32.
# ARGS: --emit=ptx --arch=sm_90 --sig "void(bfloat16[:], bfloat16, bfloat16, boolean[:])"
from numba import cuda
from numba.cuda.bf16 import habs, hadd, hmul, hneg, hsub


@cuda.jit
def bf16_native(out, a, b, flags):
    out[0] = a + b
    out[1] = hsub(a, b)
    out[2] = hmul(a, b)
    out[3] = habs(a)
    out[4] = hneg(b)
    out[5] = a / b
    flags[0] = a > b

# PTX: .target sm_90
# PTX-LABEL: .visible .entry bf16_native(
# PTX-NOT: add.rn.bf16
# PTX-DAG: add.bf16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: sub.bf16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: mul.bf16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: abs.bf16
# PTX-DAG: neg.bf16
# PTX-DAG: div.rn.f32
# PTX-DAG: setp.gt.bf16
# PTX-NOT: add.rn.bf16
# PTX: ret;
