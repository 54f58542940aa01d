# cuda.grid(2) and cuda.grid(3) are tuples of ntid.D * ctaid.D + tid.D for D in x, y(, z);
# cuda.gridsize(1) is ntid.x * nctaid.x (64-bit).
# ARGS: --emit=llvm -O0 --sig "void(float32[:,:], float32[:,:,:], int64[:])"
from numba import cuda


@cuda.jit
def grids(a, b, n):
    x, y = cuda.grid(2)
    i, j, k = cuda.grid(3)
    a[x, y] = 1.0
    b[i, j, k] = 2.0
    n[0] = cuda.gridsize(1)

# LLVM-LABEL: define {{.*}}void @grids(
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.y()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.z()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
# LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
# LLVM: store float 1.000000e+00
# LLVM: store float 2.000000e+00
# LLVM: [[NT:%[0-9]+]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
# LLVM: [[NT64:%[0-9]+]] = zext i32 [[NT]] to i64
# LLVM: [[NC:%[0-9]+]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
# LLVM: [[NC64:%[0-9]+]] = zext i32 [[NC]] to i64
# LLVM: [[GS:%[0-9]+]] = mul i64 {{%[0-9]+}}, {{%[0-9]+}}
# LLVM: store i64 [[GS]]
# LLVM: ret void
