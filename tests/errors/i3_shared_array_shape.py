# cuda.shared.array needs a shape known at compile time: an integer literal, a module-level
# constant, an expression of them (N + 1, folded as Python computes it), or a tuple of those;
# an argument is not one. A 0 extent is dynamic shared memory, which must be one-dimensional;
# negative extents are rejected.
# ARGS: --emit=types --sig "void(float32[:], int64, float64)"
from numba import cuda, float32

N = 8
SHAPE = (4, N)
BAD = (4, 0)


@cuda.jit
def k(a, n, x):
    ok1 = cuda.shared.array(N, float32)
    ok2 = cuda.shared.array(SHAPE, float32)
    s1 = cuda.shared.array(n, float32)  # expect error@10: cuda.shared.array() needs a constant shape
    s2 = cuda.shared.array((4, n), float32)  # expect error@10: needs a constant shape
    s3 = cuda.shared.array(N + 1, float32)
    s6 = cuda.shared.array(N - n, float32)  # expect error@10: needs a constant shape
    s4 = cuda.shared.array(4.0, float32)  # expect error@10: needs a constant shape
    s5 = cuda.shared.array(shape=x, dtype=float32)  # expect error@10: needs a constant shape
    s7 = cuda.shared.array(BAD, float32)  # expect error@10: of size 0 (dynamic shared memory) must be one-dimensional
    s8 = cuda.shared.array(-2, float32)  # expect error@10: cuda.shared.array() needs positive extents
    s9 = cuda.shared.array((3, -1), dtype=float32)  # expect error@10: needs positive extents
