# narrow_grid_x_llvm.py's kernel without --narrow: the launch may have 2**31 threads or more along
# x, and n may pass int32, so every compare is 64-bit (the x index and size are numba's int64).
# ARGS: --emit=llvm -O0 --sig "void(int64[::1], int64)"
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
# LLVM-NOT: icmp {{[a-z]+}} i32
# LLVM-COUNT-10: icmp slt i64
# LLVM: icmp sgt i64
# LLVM-COUNT-2: icmp slt i64
# LLVM-NOT: icmp
# LLVM: {{^}}}
