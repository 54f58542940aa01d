# @cuda.jit(device=True, inline="never"): the device function stays a function of its own, called
# by the kernel (noinline, weak_odr so that it keeps the C calling convention, named NAME$ID: a
# valid PTX name); forceinline=True makes it alwaysinline, inlined and gone; a device function
# whose decorator says nothing is LLVM's to inline, as before.
# ARGS: --emit=llvm -O3 --target=cuda --sig "void(float32[::1])"
from numba import cuda


@cuda.jit(device=True, inline="never")
def kept(a, i):
    return a[i] * 2.0


@cuda.jit(device=True, forceinline=True)
def forced(x):
    return x + 1.0


@cuda.jit(device=True)
def plain(x):
    return x - 3.0


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = plain(forced(kept(a, i)))

# LLVM: ; Function Attrs: {{.*}}noinline
# LLVM-NEXT: define weak_odr double @"kept$[[ID:[0-9]+]]"(
# LLVM-NOT: forced
# LLVM-NOT: plain
# LLVM-LABEL: define ptx_kernel void @k(
# LLVM: call double @"kept$[[ID]]"(
# LLVM-NOT: call
# LLVM: ret void
