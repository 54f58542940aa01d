# --noalias (what a launch promises when no two array arguments overlap): the array pointers are
# noalias, so loads of an array the kernel never writes take the read-only path (ld.global.nc)
# and a value stored is not reloaded; the written array keeps plain loads.
# ARGS: --emit=ptx --noalias --sig "void(float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def scale_into(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0
        out[i] += y[i] + x[i]

# PTX-LABEL: .visible .entry scale_into(
# PTX-DAG: ld.global.nc.f32
# PTX-DAG: ld.global.nc.f32
# PTX-NOT: ld.global.nc.f32
# PTX: st.global.f32
# PTX-NOT: st.global.f32
# PTX: ret;
