# --kernel picks one of several kernels in a file and only that one is compiled: as in numba,
# where each kernel is compiled on its own, an unsupported construct in another kernel of the file
# (`other` below) does not stop `scale` from compiling.
# ARGS: --emit=ptx --kernel scale --sig "void(float32[:], float32)"
from numba import cuda


@cuda.jit
def scale(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * s


@cuda.jit
def other(a, s):
    with open("log"):
        pass

# PTX: .visible .entry scale(
# PTX-NOT: other
# PTX: mul.rn.f32
# PTX-NOT: .entry
