# narrow_grid_stride_ptx.py's kernel without --narrow: a launch may have 2**31 threads or more
# along x, so x0 and sx are numba's int64 and the x loop stays 64-bit: a 64-bit count of passes
# (a division), a 64-bit multiply k * sx each pass, 64-bit compares and x converted to float64
# from 64 bits.
# ARGS: --kernel mandel_complex --emit=ptx --noalias --sig "void(float64, float64, float64, float64, uint8[:,::1], int64)"
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
# PTX: div.u64
# PTX: setp.lt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: mul.lo.s64
# PTX: cvt.rn.f64.s64
# PTX: ret;
