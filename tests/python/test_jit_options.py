"""cuda.jit refuses early and clearly what it cannot compile: an unknown keyword argument (named
as Python names it), a max_registers that is no register count, something that is not a Python
function, a generator or a coroutine. Every keyword argument numba-cuda's jit takes still works,
and a kernel decorated with them gives NumPy's numbers."""
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import DeprecationError, NumbaInvalidConfigWarning

pytestmark = pytest.mark.filterwarnings("ignore")  # the performance warnings of small grids and host arrays


def body(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0 - 1.0


def run(kernel):
    x = np.linspace(-3, 3, 50).astype(np.float32)
    out = np.zeros_like(x)
    kernel[2, 32](out, x)
    np.testing.assert_allclose(out, x * np.float32(2) - np.float32(1), rtol=1e-6)


@pytest.mark.parametrize("kwargs", [{"banana": 3}, {"nopython": True}, {"max_register": 32}, {"_dbg_optnone": True}])
def test_unknown_option_is_named(kwargs):
    name = next(iter(kwargs))
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{name}'"):
        cuda.jit(**kwargs)(body)
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{name}'"):
        cuda.jit("void(float32[:], float32[:])", **kwargs)


def test_numba_private_flags_reach_device_functions():
    """numba-cuda's device functions read the options they know and pass none on, so its own flags
    (test_debuginfo gives _dbg_optnone=True) are taken there."""
    @cuda.jit(device=True, _dbg_optnone=True)
    def twice_minus_one(v):
        return v * 2.0 - 1.0

    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = twice_minus_one(x[i])
    run(k)


@pytest.mark.parametrize("value,exc", [(-1, ValueError), (256, ValueError), (10**12, ValueError), (1.5, TypeError),
                                       ("32", TypeError), (True, TypeError)])
def test_bad_max_registers(value, exc):
    with pytest.raises(exc, match="max_registers"):
        cuda.jit(max_registers=value)(body)


@pytest.mark.parametrize("value", [None, 0, 1, 32, 255, np.int32(64)])
def test_good_max_registers(value):
    run(cuda.jit(max_registers=value)(body))


def test_every_numba_option_is_taken():
    """All of numba-cuda's jit keyword arguments, with values numba takes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaInvalidConfigWarning)
        k = cuda.jit(device=False, inline="never", forceinline=False, link=[], debug=False, opt=True, lineinfo=False,
                     cache=False, launch_bounds=(64,), lto=False, shared_memory_carveout="MaxL1", fastmath=False,
                     max_registers=64, extensions=[], boundscheck=False, argtypes=None, restype=None, bind=None)(body)
    run(k)
    run(cuda.jit(func_or_sig=body))
    run(cuda.jit("void(float32[:], float32[:])", max_registers=40)(body))


@pytest.mark.parametrize("key", ["argtypes", "restype", "bind"])
def test_old_signature_spellings_are_refused(key):
    with pytest.raises(DeprecationError, match=f"Deprecated keyword argument `{key}`"):
        cuda.jit(**{key: "void(float32[:])"})(body)


def test_boundscheck_is_refused_as_numba_does():
    with pytest.raises(NotImplementedError, match="bounds checking is not supported for CUDA"):
        cuda.jit(boundscheck=True)(body)


class Klass:
    pass


@pytest.mark.parametrize("thing,what", [(len, "of type builtin_function_or_method"), (3, "of type int"),
                                        (Klass, "a class"), (Klass(), "of type Klass"), (np.sin, "of type ufunc")])
def test_not_a_function_is_refused_at_decoration(thing, what):
    with pytest.raises(TypeError, match=f"cuda.jit compiles Python functions .*{what}"):
        cuda.jit(thing)
    with pytest.raises(TypeError, match=what):
        cuda.jit(device=True)(thing)
    if not isinstance(thing, int):
        with pytest.raises(TypeError, match=what):
            cuda.jit("void(float32[:], float32[:])")(thing)


def test_a_lambda_is_a_function():
    twice = cuda.jit(device=True)(lambda v: v * 2.0 - 1.0)

    @cuda.jit
    def kern(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = twice(x[i])
    run(kern)


async def coroutine_kernel(out, x):
    out[0] = x[0]


async def async_generator_kernel(out, x):
    yield x[0]


def generator_kernel(out, x):
    for v in x:
        yield v


@pytest.mark.parametrize("fn,what", [(coroutine_kernel, "is an async function"),
                                     (async_generator_kernel, "is an async generator"),
                                     (generator_kernel, "is a generator")])
def test_generators_and_coroutines_are_refused_at_decoration(fn, what):
    where = f"test_jit_options.py:{fn.__code__.co_firstlineno}: '{fn.__name__}' {what}"
    with pytest.raises(TypeError, match=where):
        cuda.jit(fn)
    with pytest.raises(TypeError, match=where):
        cuda.jit("void(float32[:], float32[:])")(fn)
    with pytest.raises(TypeError, match=where):
        cuda.jit(device=True)(fn)
