# cuda.grid(1) = ntid.x * ctaid.x + tid.x computed in 64 bits (numba's int64), from the NVVM
# special-register intrinsics.
# ARGS: --emit=llvm -O0 --sig "void(int64[:])"
from numba import cuda


@cuda.jit
def ids(out):
    i = cuda.grid(1)
    out[i] = i

# LLVM-LABEL: define {{.*}}void @ids(
# LLVM-DAG: [[NTID:%[0-9]+]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
# LLVM-DAG: [[NTID64:%[0-9]+]] = zext i32 [[NTID]] to i64
# LLVM-DAG: [[CTAID:%[0-9]+]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
# LLVM-DAG: [[CTAID64:%[0-9]+]] = zext i32 [[CTAID]] to i64
# LLVM-DAG: [[TID:%[0-9]+]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
# LLVM-DAG: [[TID64:%[0-9]+]] = zext i32 [[TID]] to i64
# LLVM-DAG: [[MUL:%[0-9]+]] = mul i64 {{%[0-9]+}}, {{%[0-9]+}}
# LLVM: add i64 [[MUL]], [[TID64]]
# LLVM: store i64
# LLVM: ret void
