# Modules that are not imported in this file: math.sqrt and np.float32 are NameErrors in Python
# and in numba, so the kernel is rejected at the use of the module name (not accepted as the
# math builtin, and not reported as an "unknown function").
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda


@cuda.jit
def k(a):
    a[0] = math.sqrt(2.0)  # expect error@12: name 'math' is not defined
    a[1] = np.float32(a[0])  # expect error@12: name 'np' is not defined
