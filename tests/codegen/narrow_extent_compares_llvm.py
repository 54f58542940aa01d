# With --narrow, compares of values in the int32 range are 32-bit (narrow.c's ranges): cuda.grid(2)'s
# y (below 2**26) against an extent less one, read as `a.shape[0] - 1` or through `n, m =
# a.shape`, each link of a chain `1 <= y < n - 1`, and a sum of small values; cuda.grid(2)'s x
# too, as the launch promises fewer than 2**31 threads along x (without --narrow it may pass
# 2**31: 2**31 - 1 blocks of 1024 threads). A compare of y with an extent times 3 (which may pass
# 2**31) stays 64-bit.
# ARGS: --emit=llvm -O0 --narrow --sig "void(float32[:,::1])"
from numba import cuda


@cuda.jit
def k(a):
    x, y = cuda.grid(2)
    n, m = a.shape
    if 1 <= y < n - 1:
        a[0, 0] = 1.0
    if y < a.shape[0] - 1:
        a[0, 1] = 2.0
    if y + cuda.threadIdx.x > 5:
        a[0, 2] = 3.0
    if x < m - 1:
        a[0, 3] = 4.0
    if y < n * 3:
        a[0, 4] = 5.0

# LLVM-LABEL: define {{.*}} @k(
# LLVM: icmp sle i32
# LLVM: icmp slt i32
# LLVM: icmp slt i32
# LLVM: icmp sgt i32
# LLVM: [[X:%[0-9]+]] = trunc i64 %x{{[0-9]*}} to i32
# LLVM: icmp slt i32 [[X]]
# LLVM: icmp slt i64 %y
