# cuda.shared.array / cuda.local.array rejected in numba's words as well as pyjitc's: the shape as a
# list (numba's signature with the list's type, list(int64)<iv=[...]>), a dtype name NumPy does not
# know, a shape known only at run time (with the argument types as numba writes the signature),
# NumPy's object dtype (numba cannot type the variable: array(pyobject)). A dtype given by its NumPy
# name is accepted, as numba does.
# ARGS: --emit=types --sig "void(float64[:], int64)"
import numpy as np
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
    s6 = cuda.local.array(shape=[N, 2], dtype=float64)  # expect error@33: >>> array(shape=list(int64)<iv=[4, 2]>, dtype=class(float64))
    s7 = cuda.local.array([n, 2], "int32")  # expect error@27: >>> array(shape=list(int64)<iv=None>, dtype=class(int32))
    s8 = cuda.shared.array(10, dtype=np.dtype("O"))  # expect error@38: Cannot infer the type of variable 's8', have imprecise type: array(pyobject, 1d, C)
    s9 = cuda.local.array((2, 3), object)  # expect error@35: Cannot infer the type of variable 's9', have imprecise type: array(pyobject, 2d, C)
    a[0] = cuda.local.array(2, np.object_)[0]  # expect error@32: cuda.local.array() of NumPy's object dtype
