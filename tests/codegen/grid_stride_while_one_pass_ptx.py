# A grid-stride while loop that ends the kernel (`while i < x.size:` ending in
# `i += cuda.gridsize(1)`) runs the passes of range(i, x.size, cuda.gridsize(1)); over one array
# (unrolled 4 times) it counts them as a grid-stride range does: a thread of one pass compares
# instead of dividing (LLVM's own count for its unrolling divided in every thread: 1.19x the time
# of the `if i < n:` saxpy on an H200), and the index is known not to be negative (no wraparound).
# ARGS: --emit=ptx --sig "void(float32, float32[::1])"
from numba import cuda


@cuda.jit
def scale(a, x):
    i = cuda.grid(1)
    while i < x.size:
        x[i] = a * x[i]
        i += cuda.gridsize(1)

# PTX-LABEL: .visible .entry scale(
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
