# A column sum over range(n) rows, with --narrow: inside the loop the element's offset stays 64-bit,
# so that it becomes a pointer stepped by one row each iteration (one add a load, as nvcc's
# `a[(long)r * m + j]` gives); a 32-bit offset widened at each load (mad.lo.s32 / add.s32, then
# mul.wide) kept three instructions a load and ran 1.19x nvcc's time on an H200.
# ARGS: --emit=ptx --narrow --noalias --sig "void(float32[:,::1], float32[::1], int64)"
import numpy as np
from numba import cuda


@cuda.jit
def colsum(a, out, n):
    j = cuda.grid(1)
    if j < out.shape[0]:
        acc = np.float32(0.0)
        for r in range(n):
            acc += a[r, j]
        out[j] = acc

# PTX-LABEL: .visible .entry colsum(
# PTX: ld.global.nc.f32 %f{{[0-9]+}}, [%rd[[P:[0-9]+]]];
# PTX-NEXT: add.s64 %rd[[Q:[0-9]+]], %rd[[P]], %rd{{[0-9]+}};
# PTX-NEXT: ld.global.nc.f32 %f{{[0-9]+}}, [%rd[[Q]]];
# PTX: ret;
