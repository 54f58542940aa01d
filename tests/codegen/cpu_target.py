# The CPU target (--target cpu) compiles the same kernel for the host: one entry pj_cpu_NAME(args,
# launch) that loops over the threads of a block (nested loops over z, y, x thread indices) and
# computes cuda.grid(1) from the launch record instead of NVVM special registers.
# ARGS: --target cpu --emit=llvm -O0 --sig "void(int32[:], int32[:], int64[:])"
from numba import cuda


@cuda.jit
def widen(a, b, out):
    i = cuda.grid(1)
    out[i] = a[i] + b[i]

# LLVM-NOT: nvptx
# LLVM-NOT: llvm.nvvm
# The launch record is reached through no argument (noalias).
# LLVM: define void @pj_cpu_widen(ptr [[ARGS:%[0-9]+]], ptr noalias [[LAUNCH:%[0-9]+]])
# Three nested thread loops, each a phi counter compared against a bound loaded from the launch.
# LLVM: {{^}}[[HEAD1:[a-z.0-9_]+]]:{{ +}}; preds =
# LLVM-NEXT: [[T1:%[a-z.0-9]+]] = phi i32 [ 0, %{{[a-z.0-9]+}} ], [ [[NEXT1:%[0-9]+]], %{{[a-z.0-9]+}} ]
# LLVM: icmp ult i32 [[T1]], {{%[0-9]+}}
# LLVM: [[NEXT1]] = add i32 [[T1]], 1
# LLVM: br label %[[HEAD1]]
# LLVM: [[T2:%[a-z.0-9]+]] = phi i32
# LLVM: [[T3:%[a-z.0-9]+]] = phi i32
# LLVM: icmp ult i32 [[T3]], {{%[0-9]+}}
# The kernel body inside the innermost loop: grid(1) from the innermost counter, widened add.
# LLVM: zext i32 [[T3]] to i64
# LLVM: sext i32
# LLVM: sext i32
# LLVM: add i64
# LLVM: store i64
# LLVM-NOT: llvm.nvvm
# LLVM-NOT: nvptx
