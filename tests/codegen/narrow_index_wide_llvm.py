# narrow_index_llvm.py's kernel without --narrow: an array may have 2**31 elements or more, so
# every offset stays 64-bit (only the local array's, whose shape is a constant, is 32-bit), and
# the compare of y with a.shape[0] - 1 is 64-bit.
# ARGS: --emit=llvm -O0 --sig "void(float32[:,::1], float32[:,:,::1], float32[::1])"
import numpy as np
from numba import cuda


@cuda.jit
def k(a, b, c):
    x, y = cuda.grid(2)
    if y < a.shape[0] - 1:
        loc = cuda.local.array((2, 3), np.float32)
        loc[1, 2] = a[y + 1, x]
        v = a[::2, :]
        b[y, x, 1] = loc[1, 2] + v[y, x] + c[x]

# LLVM-LABEL: define {{.*}} @k(
# LLVM-NOT: icmp slt i32
# LLVM: icmp slt i64
# LLVM-NOT: mul nuw nsw i32 %wrapped
# LLVM: [[R:%[0-9]+]] = mul i64 %wrapped, {{%[0-9]+}}
# LLVM-NEXT: add i64 [[R]], %wrapped
# LLVM: [[L1:%[0-9]+]] = mul nuw nsw i32 1, {{%[0-9]+}}
# LLVM-NEXT: [[L2:%[0-9]+]] = add nuw nsw i32 [[L1]], 2
# LLVM-NOT: mul nuw nsw i32 %wrapped
# LLVM: {{^}}}
