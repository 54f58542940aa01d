# A bool array element is a byte in global memory (PTX output).
# ARGS: --emit=ptx --sig "void(float64[:], bool[:])"
from numba import cuda


@cuda.jit
def positive(x, flags):
    i = cuda.grid(1)
    if i < x.size:
        flags[i] = x[i] > 0

# PTX-LABEL: .visible .entry positive(
# PTX: ld.global.f64
# PTX: setp.gt.f64 [[P:%p[0-9]+]],
# PTX: selp.{{[bu]16|[bu]32}} [[V:%r[s]?[0-9]+]], 1, 0, [[P]];
# PTX: st.global.u8 [{{%rd[0-9]+}}], [[V]];
# PTX: ret;
