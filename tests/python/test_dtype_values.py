"""dtypes as values in kernels, as numba types them: an array's `a.dtype` (numba's DType) and its
`.type` (a NumberClass: calling it converts to the array's dtype, `price.dtype.type(2)`), held
in a local and called later; a module-level dtype class (`DT = np.float32`, then `DT(x)`) or
dtype object (`NP_DTYPE = np.dtype(np.int32)`, as cuda.local.array's dtype and as
`NP_DTYPE.type(x)`); np.dtype(...) inside a kernel; `==` between dtypes, known when compiling."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError

DT = np.float32
NP_DTYPE = np.dtype(np.int32)


@cuda.jit
def convert_to_dtype_of(price, vals, out):
    i = cuda.grid(1)
    if i < vals.size:
        out[i] = price.dtype.type(vals[i])


@cuda.jit
def convert_through_local(price, vals, out):
    i = cuda.grid(1)
    t = price.dtype.type
    if i < vals.size:
        v = t(vals[i])
        out[i] = v


@pytest.mark.parametrize("kernel", [convert_to_dtype_of, convert_through_local])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int8, np.uint8, np.int16, np.int32,
                                   np.uint32, np.int64, np.bool_])
def test_dtype_type_converts_to_the_arrays_dtype(kernel, dtype):
    price = np.zeros(3, dtype)
    floats = np.array([0.1, 2.75, 1.0 / 3.0, 100.5, 0.0, 7.0])
    ints = np.array([1, 300, -56, 70000, 0, 255], dtype=np.int64)
    if np.dtype(dtype).kind in "fb":
        cases = [floats, ints]
    else:
        cases = [ints, floats[[0, 1, 2, 4, 5]]]  # no fractions out of an integer's range
    for vals in cases:
        out = np.zeros(vals.size)
        kernel[1, 32](price, vals, out)
        np.testing.assert_array_equal(out, vals.astype(dtype).astype(np.float64), err_msg=f"{dtype} from {vals.dtype}")


@cuda.jit
def module_level_dtypes(vals, out):
    i = cuda.grid(1)
    a = cuda.local.array(2, dtype=NP_DTYPE)
    b = cuda.local.array(1, dtype=np.dtype("int16"))
    if i < vals.size:
        a[0] = NP_DTYPE.type(vals[i])
        a[1] = vals[i]  # stored as an int32: truncated
        b[0] = np.dtype(np.int16).type(vals[i] * 1000)
        out[i, 0] = DT(vals[i])
        out[i, 1] = a[0]
        out[i, 2] = a[1]
        out[i, 3] = b[0]
        out[i, 4] = (a.dtype == NP_DTYPE) + (b.dtype == np.int16)


def test_module_level_dtype_class_and_object():
    vals = np.array([0.1, 3.9, -2.5, 11.25, 1e-3])
    out = np.zeros((vals.size, 5))
    module_level_dtypes[1, 32](vals, out)
    want = np.stack([vals.astype(np.float32).astype(np.float64), vals.astype(np.int32), vals.astype(np.int32),
                     (vals * 1000).astype(np.int16), np.full(vals.size, 2.0)], axis=1)
    np.testing.assert_array_equal(out, want)


@cuda.jit
def dtype_flags(a, out):
    out[0] = a.dtype == np.float32
    out[1] = a.dtype != np.float32
    out[2] = a.dtype == DT
    out[3] = a.dtype == NP_DTYPE
    if a.dtype == np.float32:
        out[4] = a[0] * 2  # typed only for float32 arrays
    else:
        out[4] = -1


@pytest.mark.parametrize("dtype,want", [(np.float32, [1, 0, 1, 0, 5]), (np.int32, [0, 1, 0, 1, -1]),
                                        (np.float64, [0, 1, 0, 0, -1])])
def test_dtype_equality_is_known_when_compiling(dtype, want):
    a = np.full(2, 2.5, dtype)
    out = np.zeros(5)
    dtype_flags[1, 1](a, out)
    np.testing.assert_array_equal(out, want)


def test_unknown_dtype_name_is_a_located_error():
    @cuda.jit
    def k(out):
        out[0] = np.dtype("float31").type(1)

    with pytest.raises(TypingError, match=r"test_dtype_values.py:\d+:\d+: error: unknown dtype descriptor: 'float31'"):
        k[1, 1](np.zeros(1))


def test_type_of_a_number_is_a_located_error():
    @cuda.jit
    def k(x, out):
        out[0] = x.type(1)

    with pytest.raises(TypingError, match=r"test_dtype_values.py:\d+:\d+: error: float64 has no attribute 'type'"):
        k[1, 1](1.5, np.zeros(1))
