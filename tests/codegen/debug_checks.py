# --debug checks each index against its extent and records the first failure in the module's
# pj_error record; without it the same kernel has no check and no record at all.
# ARGS: --emit=ptx --debug --sig "void(float64[:], float64[:])"
from numba import cuda


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    out[i] = a[i + 2] * 2

# PTX: .visible .global .align 8 .b8 pj_error[56];
# PTX: .visible .entry k(
# PTX: setp.{{[a-z]+}}.{{[us]}}64
# PTX-DAG: atom.global.cas.b32
# PTX-DAG: ld.global.f64
