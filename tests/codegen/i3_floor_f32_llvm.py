# numba-cuda types math.floor/ceil/trunc like its other unary math functions (numba-cuda's
# cudamath.py: float32 -> float32, float64 -> float64, int64 -> float64): floor of a float32
# times a float32 stays in float32, one llvm.floor.f32 and a float multiply, with no detour
# through int64 and double.
# ARGS: --emit=llvm --sig "void(float32[:], float32[:])"
import math

from numba import cuda


@cuda.jit
def floor32(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.floor(x[i]) * x[i] + math.ceil(x[i]) - math.trunc(x[i])

# LLVM: define {{.*}}void @floor32(
# LLVM-NOT: double
# LLVM-NOT: fptosi
# LLVM-DAG: call float @llvm.floor.f32(float
# LLVM-DAG: call float @llvm.ceil.f32(float
# LLVM-DAG: call float @llvm.trunc.f32(float
# LLVM-NOT: double
# LLVM-NOT: fptosi
# LLVM: ret void
