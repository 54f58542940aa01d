# math.exp on a float32 stays in single precision: libdevice's __nv_expf is linked and inlined
# (its ex2.approx core shows), and nothing is promoted to double (no fpext, no double call).
# ARGS: --emit=llvm --sig "void(float32[:], float32[:])"
from numba import cuda
import math


@cuda.jit
def exp32(x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = math.exp(x[i])

# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: define {{.*}}void @exp32(
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: load float, ptr
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: call float @llvm.nvvm.ex2.approx{{(\.ftz)?}}.f(float
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: store float
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: ret void
# LLVM-NOT: double
# LLVM-NOT: fpext
