# numba's documented histogram with a grid-stride while loop: `i` starts at cuda.grid(1) and only
# steps by cuda.gridsize(1) below data.size (backend/walks.c), so it is never negative and
# data[i] needs no wraparound of a negative index (a shift of the sign bit and an and with the
# extent per access) in any of the loop's four unrolled copies.
# ARGS: --emit=ptx --sig "void(uint8[::1], int32[::1])"
from numba import cuda
from numba import int32


@cuda.jit
def histogram(data, bins):
    local = cuda.shared.array(256, int32)
    t = cuda.threadIdx.x
    local[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < data.size:
        cuda.atomic.add(local, data[i], 1)
        i += stride
    cuda.syncthreads()
    cuda.atomic.add(bins, t, local[t])

# PTX-LABEL: .visible .entry histogram(
# PTX: bar.sync
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ld.global.u8
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ld.global.u8
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ld.global.u8
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: ld.global.u8
# PTX-NOT: shr.s64 {{.*}}, 63;
# PTX: bar.sync
