# With --narrow the launch promises fewer than 2**31 threads along x (gridDim.x * blockDim.x), so
# the thread's x index and the grid's x size fit in int32 (narrow.c's thread geometry), whichever
# way they are written: blockIdx.x * blockDim.x + threadIdx.x in either order, through names
# assigned once, cuda.grid(1), cuda.grid(2)[0], cuda.gridsize(1), gridDim.x * blockDim.x; their
# compares with an int64 argument (which fits too) are 32-bit. The device's limits bound the
# rest: threadIdx.z below 64 (times 30000000 fits), blockIdx.z below 65535 (times 32768 fits).
# What may still pass 2**31 stays 64-bit: x + n, threadIdx.y (below 1024) times 30000000, and
# blockIdx.x * 2 (blockIdx.x alone is below gridDim.x, which may be 2**31 - 1 with one thread a
# block). narrow_grid_x_wide_llvm.py: the same kernel without --narrow.
# ARGS: --emit=llvm -O0 --narrow --sig "void(int64[::1], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    first = cuda.blockDim.x * cuda.blockIdx.x
    j = cuda.threadIdx.x + first
    s = cuda.gridDim.x * cuda.blockDim.x
    if i < n:
        a[0] = 1
    if cuda.threadIdx.x + cuda.blockDim.x * cuda.blockIdx.x < n:
        a[1] = 2
    if j < n:
        a[2] = 3
    if cuda.grid(1) < n:
        a[3] = 4
    if cuda.grid(2)[0] < n:
        a[4] = 5
    if cuda.gridsize(1) < n:
        a[5] = 6
    if s < n:
        a[6] = 7
    if cuda.blockDim.x * cuda.gridDim.x < n:
        a[7] = 8
    if cuda.threadIdx.z * 30000000 < n:
        a[8] = 9
    if cuda.blockIdx.z * 32768 < n:
        a[9] = 10
    if i + n > 0:
        a[10] = 11
    if cuda.threadIdx.y * 30000000 < n:
        a[11] = 12
    if cuda.blockIdx.x * 2 < n:
        a[12] = 13

# LLVM-LABEL: define {{.*}} @k(
# LLVM-COUNT-10: icmp slt i32
# LLVM-NOT: icmp slt i32
# LLVM: icmp sgt i64
# LLVM-NEXT: br i1
# LLVM: icmp slt i64
# LLVM-NEXT: br i1
# LLVM: icmp slt i64
# LLVM-NEXT: br i1
# LLVM-NOT: icmp
# LLVM: {{^}}}
