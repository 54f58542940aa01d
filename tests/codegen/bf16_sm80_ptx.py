# bfloat16 add, subtract and multiply on sm_80, which has bfloat16 fma but not add.bf16 (sm_90):
# one fma.rn.bf16 each, as CUDA's cuda_bf16.hpp does there: a * 1 + b, b * -1 + a, a * b + -0
# (the -0 keeps a product's +0), each rounded once, so the same values as float32 arithmetic
# rounded to bfloat16.
# ARGS: --emit=ptx --arch=sm_80 --sig "void(bfloat16[:], bfloat16, bfloat16)"
from numba import cuda


@cuda.jit
def bf16_sm80(out, a, b):
    out[0] = a + b
    out[1] = a - b
    out[2] = a * b

# PTX: .target sm_80
# PTX-LABEL: .visible .entry bf16_sm80(
# PTX-NOT: add.rn.f32
# PTX-DAG: mov.b16 k, 0x3F80; fma.rn.bf16 %rs{{[0-9]+}}, [[A:%rs[0-9]+]], k, [[B:%rs[0-9]+]];
# PTX-DAG: mov.b16 k, 0xBF80; fma.rn.bf16 %rs{{[0-9]+}}, [[B]], k, [[A]];
# PTX-DAG: mov.b16 k, 0x8000; fma.rn.bf16 %rs{{[0-9]+}}, [[A]], [[B]], k;
# PTX-NOT: {{(add|sub|mul)[.]rn[.]f32}}
# PTX: ret;
