"""0-d arrays in kernels, as numba types them (array(T, 0d, C)): a NumPy array of shape ()
(np.array(5.0)), a device array of shape () (cuda.to_device(np.float32(3)), cuda.device_array(()))
or another library's (__cuda_array_interface__) as an argument, read and written as x[()], with
x.ndim 0, x.size 1 and x.shape == (); a NumPy scalar stays a number. 0-d arrays captured as
globals: a NumPy one is a constant, a device one is captured by reference (written in place).
A 0-d array of records holds one record (r[()] = ary[i]). Checked against NumPy."""
import numpy as np
import pytest

from pyjitc import cuda, types
from pyjitc.errors import TypingError
from pyjitc.numba.testing import ForeignArray


@cuda.jit
def bump(x, out):
    out[0] = x[()]
    x[()] += 1
    out[1] = x.ndim
    out[2] = x.size
    out[3] = x.shape == ()
    out[4] = len(x.shape)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, np.int8, np.int32, np.uint64, np.int64,
                                   np.complex64])
def test_numpy_0d_argument_read_and_written(dtype):
    x = np.array(5, dtype=dtype)
    out = np.zeros(5, np.complex128)
    bump[1, 1](x, out)
    assert x.shape == () and x == dtype(6)
    np.testing.assert_array_equal(out, [5, 0, 1, 1, 0])


def test_bool_0d_argument():
    @cuda.jit
    def flip(x, out):
        out[0] = x[()]
        x[()] = not x[()]

    x = np.array(True)
    out = np.zeros(1, np.bool_)
    flip[1, 1](x, out)
    assert out[0] and not x[()]


def test_numpy_scalar_stays_a_number():
    @cuda.jit
    def k(x, out):
        out[0] = x * 2

    out = np.zeros(1)
    k[1, 1](np.float64(2.5), out)
    assert out[0] == 5.0
    with pytest.raises(TypingError, match=r"test_zero_d_arrays.py:\d+:\d+: error: float64 cannot be indexed"):
        bump[1, 1](np.float64(2.5), np.zeros(5, np.complex128))


def test_device_arrays_of_no_dimensions():
    x = cuda.to_device(np.float32(3))
    assert x.shape == ()
    out = cuda.device_array((), dtype=np.float32)

    @cuda.jit
    def k(x, out):
        out[()] = x[()] * 2.0
        x[()] = -1

    k[1, 1](x, out)
    r = out.copy_to_host()
    assert r.shape == () and r == 6.0
    assert x.copy_to_host() == -1
    foreign = ForeignArray(cuda.to_device(np.array(4.5)))
    out64 = cuda.device_array((), dtype=np.float64)
    k[1, 1](foreign, out64)
    assert out64.copy_to_host() == 9.0 and foreign._arr.copy_to_host() == -1


def test_0d_array_in_device_function_and_reduction():
    @cuda.jit(device=True)
    def incr(x, by):
        x[()] += by
        return x[()]

    @cuda.jit
    def k(x, out):
        out[0] = incr(x, 3)
        out[1] = np.sum(x) + x.max()
        out[2] = 4.0 in x

    x = np.array(1.0)
    out = np.zeros(3)
    k[1, 1](x, out)
    assert x == 4.0
    np.testing.assert_array_equal(out, [4.0, 8.0, 1.0])


def test_eager_signature_of_a_0d_array():
    @cuda.jit((types.Array(types.float64, 0, "C"), types.float64[::1]))
    def k(x, out):
        out[0] = x[()]
        x[()] = 9

    x, out = np.array(2.5), np.zeros(1)
    k[1, 1](x, out)
    assert out[0] == 2.5 and x == 9
    assert [str(t) for t in list(k.overloads.keys())[0]] == ["array(float64, 0d, C)", "array(float64, 1d, C)"]
    with pytest.raises(TypeError, match="No matching definition"):
        k[1, 1](2.5, out)


def test_readonly_0d_array():
    x = np.array(7, np.int32)
    x.flags.writeable = False

    @cuda.jit
    def read(x, out):
        out[0] = x[()] * 3

    out = np.zeros(1, np.int32)
    read[1, 1](x, out)
    assert out[0] == 21

    @cuda.jit
    def write(x):
        x[()] = 1

    with pytest.raises(TypingError, match=r"test_zero_d_arrays.py:\d+:\d+: error: Cannot modify readonly array of type: "
                                          r"readonly array\(int32, 0d, C\)"):
        write[1, 1](x)


GLOBAL_0D = np.array(5)
GLOBAL_DEV_0D = cuda.to_device(np.array(42.0, dtype=np.float32))


def test_0d_globals():
    @cuda.jit
    def k(out):
        out[0] = GLOBAL_0D[()]
        out[1] = GLOBAL_DEV_0D[()] * 2.0
        out[2] = GLOBAL_0D.ndim + GLOBAL_0D.size
        GLOBAL_DEV_0D[()] = 1.5  # captured by reference: written in place

    out = np.zeros(3)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [5.0, 84.0, 1.0])
    assert GLOBAL_DEV_0D.copy_to_host() == 1.5
    GLOBAL_DEV_0D.copy_to_device(np.array(42.0, dtype=np.float32))


def test_captured_0d_arrays():
    host = np.array(-3, np.int16)
    dev = cuda.to_device(np.array(2, np.int64))

    @cuda.jit
    def k(out):
        out[()] = host[()] * dev[()]

    out = np.array(0)
    k[1, 1](out)
    assert out == -6


def test_0d_array_of_records():
    rec = np.dtype([("a", np.int8), ("b", np.float64)], align=True)
    arr = np.zeros(2, rec)
    arr[1] = (2, 43.5)

    @cuda.jit
    def record_return(r, ary, i):
        r[()] = ary[i]
        r[()].a = r[()].a + 1

    r = np.ndarray((), dtype=rec)
    record_return[1, 1](r, arr, 1)
    assert r.shape == () and tuple(r[()]) == (3, 43.5)


@pytest.mark.parametrize("body,message", [
    ("out[0] = len(x)", r"len\(\) of unsized object \(array\(float64, 0d, C\): a 0-d array has no length\)"),
    ("for v in x:\n        out[0] = v", r"iteration over a 0-d array \(array\(float64, 0d, C\)\)"),
    ("out[0] = x[0]", r"too many indices for array\(float64, 0d, C\): 1"),
])
def test_misuse_of_a_0d_array_is_a_located_error(body, message):
    ns = {"cuda": cuda}
    exec(f"def k(x, out):\n    {body}\n", ns)
    with pytest.raises(TypingError, match=r":\d+:\d+: error: " + message):
        cuda.jit(ns["k"])[1, 1](np.array(1.0), np.zeros(1))


def test_0d_array_with_a_barrier_and_an_atomic():
    @cuda.jit
    def k(x, out):
        sm = cuda.shared.array(32, np.float64)
        i = cuda.threadIdx.x
        sm[i] = x[()] + i
        cuda.syncthreads()
        out[i] = sm[31 - i]
        cuda.atomic.add(x, (), 1.0)

    x, out = np.array(2.0), np.zeros(32)
    k[1, 32](x, out)
    assert x == 34.0
    np.testing.assert_array_equal(out, 2.0 + np.arange(31, -1, -1))


def test_0d_array_inside_a_tuple_argument():
    @cuda.jit
    def k(t, out):
        out[0] = t[0][()] + t[1]
        t[0][()] = 7

    x, out = np.array(1.5), np.zeros(1)
    k[1, 1]((x, 2), out)
    assert out[0] == 3.5 and x == 7.0
