"""Tuples and namedtuples as kernel arguments (numba's UniTuple, Tuple, NamedTuple): numbers,
arrays and nested tuples passed as one argument, each item checked against plain Python and
NumPy; empty tuples; namedtuple items by name; one kernel serving tuples of several shapes."""
from collections import namedtuple

import numpy as np
import pytest

from pyjitc import cuda

Point = namedtuple("Point", ("x", "y", "r"))
Pair = namedtuple("Pair", ("lo", "hi"))


@cuda.jit
def mixed(r1, r2, x):
    r1[0] = x[0]
    r1[1] = x[1]
    r1[2] = x[2]
    r2[0] = x[3]
    r2[1] = x[4]


def test_tuple_of_ints_and_floats():
    x = (7, -2, 2**40, 4.25, -1.5)
    r1, r2 = np.zeros(3, np.int64), np.zeros(2)
    mixed[1, 1](r1, r2, x)
    assert list(r1) == list(x[:3]) and list(r2) == list(x[3:])


@cuda.jit
def unituple_sum(out, t):
    s = 0
    for i in range(len(t)):
        s += t[i] * (i + 1)
    out[0] = s
    out[1] = len(t)


@pytest.mark.parametrize("t", [(3,), (1, 2, 3), tuple(range(-4, 9))])
def test_unituple_loop(t):
    out = np.zeros(2, np.int64)
    unituple_sum[1, 1](out, t)
    assert out[0] == sum(v * (i + 1) for i, v in enumerate(t)) and out[1] == len(t)


@cuda.jit
def nested(r, x):
    r[0] = len(x)
    r[1] = len(x[0])
    r[2] = len(x[1])
    r[3] = x[1][0] + 10 * x[1][1]
    r[4] = x[2][1][0]
    r[5] = x[3]


def test_nested_tuples():
    x = ((), (5, 6), (8, (9,)), 11)
    r = np.zeros(6, np.int64)
    nested[1, 1](r, x)
    assert list(r) == [4, 0, 2, 5 + 60, 9, 11]


@cuda.jit
def add_arrays(x, scale):
    i = cuda.grid(1)
    if i < x[0].shape[0]:
        x[0][i] = x[1][i] + scale[0] * x[2][i]


def test_tuple_of_arrays_written_back():
    n = 50
    a = np.zeros(n)
    b = np.arange(n, dtype=np.float64)
    c = np.linspace(-1, 1, n)
    add_arrays[2, 32]((a, b, c), (2.5,))
    np.testing.assert_allclose(a, b + 2.5 * c, rtol=1e-15, atol=1e-15)  # the GPU may fuse into an fma


def test_tuple_of_device_arrays_and_numbers():
    n = 40
    b = np.arange(n, dtype=np.float64) ** 2
    c = np.cos(np.arange(n, dtype=np.float64))
    da, db, dc = cuda.to_device(np.zeros(n)), cuda.to_device(b), cuda.to_device(c)
    add_arrays[2, 32]((da, db, dc), (np.float32(0.5),))
    np.testing.assert_allclose(da.copy_to_host(), b + 0.5 * c, rtol=1e-15)


@cuda.jit
def array_scalar_tuple(r, x):
    r[0] = x[0][0]
    r[1] = x[0][1]
    r[2] = x[1]
    r[3] = x[2][0]
    r[4] = x[2][1]


def test_array_number_tuple():
    z = np.arange(2, dtype=np.int64)
    x = (3 * z + 1, 10, (4, np.int16(-3)))
    r = np.zeros(5, np.int64)
    array_scalar_tuple[1, 1](r, x)
    assert list(r) == [1, 4, 10, 4, -3]


@cuda.jit
def point_fields(r, p):
    r[0] = p.x * 100 + p.y
    r[1] = p.r
    r[2] = p[2] + p.x


def test_namedtuple_items_by_name():
    r = np.zeros(3)
    point_fields[1, 1](r, Point(3, 4, 2.5))
    assert list(r) == [304.0, 2.5, 5.5]


