# Cache-hinted loads and stores (numba-cuda's cuda.ldcg / cuda.stcs ...) become PTX ld.global /
# st.global with that cache operator and the element's width in bits, through a pointer parameter
# (CPointer) as through an array; 8-bit elements go through a 16-bit register.
# ARGS: --emit=ptx --sig "void(CPointer(float64), float64[::1], int8[:, ::1], CPointer(int8), int64)"
from numba import cuda


@cuda.jit
def hints(p, a, b, q, n):
    for i in range(n):
        cuda.stcs(p, i, cuda.ldcg(a, i) * 2.0)
        cuda.stwt(b, (0, i), cuda.ldlu(q, i))

# PTX: .param .u64 hints_param_0
# PTX: ld.global.cg.b64
# PTX: st.global.cs.b64
# PTX: ld.global.lu.b8 %rs
# PTX: st.global.wt.b8 [%rd{{[0-9]+}}], %rs
