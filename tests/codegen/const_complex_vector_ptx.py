# An element of a module-level complex array (constant memory) is one vector load: ld.const.v2.f32 for
# complex64, ld.const.v2.f64 for complex128 (numba-cuda's test_const_array_3d looks for the first).
# The global is 16-byte aligned and every element lies at a multiple of its size, which LLVM sees once
# the loads are in the constant address space (backend/target.c: pj_has_const_data).
# ARGS: --emit=ptx --sig "void(complex64[:, :], complex128[:])"
import numpy as np
from numba import cuda

TABLE = np.array([[1 + 2j, 3 - 4j, 0.5j], [2, -1j, 7 + 0.25j]], dtype=np.complex64)
WIDE = np.array([1 + 1j, 2 - 3j, 0.125j, -4], dtype=np.complex128)


@cuda.jit
def lookup(out, wide):
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    c = cuda.const.array_like(TABLE)
    out[i, j] = c[i, j]
    wide[j] = WIDE[j]

# PTX-LABEL: .visible .entry lookup(
# PTX-DAG: ld.const.v2.f32 {%f{{[0-9]+}}, %f{{[0-9]+}}}, [%rd{{[0-9]+}}];
# PTX-DAG: ld.const.v2.f64 {%fd{{[0-9]+}}, %fd{{[0-9]+}}}, [%rd{{[0-9]+}}];
# PTX-NOT: ld.const.f32
# PTX-NOT: ld.const.f64
# PTX: ret;
