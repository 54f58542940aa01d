# Without --noalias (arrays may overlap: the same array passed twice, overlapping views), loads
# stay plain ld.global and a load after a store to another array is not folded into it.
# ARGS: --emit=ptx --sig "void(float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def scale_into(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0
        out[i] += y[i] + x[i]

# PTX-LABEL: .visible .entry scale_into(
# PTX-NOT: ld.global.nc
# PTX: st.global.f32
# PTX: ld.global.f32
# PTX: st.global.f32
# PTX: ret;
