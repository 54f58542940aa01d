"""Kernels whose text was given to exec() or compile(): pyjitc finds the text a function's code
came from (kept by an audit hook), so metaprogrammed kernels compile like written ones."""
import ast

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import SourceNotFoundError, TypingError

TEMPLATE = '''
def scale(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * FACTOR + {shift}
'''


def make(factor, shift):
    ns = {}
    exec(TEMPLATE.format(shift=shift), {"cuda": cuda, "FACTOR": factor}, ns)
    return ns["scale"]


def test_exec_kernels_from_one_template(rng):
    a = rng.standard_normal(300)
    out = np.zeros_like(a)
    # three texts that define a function of the same name on the same line: each kernel is
    # compiled from its own text, whatever order they are made and launched in
    fns = [make(2.0, 1), make(3.0, -4), make(0.5, 7)]
    for (factor, shift), fn in reversed(list(zip([(2.0, 1), (3.0, -4), (0.5, 7)], fns))):
        cuda.jit(fn)[3, 128](a, out)
        np.testing.assert_allclose(out, a * factor + shift)


def test_renamed_exec_function_and_compile_then_exec(rng):
    ns = {}
    code = compile("def fn(a, b, out):\n    i = cuda.grid(1)\n    if i < out.size:\n"
                   "        out[i] = math.hypot(a[i], b[i])\n", "<generated>", "exec")
    import math
    exec(code, {"cuda": cuda, "math": math}, ns)
    fn = ns["fn"]
    fn.__name__ = "hypot_usecase"  # as numba's tests name their generated functions
    a, b = rng.standard_normal(100), rng.standard_normal(100)
    out = np.zeros(100)
    cuda.jit(fn)[1, 128](a, b, out)
    np.testing.assert_allclose(out, np.hypot(a, b))


def test_exec_device_function_called_from_exec_kernel():
    ns = {}
    exec("def sq(x):\n    return x * x\n\n"
         "def k(a):\n    i = cuda.grid(1)\n    if i < a.size:\n        a[i] = sq(a[i]) + 1\n",
         {"cuda": cuda}, ns)
    ns["sq"] = cuda.jit(device=True)(ns["sq"])
    k = cuda.jit(ns["k"])
    k.py_func.__globals__["sq"] = ns["sq"]  # the kernel's globals are the dict given to exec
    a = np.arange(10, dtype=np.int64)
    k[1, 32](a)
    np.testing.assert_array_equal(a, np.arange(10) ** 2 + 1)


def test_exec_kernel_error_points_at_its_text():
    ns = {}
    exec("def bad(x):\n    x[0] = undefined_name\n", {}, ns)
    with pytest.raises(TypingError, match=r"<string>:2:12: error: name 'undefined_name' is not defined"):
        cuda.jit(ns["bad"])[1, 1](np.zeros(1))


def test_eval_lambda_compiles_from_its_text():
    dbl = cuda.jit(device=True)(eval("lambda v: 2 * v + 1"))
    ns = {"cuda": cuda, "dbl": dbl}
    exec("def k(a, out):\n    i = cuda.grid(1)\n    if i < a.size:\n        out[i] = dbl(a[i])\n", ns)
    a = np.arange(40.0)
    out = np.zeros_like(a)
    cuda.jit(ns["k"])[1, 64](a, out)
    np.testing.assert_array_equal(out, 2 * a + 1)


def test_function_compiled_from_an_ast_has_no_text_and_says_so():
    ns = {}
    exec(compile(ast.parse("def f(a):\n    a[0] = 1\n"), "<ast>", "exec"), ns)
    with pytest.raises(SourceNotFoundError, match=r"(?s)cannot find the source text of 'f' \(<ast>, line 1\).*"
                       r"exec\(\) or compile\(\) under '<ast>': none.*ast\.unparse") as e:
        cuda.jit(ns["f"])[1, 1](np.zeros(1))
    assert isinstance(e.value, OSError) and not isinstance(e.value, TypingError)
    lam = eval(compile(ast.parse("lambda a: None", mode="eval"), "<ast>", "eval"))
    with pytest.raises(SourceNotFoundError, match=r"the lambda \(<ast>, line 1\)(?s:.*)written as a function with def"):
        cuda.jit(lam)[1, 1](np.zeros(1))
