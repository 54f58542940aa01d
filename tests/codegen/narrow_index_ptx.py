# A Jacobi step as users write it, with --narrow (the launch's arrays have fewer than 2**31
# elements): the compare of the row index (cuda.grid(2)'s y, below 2**26) with a.shape[0] - 1 is
# 32-bit, and each element's offset, (i - 1) * m + j, is a 32-bit multiply-add widened once
# (mul.wide), as nvcc's `int` indices give, where it was a 64-bit multiply (mul.lo.s64) and adds.
# ARGS: --emit=ptx --narrow --noalias --sig "void(float32[:,::1], float32[:,::1])"
import numpy as np
from numba import cuda

W = np.float32(0.25)


@cuda.jit
def jacobi(a, b):
    j, i = cuda.grid(2)
    if i > 0 and j > 0 and i < a.shape[0] - 1 and j < a.shape[1] - 1:
        b[i, j] = W * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])

# PTX-LABEL: .visible .entry jacobi(
# PTX-NOT: mul.lo.s64
# PTX: setp.lt.s32
# PTX-NOT: mul.lo.s64
# PTX: mad.lo.s32
# PTX-NEXT: mul.wide.{{[su]}}32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 4;
# PTX-NOT: mul.lo.s64
# PTX: ld.global.nc.f32
# PTX-NOT: mul.lo.s64
# PTX: mad.lo.s32
# PTX-NEXT: mul.wide.{{[su]}}32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 4;
# PTX-NOT: mul.lo.s64
# PTX: st.global.f32
# PTX: ret;
