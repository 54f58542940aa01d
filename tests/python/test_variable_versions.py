"""One name holding values of different types in different parts of a function, as numba's SSA
versions allow (frontend/webs.c): the definitions that meet at a read share a type, the others
are variables of their own. Each kernel runs on the target (the GPU where there is one) and its
results are checked against the same Python function run by the interpreter, or NumPy."""
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import NumbaPerformanceWarning, TypingError


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)  # one-block launches
        yield


def test_reshape_changes_dimensions_inside_a_loop():
    # numba's issue 3931: the 1-d version of arr lives only between the two reshapes
    def foo(result, arr):
        for i in range(1):
            arr = arr.reshape(3 * 2)
            arr = arr.reshape(3, 2)
        for i in range(arr.shape[0]):
            for j in range(arr.shape[1]):
                result[i, j] = arr[i, j]

    arr = np.arange(6.0).reshape(3, 2) * 1.5
    got = np.zeros((3, 2))
    cuda.jit(foo)[1, 1](got, arr)
    want = np.zeros((3, 2))
    foo(want, arr)
    np.testing.assert_equal(got, want)


def test_counter_later_bound_to_an_array():
    # numba's issue 5493: the loop variable t is an integer, then an array in the inner loop
    B = np.arange(1.0, 3.0)

    def foo(res, m, n):
        for t in range(1, m):
            for idx in range(n):
                t = B
                if idx == 0:
                    res[0] = t[0]
                else:
                    res[0] += t[1]

    got, want = np.zeros(1), np.zeros(1)
    cuda.jit(foo)[1, 1](got, 4, 5)
    foo(want, 4, 5)
    np.testing.assert_equal(got, want)


def test_scalar_tuple_and_array_under_one_name():
    def foo(out, a, n):
        v = n * 2              # int64
        out[0] = v
        v = (a[0], a[1], 3.5)  # a 3-tuple of float64
        out[1] = v[0] + v[1] + v[2]
        v = a[1:]              # an array view
        out[2] = v[0] + v[-1]
        v = 1.25               # float64
        for i in range(n):
            v += a[i]          # one version through the loop: float64
        out[3] = v

    a = np.array([0.5, 2.0, 4.0, 8.0])
    got, want = np.zeros(4), np.zeros(4)
    cuda.jit(foo)[1, 1](got, a, 3)
    foo(want, a, 3)
    np.testing.assert_equal(got, want)


@cuda.jit(device=True)
def pair_total(x):
    y = x * 2
    x = (y, y + 1)  # the parameter bound to a tuple: its own version
    return x[0] + x[1]


@cuda.jit(device=True)
def scaled(a, i):
    a = a[i] * 3.0  # the array parameter bound to its element
    return a


def test_parameters_rebound_in_device_functions_and_kernels():
    def kern(out, a, k):
        out[0] = pair_total(k)
        out[1] = scaled(a, 2)
        first = a[0]
        a = 2.5  # the kernel's array argument bound to a number
        out[2] = a + first

    a = np.array([1.0, 2.0, 4.0])
    got = np.zeros(3)
    cuda.jit(kern)[1, 1](got, a, 7)
    np.testing.assert_equal(got, [7 * 2 + 7 * 2 + 1, 12.0, 3.5])


def test_definitions_that_meet_are_unified():
    def foo(out, a, n):
        if n > 2:
            v = 1
        else:
            v = 2.5
        out[0] = v           # both reach here: float64
        w = 0
        i = 0
        while i < n:
            if a[i] > 1.0:
                w = a[i]     # float64 meets the int 0 at the loop's head
                break
            i += 1
        out[1] = w

    a = np.array([0.5, 3.25, 4.0])
    for n in (1, 3):
        got, want = np.zeros(2), np.zeros(2)
        cuda.jit(foo)[1, 1](got, a, n)
        foo(want, a, n)
        np.testing.assert_equal(got, want)


def test_versions_that_meet_with_clashing_types_are_refused_at_the_line():
    @cuda.jit
    def clash(out, a, n):
        if n > 0:
            v = a
        else:
            v = 1.0
        out[0] = v[0]

    with pytest.raises(TypingError) as e:
        clash[1, 1](np.zeros(1), np.zeros(2), 1)
    text = str(e.value)
    assert "cannot unify" in text and "for 'v'" in text and "v = 1.0" in text, text
