"""@vectorize, @guvectorize and cuda.reduce, checked against NumPy and functools.reduce: eager
signature dispatch, lazy typing, broadcasting, out=, device arrays, streams, layouts, reductions
of many sizes and dtypes, and the errors a user's mistake gets."""
import functools
import inspect
import operator
import os

import numpy as np
import pytest

import pyjitc
from pyjitc import cuda, float32, guvectorize, vectorize

THIS = os.path.basename(__file__)


def line_of(fn, marker):
    lines, first = inspect.getsourcelines(fn)
    return next(first + k for k, line in enumerate(lines) if marker in line)


# ---------------------------------------------------------------- @vectorize, eager

@vectorize(['float32(float32, float32)', 'float64(float64, float64)'], target='cuda')
def rel_diff(x, y):
    return 2 * (x - y) / (x + y)


def rel_diff_ref(x, y):
    return 2 * (x - y) / (x + y)


def test_vectorize_names():
    assert pyjitc.vectorize is vectorize and pyjitc.guvectorize is guvectorize
    assert cuda.reduce is cuda.Reduce
    assert rel_diff.__name__ == "rel_diff" and rel_diff.nin == 2
    assert rel_diff.types == ["ff->f", "dd->d"]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_eager_signature_by_dtype(rng, dtype):
    x = (rng.random(1000) + 1).astype(dtype)
    y = (rng.random(1000) + 1).astype(dtype)
    r = rel_diff(x, y)
    assert isinstance(r, np.ndarray) and r.dtype == dtype and r.shape == (1000,)
    np.testing.assert_allclose(r, rel_diff_ref(x, y), rtol=1e-6 if dtype == np.float32 else 1e-15)


def test_eager_safe_casting(rng):
    # int32 cannot go to float32 safely, so the float64 signature is taken (as NumPy picks a loop)
    x = rng.integers(1, 100, 200).astype(np.int32)
    y = rng.integers(1, 100, 200).astype(np.int16)
    r = rel_diff(x, y)
    assert r.dtype == np.float64
    np.testing.assert_allclose(r, rel_diff_ref(x.astype(np.float64), y.astype(np.float64)), rtol=1e-15)
    # float16 goes to float32 safely
    h = (rng.random(50) + 1).astype(np.float16)
    assert rel_diff(h, h + np.float16(1)).dtype == np.float32


def test_eager_exact_match_first():
    @vectorize(['float64(float64)', 'float32(float32)'], target='cuda')
    def twice(x):
        return x + x

    a = np.linspace(0, 1, 33, dtype=np.float32)
    assert twice(a).dtype == np.float32            # its own type, though float64 comes first
    assert twice(a.astype(np.int8)).dtype == np.float64   # no exact match: the first safe one
    np.testing.assert_array_equal(twice(a), a + a)


def test_eager_python_and_numpy_scalars(rng):
    x = (rng.random(100) + 1).astype(np.float32)
    r = rel_diff(x, 2.0)          # a Python float takes the array's float32 (NEP 50)
    assert r.dtype == np.float32
    np.testing.assert_allclose(r, rel_diff_ref(x, np.float32(2.0)), rtol=1e-6)
    r = rel_diff(x, np.float64(2.0))   # a NumPy float64 is a float64
    assert r.dtype == np.float64
    np.testing.assert_allclose(r, rel_diff_ref(x.astype(np.float64), 2.0), rtol=1e-15)
    r = rel_diff(3.0, 1.0)        # only scalars: one element, as numba returns; Python floats are float64
    assert r.shape == (1,) and r.dtype == np.float64 and r[0] == 1.0
    assert rel_diff(np.float32(3.0), 1.0).dtype == np.float32


def test_eager_no_signature_matches():
    c = np.ones(4, dtype=np.complex128)
    with pytest.raises(TypeError, match=r"rel_diff.*no signature takes inputs of types \(complex128, complex128\)"):
        rel_diff(c, c)


