# narrow_step_styles_ptx.py's kernel without --narrow: max_iter may exceed int32, so neither
# counter is bounded by a value that fits and both stay 64-bit (numba's int64), stepped by an
# add.s64 and compared with max_iter by a 64-bit compare.
# ARGS: --emit=ptx --noalias --sig "void(int32[:,::1], int64)"
import numpy as np
from numba import cuda

FOUR = np.float32(4.0)


@cuda.jit
def mandel(out, max_iter):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        cr = np.float32(-2.0) + np.float32(3.0) * np.float32(x) / np.float32(w)
        ci = np.float32(-1.5) + np.float32(3.0) * np.float32(y) / np.float32(h)
        zr = np.float32(0.0)
        zi = np.float32(0.0)
        i = 0
        while i < max_iter:
            if zr * zr + zi * zi > FOUR:
                break
            t = zr * zr - zi * zi + cr
            zi = np.float32(2.0) * zr * zi + ci
            zr = t
            i = i + 1
        n = 0
        while True:
            if n >= max_iter or zr * zr + zi * zi > FOUR:
                break
            t = zr * zr - zi * zi + cr
            zi = np.float32(2.0) * zr * zi + ci
            zr = t
            n += 1
        out[y, x] = i + n

# PTX-LABEL: .visible .entry mandel(
# PTX: add.s64 [[I:%rd[0-9]+]], [[I]], 1;
# PTX-NEXT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{.*}}[[I]]
# PTX: add.s64 [[N:%rd[0-9]+]], [[N]], 1;
# PTX-NEXT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{.*}}[[N]]
# PTX: ret;
