# Sums of values in known ranges (narrow.c, pj_range): threadIdx.x is below 1024, so a5 = 32 *
# threadIdx.x fits in int32 and its compare with an argument in the int32 range (--narrow) is
# 32-bit; a22 = 2**22 * threadIdx.x may reach 2**32 and stays 64-bit. Each name followed doubles
# the expressions looked at: a question gives up (64-bit, as it must for a22) after a bounded
# number of them, so such chains compile at once.
# ARGS: --emit=llvm -O0 --narrow --sig "void(int64[::1], int64)"
from numba import cuda
@cuda.jit
def k(out, n):
    a0 = cuda.threadIdx.x
    a1 = a0 + a0
    a2 = a1 + a1
    a3 = a2 + a2
    a4 = a3 + a3
    a5 = a4 + a4
    a6 = a5 + a5
    a7 = a6 + a6
    a8 = a7 + a7
    a9 = a8 + a8
    a10 = a9 + a9
    a11 = a10 + a10
    a12 = a11 + a11
    a13 = a12 + a12
    a14 = a13 + a13
    a15 = a14 + a14
    a16 = a15 + a15
    a17 = a16 + a16
    a18 = a17 + a17
    a19 = a18 + a18
    a20 = a19 + a19
    a21 = a20 + a20
    a22 = a21 + a21
    if a22 < n:
        out[0] = a5 < n
        out[1] = a7 < n

# LLVM-LABEL: define {{.*}} @k(
# LLVM: icmp slt i64 %a22{{[0-9]*}}, %n
# LLVM: icmp slt i32
# LLVM: icmp slt i32
