"""for ... else and while ... else: the else block runs when the loop ends without a break (a
break in a nested loop does not count), checked against the same function run by Python."""
import numpy as np

from pyjitc import cuda


def find_first(a, out, i):
    for k in range(a.shape[1]):
        if a[i, k] == 5:
            out[i] = k
            break
    else:
        out[i] = -1


def while_else(a, out, i):
    k = 0
    while k < a.shape[1]:
        if a[i, k] < 0:
            break
        k += 1
    else:
        k = 100 + k
    out[i] = k


def nested(a, out, i):
    hits = 0
    for k in range(a.shape[1]):
        for m in range(3):
            if m == 1:
                break          # the inner loop's break: the outer else still runs
        else:
            hits += 1000
        if a[i, k] > 7:
            hits += 1
    else:
        hits += 10
    for k in range(2):
        pass
    else:
        hits += 100
    out[i] = hits


def as_kernel(fn):
    body = cuda.jit(device=True)(fn)

    @cuda.jit
    def k(a, out):
        i = cuda.grid(1)
        if i < out.size:
            body(a, out, i)
    return k


def check(fn, a):
    out = np.zeros(a.shape[0], np.int64)
    kern = as_kernel(fn)
    kern[1, 32](a, out)
    want = np.zeros_like(out)
    for i in range(a.shape[0]):
        fn(a, want, i)
    np.testing.assert_array_equal(out, want)
    return out


def test_for_else():
    rng = np.random.default_rng(5)
    a = rng.integers(0, 10, (32, 12))
    out = check(find_first, a)
    assert (out == -1).any() and (out >= 0).any()


def test_while_else():
    rng = np.random.default_rng(6)
    a = rng.integers(-1, 40, (32, 8))
    out = check(while_else, a)
    assert (out >= 100).any() and (out < 100).any()


def test_nested_breaks():
    rng = np.random.default_rng(7)
    check(nested, rng.integers(0, 10, (32, 6)))


@cuda.jit
def else_with_barrier(a, out):
    t = cuda.threadIdx.x
    s = cuda.shared.array(32, np.int64)
    total = 0
    for k in range(4):
        s[t] = a[t] * k
        cuda.syncthreads()
        total += s[(t + 1) % 32]
        cuda.syncthreads()
    else:
        total += 1000
    out[t] = total


def test_else_after_a_loop_with_barriers():
    a = np.arange(32, dtype=np.int64)
    out = np.zeros(32, np.int64)
    else_with_barrier[1, 32](a, out)
    np.testing.assert_array_equal(out, np.roll(a, -1) * 6 + 1000)
