# float16 arithmetic on sm_90 is the GPU's half-precision instructions, spelled as CUDA's
# cuda_fp16.hpp spells them (numba-cuda's PTX tests look for these): add/sub/mul.f16 with no
# rounding modifier, abs.f16 rather than a float32 abs, a comparison with an int8 as setp.gt.f16
# in the source's order (the int8 converted to float16 exactly), division kept in float32
# (correctly rounded, unlike CUDA's approximate half division).
# ARGS: --emit=ptx --arch=sm_90 --sig "void(float16[:], float16, float16, int8, boolean[:])"
from numba import cuda


@cuda.jit
def f16_native(out, a, b, n, flags):
    out[0] = a + b
    out[1] = a - b
    out[2] = a * b
    out[3] = abs(a)
    out[4] = -a
    out[5] = cuda.fp16.hfma(a, b, a)
    out[6] = a / b
    out[7] = cuda.fp16.habs(b)
    flags[0] = a > n
    flags[1] = a <= n

# PTX: .target sm_90
# PTX-LABEL: .visible .entry f16_native(
# PTX-NOT: add.rn.f16
# PTX-NOT: abs.f32
# PTX-DAG: add.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: sub.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: mul.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: abs.f16 %rs{{[0-9]+}}, %rs{{[0-9]+}};
# PTX-DAG: neg.f16
# PTX-DAG: fma.rn.f16
# PTX-DAG: div.rn.f32
# PTX-DAG: cvt.rn.f16.s8
# PTX-DAG: setp.gt.f16
# PTX-DAG: setp.le.f16
# PTX-NOT: add.rn.f16
# PTX-NOT: abs.f32
# PTX: ret;
