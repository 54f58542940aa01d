# threadIdx/blockIdx/blockDim/gridDim .x/.y/.z read %tid, %ctaid, %ntid and %nctaid respectively.
# ARGS: --emit=ptx --sig "void(int32[:])"
from numba import cuda


@cuda.jit
def regs(out):
    out[0] = cuda.threadIdx.x
    out[1] = cuda.threadIdx.y
    out[2] = cuda.threadIdx.z
    out[3] = cuda.blockIdx.x
    out[4] = cuda.blockIdx.y
    out[5] = cuda.blockIdx.z
    out[6] = cuda.blockDim.x
    out[7] = cuda.blockDim.y
    out[8] = cuda.blockDim.z
    out[9] = cuda.gridDim.x
    out[10] = cuda.gridDim.y
    out[11] = cuda.gridDim.z

# Each value is stored to its own element, in source order: element k is at byte offset 4*k.
# PTX-LABEL: .visible .entry regs(
# PTX: mov.u32 [[R0:%r[0-9]+]], %tid.x;
# PTX: st.global.u32 [{{%rd[0-9]+}}], [[R0]];
# PTX: mov.u32 [[R1:%r[0-9]+]], %tid.y;
# PTX: st.global.u32 [{{%rd[0-9]+}}+4], [[R1]];
# PTX: mov.u32 [[R2:%r[0-9]+]], %tid.z;
# PTX: st.global.u32 [{{%rd[0-9]+}}+8], [[R2]];
# PTX: mov.u32 [[R3:%r[0-9]+]], %ctaid.x;
# PTX: st.global.u32 [{{%rd[0-9]+}}+12], [[R3]];
# PTX: mov.u32 [[R4:%r[0-9]+]], %ctaid.y;
# PTX: st.global.u32 [{{%rd[0-9]+}}+16], [[R4]];
# PTX: mov.u32 [[R5:%r[0-9]+]], %ctaid.z;
# PTX: st.global.u32 [{{%rd[0-9]+}}+20], [[R5]];
# PTX: mov.u32 [[R6:%r[0-9]+]], %ntid.x;
# PTX: st.global.u32 [{{%rd[0-9]+}}+24], [[R6]];
# PTX: mov.u32 [[R7:%r[0-9]+]], %ntid.y;
# PTX: st.global.u32 [{{%rd[0-9]+}}+28], [[R7]];
# PTX: mov.u32 [[R8:%r[0-9]+]], %ntid.z;
# PTX: st.global.u32 [{{%rd[0-9]+}}+32], [[R8]];
# PTX: mov.u32 [[R9:%r[0-9]+]], %nctaid.x;
# PTX: st.global.u32 [{{%rd[0-9]+}}+36], [[R9]];
# PTX: mov.u32 [[R10:%r[0-9]+]], %nctaid.y;
# PTX: st.global.u32 [{{%rd[0-9]+}}+40], [[R10]];
# PTX: mov.u32 [[R11:%r[0-9]+]], %nctaid.z;
# PTX: st.global.u32 [{{%rd[0-9]+}}+44], [[R11]];
# PTX: ret;
