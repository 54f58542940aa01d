# A grid-stride loop that carries a value from one iteration to the next of its thread (acc) keeps
# the thread-by-thread order on the CPU executor: no passes over the row (backend/guard.c).
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float64[:], float64[:])"
from numba import cuda


@cuda.jit
def running(x, out):
    acc = 0.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc = acc * 0.5 + x[i]
        out[i] = acc

# LLVM: define void @pj_cpu_running(
# LLVM-NOT: pass.head
# LLVM: for.body
# LLVM-NOT: pass.head