@vectorize(['int32(int32, int32)', 'int64(int64, int64)'], target='cuda')
def floor_mod(a, b):
    return a // b * 10 + a % b


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_eager_integers(rng, dtype):
    a = rng.integers(-1000, 1000, 500).astype(dtype)
    b = rng.integers(1, 50, 500).astype(dtype) * rng.choice([-1, 1], 500).astype(dtype)
    r = floor_mod(a, b)
    assert r.dtype == dtype
    np.testing.assert_array_equal(r, (a // b) * 10 + a % b)


def test_eager_bool_result():
    @vectorize(['boolean(float64, float64)'], target='cuda')
    def greater(a, b):
        return a > b

    a = np.array([1.0, 2.0, 3.0, 4.0])
    r = greater(a, 2.5)
    assert r.dtype == np.bool_
    np.testing.assert_array_equal(r, a > 2.5)


def test_signature_objects_and_single_string():
    @vectorize(float32(float32), target='cuda')
    def half(x):
        return x / 2

    @vectorize('float64(float64)', target='cuda')
    def neg(x):
        return -x

    a = np.arange(7, dtype=np.float32)
    np.testing.assert_array_equal(half(a), a / 2)
    np.testing.assert_array_equal(neg(a.astype(np.float64)), -a.astype(np.float64))


# ---------------------------------------------------------------- @vectorize, lazy

@vectorize(target='cuda')
def poly(a, b):
    return a * b + a - b


def test_lazy_types_follow_numba(rng):
    i32 = rng.integers(-100, 100, 64).astype(np.int32)
    f32 = rng.random(64).astype(np.float32)
    r = poly(i32, i32)                 # int32 arithmetic is int64 in numba
    assert r.dtype == np.int64
    np.testing.assert_array_equal(r, i32.astype(np.int64) * i32 + i32 - i32)
    r = poly(f32, f32)                 # float32 stays float32
    assert r.dtype == np.float32
    np.testing.assert_allclose(r, f32 * f32 + f32 - f32, rtol=1e-6)
    r = poly(f32, 2)                   # a Python int is an int64: float32 with int64 is float64
    assert r.dtype == np.float64
    np.testing.assert_allclose(r, f32.astype(np.float64) * 2 + f32 - 2, rtol=1e-12)
    r = poly(np.uint8(3), np.arange(5, dtype=np.uint8))
    assert r.dtype == np.int64 or r.dtype == np.uint64
    np.testing.assert_array_equal(r, 3 * np.arange(5) + 3 - np.arange(5))


def test_lazy_division_and_bare_decorator():
    @vectorize
    def ratio(a, b):
        return a / b

    a = np.arange(1, 11, dtype=np.int64)
    r = ratio(a, 4)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, a / 4)


# ---------------------------------------------------------------- broadcasting, layouts

def test_broadcast_shapes(rng):
    a = rng.random((4, 1)) + 1
    b = rng.random(3) + 1
    r = rel_diff(a, b)
    assert r.shape == (4, 3)
    np.testing.assert_allclose(r, rel_diff_ref(a, b), rtol=1e-15)
    c = rng.random((2, 1, 5)) + 1          # a broadcast middle axis: a 3-D kernel
    d = rng.random((2, 3, 5)) + 1
    np.testing.assert_allclose(rel_diff(c, d), rel_diff_ref(c, d), rtol=1e-15)
    np.testing.assert_allclose(rel_diff(d, 0.5), rel_diff_ref(d, 0.5), rtol=1e-15)


def test_strided_inputs(rng):
    m = rng.random((6, 8)) + 1
    np.testing.assert_allclose(rel_diff(m.T, m[::-1].T), rel_diff_ref(m.T, m[::-1].T), rtol=1e-15)
    np.testing.assert_allclose(rel_diff(m[:, ::3], 1.5), rel_diff_ref(m[:, ::3], 1.5), rtol=1e-15)
    d = cuda.to_device(m)
    r = rel_diff(d[::2, 1::2], d[1::2, ::2])
    np.testing.assert_allclose(r.copy_to_host(), rel_diff_ref(m[::2, 1::2], m[1::2, ::2]), rtol=1e-15)


def test_shapes_that_do_not_broadcast():
    with pytest.raises(ValueError, match="do not broadcast"):
        rel_diff(np.ones(3), np.ones(4))


def test_empty_input():
    r = rel_diff(np.ones((0, 3)), 1.0)
    assert r.shape == (0, 3) and r.dtype == np.float64


# ---------------------------------------------------------------- out=, device arrays, streams

def test_out_host(rng):
    x, y = rng.random(100) + 1, rng.random(100) + 1
    out = np.zeros(100)
    r = rel_diff(x, y, out=out)
    assert r is out
    np.testing.assert_allclose(out, rel_diff_ref(x, y), rtol=1e-15)
    out2 = np.zeros(100)
    rel_diff(x, y, out2)                       # positional, as NumPy's ufuncs take it
    np.testing.assert_array_equal(out2, out)
    with pytest.raises(ValueError, match="out has shape"):
        rel_diff(x, y, out=np.zeros(99))
    with pytest.raises(TypeError, match="cannot store"):
        rel_diff(x, y, out=np.zeros(100, dtype=np.int32))


def test_device_in_and_out(rng):
    x, y = rng.random(300) + 1, rng.random(300) + 1
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    r = rel_diff(dx, dy)
    assert cuda.is_device_array(r) and r.shape == (300,)
    np.testing.assert_allclose(r.copy_to_host(), rel_diff_ref(x, y), rtol=1e-15)
    r = rel_diff(dx, y)                        # one device input: the result stays on the device
    assert cuda.is_device_array(r)
    dout = cuda.device_array(300)
    assert rel_diff(x, y, out=dout) is dout
    np.testing.assert_allclose(dout.copy_to_host(), rel_diff_ref(x, y), rtol=1e-15)
    rel_diff(dx, dy, out=dx)                   # in place
    np.testing.assert_allclose(dx.copy_to_host(), rel_diff_ref(x, y), rtol=1e-15)


class Interface:
    """Another library's GPU array: only __cuda_array_interface__ (shape and strides may be given:
    a broadcast view)."""

    def __init__(self, dev, shape=None, strides=None):
        self._dev = dev
        self.__cuda_array_interface__ = {"shape": shape or dev.shape, "strides": strides, "typestr": dev.dtype.str,
                                         "data": (dev._address, False), "version": 3}


def test_cuda_array_interface_inputs(rng):
    x = (rng.random(64) + 1).astype(np.float32)
    r = rel_diff(Interface(cuda.to_device(x)), 1.0)
    assert cuda.is_device_array(r) and r.dtype == np.float32
    np.testing.assert_allclose(r.copy_to_host(), rel_diff_ref(x, np.float32(1.0)), rtol=1e-6)


def test_single_element_and_zero_stride_inputs(rng):
    x = rng.random(100) + 1
    two = np.array([2.0])
    np.testing.assert_allclose(rel_diff(x, two), rel_diff_ref(x, 2.0), rtol=1e-15)
    r = rel_diff(np.full((1, 1), 3.0), cuda.to_device(two))       # every operand one element
    assert r.shape == (1, 1)
    np.testing.assert_allclose(r.copy_to_host(), [[0.4]], rtol=1e-15)
    # another library's broadcast array: 100 elements, all strides 0
    bcast = Interface(cuda.to_device(two), shape=(100,), strides=(0,))
    np.testing.assert_allclose(rel_diff(x, bcast).copy_to_host(), rel_diff_ref(x, 2.0), rtol=1e-15)
    m = rng.random((5, 3, 4))
    vec = Interface(cuda.to_device(np.array([0.5])), shape=(4,), strides=(0,))   # a core of strides 0
    np.testing.assert_allclose(matvec(m, vec).copy_to_host(), m @ np.full(4, 0.5), rtol=1e-13)


def test_stream(rng):
    s = cuda.stream()
    x, y = rng.random(5000) + 1, rng.random(5000) + 1
    r = rel_diff(x, y, stream=s)
    s.synchronize()
    np.testing.assert_allclose(r, rel_diff_ref(x, y), rtol=1e-15)
    dx = cuda.to_device(x, stream=s)
    r = rel_diff(dx, y, stream=s)
    s.synchronize()
    np.testing.assert_allclose(r.copy_to_host(), rel_diff_ref(x, y), rtol=1e-15)


def test_cpu_target_runs_the_same_path(rng):
    @vectorize(['float64(float64, float64)'], target='cpu')
    def hyp(a, b):
        return (a * a + b * b) ** 0.5

    a, b = rng.random(20), rng.random(20)
    np.testing.assert_allclose(hyp(a, b), np.hypot(a, b), rtol=1e-14)


# ---------------------------------------------------------------- @vectorize errors

def test_signature_arity_mismatch():
    def two(a, b):
        return a + b

    with pytest.raises(TypeError, match="a signature has 1 inputs but the function takes 2"):
        vectorize(['float64(float64)'], target='cuda')(two)
    with pytest.raises(TypeError, match="takes 2 inputs"):
        rel_diff(np.ones(3))
    with pytest.raises(TypeError, match="needs a return type"):
        vectorize(['void(float64, float64)'], target='cuda')(two)
    with pytest.raises(ValueError, match="target"):
        vectorize(['float64(float64, float64)'], target='opencl')(two)


def bad_body(a):
    return a + not_defined_anywhere  # noqa: F821


def test_error_in_function_points_at_its_line():
    with pytest.raises(pyjitc.TypingError) as e:      # eager: at decoration, as numba compiles then
        vectorize(['float64(float64)'], target='cuda')(bad_body)
    assert f"{THIS}:{line_of(bad_body, 'not_defined_anywhere')}:" in str(e.value)
    lazy = vectorize(target='cuda')(bad_body)
    with pytest.raises(pyjitc.TypingError) as e:      # lazy: at the first call
        lazy(np.ones(3))
    assert f"{THIS}:{line_of(bad_body, 'not_defined_anywhere')}:" in str(e.value)


def test_lazy_function_returning_a_tuple():
    @vectorize(target='cuda')
    def pair(a):
        return a, a

    with pytest.raises(TypeError, match="returns one number"):
        pair(np.ones(3))


# ---------------------------------------------------------------- @guvectorize

@guvectorize(['void(float32[:], float32[:], float32[:])', 'void(float64[:], float64[:], float64[:])'],
             '(n),(n)->()', target='cuda')
def dot(a, b, out):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    out[0] = s


@guvectorize(['void(float64[:, :], float64[:], float64[:])'], '(m,n),(n)->(m)', target='cuda')
def matvec(m, v, out):
    for i in range(m.shape[0]):
        s = 0.0
        for j in range(m.shape[1]):
            s += m[i, j] * v[j]
        out[i] = s


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_guvectorize_dot(rng, dtype):
    a = rng.random((3, 4, 16)).astype(dtype)
    b = rng.random((3, 4, 16)).astype(dtype)
    r = dot(a, b)
    assert r.shape == (3, 4) and r.dtype == dtype
    np.testing.assert_allclose(r, np.einsum("ijk,ijk->ij", a, b), rtol=1e-5 if dtype == np.float32 else 1e-13)
    v = rng.random(16).astype(dtype)                  # loop dimensions broadcast
    np.testing.assert_allclose(dot(a, v), a @ v, rtol=1e-5 if dtype == np.float32 else 1e-13)
    r = dot(a[0, 0], b[0, 0])                          # no loop dimensions
    assert r.shape == ()
    np.testing.assert_allclose(r, a[0, 0] @ b[0, 0], rtol=1e-5)


def test_guvectorize_casts_host_inputs(rng):
    a = rng.integers(0, 10, (5, 8)).astype(np.int32)   # int32 goes to float64 safely
    r = dot(a, a)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, (a.astype(np.int64) ** 2).sum(axis=1))
    with pytest.raises(TypeError, match="no signature"):
        dot(a.astype(np.complex64), a.astype(np.complex64))


