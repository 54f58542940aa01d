# cuda.syncthreads() in a for loop becomes one call of llvm.nvvm.barrier0 in the loop body
# (a convergent intrinsic: not duplicated, not hoisted out of the loop).
# ARGS: --emit=llvm --sig "void(int64[:], int64[:], int64)"
from numba import cuda, int64


@cuda.jit
def rounds(a, out, n):
    s = cuda.shared.array(128, int64)
    t = cuda.threadIdx.x
    s[t] = a[t]
    for r in range(n):
        cuda.syncthreads()
        v = s[(t + 1) % 128]
        cuda.syncthreads()
        s[t] += v
    out[t] = s[t]

# LLVM: define {{.*}}void @rounds(
# LLVM-NOT: @llvm.nvvm.barrier0()
# LLVM: call void @llvm.nvvm.barrier0()
# LLVM: call void @llvm.nvvm.barrier0()
# LLVM-NOT: call void @llvm.nvvm.barrier0()
# LLVM: ret void
# LLVM: declare void @llvm.nvvm.barrier0() #[[ATTR:[0-9]+]]
# LLVM: attributes #[[ATTR]] = {{{.*}}convergent
