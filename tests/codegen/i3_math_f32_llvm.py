# float32 math stays float32, as in numba-cuda (libdevice's __nv_*f functions, LLVM intrinsics
# on float): after linking and inlining, no double appears in a kernel that uses only float32
# values and functions whose libdevice float versions are double-free (sin/cos/tan are not:
# libdevice's own slow-path range reduction uses double). Constants are cast with float32().
# ARGS: --emit=llvm --sig "void(float32[:], float32[:], float32[:], int32[:])"
import math

from numba import cuda, float32


@cuda.jit
def f32_math(x, y, out, ex):
    i = cuda.grid(1)
    if i < x.size:
        a = x[i]
        b = y[i]
        r = math.exp(a) + math.tanh(b) * math.log(b) - math.sqrt(b) / math.erf(a)
        r += math.atan2(a, b) + math.hypot(a, b) + math.expm1(a) + math.log1p(b) + math.erfc(a)
        r += math.cosh(a) - math.sinh(b) + math.asinh(a) + math.acosh(b) + math.atanh(a) + math.asin(a)
        r += math.acos(a) + math.atan(b) + math.log2(b) + math.log10(b) + math.fabs(a) + math.fmod(a, b)
        r += math.remainder(a, b) + math.copysign(a, b) + math.radians(a) + math.degrees(b)
        r += math.ldexp(a, 3) + math.pow(a, float32(2.5))
        m, e = math.frexp(a)
        f, w = math.modf(b)
        out[i] = r + m + f + w
        ex[i] = e

# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: define {{.*}}void @f32_math(
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: load float, ptr
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: store float
# LLVM-NOT: double
# LLVM-NOT: fpext
# LLVM: ret void
# LLVM-NOT: double
# LLVM-NOT: fpext
