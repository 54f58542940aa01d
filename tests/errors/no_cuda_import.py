# `cuda` is used in the decorator but never imported: the error names `cuda` and points at the
# decorator's line, not at line 0 with "no @cuda.jit kernel in this file".
# ARGS: --emit=types --sig "void(float64[:])"


@cuda.jit  # expect error: cuda
def k(a):
    a[0] = 1.0
