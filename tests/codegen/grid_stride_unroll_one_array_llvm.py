# A grid-stride loop on the GPU gets an explicit unroll count by the arrays its body walks: LLVM
# keeps a 64-bit pointer for each array in each copy of the body, and registers past 32 a thread
# cut the threads an SM holds. One array: 4 copies, so that a sum has four loads in flight.
# ARGS: --emit=llvm -O0 --sig "void(float32[::1], int32)"
from numba import cuda


@cuda.jit
def scale(x, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        x[i] = x[i] * 2.0 + 1.0

# LLVM-LABEL: define ptx_kernel void @scale(
# LLVM: br label %for.cond, !llvm.loop [[LOOP:![0-9]+]]
# LLVM: [[LOOP]] = distinct !{[[LOOP]], [[COUNT:![0-9]+]]}
# LLVM: [[COUNT]] = !{!"llvm.loop.unroll.count", i32 4}
