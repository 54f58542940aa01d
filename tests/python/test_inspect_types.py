"""Dispatcher.inspect_types(): for each compiled signature, the kernel's source and its device
functions', each line under `#` lines with the types of the names and calls on it, as numba's
inspect_types prints its typed IR beside the source (the form --emit=types prints; docs/language.md)."""
import io
import math

import numpy as np

from pyjitc import cuda


@cuda.jit(device=True)
def shifted(v, by):
    return v + by


@cuda.jit
def roots(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = shifted(math.sqrt(a[i]), 1)


DEF = roots.py_func.__code__.co_firstlineno + 1   # the `def roots` line, under its decorator
DEVICE_DEF = shifted.py_func.__code__.co_firstlineno + 1


def _expected(arr, elem, shifted_result):
    return f"""\
roots ({arr}, {arr})
{"-" * 80}
# File: {__file__}
# --- LINE {DEF} ---
#   a :: {arr}
#   b :: {arr}
def roots(a, b):
    # --- LINE {DEF + 1} ---
    #   i :: int64
    #   cuda.grid(int64) :: int64
    i = cuda.grid(1)
    # --- LINE {DEF + 2} ---
    #   i :: int64
    #   a :: {arr}
    if i < a.size:
        # --- LINE {DEF + 3} ---
        #   b :: {arr}
        #   i :: int64
        #   shifted({elem}, int64) :: {shifted_result}
        #   math.sqrt({elem}) :: {elem}
        #   a :: {arr}
        b[i] = shifted(math.sqrt(a[i]), 1)
{"=" * 80}
shifted ({elem}, int64) -> {shifted_result}
{"-" * 80}
# File: {__file__}
# --- LINE {DEVICE_DEF} ---
#   v :: {elem}
#   by :: int64
def shifted(v, by):
    # --- LINE {DEVICE_DEF + 1} ---
    #   v :: {elem}
    #   by :: int64
    return v + by
{"=" * 80}
"""


def test_inspect_types_of_a_launched_kernel():
    a = np.arange(8, dtype=np.float32)
    b = np.zeros(8, dtype=np.float32)
    roots[1, 8](a, b)
    np.testing.assert_allclose(b, np.sqrt(a) + 1, rtol=1e-6)
    buf = io.StringIO()
    roots.inspect_types(file=buf)
    # float32 + int64 is float64 (numba's typing), stored into the float32 array
    assert buf.getvalue() == _expected("array(float32, 1d, C)", "float32", "float64")


def test_inspect_types_for_a_signature():
    buf = io.StringIO()
    roots.inspect_types(file=buf, signature="void(float64[:], float64[:])")
    assert buf.getvalue() == _expected("array(float64, 1d, A)", "float64", "float64")
