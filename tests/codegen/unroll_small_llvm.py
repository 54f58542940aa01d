# A short constant range is still unrolled whole at -O2 (backend/unroll.c leaves LLVM's unrollers
# on for every kernel whose nests stay small): four loads, multiplies and stores, no loop.
# ARGS: --emit=llvm -O2 --target=cuda --sig "void(float32[:, :])"
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        for j in range(4):
            k = 0
            while k < j:
                a[i, j] += 1.0
                k += 1
            a[i, j] *= 2.0

# LLVM-LABEL: define ptx_kernel void @k(
# LLVM-NOT: for.inc
# LLVM-COUNT-4: fmul {{.*}}float
# LLVM: ret void
