# Mandelbrot's escape loop as users write it, with --narrow (integer arguments in the int32
# range): the counter stepped by `i = i + 1` after an `if ...: break`, and a `while True:` loop
# left by `if n >= max_iter or ...: break` before `n += 1`. Both counters run in 32 bits (one
# add.s32 and one 32-bit compare a turn, as nvcc's `int` counters do); narrow_step_styles_wide_ptx.py
# is the same kernel without --narrow, where max_iter may exceed int32 and they stay 64-bit.
# ARGS: --emit=ptx --narrow --noalias --sig "void(int32[:,::1], int64)"
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
# PTX-NOT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
# PTX-NOT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: add.s32 [[I:%r[0-9]+]], [[I]], 1;
# PTX-NEXT: setp.{{[a-z]+}}.s32 {{%p[0-9]+}}, {{.*}}[[I]]
# PTX-NOT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
# PTX-NOT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: add.s32 [[N:%r[0-9]+]], [[N]], 1;
# PTX-NEXT: setp.{{[a-z]+}}.s32 {{%p[0-9]+}}, {{.*}}[[N]]
# PTX-NOT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
# PTX-NOT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: ret;
