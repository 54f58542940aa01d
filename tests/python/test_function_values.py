"""Functions, dtypes and constants as values passed to device functions: a builtin (cuda.atomic.add,
math.sqrt), a device function or a dtype given as an argument is called / used by the callee,
which is specialised on it; integer and bool constants specialise the callee on their value, so
that it can use them as shapes, tuple indices and branch conditions (numba's literal types).
Every result is checked against NumPy or plain Python."""
import math

import numpy as np

from pyjitc import cuda
from pyjitc import float32, float64, int32, uint32

# module-level aliases of builtins, used by name in kernels
atomic_max_alias = cuda.atomic.max
root = math.sqrt


@cuda.jit(device=True)
def as_is(x):
    return x


@cuda.jit(device=True)
def wrapped(x):
    return x % 8


@cuda.jit(device=True)
def histogram_shared(out, keys, nbins, dtype, binop, key_of, init, wrap):
    """A shared array of `nbins` elements of `dtype`, filled by `binop(sm, bin, 1)`."""
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(nbins, dtype)
    if tid < nbins:
        sm[tid] = init
    cuda.syncthreads()
    b = key_of(keys[tid] % nbins)
    if wrap:
        b = b - nbins  # a negative index wraps around
    binop(sm, b, 1)
    cuda.syncthreads()
    if tid < nbins:
        out[tid] = sm[tid]


@cuda.jit
def histogram_kernel(out, keys):
    histogram_shared(out, keys, 16, uint32, cuda.atomic.add, as_is, 0, False)


@cuda.jit
def histogram_wrap_kernel(out, keys):
    histogram_shared(out, keys, 16, uint32, cuda.atomic.add, wrapped, 0, True)


def test_atomic_builtin_dtype_shape_and_device_function_passed():
    rng = np.random.default_rng(1)
    keys = rng.integers(0, 1000, size=64).astype(np.int64)
    gold = np.bincount(keys % 16, minlength=16).astype(np.uint32)
    out = np.zeros(16, np.uint32)
    histogram_kernel[1, 64](out, keys)
    np.testing.assert_array_equal(out, gold)
    out = np.zeros(16, np.uint32)
    histogram_wrap_kernel[1, 64](out, keys)  # (k % 16) % 8 - 16 wraps around to (k % 16) % 8
    gold = np.bincount((keys % 16) % 8, minlength=16).astype(np.uint32)
    np.testing.assert_array_equal(out, gold)


@cuda.jit(device=True)
def apply(op, x):
    return op(x)


@cuda.jit(device=True)
def apply_twice(op, x):
    return apply(op, apply(op, x))  # a function parameter passed on


@cuda.jit
def unary_kernel(a, s, c, q):
    i = cuda.grid(1)
    if i < a.size:
        s[i] = apply(math.sin, a[i])
        c[i] = apply(math.cos, a[i])
        q[i] = apply_twice(math.sqrt, a[i])


def test_math_functions_passed_and_passed_on():
    a = np.linspace(0.0, 9.0, 50)
    s, c, q = np.zeros_like(a), np.zeros_like(a), np.zeros_like(a)
    unary_kernel[2, 32](a, s, c, q)
    np.testing.assert_allclose(s, np.sin(a), rtol=1e-12)
    np.testing.assert_allclose(c, np.cos(a), rtol=1e-12)
    np.testing.assert_allclose(q, np.sqrt(np.sqrt(a)), rtol=1e-12)


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def negate(x):
    return -x


