# Atomics on element types numba-cuda does not support: add/sub/max/min on 32- and 64-bit
# integers and floats only; and_/or_/xor on integers only; inc/dec on uint32/uint64 only.
# ARGS: --emit=types --sig "void(int8[:], float32[:], int64[:], int16[:], float64[:], uint32[:])"
from numba import cuda


@cuda.jit
def k(i8, f32, i64, i16, f64, u32):
    cuda.atomic.add(u32, 0, 1)
    cuda.atomic.add(i8, 0, 1)  # expect error@5: cuda.atomic.add() does not support arrays of int8
    cuda.atomic.max(i16, 0, 1)  # expect error@5: cuda.atomic.max() does not support arrays of int16
    cuda.atomic.and_(f32, 0, 1)  # expect error@5: cuda.atomic.and_() does not support arrays of float32
    cuda.atomic.or_(f64, 0, 1)  # expect error@5: cuda.atomic.or_() does not support arrays of float64
    cuda.atomic.xor(f32, 0, 1)  # expect error@5: cuda.atomic.xor() does not support arrays of float32
    cuda.atomic.inc(i64, 0, 1)  # expect error@5: cuda.atomic.inc() does not support arrays of int64 (numba-cuda: uint32 and uint64)
    cuda.atomic.dec(f32, 0, 1)  # expect error@5: cuda.atomic.dec() does not support arrays of float32
    x = cuda.atomic.sub(i8, 0, 1)  # expect error@9: cuda.atomic.sub() does not support arrays of int8
