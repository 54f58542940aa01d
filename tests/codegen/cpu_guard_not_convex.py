# A guard that is not convex in threadIdx.x holds for the first and last threads of a row without
# holding between them (here i < 3 or i > 10): the CPU executor's thread loop keeps it as it is,
# one loop over x with the test in the body, and no probes (backend/guard.c).
# ARGS: --target cpu --emit=llvm -O0 --sig "void(float64[:], float64[:])"
from numba import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    if i < 3 or (i > 10 and i < x.size):
        out[i] = x[i] + 7.0

# LLVM: define void @pj_cpu_k(
# LLVM-NOT: row.passes
# LLVM-NOT: row.unguarded
# LLVM: label %then
# LLVM-NOT: row.unguarded
# LLVM: store double
