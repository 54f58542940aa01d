# A device function's int64 parameter is known to fit in int32 when every call passes a value
# that does (narrow.c, pj_cg_narrow_specs): with --narrow the kernel's max_iter does, so `count`'s
# range() counter is 32-bit (at -O0 its slot shows it), and so is `outer`'s, whose argument comes
# from the kernel too, as is `count` called from `outer`; and since every value `count` returns
# fits, it returns an i32, and so does `outer`, which returns what `count` does. `mixed` is also called with max_iter * 3, which may not fit, and
# `bumped` assigns its parameter: their counters and results stay 64-bit.
# ARGS: --emit=llvm -O0 --narrow --sig "void(int64[::1], int64)"
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

# LLVM-LABEL: define internal i32 @count.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i32
# LLVM-LABEL: define internal i32 @outer.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i32
# LLVM-LABEL: define internal i64 @mixed.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
# LLVM-LABEL: define internal i64 @bumped.{{[0-9]+}}(i64 %0, i64 %1)
# LLVM: %range.k = alloca i64
