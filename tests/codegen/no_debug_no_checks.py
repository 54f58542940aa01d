# Without --debug an indexing costs nothing beyond the address: no record, no compare, no atomics.
# ARGS: --emit=ptx --sig "void(float64[:], float64[:])"
from numba import cuda


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    out[i] = a[i + 2] * 2

# PTX-NOT: pj_error
# PTX-NOT: atom
# PTX: ld.global.f64
