# A grid-stride while loop that ends the kernel (`while i < out.size:` ending in
# `i += cuda.gridsize(1)`) runs the passes of range(i, out.size, cuda.gridsize(1)), counted as a
# grid-stride range is: a thread of one pass compares instead of dividing (LLVM's own count for
# its unrolling divided in every thread: 1.19x the time of the `if i < n:` saxpy on an H200),
# and the index is known not to be negative (no wraparound).
# ARGS: --emit=ptx --sig "void(float32, float32[::1], float32[::1], float32[::1])"
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    while i < out.size:
        out[i] = a * x[i] + y[i]
        i += cuda.gridsize(1)

# PTX-LABEL: .visible .entry saxpy(
# PTX-NOT: div.u
# PTX: setp.le.u64
# PTX-NOT: div.u
# PTX: bra
# PTX: div.u
# PTX-NOT: shr.s64
# PTX: ld.global.f32
# PTX-NOT: shr.s64
# PTX: st.global.f32
# PTX-NOT: shr.s64
# PTX: ret;
