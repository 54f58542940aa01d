# Five arrays in a grid-stride while loop's body: one copy (no unrolling), and so no count of
# passes either (no division): the loop tests i against the bound.
# ARGS: --emit=llvm -O0 --sig "void(float32[::1], float32[::1], float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def combine(a, b, c, d, out):
    i = cuda.grid(1)
    while i < out.size:
        out[i] = a[i] + b[i] * c[i] - d[i]
        i += cuda.gridsize(1)

# LLVM-LABEL: define ptx_kernel void @combine(
# LLVM-NOT: udiv
# LLVM: call i64 @llvm.smax.i64(
# LLVM-NOT: udiv
# LLVM: br label %while.cond, !llvm.loop [[LOOP:![0-9]+]]
# LLVM: [[LOOP]] = distinct !{[[LOOP]], [[COUNT:![0-9]+]]}
# LLVM: [[COUNT]] = !{!"llvm.loop.unroll.count", i32 1}
