# A grid-stride loop over range(cuda.grid(1), n, cuda.gridsize(1)) launched with one thread per
# element gives each thread one pass. Over one array the loop is unrolled 4 times, so it counts its
# passes: the count comes from comparing n - i with the step, and only a thread with more than one
# pass divides (before: every thread divided, and a saxpy in this style took 1.7x the time of the
# `if i < n:` kernel on an H200). The loop variable
# is an induction variable of its own, so the remainder loop of LLVM's runtime unrolling, where a
# one-pass thread goes, starts from it instead of multiplying the counter by the step again.
# ARGS: --emit=ptx --sig "void(float32, float32[::1], int32)"
from numba import cuda


@cuda.jit
def scale(a, x, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        x[i] = a * x[i]

# PTX-LABEL: .visible .entry scale(
# PTX-NOT: div.u
# PTX: setp.le.u64
# PTX-NOT: div.u
# PTX: bra
# PTX: div.u
# PTX-NOT: mul.lo.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: .pragma "nounroll";
# PTX: ld.global.f32
# PTX: st.global.f32
# PTX-NOT: mul.lo.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
# PTX: ret;
