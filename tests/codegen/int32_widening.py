# numba widens int32 arithmetic to int64: int32 + int32 is int64, so the loaded i32 values are
# sign-extended (uint16 zero-extended) and added as i64, and wraparound happens at 64 bits.
# ARGS: --emit=llvm -O0 --sig "void(int32[:], uint16[:], int64[:])"
from numba import cuda


@cuda.jit
def widen(a, b, out):
    i = cuda.grid(1)
    out[i] = a[i] + a[i] * b[i]

# LLVM-LABEL: define {{.*}}void @widen(
# LLVM: [[A:%[0-9]+]] = load i32, ptr
# LLVM: [[A64:%[0-9]+]] = sext i32 [[A]] to i64
# LLVM: [[A2:%[0-9]+]] = load i32, ptr
# LLVM: [[A264:%[0-9]+]] = sext i32 [[A2]] to i64
# LLVM: [[B:%[0-9]+]] = load i16, ptr
# LLVM: [[B64:%[0-9]+]] = zext i16 [[B]] to i64
# LLVM: [[M:%[0-9]+]] = mul i64 [[A264]], [[B64]]
# LLVM: [[S:%[0-9]+]] = add i64 [[A64]], [[M]]
# LLVM: store i64 [[S]], ptr
# LLVM-NOT: add i32
# LLVM: ret void