@cuda.jit
def pair_span(out, p, q):
    out[0] = p.hi - p.lo
    out[1] = q.hi - q.lo


def test_two_namedtuples():
    out = np.zeros(2, np.int64)
    pair_span[1, 1](out, Pair(3, 10), Pair(-5, 5))
    assert list(out) == [7, 10]


@cuda.jit
def count(r, x):
    r[0] = len(x)


def test_empty_tuples():
    r = np.ones(1, np.int64)
    count[1, 1](r, ())
    assert r[0] == 0
    count[1, 1](r, ((), (), ()))
    assert r[0] == 3


def test_one_kernel_several_shapes():
    """The same kernel with tuples of other lengths and item types: a kernel per shape, and the
    first one still right when it comes back."""
    r = np.zeros(1, np.int64)
    for t in [(1, 2), (1, 2, 3), (1.5, 2), ((1, 2), 3), (1, 2)]:
        count[1, 1](r, t)
        assert r[0] == len(t)
    out = np.zeros(2, np.int64)
    unituple_sum[1, 1](out, (np.int32(4), np.int32(5)))
    assert list(out) == [14, 2]


@cuda.jit
def shape_product(out, shape):
    p = 1
    for s in shape:
        p *= s
    out[0] = p


def test_array_shape_as_argument():
    a = np.zeros((3, 4, 5))
    out = np.zeros(1, np.int64)
    shape_product[1, 1](out, a.shape)
    assert out[0] == a.size


@cuda.jit("void(int64[:], UniTuple(int64, 3))")
def eager_sum(out, t):
    out[0] = t[0] + t[1] + t[2]


def test_eager_signature_with_tuple():
    out = np.zeros(1, np.int64)
    eager_sum[1, 1](out, (4, 5, 6))
    assert out[0] == 15
    with pytest.raises(TypeError, match="no signature"):
        eager_sum[1, 1](out, (4, 5))


def test_specialize_with_tuple():
    k = mixed.specialize(np.zeros(3, np.int64), np.zeros(2), (1, 2, 3, 0.5, 0.25))
    r1, r2 = np.zeros(3, np.int64), np.zeros(2)
    k[1, 1](r1, r2, (9, 8, 7, 6.5, 5.5))
    assert list(r1) == [9, 8, 7] and list(r2) == [6.5, 5.5]


def test_unsupported_item_is_named():
    with pytest.raises(TypeError, match=r"argument 2 \(item \[1\]\[0\]\): cannot pass a str"):
        count[1, 1](np.zeros(1, np.int64), (1, ("a",)))


@cuda.jit
def bad_field(r, p):
    r[0] = p.z


def test_missing_namedtuple_field():
    with pytest.raises(Exception, match="has no attribute 'z'"):
        bad_field[1, 1](np.zeros(1), Point(1, 2, 3.0))


def test_overloads_and_types_text():
    @cuda.jit
    def k(r, t, p):
        r[0] = t[0] + t[1][0] + p.hi

    r = np.zeros(1)
    k[1, 1](r, (1, (2.5,)), Pair(1, np.float32(3)))
    assert r[0] == 6.5
    (key,) = k.overloads.keys()
    assert [str(t) for t in key[1:]] == ["Tuple(int64, UniTuple(float64, 1))", "Pair(int64, float32)"]
    text = next(iter(k._texts("types").values()))
    assert "#   p :: Pair(lo: int64, hi: float32)" in text


@cuda.jit
def reverse_scaled(out, t):
    s = cuda.shared.array(32, dtype=np.float64)
    i = cuda.threadIdx.x
    s[i] = t[0][i] * t[1]
    cuda.syncthreads()
    out[i] = s[31 - i]


def test_tuple_in_kernel_with_barrier():
    """A kernel with syncthreads (on the CPU executor, the whole block in one entry) builds its
    tuple argument the same way."""
    a, out = np.arange(32.0), np.zeros(32)
    reverse_scaled[1, 32](out, (a, 2.0))
    np.testing.assert_array_equal(out, (2.0 * a)[::-1])