def test_guvectorize_matvec(rng):
    m = rng.random((5, 3, 4))
    v = rng.random(4)
    r = matvec(m, v)
    assert r.shape == (5, 3)
    np.testing.assert_allclose(r, m @ v, rtol=1e-13)
    np.testing.assert_allclose(matvec(m[2], v), m[2] @ v, rtol=1e-13)
    np.testing.assert_allclose(matvec(m.transpose(0, 2, 1)[:, :3, :], v[:3]),
                               m.transpose(0, 2, 1)[:, :3, :] @ v[:3], rtol=1e-13)


def test_guvectorize_outputs_given(rng):
    m, v = rng.random((6, 3, 4)), rng.random((6, 4))
    out = np.zeros((6, 3))
    r = matvec(m, v, out)
    assert r is out
    np.testing.assert_allclose(out, np.einsum("ijk,ik->ij", m, v), rtol=1e-13)
    dout = cuda.device_array((6, 3))
    r = matvec(m, v, out=dout)
    assert r is dout
    np.testing.assert_allclose(dout.copy_to_host(), np.einsum("ijk,ik->ij", m, v), rtol=1e-13)
    dm = cuda.to_device(m)
    r = matvec(dm, v)                               # a device input: the output stays there
    assert cuda.is_device_array(r)
    np.testing.assert_allclose(r.copy_to_host(), np.einsum("ijk,ik->ij", m, v), rtol=1e-13)
    with pytest.raises(ValueError, match="output 1 has shape"):
        matvec(m, v, np.zeros((6, 4)))