@cuda.jit
def device_fn_kernel(a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = apply(square, a[i])
        c[i] = apply_twice(negate, a[i]) * 3 + apply(negate, a[i])


def test_device_functions_passed():
    a = np.arange(-20, 20).astype(np.int64)
    b, c = np.zeros_like(a), np.zeros_like(a)
    device_fn_kernel[2, 32](a, b, c)
    np.testing.assert_array_equal(b, a * a)
    np.testing.assert_array_equal(c, 3 * -(-a) - a)


@cuda.jit(device=True)
def convert(dt, x):
    return dt(x)


@cuda.jit
def dtype_kernel(a, f, i32):
    i = cuda.grid(1)
    if i < a.size:
        f[i] = convert(float32, a[i])  # rounded to float32, stored into float64
        i32[i] = convert(int32, a[i])


def test_dtype_passed_and_called():
    a = np.array([0.1, 1.0 / 3.0, -2.75, 1e10, 123456789.123])
    f, i32 = np.zeros_like(a), np.zeros(a.size, np.int32)
    dtype_kernel[1, 8](a, f, i32)
    np.testing.assert_array_equal(f, a.astype(np.float32).astype(np.float64))
    np.testing.assert_array_equal(i32[:3], np.trunc(a[:3]).astype(np.int32))


@cuda.jit(device=True)
def local_sum(a, shape, first):
    """A local array of a constant 2-D shape; shape[0] and first used as constants."""
    loc = cuda.local.array(shape, float64)
    for r in range(shape[0]):
        for q in range(shape[1]):
            loc[r, q] = a[r * shape[1] + q]
    t = 0.0
    for q in range(shape[1]):
        t += loc[first, q]
    return t


@cuda.jit
def literal_kernel(a, out):
    out[0] = local_sum(a, (3, 4), 0)
    out[1] = local_sum(a, (3, 4), 2)
    out[2] = local_sum(a, (2, 6), 1)


def test_literal_tuple_shape_and_index():
    a = np.arange(12, dtype=np.float64) * 1.5
    out = np.zeros(3)
    literal_kernel[1, 1](a, out)
    np.testing.assert_array_equal(out, [a.reshape(3, 4)[0].sum(), a.reshape(3, 4)[2].sum(), a.reshape(2, 6)[1].sum()])


@cuda.jit(device=True)
def pick(flag, x, arr):
    r = x
    if flag:
        r = arr[0] + x  # typed only when flag is True: x is a number here
    else:
        r = x * 2
    return r


@cuda.jit
def branch_kernel(a, out):
    out[0] = pick(True, 1.5, a)
    out[1] = pick(False, 1.5, a)


def test_literal_bool_prunes_the_branch_not_taken():
    a = np.array([10.0])
    out = np.zeros(2)
    branch_kernel[1, 1](a, out)
    np.testing.assert_array_equal(out, [11.5, 3.0])


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit
def fib_kernel(out, m):
    out[0] = fib(15)  # a literal argument: n - 1 is no longer one, so the recursion has 2 specialisations
    out[1] = fib(m)


def test_literal_recursion_and_variable_argument():
    out = np.zeros(2, np.int64)
    fib_kernel[1, 1](out, 11)
    a, b = 0, 1
    seq = []
    for _ in range(16):
        seq.append(a)
        a, b = b, a + b
    assert out.tolist() == [seq[15], seq[11]]


@cuda.jit
def alias_kernel(a, best, roots):
    i = cuda.grid(1)
    if i < a.size:
        atomic_max_alias(best, 0, a[i])
        f = math.floor  # a function in a local variable
        roots[i] = f(root(a[i]))


def test_module_aliases_and_local_function_variable():
    rng = np.random.default_rng(3)
    a = rng.uniform(0, 1000, 100)
    best, roots = np.zeros(1), np.zeros(100)
    alias_kernel[4, 32](a, best, roots)
    assert best[0] == a.max()
    np.testing.assert_array_equal(roots, np.floor(np.sqrt(a)))


def _operator_kernel(op):
    @cuda.jit
    def k(r, a, b):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = op(a[i], b[i])  # `op` is a closure variable holding operator.<name>
    return k


def test_operator_module_functions_in_closures():
    import operator
    a = np.array([7, -7, 9, -9, 100, 3], np.int64)
    b = np.array([2, 2, -4, -4, 7, 5], np.int64)
    for op in (operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod, operator.xor):
        r = np.zeros_like(a)
        _operator_kernel(op)[1, 8](r, a, b)
        np.testing.assert_array_equal(r, op(a, b), err_msg=op.__name__)
    r = np.zeros(a.size)
    _operator_kernel(operator.truediv)[1, 8](r, a, b)
    np.testing.assert_array_equal(r, a / b)
