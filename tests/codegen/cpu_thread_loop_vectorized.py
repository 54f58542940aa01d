# On the CPU executor the threads of a block run in a loop, and a kernel whose body is guarded by
# a check of its thread index against an array's size (`if i < out.size:`) gets that loop split
# (IRCE): the threads that pass the check run without it, as plain vector loads and stores (no
# masked ones), and the few past the end run in a loop that keeps the check. The launch record's
# fields carry CUDA's limits (!range), so the index is known not to be negative: no wraparound.
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float32, float32[:], float32[:], float32[:])"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]

# LLVM: define void @pj_cpu_saxpy(ptr {{.*}}, ptr noalias {{.*}})
# LLVM-NOT: llvm.masked
# LLVM: vector.body:
# LLVM: load <{{[0-9]+}} x float>
# LLVM: fmul contract <{{[0-9]+}} x float>
# LLVM: store <{{[0-9]+}} x float>
# LLVM-NOT: llvm.masked
# LLVM: icmp slt i64
# LLVM-NOT: llvm.masked
