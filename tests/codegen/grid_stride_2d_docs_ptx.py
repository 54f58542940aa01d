# numba's documentation writes its 2-D grid-stride kernels (the Mandelbrot example) with the
# start unpacked from cuda.grid(2) and the stride a product of the grid's and the block's sizes:
# both loops are grid-stride ranges, so the indices need no negative wraparound (shr.s64 before)
# and a thread with one pass in a loop compares instead of dividing (every thread divided twice
# before, for the outer loop and for each pass of the inner one).
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
# PTX: setp.le.u64
# PTX-NOT: shr.s64
# PTX: div.u
# PTX-NOT: shr.s64
# PTX: ret;
