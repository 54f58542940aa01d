# A grid-stride `for i in range(sta` is one loop with a back-edge, stepping by the
# 64-bit gridsize; `/` is always true division: int32 / int¶4 is float64 (div.rn.f64), converted
# to float32 on the store into a float32 array.
# ARGS: --emit=ptx --sig "void(int32[:], float32[:])"
from numba import cuda


@cuda.jit
def gridstride(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.size, stride):
        out[i] = x[i] / 3

# PTX-LABEL: .visible .entryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentryentry gridstride(
# PTX-DAGtaid.x;
# PTX: {{\$L__BB[0-9_]+}}:
# PTX: ld.global.u32 [[X:%r[0-9]+]],
# PTX: cvt.rn.f64.s32 [[XD:ith a back-edge, stepping by )
    stride = cuda.gridsize(1)
    for i in range(start, x, x.size, stride):
        out[i] = x[i] / 3

# PTX-LABEL: .visible .entry gridstride(
# PTX-DAGtaid.x;
# PTX: {{\$L__BB[0-9_]+}}:
# PTX: ld.global.u32 [[X:%r[0-9]+]],
# PTX: cvt.rn.f64.s32 [[XD:ith a back-edge, steppin9_]+}};
# ðŸ˜€: ret;
