# numba's documentation writes its 2-D grid-stride kernels (the Mandelbrot example) with the
# start unpacked from cuda.grid(2) and the stride a product of the grid's and the block's sizes:
# both loops are grid-stride ranges, so the indices need no negative wraparound (shr.s64 before).
# Neither loop is unrolled (the inner one is inside another, the outer holds a loop), so neither
# counts its passes: each compares its variable with its bound, and no thread divides (every
# thread divided twice before 8d4cbb1, and once after it, for the inner loop's unroll count,
# which the backend hoisted out of the outer loop).
# ARGS: --emit=ptx --sig "void(float32[:, ::1], float32)"
from numba import cuda


@cuda.jit
def fill2d(image, value):
    height = image.shape[0]
    width = image.shape[1]
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    for x in range(startX, width, gridX):
        for y in range(startY, height, gridY):
            image[y, x] = value * x + y

# PTX-LABEL: .visible .entry fill2d(
# PTX-NOT: shr.s64
# PTX-NOT: div.u
# PTX: setp.ge.u64
# PTX-NOT: div.u
# PTX-NOT: shr.s64
# PTX: setp.lt.u64
# PTX-NOT: div.u
# PTX-NOT: shr.s64
# PTX: ret;
