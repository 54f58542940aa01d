# Kernel entry and parameter list: one .param per scalar with its PTX width, and for each array a
# data pointer followed by one u64 extent per dimension (1d: 2 params, 3d: 4 params).
# ARGS: --emit=ptx --sig "void(int8, uint16, int32, int64, float32, float64, bool, float64[:], float32[:,:,:])"
from numba import cuda


@cuda.jit
def scalars(a, b, c, d, e, f, g, out, t):
    out[0] = a + b + c + d + e + f
    if g:
        out[1] = t[1, 2, 3]

# PTX: .visible .entry scalars(
# PTX-NEXT: .param .u8 scalars_param_0,
# PTX-NEXT: .param .u16 scalars_param_1,
# PTX-NEXT: .param .u32 scalars_param_2,
# PTX-NEXT: .param .u64 scalars_param_3,
# PTX-NEXT: .param .f32 scalars_param_4,
# PTX-NEXT: .param .f64 scalars_param_5,
# PTX-NEXT: .param .u8 scalars_param_6,
# PTX-NEXT: .param .u64 scalars_param_7,
# PTX-NEXT: .param .u64 scalars_param_8,
# PTX-NEXT: .param .u64 scalars_param_9,
# PTX-NEXT: .param .u64 scalars_param_10,
# PTX-NEXT: .param .u64 scalars_param_11,
# PTX-NEXT: .param .u64 scalars_param_12
# PTX-NEXT: )
# Signed scalars are sign-extended, unsigned ones zero-extended.
# PTX-DAG: ld.param.s8 {{%rd[0-9]+}}, [scalars_param_0];
# PTX-DAG: ld.param.u16 {{%rd[0-9]+}}, [scalars_param_1];
# PTX-DAG: ld.param.s32 {{%rd[0-9]+}}, [scalars_param_2];
# PTX-DAG: ld.param.f32 {{%f[0-9]+}}, [scalars_param_4];
# PTX-DAG: ld.param.f64 {{%fd[0-9]+}}, [scalars_param_5];
# PTX: ret;
