# With --narrow (every array of the launch has fewer than 2**31 elements), the offset of an
# element of a C array of 2 or 3 axes is computed in 32 bits, without wrapping (nuw nsw: below
# 2**31 for every element in bounds) and widened once; so is a local array's. The strided view
# `v` keeps its 64-bit byte offsets and the 1-D array `c` its 64-bit index. A compare of y
# (cuda.grid(2)'s second item, below 2**26) with an extent less one is 32-bit; y and x (below
# 2**31: the launch has fewer threads along x) are wrapped in 32 bits where negative; x + n (n an
# int64 argument in the int32 range: the sum may pass 2**31) in 64 before its low half is taken.
# ARGS: --emit=llvm -O0 --narrow --sig "void(float32[:,::1], float32[:,:,::1], float32[::1], int64)"
import numpy as np
from numba import cuda


@cuda.jit
def k(a, b, c, n):
    x, y = cuda.grid(2)
    if y < a.shape[0] - 1:
        loc = cuda.local.array((2, 3), np.float32)
        loc[1, 2] = a[y + 1, x]
        v = a[::2, :]
        b[y, x, 1] = loc[1, 2] + v[y, x] + c[x]
        a[y, x + n] = 0.0

# LLVM-LABEL: define {{.*}} @k(
# LLVM: [[Y:%[0-9]+]] = trunc i64 %y{{[0-9]*}} to i32
# LLVM-NEXT: icmp slt i32 [[Y]], {{%[0-9]+}}
# LLVM: [[YW:%wrapped[0-9]*]] = select i1 {{%[0-9]+}}, i32 {{%[0-9]+}}, i32
# LLVM: [[X:%wrapped[0-9]*]] = select i1 {{%[0-9]+}}, i32 {{%[0-9]+}}, i32
# LLVM-NEXT: [[R:%[0-9]+]] = mul nuw nsw i32 [[YW]], {{%[0-9]+}}
# LLVM-NEXT: [[O:%[0-9]+]] = add nuw nsw i32 [[R]], [[X]]
# LLVM-NEXT: [[W:%[0-9]+]] = zext nneg i32 [[O]] to i64
# LLVM: getelementptr inbounds float, ptr {{%[0-9]+}}, i64 [[W]]
# LLVM: [[L1:%[0-9]+]] = mul nuw nsw i32 1, {{%[0-9]+}}
# LLVM-NEXT: [[L2:%[0-9]+]] = add nuw nsw i32 [[L1]], 2
# LLVM-NEXT: zext nneg i32 [[L2]] to i64
# LLVM: mul i64 %wrapped{{[0-9]*}}, {{%[0-9]+}}
# LLVM: getelementptr i8, ptr
# LLVM: getelementptr inbounds float, ptr {{%[0-9]+}}, i64 %wrapped{{[0-9]*}}
# LLVM: [[B1:%[0-9]+]] = mul nuw nsw i32 %wrapped{{[0-9]*}}, {{%[0-9]+}}
# LLVM-NEXT: [[B2:%[0-9]+]] = add nuw nsw i32 [[B1]], %wrapped{{[0-9]*}}
# LLVM: [[B3:%[0-9]+]] = mul nuw nsw i32 [[B2]], {{%[0-9]+}}
# LLVM-NEXT: [[B4:%[0-9]+]] = add nuw nsw i32 [[B3]], 1
# LLVM-NEXT: zext nneg i32 [[B4]] to i64
# LLVM: [[SW:%wrapped[0-9]*]] = select i1 {{%[0-9]+}}, i64 {{%[0-9]+}}, i64 {{%[0-9]+}}
# LLVM-NEXT: [[S:%[0-9]+]] = trunc i64 [[SW]] to i32
# LLVM-NEXT: mul nuw nsw i32 {{%wrapped[0-9]*}}, {{%[0-9]+}}
# LLVM-NEXT: add nuw nsw i32 {{%[0-9]+}}, [[S]]
# LLVM: {{^}}}
