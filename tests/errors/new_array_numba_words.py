# cuda.shared.array / cuda.local.array rejected in numba's words as well as pyjitc's: the shape as a
# list, a dtype name NumPy does not know, a shape known only at run time (with the argument types
# as numba writes the signature). A dtype given by its NumPy name is accepted, as numba does.
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda, float64

N = 4


@cuda.jit
def k(a, n):
    ok1 = cuda.local.array(N, dtype="float64")
    ok2 = cuda.shared.array((2, N), "int16")
    s1 = cuda.shared.array([N, N], float64)  # expect error@28: cuda.shared.array() takes its shape as an integer or a tuple of integers, not a list. No implementation of function Function(<function shared.array>)
    s2 = cuda.local.array(N, dtype="int33")  # expect error@36: cuda.local.array(): Invalid NumPy dtype specified: 'int33'
    s3 = cuda.local.array(n, float64)  # expect error@10: No implementation of function Function(<function local.array>) found for signature:
    s4 = cuda.shared.array((1, n), float64)  # expect error@10: >>> array(shape=Tuple(Literal[int](1), int64), dtype=class(float64))
    s5 = cuda.shared.array(N, a)  # expect error@10: >>> array(shape=Literal[int](4), dtype=array(float64, 1d, C))
