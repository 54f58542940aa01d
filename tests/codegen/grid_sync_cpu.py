# On the CPU executor g.sync() cuts the block's thread regions like cuda.syncthreads(), then, once
# for the block and only when one of its threads is live, calls the executor's grid barrier through
# the launch record (PjCpuGrid: the barrier at byte 40, the function at byte 48); a nonzero answer
# (a block finished without arriving) records failure kind 3 in pj_error and ends the block.
# ARGS: --target cpu --emit=llvm -O1 --sig "void(int64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    a[i] = i
    cuda.cg.this_grid().sync()
    b[i] = a[(i + 1) % a.size]

# LLVM: define void @pj_cpu_k(ptr {{.*}}[[ARGS:%[0-9]+]], ptr {{.*}}[[LAUNCH:%[0-9]+]])
# LLVM: {{^}}grid.sync:
# LLVM-NEXT: [[P:%[0-9]+]] = getelementptr inbounds i8, ptr [[LAUNCH]], i64 40
# LLVM-NEXT: [[SYNC:%[0-9]+]] = load ptr, ptr [[P]]
# LLVM-NEXT: [[Q:%[0-9]+]] = getelementptr inbounds i8, ptr [[LAUNCH]], i64 48
# LLVM-NEXT: [[FN:%[0-9]+]] = load ptr, ptr [[Q]]
# LLVM-NEXT: [[R:%[0-9]+]] = tail call i32 [[FN]](ptr [[SYNC]])
# LLVM-NEXT: [[OK:%[.a-z0-9]+]] = icmp eq i32 [[R]], 0
# LLVM-NEXT: br i1 [[OK]], label %{{[a-z.0-9]+}}, label %grid.broken
# LLVM: {{^}}grid.broken:
# LLVM-NEXT: cmpxchg ptr @pj_error, i32 0, i32 3 monotonic monotonic
# LLVM-NOT: call i32 %
