# Kernel parameters are plain names: defaults and *args (which device functions may have) are
# rejected for kernels, each at itself (tests/errors/device_parameters.py: what device functions reject).
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a,
      x=1.0,  # expect error@7: kernel parameter 'x': default values
      *rest):  # expect error@8: kernel parameter '*rest': *args
    a[0] = x

