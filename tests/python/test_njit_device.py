"""Functions compiled for the host that kernels call: numba's @njit / @jit (where numba is
installed) and pyjitc.numba's stand-in for them (always). numba-cuda compiles such a function's
py_func for the device, with its own globals (so the host functions it calls, in its module, are
compiled too) and the dispatcher's fastmath; one given signatures cannot compile anything else,
and a kernel calling it is numba's TypingError."""
import importlib.util
import math
import sys
import textwrap

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError
from pyjitc.numba import _standin

HELPERS = textwrap.dedent("""
    import math
    {import_njit}

    SCALE = 3.0
    OFFSET = 0.25

    @njit
    def inner(x):
        return math.sqrt(x) * SCALE

    @jit(nopython=True)
    def outer(x, y):
        return inner(x) + y + OFFSET

    @njit(fastmath=True)
    def fast_poly(x):
        return (x * x + 2.0 * x) * 0.5

    def make_scaler(k):
        @njit
        def scaler(x):
            return x * k + inner(1.0)
        return scaler

    scale_by_seven = make_scaler(7.0)

    @njit("float64(float64)")
    def typed(x):
        return x * 2.0
""")


def load_helpers(tmp_path, name, import_njit):
    path = tmp_path / f"{name}.py"
    path.write_text(HELPERS.format(import_njit=import_njit))
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(params=["standin", "numba"])
def helpers(request, tmp_path):
    if request.param == "numba":
        pytest.importorskip("numba", reason="numba is not installed: the stand-in's part ran")
        line = "from numba import njit, jit"
    else:
        line = "from pyjitc.numba._standin import njit\njit = njit"
    name = f"pyjitc_njit_helpers_{request.param}_{abs(hash(str(tmp_path)))}"
    mod = load_helpers(tmp_path, name, line)
    yield mod
    sys.modules.pop(name, None)


def test_host_function_calls_host_function_with_its_own_globals(helpers):
    outer = helpers.outer

    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = outer(x[i], 1.0)

    x = np.linspace(0.0, 50.0, 300)
    out = np.zeros_like(x)
    k[3, 128](x, out)
    np.testing.assert_allclose(out, np.sqrt(x) * 3.0 + 1.25, rtol=1e-15)
    # the same function still runs on the host (compiled by numba, or as Python by the stand-in)
    assert outer(16.0, 1.0) == 4.0 * 3.0 + 1.25


def test_module_attribute_fastmath_and_closure(helpers):
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = helpers.fast_poly(x[i]) + helpers.scale_by_seven(x[i])

    x = np.arange(64, dtype=np.float64)
    out = np.zeros_like(x)
    k[1, 64](x, out)
    want = (x * x + 2.0 * x) * 0.5 + (x * 7.0 + math.sqrt(1.0) * 3.0)
    np.testing.assert_allclose(out, want, rtol=1e-14)
    assert helpers.fast_poly.targetoptions.get("fastmath") is True


def test_integer_typing_follows_the_arguments(helpers):
    inner = helpers.make_scaler(2)  # k an int: x * 2 + inner(1.0) is float64 for an int64 x

    @cuda.jit
    def k(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = inner(a[i])

    a = np.arange(10, dtype=np.int64)
    out = np.zeros(10)
    k[1, 10](a, out)
    np.testing.assert_array_equal(out, a * 2 + 3.0)


def test_host_function_with_signatures_is_numbas_typing_error(helpers):
    typed = helpers.typed
    assert typed(3.0) == 6.0

    @cuda.jit
    def k(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = typed(x[i])

    x = np.ones(4)
    with pytest.raises(TypingError, match=r"Untyped global name 'typed': using cpu function on device but its "
                                          r"compilation is disabled") as e:
        k[1, 4](x)
    assert e.value.diagnostics[0]["line"] > 0 and __file__ in str(e.value)
    np.testing.assert_array_equal(x, 1.0)


def test_standin_njit_forms():
    """The stand-in takes numba's forms: @njit, @njit(options), @njit(sig), @njit([sigs]), @jit(sig=...)."""
    f = _standin.njit(lambda x: x + 1)
    assert f(1) == 2 and f._can_compile
    g = _standin.njit(cache=True, fastmath=True)(lambda x: x * 2)
    assert g(2) == 4 and g._can_compile and g.targetoptions == {"cache": True, "fastmath": True}
    for made in (_standin.njit("int64(int64)"), _standin.njit(["int64(int64)", "float64(float64)"]),
                 _standin.njit(signature_or_function="int64(int64)")):
        h = made(lambda x: x - 1)
        assert h(3) == 2 and not h._can_compile
