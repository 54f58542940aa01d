# --narrow (what a launch checked: integer arguments in the int32 range, arrays under 2**31
# elements): an int64 counter set to constants and stepped by `n += 1` under `n < max_iter`, and
# the hidden counter of `range(a.shape[0])`, run in 32 bits, as nvcc's `int` counters do; their
# compares are 32-bit too.
# ARGS: --emit=ptx --narrow --sig "void(int32[::1], int64)"
from numba import cuda, float32


@cuda.jit
def escape(out, max_iter):
    i = cuda.grid(1)
    if i < out.size:
        n = 0
        x = float32(i)
        while n < max_iter and x < float32(1000.0):
            x = x * float32(1.5) + float32(1.0)
            n += 1
        total = 0
        for k in range(out.shape[0]):
            total += out[k]
        out[i] = n + total

# PTX-LABEL: .visible .entry escape(
# PTX: [[LOOP:\$L__BB[0-9_]+]]:
# PTX: add.s32 [[N:%r[0-9]+]], [[N]], 1;
# PTX: setp.lt.s32 {{%p[0-9]+}}, [[N]],
# PTX: bra{{.*}} [[LOOP]];
# PTX: ld.global.u32
# PTX: add.s32 [[K:%r[0-9]+]], [[K]], {{-?[0-9]+}};
# PTX-NEXT: add.s64
# PTX-NEXT: setp.ne.s32
# PTX: ret;
