# narrow_device_params_llvm.py's kernel without --narrow: max_iter may exceed int32, so no device
# function's parameter is known to fit; every range() counter and result stays 64-bit.
# ARGS: --emit=llvm -O0 --sig "void(int64[::1], int64)"
from numba import cuda


@cuda.jit(device=True)
def count(n, x):
    for i in range(n):
        if x < i:
            return i
    return n


@cuda.jit(device=True)
def outer(n, x):
    t = 0
    for j in range(n):
        t = t + x
    return count(n, t)


@cuda.jit(device=True)
def mixed(n, x):
    for i in range(n):
        if x < i:
            return i
    return n


@cuda.jit(device=True)
def bumped(n, x):
    n = n + 1
    for i in range(n):
        if x < i:
            return i
    return n


@cuda.jit
def k(out, max_iter):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = count(max_iter, out[i]) + outer(max_iter, out[i]) + mixed(max_iter, out[i])
        out[i] += mixed(max_iter * 3, out[i]) + bumped(max_iter, out[i])

# LLVM-LABEL: define internal i64 @count.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
# LLVM-LABEL: define internal i64 @outer.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
# LLVM-LABEL: define internal i64 @mixed.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
# LLVM-LABEL: define internal i64 @bumped.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
