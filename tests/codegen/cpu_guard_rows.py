# The CPU executor's thread loop for a kernel guarded by a test convex in threadIdx.x (an `and` of
# comparisons of the index plus constants with values the same along a row): each row of the
# block (one y and z) probes the guard for its first and last thread, and runs through a copy of
# the loop over x whose body has no guard when both pass (backend/guard.c).
# ARGS: --target cpu --emit=llvm -O0 --sig "void(float32[:,:], float32[:,:])"
from numba import cuda


@cuda.jit
def jacobi(src, dst):
    j, i = cuda.grid(2)
    n = src.shape[0]
    if i >= 1 and i < n - 1 and j >= 1 and j < src.shape[1] - 1:
        dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])

# The thread body is inlined (always, even at -O0) into the entry: per row, the probes of the first
# and last threads, then one of two loops over x: without the guard's branch, or with it.
# LLVM: define void @pj_cpu_jacobi(
# LLVM: %row.passes = and i1
# LLVM-NEXT: br i1 %row.passes, label %row.unguarded, label %row.guarded
# LLVM: {{^}}t.head{{[0-9]+}}:{{.*}}%row.unguarded
# LLVM-NOT: label %then
# LLVM: store float
# LLVM: br label %row.done
# LLVM: {{^}}t.head{{[0-9]+}}:{{.*}}%row.guarded
# LLVM: label %then
# LLVM: store float
# LLVM: br label %row.done
