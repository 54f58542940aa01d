"""Programs nested deeply, as generated code nests them: whatever CPython compiles, pyjitc compiles
and computes what Python computes (past 200 levels, on a stack of its own; its limit, 5000 levels,
is beyond CPython's). The kernels are made by exec(), as code generators do."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError


def kernel_from(body, name="deep"):
    text = f"def {name}(a, out):\n    i = cuda.grid(1)\n    if i < a.size:\n        x = a[i]\n{body}"
    ns = {}
    exec(compile(text, f"<generated {name}>", "exec"), {"cuda": cuda, "np": np}, ns)
    return cuda.jit(ns[name]), text


def run(kern, a):
    out = np.zeros_like(a)
    kern[(a.size + 63) // 64, 64](a, out)
    return out


def test_long_operator_chain(rng):
    a = rng.standard_normal(200)
    # Horner's rule written out: 150 nested multiply-adds, 300 binary operators deep
    coeffs = [((-1) ** k) / (k + 1) for k in range(150)]
    expr = "0.0"
    for c in coeffs:
        expr = f"({expr}) * x + {c!r}"
    kern, _ = kernel_from(f"        out[i] = {expr}\n")
    want = np.zeros_like(a)
    for c in coeffs:
        want = want * a + c
    np.testing.assert_allclose(run(kern, a), want, rtol=1e-12, atol=1e-12)


def test_sum_of_many_terms(rng):
    a = rng.standard_normal(100)
    terms = " + ".join(f"x * {k}.0" for k in range(1, 181))
    kern, _ = kernel_from(f"        out[i] = {terms}\n")
    np.testing.assert_allclose(run(kern, a), a * sum(range(1, 181)), rtol=1e-12)


def test_nested_blocks_and_parentheses(rng):
    a = rng.standard_normal(100)
    # 60 blocks deep (indented 248 columns: the parser follows up to 255) and 190 parentheses
    depth = 60
    body = "".join(" " * (8 + 4 * j) + f"if x > {-1000 - j}.0:\n" for j in range(depth))
    body += " " * (8 + 4 * depth) + "out[i] = " + "(" * 190 + "x * 2.0" + ")" * 190 + "\n"
    kern, _ = kernel_from(body)
    np.testing.assert_allclose(run(kern, a), a * 2.0)


def test_long_elif_chain():
    a = np.arange(0, 320, dtype=np.float64)
    body = "        k = int(x)\n        if k == 0:\n            out[i] = 0.5\n"
    body += "".join(f"        elif k == {j}:\n            out[i] = {j}.5\n" for j in range(1, 300))
    body += "        else:\n            out[i] = -1.0\n"
    kern, _ = kernel_from(body)
    want = np.where(a < 300, a + 0.5, -1.0)
    np.testing.assert_array_equal(run(kern, a), want)


def test_as_deep_as_cpython_goes(rng):
    # what CPython compiles, pyjitc compiles (deeper than 200 levels, on a stack of its own): a
    # sum of 2500 terms, 190 nested calls, a chain of 2000 elifs; past 5000 levels the command
    # line refuses a program (tests/errors/nesting_*.py), which CPython would refuse first
    a = rng.standard_normal(64)
    body = "        y = x" + " + 0.5" * 2500 + "\n        out[i] = " + "abs(" * 190 + "y" + ")" * 190 + "\n"
    body += "        k = int(y) % 2000\n        if k == 0:\n            out[i] += 0.25\n"
    body += "".join(f"        elif k == {j}:\n            out[i] += {j}.25\n" for j in range(1, 2000))
    kern, _ = kernel_from(body)
    y = a + 1250.0
    np.testing.assert_allclose(run(kern, a), np.abs(y) + np.trunc(y) % 2000 + 0.25, rtol=1e-12)


def test_long_comparison_chain(rng):
    # a < b < c < ... over 100 operands: one branch a comparison, past any fixed table
    a = np.sort(rng.standard_normal(100))
    cols = [f"a[{j}]" for j in range(100)]
    kern, _ = kernel_from("        out[i] = 1.0 if " + " < ".join(cols) + " else 0.0\n"
                          "        out[i] += 2.0 if " + " < ".join(cols[::-1]) + " else 0.0\n")
    out = run(kern, a)
    assert np.all(out == 1.0)
    b = a.copy()
    b[57], b[58] = b[58], b[57]
    assert np.all(run(kern, b) == 0.0)


def straight_line(lines):
    # x = x * 1.0001 + k, written out line by line as a code generator writes it: one chain of
    # values that LLVM follows operand by operand, and one name assigned `lines` times (one
    # thread's work, unguarded: on the CPU a guarded body is compiled three times over, IRCE's loops
    # before, within and after the range)
    text = "def long(a, out):\n    x = a[0]\n" + "".join(f"    x = x * 1.0001 + {k % 7}.0\n" for k in range(lines)) + \
        "    out[0] = x\n"
    ns = {}
    exec(compile(text, "<generated long>", "exec"), {"cuda": cuda, "np": np}, ns)
    return cuda.jit(ns["long"])


def straight_line_reference(x, lines):
    for k in range(lines):
        x = x * 1.0001 + (k % 7)
    return x


def test_compiles_on_a_thread_with_a_small_stack(rng):
    # a Python thread's stack may be small; every compile runs on a stack of its own (the sum is
    # kept to 300 terms: CPython's own compile of a deeper one overflows such a stack first)
    import threading
    a = rng.standard_normal(64)
    results = {}

    def compile_and_run():
        try:
            out = np.zeros(1)
            straight_line(8000)[1, 1](a[:1], out)
            results["long"] = out[0]
            kern, _ = kernel_from("        out[i] = x" + " + 0.5" * 300 + "\n", name="deep")
            results["deep"] = run(kern, a)
        except BaseException as e:  # reported by the test's thread
            results["error"] = e

    old = threading.stack_size(256 * 1024)
    try:
        t = threading.Thread(target=compile_and_run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    assert "error" not in results, results.get("error")
    # each multiply-add may be fused (LLVM's contract): within rounding of Python's
    np.testing.assert_allclose(results["long"], straight_line_reference(a[0], 8000), rtol=1e-9)
    np.testing.assert_allclose(results["deep"], a + 150.0, rtol=1e-12)
