# a.size is the product of the extents, a.shape[k] the k-th extent parameter (negative k counts
# from the end), len(a) the first extent; none of them touches the array's memory.
# ARGS: --emit=llvm --sig "void(float32[:,:,:], int64[:])"
from numba import cuda


@cuda.jit
def dims(m, out):
    out[0] = m.size
    out[1] = m.shape[1]
    out[2] = m.shape[-1]
    out[3] = len(m)

# LLVM: define {{.*}}void @dims(ptr {{[^,]*}}, i64 range(i64 0, 140737488355328) [[N0:%[^,]+]], i64 range(i64 0, 140737488355328) [[N1:%[^,]+]], i64 range(i64 0, 140737488355328) [[N2:%[^,]+]], ptr
# LLVM-NOT: load
# LLVM-DAG: [[P:%[0-9]+]] = mul i64 {{%[0-9]+}}, {{%[0-9]+}}
# LLVM-DAG: [[SIZE:%[0-9]+]] = mul i64 [[P]], [[N2]]{{$}}
# LLVM-DAG: store i64 [[SIZE]], ptr
# LLVM-DAG: store i64 [[N1]], ptr
# LLVM-DAG: store i64 [[N2]], ptr
# LLVM-DAG: store i64 [[N0]], ptr
# LLVM-NOT: load
# LLVM: ret void
