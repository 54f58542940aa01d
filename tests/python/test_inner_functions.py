"""Inner functions (a def inside a kernel or device function): called where they are defined or
passed to device functions as values, reading the constants of the function they are written
in; device functions with defaults, keyword arguments and *args; calls that spread a tuple with
f(*t). Each kernel's numbers are checked against the same Python run by the interpreter."""
import cmath

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError

OFFSET = 1000


@cuda.jit(device=True)
def apply(func, *args):
    return func(*args)


@cuda.jit(device=True)
def apply_twice(func, x):
    return func(func(x))


@cuda.jit(device=True)
def count_args(*args):
    return len(args)


@cuda.jit(device=True)
def total(first, *rest):
    s = first
    for r in rest:
        s += r
    return s


@cuda.jit(device=True)
def scaled(x, factor=3, shift=-1):
    return x * factor + shift


def _run(kernel, out, *args):
    kernel[1, 1](out, *args)
    return out


def test_inner_called_in_kernel_reads_constants():
    @cuda.jit
    def k(out, a):
        scale = 2.5
        bias = -3

        def f(x):
            return x * scale + bias + OFFSET

        for i in range(a.size):
            out[i] = f(a[i])

    a = np.linspace(-4.0, 7.0, 12)
    out = _run(k, np.zeros_like(a), a)
    np.testing.assert_allclose(out, [x * 2.5 - 3 + OFFSET for x in a])


def test_inner_passed_to_device_functions():
    @cuda.jit
    def k(out, x):
        def sq(v):
            return v * v

        def add3(p, q, r):
            return p + q + r

        out[0] = apply(sq, x)
        out[1] = apply_twice(sq, x)
        out[2] = apply(add3, x, 10, 100)
        out[3] = count_args(x, x, x, x)
        out[4] = count_args()
        out[5] = total(x, 1, 2, 3)
        out[6] = total(x)

    for x in (3, -7):
        out = _run(k, np.zeros(7, np.int64), x)
        sq = lambda v: v * v  # noqa: E731
        assert list(out) == [sq(x), sq(sq(x)), x + 110, 4, 0, x + 6, x]


def test_defaults_and_keywords():
    @cuda.jit
    def k(out, x):
        t = 7

        def g(a, b, c=5, d=-2):
            return a * 1000 + b * 100 + c * 10 + d + t

        out[0] = g(x, 2)
        out[1] = g(x, 2, 3)
        out[2] = g(x, 2, d=9)
        out[3] = g(b=4, a=x, c=1)
        out[4] = apply(g, x, 1)
        out[5] = scaled(x)
        out[6] = scaled(x, shift=10)
        out[7] = scaled(factor=-2, x=x)

    def g(a, b, c=5, d=-2):
        return a * 1000 + b * 100 + c * 10 + d + 7

    x = 6
    out = _run(k, np.zeros(8, np.int64), x)
    assert list(out) == [g(x, 2), g(x, 2, 3), g(x, 2, d=9), g(b=4, a=x, c=1), g(x, 1),
                         scaled.py_func(x), scaled.py_func(x, shift=10), scaled.py_func(factor=-2, x=x)]


def test_nested_inner_functions_and_recursion():
    @cuda.jit
    def k(out, n):
        def fact(m):
            if m <= 1:
                return 1
            return m * fact(m - 1)

        def outer(v):
            def inner(w):
                return w + 1

            return inner(v) * 2

        def both(v):
            return outer(v) + fact(v)

        out[0] = fact(n)
        out[1] = outer(n)
        out[2] = apply(both, n)

    def fact(m):
        return 1 if m <= 1 else m * fact(m - 1)

    n = 6
    out = _run(k, np.zeros(3, np.int64), n)
    assert list(out) == [fact(n), (n + 1) * 2, (n + 1) * 2 + fact(n)]


