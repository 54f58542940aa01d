# Three arrays in a grid-stride loop's body: one copy, and no count of passes (no division). A
# saxpy unrolled 4 times took 48 registers a thread and 1.53x the time of the `if i < n:` kernel on
# an H200 (one thread an element); twice, 32 registers and 1.06x; once, 20 registers and 1.015x.
# ARGS: --emit=llvm -O0 --sig "void(float32, float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]

# LLVM-LABEL: define ptx_kernel void @saxpy(
# LLVM-NOT: udiv
# LLVM: call i64 @llvm.smax.i64(
# LLVM-NOT: udiv
# LLVM: br label %for.cond, !llvm.loop [[LOOP:![0-9]+]]
# LLVM-NOT: udiv
# LLVM: [[LOOP]] = distinct !{[[LOOP]], [[COUNT:![0-9]+]]}
# LLVM: [[COUNT]] = !{!"llvm.loop.unroll.count", i32 1}
