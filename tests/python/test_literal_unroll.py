"""numba's literal_unroll: `for x in literal_unroll(t)` runs the body once per item of a tuple whose
items may differ in type (each copy typed for its item), with break and continue as in Python;
and locals assigned once from a constant, used where a constant is needed (an array's shape)."""
import numpy as np
import pytest

import pyjitc
from pyjitc import cuda, int32, literal_unroll

ARRAYS = (np.arange(5, dtype=np.float64) - 1.5, np.arange(6, dtype=np.int32) * 3, np.array([True, False, True]))
MIXED = (1, 2.5, 3.0, 1, -1, 100)


def test_host_identity():
    t = (1, 2.5, np.zeros(2))
    assert literal_unroll(t) is t
    assert [type(x) for x in literal_unroll(t)] == [int, float, np.ndarray]


def test_arrays_of_several_types():
    @cuda.jit
    def k(out, a, b):
        i = 0
        for x in literal_unroll((a, b)):  # float64[:] then int32[:, :]
            out[i] = x.size * 10 + x.ndim
            i += 1
        for arr in literal_unroll(ARRAYS):  # a global tuple of arrays of three dtypes
            total = 0.0
            for j in range(arr.shape[0]):
                total += arr[j] * (j + 1)
            out[i] = total
            i += 1

    a = np.array([1.5, 2.0])
    b = np.arange(12, dtype=np.int32).reshape(3, 4)
    out = np.zeros(5)
    k[1, 1](out, a, b)
    expected = [a.size * 10 + a.ndim, b.size * 10 + b.ndim]
    for arr in literal_unroll(ARRAYS):
        expected.append(sum(float(arr[j]) * (j + 1) for j in range(arr.shape[0])))
    np.testing.assert_allclose(out, expected)


def test_items_keep_their_types():
    @cuda.jit
    def k(out):
        i = 0
        for x in literal_unroll((7, 2.5, True, np.float32(0.1), np.int8(-3))):
            y = x  # a local of the body: its own variable and type in each copy
            out[i] = y / 4
            i += 1

    out = np.zeros(5)
    k[1, 1](out)
    np.testing.assert_allclose(out, [7 / 4, 2.5 / 4, 1 / 4, np.float32(0.1) / np.float32(4), -3 / 4], rtol=1e-6)


def python_mixed(items):
    s = 0.0
    n = 0
    for x in items:
        n += 1
        if x > 2.5:
            continue
        if x < 0:
            break
        s += x * 2
    return s, n


def test_break_and_continue():
    @cuda.jit
    def k(out):
        s = 0.0
        n = 0
        for x in literal_unroll(MIXED):
            n += 1
            if x > 2.5:
                continue
            if x < 0:
                break
            s += x * 2
        out[0] = s
        out[1] = n

    out = np.zeros(2)
    k[1, 1](out)
    np.testing.assert_allclose(out, python_mixed(MIXED))


def test_break_only_and_nested():
    @cuda.jit
    def k(out):
        i = 0
        for x in literal_unroll((5, 1.5, np.float32(0.25), -2, 9)):
            for j in range(4):  # a loop inside: its break is its own
                if j == 2:
                    break
                out[j] += x
            if x < 0:
                break
            out[i + 2] = x
            i += 1
        out[7] = i

    def python(out):
        i = 0
        for x in (5, 1.5, 0.25, -2, 9):
            for j in range(4):
                if j == 2:
                    break
                out[j] += x
            if x < 0:
                break
            out[i + 2] = x
            i += 1
        out[7] = i

    out, expected = np.zeros(8), np.zeros(8)
    k[1, 1](out)
    python(expected)
    np.testing.assert_allclose(out, expected)


def test_threads_and_device_function():
    @cuda.jit(device=True)
    def weighted(t, v):
        acc = 0.0
        w = 1
        for x in literal_unroll(t):
            acc += x * v * w
            w += 1
        return acc

    @cuda.jit
    def k(out, v):
        i = cuda.grid(1)
        if i < v.size:
            out[i] = weighted((1, 0.5, np.float32(2.0)), v[i])

    v = np.linspace(-1, 1, 37)
    out = np.zeros_like(v)
    k[2, 32](out, v)
    np.testing.assert_allclose(out, [x * 1 * 1 + x * 0.5 * 2 + x * 2.0 * 3 for x in v])


def test_errors():
    @cuda.jit
    def not_tuple(out, a):
        for x in literal_unroll(a):
            out[0] = x

    with pytest.raises(pyjitc.TypingError, match=r"literal_unroll\(\) takes a tuple, not array"):
        not_tuple[1, 1](np.zeros(1), np.zeros(3))

    @cuda.jit
    def outside(out):
        t = literal_unroll((1, 2))
        out[0] = t[0]

    with pytest.raises(pyjitc.TypingError, match=r"literal_unroll\(\) is only supported as the iterable"):
        outside[1, 1](np.zeros(1))


# ---------------------------------------------------------------- locals that are constants

def test_local_constant_shape():
    @cuda.jit
    def simple_smem(ary):
        N = 100
        sm = cuda.shared.array(N, int32)
        i = cuda.grid(1)
        if i == 0:
            for j in range(N):
                sm[j] = j
        cuda.syncthreads()
        ary[i] = sm[i]

    ary = np.zeros(100, dtype=np.int32)
    simple_smem[1, 100](ary)
    np.testing.assert_array_equal(ary, np.arange(100, dtype=np.int32))


def test_local_constant_tuple_shape():
    @cuda.jit
    def k(out):
        shape = (3, 4)
        rows = 3
        loc = cuda.local.array(shape, np.float64)
        col = cuda.local.array(rows, np.int64)
        for r in range(rows):
            col[r] = r * r
            for c in range(4):
                loc[r, c] = r * 4 + c
        for r in range(3):
            for c in range(4):
                out[r, c] = loc[r, c] + col[r]

    out = np.zeros((3, 4))
    k[1, 1](out)
    np.testing.assert_allclose(out, np.arange(12).reshape(3, 4) + (np.arange(3) ** 2)[:, None])


def test_rebound_local_is_its_last_constant():
    # n = 4 is dead where the shape is read: as numba's SSA versions, the shape is n's later value
    @cuda.jit
    def k(out):
        n = 4
        n = 5
        a = cuda.local.array(n, np.float64)
        for i in range(n):
            a[i] = i
        out[0] = a.size + a[4]

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 5 + 4


def test_local_of_two_values_is_no_constant():
    @cuda.jit
    def k(out):
        n = 4
        if out[0] > 0:
            n = 5
        a = cuda.local.array(n, np.float64)
        a[0] = 1
        out[0] = a[0]

    with pytest.raises(pyjitc.TypingError, match="needs a constant shape"):
        k[1, 1](np.zeros(1))


def test_loop_else():
    def body(out, limit):
        n = 0
        for x in literal_unroll((1, 2.5, np.float32(4.0), 8)):
            if x > limit:
                break
            if x == 2.5:
                continue
            n += x
        else:
            n += 100
        out[0] = n

    kernel = cuda.jit(body)
    for limit in (0.5, 3.0, 10.0):
        out, expected = np.zeros(1), np.zeros(1)
        kernel[1, 1](out, limit)
        body(expected, limit)
        np.testing.assert_allclose(out, expected)
