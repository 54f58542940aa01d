"""`nonlocal` in inner functions of kernels and device functions: an inner function that rebinds
a variable of the function it is written in is inlined where it is called, as numba's
InlineClosureLikes pass inlines closures, so the rebinding reaches the caller's variable. Calls
keep Python's order of evaluation (what is read before the call sees the old value; a call inside
`and`/`or`, a conditional expression or a `while` condition runs only when Python evaluates it),
returns leave the inlined body early, and an inner function calling such a function rebinds
through it. Each kernel is a plain Python function that runs again in Python as the reference."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


def check(fn, *arrays):
    got = [a.copy() for a in arrays]
    cuda.jit(fn)[1, 1](*got)
    want = [a.copy() for a in arrays]
    fn(*want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    return got


def counter(out):
    s = 0

    def inc(v):
        nonlocal s
        s += v
        return s * 10

    for i in range(4):
        out[i] = inc(i) + s
    out[4] = s


def test_counter_rebinds_the_kernels_variable():
    got = check(counter, np.zeros(5, np.int64))
    np.testing.assert_array_equal(got[0], [0, 11, 33, 66, 6])


def evaluation_order(out):
    s = 1
    t = 0.0

    def bump(by=1):
        nonlocal s, t
        s += by
        t = t + 0.5
        return s

    out[0] = s + bump()  # s read before the call
    out[1] = bump(2) + s  # after
    s += bump(by=3)  # the target read first
    out[2] = s
    pair = (s, bump(), s)
    out[3] = pair[0] * 100 + pair[1] * 10 + pair[2]
    out[4] = t
    out[5] = max(s, bump(), s)


def test_order_of_evaluation_is_pythons():
    check(evaluation_order, np.zeros(6))


def early_returns(arr, out):
    hits = 0
    misses = 0

    def find(v):
        nonlocal hits, misses
        for j in range(arr.size):
            if arr[j] == v:
                hits += 1
                return j
        misses += 1
        return -1

    for v in range(6):
        out[v] = find(v * 2)
    out[6] = hits
    out[7] = misses


def test_returns_leave_the_inlined_body():
    check(early_returns, np.array([4, 0, 7, 2, 10, 3], np.int64), np.zeros(8, np.int64))


def lazy_calls(out):
    k = 0
    calls = 0

    def step():
        nonlocal k, calls
        k += 1
        calls += 1
        return k < 5

    n = 0
    while step():
        n += 1
    out[0] = n
    out[1] = k
    out[2] = False and step()  # never called
    out[3] = True or step()
    out[4] = step() if n > 100 else -1
    out[5] = True and step()
    out[6] = calls
    out[7] = 7 if step() else 8


def test_calls_run_only_where_python_evaluates_them():
    check(lazy_calls, np.zeros(8, np.int64))


def nested_writers(out):
    total = 0
    count = 0

    def add(v):
        nonlocal total
        total += v

    def add_counted(v):
        nonlocal count
        count += 1
        add(v)  # rebinds total through add

    def twice(v):  # no nonlocal of its own: rebinds total and count through add_counted
        add_counted(v)
        add_counted(v * 10)
        return total

    def outer_fn(x):  # a closure of its own, called as usual
        acc = 0

        def more(y):
            nonlocal acc
            acc += y

        more(x)
        more(x)
        return acc

    for i in range(3):
        out[i] = twice(i + 1)
    out[3] = total
    out[4] = count
    out[5] = outer_fn(7)


def test_writers_through_other_inner_functions():
    check(nested_writers, np.zeros(6, np.int64))


def widening(out):
    s = 0

    def half():
        nonlocal s
        s += 0.5

    half()
    half()
    half()
    out[0] = s


def test_the_variable_takes_every_type_assigned():
    got = check(widening, np.zeros(1))
    assert got[0][0] == 1.5


@cuda.jit(device=True)
def running_max(a):
    best = a[0]
    changes = 0

    def see(v):
        nonlocal best, changes
        if v > best:
            best = v
            changes += 1

    for i in range(a.size):
        see(a[i])
    return best * 1000 + changes


def test_closure_in_a_device_function(rng):
    @cuda.jit
    def k(rows, out):
        i = cuda.grid(1)
        if i < rows.shape[0]:
            out[i] = running_max(rows[i])

    rows = rng.integers(0, 100, size=(8, 12)).astype(np.int64)
    out = np.zeros(8, np.int64)
    k[1, 32](rows, out)
    want = [r.max() * 1000 + sum(1 for j in range(1, 12) if r[j] > r[:j].max()) for r in rows]
    np.testing.assert_array_equal(out, want)


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@pytest.mark.parametrize("body,message", [
    ("out[0] = apply(inc, 1)", r"inner function 'inc' rebinds nonlocal variables, so it can only be called "
                              r"\(and is inlined there\), not used as a value"),
    ("g = inc\n    g(1)", r"inner function 'inc' rebinds nonlocal variables, so it can only be called"),
])
def test_a_rebinding_function_used_as_a_value_is_a_located_error(body, message):
    ns = {"cuda": cuda, "apply": apply}
    src = ("def k(out):\n    s = 0\n    def inc(v):\n        nonlocal s\n        s += v\n        return s\n"
           f"    {body}\n")
    exec(src, ns)
    with pytest.raises(TypingError, match=r":\d+:\d+: error: " + message):
        cuda.jit(ns["k"])[1, 1](np.zeros(1))


def test_a_recursive_rebinding_function_is_a_located_error():
    def k(out):
        s = 0

        def down(n):
            nonlocal s
            s += n
            if n > 0:
                down(n - 1)

        down(3)
        out[0] = s

    with pytest.raises(TypingError, match=r"test_nonlocal.py:\d+:\d+: error: inner function 'down' rebinds nonlocal "
                                          r"variables, so it is inlined where it is called, and this call of it is "
                                          r"recursive"):
        cuda.jit(k)[1, 1](np.zeros(1))


def test_a_rebinding_function_that_defines_functions_is_a_located_error():
    def k(out):
        s = 0

        def inc():
            nonlocal s

            def one():
                return 1

            s += one()

        inc()
        out[0] = s

    with pytest.raises(TypingError, match=r"test_nonlocal.py:\d+:\d+: error: inner function 'inc' rebinds nonlocal "
                                          r"variables, so it is inlined where it is called, and it defines function "
                                          r"'one'"):
        cuda.jit(k)[1, 1](np.zeros(1))


def test_a_call_where_the_name_means_another_variable_is_a_located_error():
    def k(out):
        s = 0

        def inc():
            nonlocal s
            s += 1

        def g():
            s = 5  # g's own s: inlining inc here would rebind it
            inc()
            return s

        out[0] = g()
        out[1] = s

    with pytest.raises(TypingError, match=r"test_nonlocal.py:\d+:\d+: error: inner function 'inc' \(inlined here: it "
                                          r"rebinds nonlocal variables\) uses 's' \(line \d+\), which in 'g' is another "
                                          r"variable"):
        cuda.jit(k)[1, 1](np.zeros(2))


def every_form(a):
    s = 0
    t = 1

    def inc(v=1, *rest):
        nonlocal s
        s += v + len(rest)
        return s

    def g():
        nonlocal t
        t = inc(2, 3, 4) + t
        return t

    j = inc()
    a[j] = a[inc():inc(2)][0] if inc(3) > 2 else g()  # calls in a slice and a conditional expression
    a[0] += inc(inc(1))
    while inc() < 40 and g() < 500:
        a[1] = s
    for i in range(inc(), g()):
        a[2] += i
    x = (inc(), g(), s, t)
    a[3] = x[0] + x[1] + x[2] + x[3]
    a[5] = s * 1000 + t


def test_calls_in_every_place_a_program_puts_them():
    check(every_form, np.arange(200.0))