def test_guvectorize_scalar_input_and_two_outputs(rng):
    @guvectorize(['void(float64[:], float64, float64[:])'], '(n),()->(n)', target='cuda')
    def axpb(x, a, out):
        for i in range(x.shape[0]):
            out[i] = a * x[i] + 1.0

    @guvectorize(['void(int64[:], int64[:], int64[:])'], '(n)->(),()', target='cuda')
    def minmax(x, lo, hi):
        lo[0] = x[0]
        hi[0] = x[0]
        for i in range(1, x.shape[0]):
            lo[0] = min(lo[0], x[i])
            hi[0] = max(hi[0], x[i])

    x = rng.random((4, 10))
    np.testing.assert_allclose(axpb(x, 3.0), 3.0 * x + 1.0, rtol=1e-15)
    a = np.array([1.0, 2.0, -1.0, 0.5])
    np.testing.assert_allclose(axpb(x, a), a[:, None] * x + 1.0, rtol=1e-15)   # one scalar per row
    r = axpb(x, a[:, None])                       # loop dimensions (4, 1) and (4,): (4, 4)
    assert r.shape == (4, 4, 10)
    np.testing.assert_allclose(r, a[:, None, None] * x[None] + 1.0, rtol=1e-15)
    ints = rng.integers(-1000, 1000, (7, 13))
    lo, hi = minmax(ints)
    np.testing.assert_array_equal(lo, ints.min(axis=1))
    np.testing.assert_array_equal(hi, ints.max(axis=1))


