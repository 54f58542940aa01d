# Negative indices wrap as in numba: a[i] with i < 0 reads a[i + n]. A runtime index gets a
# compare with 0 and a select of the extent; a constant -1 becomes data + n - 1.
# ARGS: --emit=llvm --sig "void(float32[:], int64, float32[:])"
from numba import cuda


@cuda.jit
def last(a, i, out):
    out[0] = a[-1]
    out[1] = a[i]

# LLVM: define {{.*}}void @last(ptr {{[^,]*}}[[A:%[^, ]+]], i64 range(i64 0, 140737488355328) [[N:%[^,]+]], i64 [[I:%[^,]+]], ptr
# LLVM: [[END:%[0-9]+]] = getelementptr float, ptr [[A]], i64 [[N]]
# LLVM: getelementptr i8, ptr [[END]], i64 -4
# LLVM: [[NEG:%[0-9]+]] = icmp slt i64 [[I]], 0
# LLVM: select i1 [[NEG]], i64 [[N]], i64 0
# LLVM: ret void
