# On the CPU executor a loop over range() whose start is never negative and whose step is
# positive by their forms (here range(a.shape[1])) gives its variable LLVM's no-wrap flags and an
# assumption that it is not negative: a[i, j] needs no wraparound select, and the loop over j
# vectorizes with plain loads and stores (before: one scalar load per lane behind a select).
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float32[:,:], float32[:,:])"
from numba import cuda


@cuda.jit
def rows(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        for j in range(a.shape[1]):
            out[i, j] = a[i, j] * 2.0 + 1.0

# LLVM: define void @pj_cpu_rows(
# LLVM: vector.body{{[0-9]*}}:
# LLVM-NOT: icmp slt i64 %{{.*}}, 0
# LLVM: load <{{[0-9]+}} x float>
# LLVM: store <{{[0-9]+}} x float>
