# debug=True with --narrow: each index is checked against its extent as the 64-bit value it is
# (an index past 2**31 is reported as it was written), and the offset stays 64-bit; so is every
# counter (each variable in a slot of its own type for the debugger).
# ARGS: --emit=llvm -O0 --debug --narrow --sig "void(float32[:,::1], int64)"
from numba import cuda


@cuda.jit(debug=True, opt=False)
def k(a, n):
    j, i = cuda.grid(2)
    c = 0
    while c < n:
        c = c + 1
    a[i, j] = c

# LLVM-LABEL: define {{.*}} @k(
# LLVM: %c = alloca i64
# LLVM: icmp uge i64 %wrapped{{[0-9]*}}, {{%[0-9]+}}
# LLVM: icmp uge i64 %wrapped{{[0-9]*}}, {{%[0-9]+}}
# LLVM-NOT: mul nuw nsw i32
# LLVM: [[R:%[0-9]+]] = mul i64 %wrapped{{[0-9]*}}, {{%[0-9]+}}
# LLVM-NEXT: add i64 [[R]], %wrapped