def test_guvectorize_lazy_needs_outputs(rng):
    @guvectorize('(n),(n)->()', target='cuda')
    def sqdist(a, b, out):
        s = 0.0
        for i in range(a.shape[0]):
            d = a[i] - b[i]
            s += d * d
        out[0] = s

    a, b = rng.random((9, 5)), rng.random((9, 5))
    out = np.zeros(9)
    sqdist(a, b, out)
    np.testing.assert_allclose(out, ((a - b) ** 2).sum(axis=1), rtol=1e-14)
    with pytest.raises(TypeError, match="give its outputs"):
        sqdist(a, b)


def test_guvectorize_empty_loop():
    r = dot(np.ones((0, 4)), np.ones((0, 4)))
    assert r.shape == (0,)


def test_guvectorize_errors():
    def f3(a, b, c):
        pass

    for layout in ['(n),(n)', '(n),(n)->()->()', '(n,(n)->()', '(n),[n]->()', '(n),(1)->()']:
        with pytest.raises(ValueError, match="layout"):
            guvectorize(['void(float64[:], float64[:], float64[:])'], layout, target='cuda')(f3)
    with pytest.raises(ValueError, match="output dimension 'm' appears in no input"):
        guvectorize(['void(float64[:], float64[:], float64[:])'], '(n),(n)->(m)', target='cuda')(f3)
    with pytest.raises(TypeError, match="has 2 arguments but the function takes 3"):
        guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')(f3)
    with pytest.raises(TypeError, match="signature .* has 2 arguments but the layout"):
        guvectorize(['void(float64[:], float64[:])'], '(n),(n)->()', target='cuda')(f3)
    with pytest.raises(TypeError, match="argument 1 .* 1 core dimension"):
        guvectorize(['void(float64[:, :], float64[:], float64[:])'], '(n),(n)->()', target='cuda')(f3)
    with pytest.raises(ValueError, match="dimension 'n' is 4 in one input and 5 in input 2"):
        dot(np.ones(4), np.ones(5))
    with pytest.raises(ValueError, match="input 1 has 0 dimensions"):
        dot(1.0, np.ones(5))
    with pytest.raises(ValueError, match="loop dimensions"):
        dot(np.ones((3, 4)), np.ones((2, 4)))
    with pytest.raises(TypeError, match="accepts 2 positional arguments .* or 3 positional arguments .* Got 1 "
                                        "positional argument."):
        dot(np.ones(4))
    with pytest.raises(ValueError, match="cannot specify argument 'out' as both positional and keyword"):
        dot(np.ones(4), np.ones(4), np.ones(1), out=np.ones(1))
    with pytest.raises(TypeError, match="The following target options are not supported: 'what1'"):
        guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda', what1=True)(lambda a, b: None)
    with pytest.raises(TypeError, match="guvectorized functions cannot return values"):
        guvectorize(['int32(float64[:], float64[:])'], '(n)->()', target='cuda')(lambda a, b: None)


