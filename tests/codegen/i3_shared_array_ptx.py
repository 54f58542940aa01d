# Shared arrays are .shared declarations of the constant shape's size (a padded 16x17 float32
# tile: 1088 bytes; 32 int64: 256 bytes), accessed with ld.shared/st.shared of the element type,
# the shape given by module constants, keywords and dtypes from numba and NumPy.
# ARGS: --emit=ptx --sig "void(float32[:], int64[:], float64[:])"
import numpy as np
from numba import cuda, float32

TILE = 16
PAD = TILE + 1


@cuda.jit
def tiles(a, b, out):
    sa = cuda.shared.array((TILE, PAD), float32)
    sb = cuda.shared.array(shape=32, dtype=np.int64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sa[ty, tx] = a[tx]
    sb[tx] = b[tx]
    cuda.syncthreads()
    out[tx] = sa[tx, ty] + sb[31 - tx]

# PTX-LABEL: .visible .entry tiles(
# PTX-DAG: .shared .align {{[0-9]+}} .b8 {{[A-Za-z0-9_$.]+}}[1088];
# PTX-DAG: .shared .align {{[0-9]+}} .b8 {{[A-Za-z0-9_$.]+}}[256];
# PTX: st.shared.f32
# PTX: st.shared.{{[ub]}}64
# PTX: bar.sync 0;
# PTX-DAG: ld.shared.f32
# PTX-DAG: ld.shared.{{[ub]}}64
# PTX: st.global.f64
# PTX: ret;
