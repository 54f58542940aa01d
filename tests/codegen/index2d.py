# 2D indexing of a C-contiguous array: the address of a[i, j] is data + (i * extent1 + j) * itemsize,
# where extent1 is the array's second extent parameter (a: params 0-2, b: params 3-5).
# ARGS: --emit=ptx --sig "void(float64[:,:], float64[:,:])"
from numba import cuda


@cuda.jit
def add_one(a, b):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        b[i, j] = a[i, j] + 1.0

# PTX-LABEL: .visible .entry add_one(
# a.shape[0] and a.shape[1] are the bounds of the two comparisons (unsigned where both sides are
# known not negative: extents carry a range).
# PTX-DAG: ld.param.u64 [[A0:%rd[0-9]+]], [add_one_param_1];
# PTX-DAG: ld.param.u64 [[A1:%rd[0-9]+]], [add_one_param_2];
# PTX-DAG: setp.{{lt|ge}}.{{s|u}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, [[A0]];
# PTX-DAG: setp.{{lt|ge}}.{{s|u}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, [[A1]];
# PTX-DAG: ld.param.u64 [[B1:%rd[0-9]+]], [add_one_param_5];
# PTX: mul.lo.s64 [[ROWA:%rd[0-9]+]], {{%rd[0-9]+}}, [[A1]];
# PTX: shl.b64 {{%rd[0-9]+}}, [[ROWA]], 3;
# PTX: ld.global.f64
# PTX: add.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, 0d3FF0000000000000;
# PTX: mul.lo.s64 [[ROWB:%rd[0-9]+]], {{%rd[0-9]+}}, [[B1]];
# PTX: shl.b64 {{%rd[0-9]+}}, [[ROWB]], 3;
# PTX: st.global.f64
# PTX: ret;