def test_inner_function_in_device_function():
    @cuda.jit(device=True)
    def poly(x):
        c = 0.5

        def term(v, p):
            return c * v ** p

        return term(x, 1) + term(x, 2) + term(x, 3)

    @cuda.jit
    def k(out, a):
        for i in range(a.size):
            out[i] = poly(a[i])

    a = np.linspace(-2.0, 2.0, 9)
    out = _run(k, np.zeros_like(a), a)
    np.testing.assert_allclose(out, [0.5 * x + 0.5 * x ** 2 + 0.5 * x ** 3 for x in a])


def test_star_call_of_tuples():
    @cuda.jit
    def k(out, z, x, y):
        t = (x, y)
        w = complex(*cmath.polar(z))
        out[0] = w.real
        out[1] = w.imag
        out[2] = max(*t)
        out[3] = min(*(x, y, -5.0))
        out[4] = scaled(*t)
        out[5] = total(1.0, *t)

    z, x, y = 3.0 - 4.0j, 2.5, -1.5
    out = _run(k, np.zeros(6), z, x, y)
    r, phi = cmath.polar(z)
    np.testing.assert_allclose(out, [r, phi, max(x, y), min(x, y, -5.0), x * y - 1, 1.0 + x + y])


def test_inner_reads_variables_where_it_is_written():
    """Called in the function it is written in, an inner function reads that function's variables
    as they are at the call (Python's late binding), parameters and loop variables too."""
    @cuda.jit
    def k(out, a, x):
        acc = 0.0

        def add(v):
            return acc + v * x

        for i in range(a.size):
            acc = add(a[i])
            out[i] = acc

    a = np.linspace(-1.0, 3.0, 10)
    x = 1.5
    out = _run(k, np.zeros_like(a), a, x)
    ref, acc = [], 0.0
    for v in a:
        acc = acc + v * x
        ref.append(acc)
    np.testing.assert_allclose(out, ref)

    @cuda.jit(device=True)
    def poly(x, n):
        def term(p):
            return x ** p / n

        s = 0.0
        for p in range(n):
            s += term(p)
        return s

    @cuda.jit
    def k2(out, a):
        for i in range(a.size):
            out[i] = poly(a[i], 4)

    out = _run(k2, np.zeros_like(a), a)
    np.testing.assert_allclose(out, [sum(v ** p / 4 for p in range(4)) for v in a])

    @cuda.jit
    def k3(out, base):
        def power(n):  # recursive, reading the kernel's parameter
            if n == 0:
                return 1
            return base * power(n - 1)

        for i in range(out.size):
            out[i] = power(i)

    out = _run(k3, np.zeros(8, np.int64), 3)
    assert list(out) == [3 ** i for i in range(8)]


def test_capture_errors():
    @cuda.jit(device=True)
    def use(f, v):
        return f(v)

    def param_capture(out, x):
        def f(v):
            return v + x

        out[0] = use(f, 1)

    def twice_assigned(out, x):
        y = 1
        if x > 0:
            y = 2

        def f(v):
            return v + y

        out[0] = use(f, 1)

    with pytest.raises(TypingError, match="Cannot capture the non-constant value associated with variable 'x'"):
        cuda.jit("void(int64[:], int64)")(param_capture)
    with pytest.raises(TypingError, match="Cannot capture a constant value for variable 'y'"):
        cuda.jit("void(int64[:], int64)")(twice_assigned)


def test_unoptimized_calls_with_no_data_arguments():
    """opt=False keeps device functions as calls (nothing inlines them): an argument with no data
    (the empty tuple of a *rest given nothing, a tuple of functions) is not passed, as None and
    functions are not, so that NVPTX, which takes no empty parameter, compiles the call."""
    @cuda.jit(opt=False)
    def k(out, x):
        def sq(v):
            return v * v

        out[0] = count_args() + 10 * count_args(x, x)
        out[1] = apply(sq, x)

    from pyjitc import int64
    out = np.zeros(2, np.int64)
    k[1, 1](out, 6)
    assert list(out) == [20, 36]
    ptx = k.inspect_asm((int64[::1], int64))
    assert ".func" in ptx and ".entry" in ptx  # the calls kept
