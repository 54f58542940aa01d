# numba's documentation's Mandelbrot: a device function's `for i in range(max_iters)` returning i
# from inside the loop, max_iters passed on from the kernel's int64 argument. With --narrow the
# call passes a value that fits (narrow.c), so the loop runs one 32-bit counter (add.s32 and a
# 32-bit compare a turn, as nvcc's `int` loop), and the result, which fits too, comes back 32-bit
# (no 64-bit counter widened to feed it). The row offset of out[y, x] is a 32-bit multiply-add
# widened once (mul.wide), not a 64-bit multiply.
# ARGS: --emit=ptx --narrow --noalias --sig "void(int32[:,::1], int64)"
import numpy as np
from numba import cuda

FOUR = np.float32(4.0)


@cuda.jit(device=True)
def mandel(cr, ci, max_iters):
    zr = np.float32(0.0)
    zi = np.float32(0.0)
    for i in range(max_iters):
        zr, zi = zr * zr - zi * zi + cr, np.float32(2.0) * zr * zi + ci
        if zr * zr + zi * zi >= FOUR:
            return i
    return max_iters


@cuda.jit
def mandelbrot(out, max_iters):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        out[y, x] = mandel(np.float32(-2.0) + np.float32(3.0) * np.float32(x) / np.float32(w),
                           np.float32(-1.5) + np.float32(3.0) * np.float32(y) / np.float32(h), max_iters)

# PTX-LABEL: .visible .entry mandelbrot(
# PTX-NOT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
# PTX-NOT: setp.{{[a-z]+}}.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX-NOT: mul.lo.s64
# PTX: add.s32 [[I:%r[0-9]+]], [[I]], 1;
# PTX-NEXT: setp.{{[a-z]+}}.s32 {{%p[0-9]+}}, {{.*}}[[I]]
# PTX-NOT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
# PTX-NOT: mul.lo.s64
# PTX: mul.wide.{{[su]}}32
# PTX: st.global.u32
# PTX: ret;
