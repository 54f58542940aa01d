# More ways of writing a bounded counter that narrow.c keeps in 32 bits on the GPU (at -O0 the
# stack slots show it), with --narrow (integer arguments in the int32 range): the step written
# `v = v + 1` or `v = 1 + v`; a `while True:` loop left by `if v >= bound or ...: break` (or
# `not (v < bound)`, `continue`, `return`) before the step; the else branch of
# `if v >= bound:`; a link of a chain `0 <= v < bound`. And the forms that must stay 64-bit:
# a step of 2, a step in no guard's region, two steps after one exit, an exit test joined by
# `and` (false where v is past the bound), an `if v >= bound:` that does not leave, a counter
# also given a value that may not fit, and a guard whose bound may exceed int32.
# ARGS: --emit=llvm -O0 --narrow --sig "void(int64[::1], int64)"
from numba import cuda


@cuda.jit
def styles(out, max_iter):
    i = cuda.grid(1)
    if i < out.size:
        a = 0
        while a < max_iter:
            if out[i] > a:
                break
            a = a + 1
        b = 0
        while b < max_iter and out[i] > b:
            b = 1 + b
        c = 0
        while True:
            if c >= max_iter or out[i] < c:
                break
            c += 1
        d = 0
        while True:
            if not (d < max_iter):
                break
            d = d + 1
        e = 0
        for k in range(8):
            if max_iter <= e:
                continue
            e += 1
        f = 0
        for k in range(8):
            if f >= max_iter:
                out[0] = 1
            else:
                f += 1
        g = 0
        while 0 <= g < max_iter:
            g += 1
        w1 = 0
        while w1 < max_iter:
            w1 = w1 + 2
        w2 = 0
        for k in range(8):
            w2 = w2 + 1
        w3 = 0
        while True:
            if w3 >= max_iter:
                break
            w3 += 1
            w3 += 1
        w4 = 0
        while True:
            if w4 >= max_iter and out[i] > 0:
                break
            w4 += 1
        w5 = 0
        for k in range(8):
            if w5 >= max_iter:
                out[1] = 2
            w5 = w5 + 1
        w6 = 0
        for k in range(3):
            while True:
                if w6 >= max_iter:
                    break
                w6 = w6 + 1
            out[k] = w6
            w6 = max_iter * 3
        big = max_iter * max_iter
        w7 = 0
        while True:
            if w7 >= big:
                break
            w7 = w7 + 1
        out[i] = a + b + c + d + e + f + g + w1 + w2 + w3 + w4 + w5 + w6 + w7

# LLVM-LABEL: define {{.*}} @styles(
# LLVM-DAG: %a = alloca i32
# LLVM-DAG: %b = alloca i32
# LLVM-DAG: %c = alloca i32
# LLVM-DAG: %d = alloca i32
# LLVM-DAG: %e = alloca i32
# LLVM-DAG: %f = alloca i32
# LLVM-DAG: %g = alloca i32
# LLVM-DAG: %w1 = alloca i64
# LLVM-DAG: %w2 = alloca i64
# LLVM-DAG: %w3 = alloca i64
# LLVM-DAG: %w4 = alloca i64
# LLVM-DAG: %w5 = alloca i64
# LLVM-DAG: %w6 = alloca i64
# LLVM-DAG: %w7 = alloca i64
