# The grid-stride walk written as a while loop (`while i < n: ...; i += cuda.gridsize(1)`) runs
# in passes over the row like the for loop (cpu_grid_stride.py): vectorized without masks.
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float32, float32[:], float32[:], float32[:], int32)"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out, n):
    i = cuda.grid(1)
    while i < n:
        out[i] = a * x[i] + y[i]
        i += cuda.gridsize(1)

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
