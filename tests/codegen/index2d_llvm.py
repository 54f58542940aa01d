# 2D and 3D element addresses (LLVM IR) are row-major, each index multiplied by the product of the
# extents after it (a[i, j]: i * n1 + j; t[i, j, k]: (i * n1 + j) * n2 + k), then a typed GEP.
# ARGS: --emit=llvm --sig "void(float32[:,:], int16[:,:,:], int64, int64, int64)"
from numba import cuda


@cuda.jit
def rows(a, t, i, j, k):
    a[i, j] = t[i, j, k]

# LLVM: define {{.*}}void @rows(ptr {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,]*}}, i64 range(i64 0, 140737488355328) [[A1:%[^,]+]], ptr {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,]*}}, i64 range(i64 0, 140737488355328) [[T1:%[^,]+]], i64 range(i64 0, 140737488355328) [[T2:%[^,]+]], i64 [[I:%[^,]+]], i64 [[J:%[^,]+]], i64 [[K:%[^,)]+]])
# LLVM-DAG: mul {{.*}}i64 {{.*}}[[T1]]{{$|,}}
# LLVM-DAG: mul {{.*}}i64 {{.*}}[[T2]]{{$|,}}
# LLVM-DAG: load i16, ptr
# LLVM-DAG: mul {{.*}}i64 {{.*}}[[A1]]{{$|,}}
# LLVM: store float
# LLVM: ret void
