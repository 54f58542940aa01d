# float16 on sm_52, which has no half-precision arithmetic (it comes with sm_53): each operation is
# computed in float32 and rounded back to float16 (cvt.rn.f16.f32), the same values the native
# instructions give; no .f16 arithmetic or comparison instruction appears.
# ARGS: --emit=ptx --arch=sm_52 --sig "void(float16[:], float16, float16, int8, boolean[:])"
from numba import cuda


@cuda.jit
def f16_sm52(out, a, b, n, flags):
    out[0] = a + b
    out[1] = a - b
    out[2] = a * b
    out[3] = abs(a)
    out[4] = cuda.fp16.hfma(a, b, a)
    flags[0] = a > n

# PTX: .target sm_52
# PTX-LABEL: .visible .entry f16_sm52(
# PTX-NOT: {{(add|sub|mul|abs|fma[.]rn|setp[.][a-z]+)[.]f16}}
# PTX-DAG: add.rn.f32
# PTX-DAG: sub.rn.f32
# PTX-DAG: mul.rn.f32
# PTX-DAG: abs.f32
# PTX-DAG: fma.rn.f32
# PTX-DAG: cvt.rn.f16.f32
# PTX-DAG: setp.gt.f32
# PTX-NOT: {{(add|sub|mul|abs|fma[.]rn|setp[.][a-z]+)[.]f16}}
# PTX: ret;
