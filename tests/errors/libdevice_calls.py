# cuda.libdevice calls numba would not type: the number of arguments is the function's own, the
# arguments must be real numbers (converted to libdevice's parameter types), the name must exist.
# ARGS: --emit=types --sig "void(float64[:], complex128[:], int32[:])"
from numba import cuda
from numba.cuda import libdevice


@cuda.jit
def k(a, z, n):
    i = cuda.grid(1)
    a[i] = libdevice.sin(a[i], a[i])  # expect error@12: cuda.libdevice.sin() takes 1 argument, got 2
    a[i] = libdevice.fma(a[i], 1.0)  # expect error@12: cuda.libdevice.fma() takes 3 arguments, got 2
    a[i] = libdevice.exp(z[i])  # expect error@12: cuda.libdevice.exp() takes real numbers (its parameter 1 is float64), not complex128
    s, c = libdevice.sincos(a)  # expect error@12: takes real numbers (its parameter 1 is float64), not array(float64, 1d, C)
    n[i] = libdevice.abs(1.5) + libdevice.popc(True)
    a[i] = libdevice.sinn(a[i])  # expect error@12: module 'libdevice' has no function 'sinn'
