# A kernel that ends in a grid-stride loop whose iterations pass no value on runs, on the CPU
# executor, as passes over each row of threads: pass k runs iteration k of every thread that has
# one (backend/guard.c). When the first and last threads of the row both have it, the pass is a
# plain loop over the threads, vectorized without masks; the start is known not to be negative and
# the step positive, so the index needs no wraparound. Ctrl-C is polled between passes (the poll's block comes before the
# vector loop's). The CPU executor's index checks stay out of the vector loop: LLVM's range-check
# elimination leaves them to the loop's first and last iterations.
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float32, float32[:], float32[:], float32[:], int32)"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out, n):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, n, stride):
        out[i] = a * x[i] + y[i]

# LLVM: define void @pj_cpu_saxpy(ptr {{.*}}, ptr noalias {{.*}})
# LLVM-NOT: llvm.masked
# LLVM: pass.head{{.*}}:
# LLVM-NOT: llvm.masked
# LLVM: load atomic i32
# LLVM-NOT: llvm.masked
# LLVM: vector.body:
# LLVM-NOT: select
# LLVM: load <{{[0-9]+}} x float>
# LLVM: fmul contract <{{[0-9]+}} x float>
# LLVM: store <{{[0-9]+}} x float>
# LLVM-NOT: llvm.masked