def test_guvectorize_narrower_signature_and_one_element_scalars():
    """numba-cuda's leniency: an input wider than every signature of its kind is converted
    (int64 into an int32 signature), and a 1-element array given for '()' is that scalar."""
    @guvectorize(['void(int32, int32[:], int32[:])'], '(),(t)->(t)', target='cuda')
    def scale(a, b, out):
        for i in range(b.size):
            out[i] = a * b[i]

    b = np.arange(10, dtype=np.int32)
    np.testing.assert_array_equal(scale(np.int64(3), b), 3 * b)
    np.testing.assert_array_equal(scale(np.array([4], dtype=np.int32), b), 4 * b)
    with pytest.raises(TypeError, match="does not support .astype"):
        scale(cuda.to_device(np.array(2, dtype=np.int64)), b)


# ---------------------------------------------------------------- cuda.reduce

sum_reduce = cuda.reduce(lambda a, b: a + b)


@cuda.reduce
def max_reduce(a, b):
    return a if a > b else b


def last_nonzero(a, b):
    """Associative, not commutative: the order of the elements matters."""
    return b if b != 0 else a


@pytest.mark.parametrize("n", [1, 31, 1000, 2 ** 20 + 3])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64])
def test_reduce_sum(rng, n, dtype):
    # integer values, and partial sums (a random walk from a fixed seed) far below 2**24: every
    # order of the additions gives the exact sum, in float32 too
    arr = rng.integers(-100, 100, n).astype(dtype)
    got = sum_reduce(arr)
    assert isinstance(got, np.generic) and got.dtype == dtype
    assert got == functools.reduce(operator.add, arr.tolist(), 0)


@pytest.mark.parametrize("n", [1, 31, 1000, 2 ** 20 + 3])
def test_reduce_order_is_kept(rng, n):
    arr = rng.integers(1, 10, n) * (rng.random(n) < 0.01)
    r = cuda.reduce(last_nonzero)
    assert r(arr) == functools.reduce(last_nonzero, arr.tolist(), 0)
    assert r(arr, init=5) == functools.reduce(last_nonzero, arr.tolist(), 5)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16, np.uint8])
def test_reduce_max(rng, dtype):
    arr = (rng.random(4097) * 100).astype(dtype)
    assert max_reduce(arr) == arr.max()
    assert cuda.reduce(max)(arr) == arr.max()
    neg = -np.arange(1, 50, dtype=np.float64)
    assert max_reduce(neg) == 0.0                    # init 0 takes part, as in numba
    assert max_reduce(neg, init=-1000) == -1.0
    assert cuda.reduce(min)(neg, init=0) == -49.0


