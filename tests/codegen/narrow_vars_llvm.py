# Which int64 variables narrow.c keeps in 32 bits on the GPU (at -O0 their stack slots show it),
# with --narrow (integer arguments in the int32 range). `n` is stepped twice under one
# `n < max_iter` guard (it could reach max_iter + 1), `m` where no guard bounds it, `p` under a
# guard whose bound may exceed int32 (`big` is assigned in the kernel): all three stay 64-bit.
# `c` (bounded by a constant), `d` (by the parameter, under an `if` guard) and `e` (by an extent)
# are 32-bit.
# ARGS: --emit=llvm -O0 --narrow --sig "void(int64[::1], int64)"
from numba import cuda


@cuda.jit
def counters(out, max_iter):
    i = cuda.grid(1)
    if i < out.size:
        n = 0
        while n < max_iter and out[i] > n:
            n += 1
            if out[i] > 2 * n:
                n += 1
        m = 0
        for k in range(i):
            m += 1
        big = max_iter * max_iter
        p = 0
        while p < big and out[i] > p:
            p += 1
        c = 0
        while c < 100 and out[i] > c:
            c += 1
        d = 0
        for k in range(4):
            if d < max_iter:
                d += 1
        e = 0
        while out.shape[0] > e:
            e += 1
        out[i] = n + m + p + c + d + e

# LLVM-LABEL: define {{.*}} @counters(
# LLVM-DAG: %n = alloca i64
# LLVM-DAG: %m = alloca i64
# LLVM-DAG: %p = alloca i64
# LLVM-DAG: %c = alloca i32
# LLVM-DAG: %d = alloca i32
# LLVM-DAG: %e = alloca i32
