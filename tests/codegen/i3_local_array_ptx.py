# A local array indexed at run time lives in the thread's local memory (a .local depot,
# st.local/ld.local), never in shared or global memory.
# ARGS: --emit=ptx --sig "void(float64[:], int64[:], float64[:])"
from numba import cuda, float64


@cuda.jit
def scratch(a, idx, out):
    buf = cuda.local.array(16, float64)
    i = cuda.grid(1)
    for k in range(16):
        buf[k] = a[i] * k
    out[i] = buf[idx[i] % 16]

# PTX-LABEL: .visible .entry scratch(
# PTX: .local .align {{[0-9]+}} .b8 {{[A-Za-z0-9_$.]+}}[128];
# PTX-NOT: .shared
# PTX: st.local.f64
# PTX: ld.local.f64
# PTX-NOT: .shared
# PTX: ret;
