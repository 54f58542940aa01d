# A bool array holds one byte per element: storing a comparison zero-extends the i1 to i8 and
# stores a byte (st.global.u8 in PTX); reading it loads a byte and tests it against zero.
# ARGS: --emit=llvm --sig "void(float64[:], bool[:], bool[:], int32[:])"
from numba import cuda


@cuda.jit
def positive(x, mask, flags, count):
    i = cuda.grid(1)
    if i < x.size:
        flags[i] = x[i] > 0
        if mask[i]:
            count[i] = 1

# LLVM: define {{.*}}void @positive(
# LLVM-DAG: [[C:%[0-9]+]] = fcmp ogt double {{%[0-9]+}}, 0.000000e+00
# LLVM-DAG: [[B:%[0-9]+]] = zext i1 [[C]] to i8
# LLVM-DAG: store i8 [[B]], ptr
# LLVM-DAG: [[M:%[0-9]+]] = load i8, ptr
# LLVM-DAG: icmp {{eq|ne}} i8 [[M]], 0
# LLVM-NOT: store i1
# LLVM: ret void
