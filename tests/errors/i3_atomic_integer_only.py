# numba-cuda's exch, cas and compare_and_swap are typed for integer arrays only (cudadecl.py:
# Cuda_atomic_exch uses integer_numba_types; Cuda_atomic_cas and compare_and_swap return no
# signature for other dtypes): on float arrays they are typing errors.
# ARGS: --emit=types --sig "void(float32[:], float64[:], int32[:])"
from numba import cuda


@cuda.jit
def k(f32, f64, i32):
    cuda.atomic.exch(i32, 0, 1)
    cuda.atomic.cas(i32, 0, 1, 2)
    cuda.atomic.exch(f32, 0, 1.0)  # expect error@5: cuda.atomic.exch() does not support arrays of float32
    cuda.atomic.cas(f64, 0, 1.0, 2.0)  # expect error@5: cuda.atomic.cas() does not support arrays of float64
    cuda.atomic.compare_and_swap(f32, 1.0, 2.0)  # expect error@5: cuda.atomic.compare_and_swap() does not support arrays of float32
