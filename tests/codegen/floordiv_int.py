# Integer // and % follow Python (floor) semantics as in numba: sdiv/srem, then an adjustment when
# the remainder is nonzero and its sign differs from the divisor's (xor < 0) chosen by a select.
# Division by -1 and by 0 are guarded (no UB in sdiv).
# ARGS: --emit=llvm -O0 --sig "void(int64[:], int64[:], int64[:], int64[:])"
from numba import cuda


@cuda.jit
def floordiv(a, b, q, r):
    i = cuda.grid(1)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]

# LLVM-LABEL: define {{.*}}void @floordiv(
# Floor division.
# LLVM: [[Q:%[0-9]+]] = sdiv i64 [[X:%[0-9a-z.]+]], [[D:%[0-9]+]]
# LLVM: [[R:%[0-9]+]] = srem i64 [[X]], [[D]]
# LLVM: [[NZ:%[0-9]+]] = icmp ne i64 [[R]], 0
# LLVM: [[XOR:%[0-9]+]] = xor i64 [[R]], {{%[0-9]+}}
# LLVM: [[SIGN:%[0-9]+]] = icmp slt i64 [[XOR]], 0
# LLVM: [[ADJ:%[0-9]+]] = and i1 [[NZ]], [[SIGN]]
# LLVM: [[ADJ64:%[0-9]+]] = zext i1 [[ADJ]] to i64
# LLVM: sub i64 [[Q]], [[ADJ64]]
# LLVM: select i1
# LLVM: store i64
# Modulo.
# LLVM: [[R2:%[0-9]+]] = srem i64
# LLVM: [[NZ2:%[0-9]+]] = icmp ne i64 [[R2]], 0
# LLVM: [[XOR2:%[0-9]+]] = xor i64 [[R2]], {{%[0-9]+}}
# LLVM: [[SIGN2:%[0-9]+]] = icmp slt i64 [[XOR2]], 0
# LLVM: [[ADJ2:%[0-9]+]] = and i1 [[NZ2]], [[SIGN2]]
# LLVM: [[SUM:%[0-9]+]] = add i64 [[R2]], {{%[0-9]+}}
# LLVM: select i1 [[ADJ2]], i64 [[SUM]], i64 [[R2]]
# LLVM: store i64
# LLVM: ret void
