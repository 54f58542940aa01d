# numba's documented complex Mandelbrot as 2-D grid-stride loops: `for x in range(x0, width, sx)`
# with x0 = blockDim.x * blockIdx.x + threadIdx.x and sx = gridDim.x * blockDim.x (and the same in
# y). With --narrow the launch promises fewer than 2**31 threads along each axis, so x0 and sx fit
# in int32 (narrow.c), as do width and height: each loop walks its variable in 32 bits (add.s32
# by the stride, an unsigned 32-bit compare with the extent), with no count of passes, so no
# division and no 64-bit multiply k * sx; x and y become float64 from 32 bits (cvt.rn.f64.u32).
# narrow_grid_stride_wide_ptx.py: the same kernel without --narrow.
# ARGS: --kernel mandel_complex --emit=ptx --narrow --noalias --sig "void(float64, float64, float64, float64, uint8[:,::1], int64)"
from numba import cuda

@cuda.jit(device=True)
def escape_complex(x, y, iters):
    c = complex(x, y)
    z = 0.0j
    for k in range(iters):
        z = z * z + c
        if z.real * z.real + z.imag * z.imag >= 4:
            return k
    return iters

@cuda.jit
def mandel_complex(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]
    dx = (max_x - min_x) / width
    dy = (max_y - min_y) / height
    x0 = cuda.blockDim.x * cuda.blockIdx.x + cuda.threadIdx.x
    y0 = cuda.blockDim.y * cuda.blockIdx.y + cuda.threadIdx.y
    sx = cuda.gridDim.x * cuda.blockDim.x
    sy = cuda.gridDim.y * cuda.blockDim.y
    for x in range(x0, width, sx):
        re = min_x + x * dx
        for y in range(y0, height, sy):
            image[y, x] = escape_complex(re, min_y + y * dy, iters)

# PTX-LABEL: .visible .entry mandel_complex(
# PTX-NOT: div.{{[su]}}64
# PTX-NOT: div.u32
# PTX-NOT: cvt.rn.f64.s64
# PTX-NOT: setp.{{[a-z]+}}.{{[su]}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: mad.lo.s32 [[X0:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
# PTX: setp.ge.u32 {{%p[0-9]+}}, [[X0]], {{%r[0-9]+}};
# PTX: add.s32 [[X:%r[0-9]+]], [[X]], {{%r[0-9]+}};
# PTX-NEXT: setp.lt.u32 {{%p[0-9]+}}, [[X]], {{%r[0-9]+}};
# PTX: cvt.rn.f64.u32 {{%fd[0-9]+}}, [[X]];
# PTX: add.s32 [[Y:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
# PTX-NEXT: setp.lt.u32 {{%p[0-9]+}}, [[Y]], {{%r[0-9]+}};
# PTX: cvt.rn.f64.u32 {{%fd[0-9]+}}, [[Y]];
# PTX-NOT: div.{{[su]}}64
# PTX-NOT: cvt.rn.f64.s64
# PTX-NOT: setp.{{[a-z]+}}.{{[su]}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: ret;
