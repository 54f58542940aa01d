# Kernel parameters are plain names: defaults, *args and **kwargs are rejected, each at itself.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda


@cuda.jit
def k(a,
      x=1.0,  # expect error@7: kernel parameter 'x=1.0'
      *rest,  # expect error@7: kernel parameter '*rest'
      **kw):  # expect error@7: kernel parameter '**kw'
    a[0] = x
