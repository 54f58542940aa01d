# A counter whose only other assignments are `i += 1` under a small guard may live in 32 bits
# (backend/narrow.c), unless a value of unknown size reaches it: here from a tuple of values. The
# build before the fix truncated i to 32 bits (cvt.u32.u64, then cvt.s64.s32 where it was read).
# ARGS: --emit=ptx --sig "void(int64[::1], int64)"
from numba import cuda


@cuda.jit
def k(out, big):
    i = 0
    j = big
    i, j = j, i
    while i < 10:
        i += 1
    out[0] = i

# PTX-LABEL: .visible .entry k(
# PTX-NOT: cvt.u32.u64
# PTX-NOT: cvt.s64.s32
# PTX: st.global.u64
# PTX: ret;
