# bfloat16 on sm_75, which has no bfloat16 instructions (they come with sm_80): arithmetic in
# float32, rounded to bfloat16 by integer operations on the float32's bits.
# ARGS: --emit=ptx --arch=sm_75 --sig "void(bfloat16[:], bfloat16, bfloat16)"
from numba import cuda


@cuda.jit
def bf16_sm75(out, a, b):
    out[0] = a + b
    out[1] = a - b
    out[2] = a * b

# PTX: .target sm_75
# PTX-LABEL: .visible .entry bf16_sm75(
# PTX-NOT: {{[.]bf16}}
# PTX-DAG: add.rn.f32
# PTX-DAG: sub.rn.f32
# PTX-DAG: mul.rn.f32
# PTX-NOT: {{[.]bf16}}
# PTX: ret;