def test_reduce_init_size_res_stream(rng):
    arr = rng.integers(0, 1000, 3000).astype(np.int64)
    assert sum_reduce(arr, init=17) == arr.sum() + 17
    assert sum_reduce(arr, size=100) == arr[:100].sum()
    res = cuda.device_array(4, dtype=np.int64)
    assert sum_reduce(cuda.to_device(arr), res=res) is None
    assert res.copy_to_host()[0] == arr.sum()
    s = cuda.stream()
    d = cuda.to_device(arr, stream=s)
    assert sum_reduce(d, stream=s) == arr.sum()
    assert sum_reduce(d[::3]) == arr[::3].sum()      # a strided device view
    prod = cuda.reduce(operator.mul)
    small = rng.integers(1, 4, 20).astype(np.float64)
    assert prod(small, init=1) == functools.reduce(operator.mul, small.tolist(), 1.0)


def test_reduce_empty_returns_init():
    assert sum_reduce(np.zeros(0)) == 0
    assert sum_reduce(np.zeros(0, dtype=np.float32), init=2.5) == np.float32(2.5)
    assert sum_reduce(np.arange(10.0), size=0, init=3) == 3.0


def test_ufunc_reduce(rng):
    @vectorize(['float64(float64, float64)'], target='cuda')
    def add(a, b):
        return a + b

    arr = rng.integers(0, 100, 777).astype(np.float64)
    assert add.reduce(arr) == arr.sum()
    with pytest.raises(TypeError, match="empty"):
        add.reduce(np.zeros(0))


def test_function_names_the_kernels_use(rng):
    def acc(a, b):          # a name the reduction kernel uses for a local
        return a + b

    def a0(x):              # a name the ufunc kernels use for a parameter
        return x * 3

    arr = rng.integers(0, 50, 3000)
    assert cuda.reduce(acc)(arr) == arr.sum()
    np.testing.assert_array_equal(vectorize(['int64(int64)'], target='cuda')(a0)(arr), arr * 3)


def test_generated_source_outlives_linecache(rng):
    import linecache

    @vectorize(target='cuda')
    def cube(x):
        return x * x * x

    a = rng.random(10)
    np.testing.assert_allclose(cube(a), a ** 3, rtol=1e-15)
    linecache.clearcache()                  # as some tools do: new types still compile
    np.testing.assert_array_equal(cube(np.arange(5, dtype=np.int16)), np.arange(5) ** 3)


def test_reduce_errors():
    with pytest.raises(TypeError, match="only 1-D arrays are reduced; this one has 2 dimensions"):
        sum_reduce(np.ones((2, 2)))
    with pytest.raises(TypeError, match="this one has 0 dimensions"):
        sum_reduce(np.array(3.0))
    with pytest.raises(TypeError, match="give a 1-D array, not float"):
        sum_reduce(3.0)
    host_res = np.zeros(2, dtype=np.int64)           # a NumPy res is filled too
    assert sum_reduce(np.arange(10), res=host_res) is None and host_res[0] == 45
    with pytest.raises(TypeError, match="takes 3 arguments"):
        cuda.reduce(lambda a, b, c: a)


scale_add = cuda.jit(device=True)(lambda a, b: a * 2 + b)
pick = cuda.jit(device=True)(lambda a, b: (a if a > b
                                          else b))


@cuda.jit
def use_lambdas(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = scale_add(x[i], y[i]) + pick(x[i], y[i])


def test_lambda_device_functions(rng):
    x, y = rng.random(40), rng.random(40)
    out = np.zeros(40)
    use_lambdas[2, 32](x, y, out)
    np.testing.assert_allclose(out, x * 2 + y + np.maximum(x, y), rtol=1e-15)


def test_reduce_lambda_error_points_at_its_line():
    bad = cuda.reduce(lambda a, b: a + no_such_name)  # noqa: F821
    with pytest.raises(pyjitc.TypingError) as e:
        bad(np.ones(3))
    line = line_of(test_reduce_lambda_error_points_at_its_line, "no_such_name")
    msg = str(e.value)
    assert f"{THIS}:{line}:" in msg, msg
    col = open(__file__).read().splitlines()[line - 1].index("no_such_name") + 1
    assert f"{THIS}:{line}:{col}:" in msg, msg
