"""None as a global or captured value in kernels: numba knows its truth and identity when it
compiles, so `if x:`, `not x`, `x is None` and `x is not None` with x None are constants there,
and the branch not taken is pruned (not typed, so it may hold code that only types for another
value of x, numba-cuda's test_functioncompiler_locals)."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError

OPTIONAL_SCALE = None
SCALE = 3.0


@cuda.jit
def scale_unless_none(a, out):
    i = cuda.grid(1)
    if i < a.size:
        if OPTIONAL_SCALE is None:
            out[i] = a[i]
        else:
            out[i] = a[i] * OPTIONAL_SCALE[0]  # would not type: pruned
        if SCALE is not None:
            out[i] += SCALE
        if OPTIONAL_SCALE is not None:
            out[i] = -1.0


def test_global_none_prunes_the_branch_not_taken(rng):
    a = rng.standard_normal(40)
    out = np.zeros_like(a)
    scale_unless_none[2, 32](a, out)
    np.testing.assert_array_equal(out, a + 3.0)


def test_captured_none_is_false_in_conditions():
    cond = None

    @cuda.jit("void(float32[::1], int64[::1])")
    def k(b_arg, flags):
        b_smem = cuda.shared.array(shape=(1,), dtype=np.float32)
        if cond:
            b_smem[0] = b_arg[0]
            flags[0] = 1
        if not cond:
            flags[1] = 2
        flags[2] = 10 if cond else 20
        while cond:
            flags[3] = 99
        flags[4] = cond is None
        flags[5] = (cond is not None) + 5

    b = np.ones(1, np.float32)
    flags = np.zeros(6, np.int64)
    k[1, 1](b, flags)
    np.testing.assert_array_equal(flags, [0, 2, 20, 0, 1, 5])


def test_captured_value_that_is_not_none():
    cond = 7

    @cuda.jit
    def k(out):
        out[0] = cond is None
        out[1] = cond is not None
        if cond:
            out[2] = cond

    out = np.zeros(3, np.int64)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [0, 1, 7])


def test_none_in_arithmetic_is_a_located_error():
    nothing = None

    @cuda.jit
    def k(out):
        out[0] = nothing + 1

    with pytest.raises(TypingError, match=r"test_none_constants.py:\d+:\d+: error: unsupported operand types for \+: "
                                          r"none and int64"):
        k[1, 1](np.zeros(1))


def test_dead_branch_does_not_take_part_in_typing():
    # the pruned branch would make y a tuple, which cannot unify with float64
    @cuda.jit
    def k(out):
        if OPTIONAL_SCALE is None:
            y = 1.5
        else:
            y = (1, 2)
        out[0] = y

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 1.5


@cuda.jit(device=True)
def scaled(x, factor=None):
    if factor is None:
        return x
    return x * factor  # would not type for None: dead after the return above


def test_none_as_a_device_function_argument_and_default():
    @cuda.jit
    def k(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[0, i] = scaled(a[i])
            out[1, i] = scaled(a[i], 10.0)
            out[2, i] = scaled(a[i], None)
            out[3, i] = scaled(a[i], factor=None)

    a = np.arange(5.0) - 2
    out = np.zeros((4, a.size))
    k[1, 32](a, out)
    np.testing.assert_array_equal(out, [a, a * 10, a, a])


def test_code_after_a_return_in_a_known_branch_is_dead():
    @cuda.jit
    def k(out):
        out[0] = 1
        if OPTIONAL_SCALE is None:
            return
        out[1] = OPTIONAL_SCALE[0]  # would not type: never runs

    out = np.zeros(2)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [1, 0])


@cuda.jit(device=True)
def mirrored(x, sm, factor=None):
    sm[cuda.threadIdx.x] = x
    cuda.syncthreads()
    if factor is None:
        return sm[31 - cuda.threadIdx.x]
    return sm[0] * factor


def test_none_argument_of_a_device_function_with_a_barrier():
    # the CPU executor inlines device functions that hold barriers: the None parameter goes too
    @cuda.jit
    def k(a, out):
        sm = cuda.shared.array(32, np.float64)
        i = cuda.threadIdx.x
        out[i] = mirrored(a[i], sm)

    a = np.arange(32.0)
    out = np.zeros(32)
    k[1, 32](a, out)
    np.testing.assert_array_equal(out, a[::-1])
