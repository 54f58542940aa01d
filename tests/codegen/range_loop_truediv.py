# A grid-stride `for i in range(start, n, stride)` is one loop with a back-edge, stepping by the
# 64-bit gridsize; `/` is always true division: int32 / int64 is float64 (div.rn.f64), converted
# to float32 on the store into a float32 array.
# ARGS: --emit=ptx --sig "void(int32[:], float32[:])"
from numba import cuda


@cuda.jit
def gridstride(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.size, stride):
        out[i] = x[i] / 3

# PTX-LABEL: .visible .entry gridstride(
# PTX-DAG: ld.param.u64 {{%rd[0-9]+}}, [gridstride_param_1];
# PTX-DAG: mov.u32 {{%r[0-9]+}}, %nctaid.x;
# PTX: {{\$L__BB[0-9_]+}}:
# PTX: ld.global.u32 [[X:%r[0-9]+]],
# PTX: cvt.rn.f64.s32 [[XD:%fd[0-9]+]], [[X]];
# PTX: div.rn.f64 [[Q:%fd[0-9]+]], [[XD]], 0d4008000000000000;
# PTX: cvt.rn.f32.f64 [[QF:%f[0-9]+]], [[Q]];
# PTX: st.global.f32 [{{%rd[0-9]+}}], [[QF]];
# PTX: @{{%p[0-9]+}} bra {{\$L__BB[0-9_]+}};
# PTX: ret;
