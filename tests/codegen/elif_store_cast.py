# if/elif/elif/else is a chain of tests in source order, each arm its own block; a conditional
# expression yields a value from two arms. Storing a float into an int32 array converts toward
# zero (fptosi: -1.5 -> -1, 7.9 -> 7), and an int64 into int32 truncates, as numba does on store.
# ARGS: --emit=llvm -O0 --sig "void(float64[:], int32[:])"
from numba import cuda


@cuda.jit
def classify(x, out):
    i = cuda.grid(1)
    v = x[i]
    if v < 0.0:
        out[i] = -1.5
    elif v == 0.0:
        out[i] = 0
    elif v < 10.0:
        out[i] = 7.9
    else:
        out[i] = 100 if v < 1000.0 else 1000

# LLVM-LABEL: define {{.*}}void @classify(
# LLVM: fcmp olt double {{%[a-z.0-9_]+}}, 0.000000e+00
# LLVM: [[C1:%[0-9]+]] = {{(call i32 @llvm.)?}}fptosi{{(.sat.i32.f64\(| )}}double -1.500000e+00
# LLVM: store i32 [[C1]], ptr
# LLVM: fcmp oeq double {{%[a-z.0-9_]+}}, 0.000000e+00
# LLVM: store i32 0, ptr
# LLVM: fcmp olt double {{%[a-z.0-9_]+}}, 1.000000e+01
# LLVM: [[C2:%[0-9]+]] = {{(call i32 @llvm.)?}}fptosi{{(.sat.i32.f64\(| )}}double 7.900000e+00
# LLVM: store i32 [[C2]], ptr
# LLVM: fcmp olt double {{%[a-z.0-9_]+}}, 1.000000e+03
# LLVM: [[PHI:%[0-9]+]] = phi i64 [ 100, %{{[a-z.0-9_]+}} ], [ 1000, %{{[a-z.0-9_]+}} ]
# LLVM: [[T:%[0-9]+]] = trunc i64 [[PHI]] to i32
# LLVM: store i32 [[T]], ptr
