# Array element reads are ld.global and writes st.global (through cvta.to.global pointers), with
# the element width of the dtype; cuda.grid(1) reads %tid.x, %ctaid.x and %ntid.x and is 64-bit;
# out.size is the extent parameter of out (param 6).
# ARGS: --emit=ptx --sig "void(float32, float32[:], float32[:], float32[:])"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]

# PTX-LABEL: .visible .entry saxpy(
# PTX-DAG: mov.u32 {{%r[0-9]+}}, %ntid.x;
# PTX-DAG: mov.u32 {{%r[0-9]+}}, %ctaid.x;
# PTX-DAG: mov.u32 {{%r[0-9]+}}, %tid.x;
# PTX-DAG: {{mul|mad}}.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}
# PTX-DAG: ld.param.u64 [[SIZE:%rd[0-9]+]], [saxpy_param_6];
# PTX-DAG: setp.{{ge|lt}}.{{s|u}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, [[SIZE]];
# PTX-DAG: cvta.to.global.u64
# PTX: ld.global.f32
# PTX: ld.global.f32
# PTX: st.global.f32
# PTX-NOT: ld.global
# PTX-NOT: st.global
# PTX: ret;
