# The cache-hinted loads and stores take an array indexed by one integer per axis, or a pointer by
# one integer, of integers or floats (numba-cuda's messages); a pointer takes one integer index.
# ARGS: --emit=types --sig "void(float32[:, ::1], float32[::1], complex64[::1], CPointer(int32), float64)"
from numba import cuda


@cuda.jit
def k(a, b, c, p, x):
    cuda.ldcs(b, 1.0)  # expect error@5: float64 is not a valid index
    cuda.ldcs(b, (1, 2))  # expect error@5: Expected 1 indices, got 2
    cuda.ldcs(a, 1)  # expect error@5: Expected 2 indices, got a scalar
    cuda.ldcs(a, (1,))  # expect error@5: Expected 2 indices, got 1
    cuda.stcg(c, 0, x)  # expect error@5: stcg requires array of integer or float type, got complex64
    cuda.ldca(x, 0)  # expect error@5: ldca operates on arrays or pointers. Got type float64
    cuda.ldcv(p, (0, 1))  # expect error@5: Pointers only support scalar indexing, got tuple of 2
    b[0] = p[x]  # expect error@14: a pointer index must be an integer, not float64
    b[0] = p[0:2]  # expect error@14: a pointer (int32*) takes one integer index, not a slice
    c2 = cuda.carray(b, (2,))  # expect error@10: carray() takes a pointer (a CPointer argument or ffi.from_buffer), not array(float32, 1d, C)
    c3 = cuda.carray(p, (2, 2), dtype=cuda.float32)  # expect error@10: mismatching dtype 'float32' for pointer type 'int32*'
