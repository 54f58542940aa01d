"""Bad input at run time is a user error: a clear exception naming what is wrong, nothing
written where it must not be, and the next correct launch gives the right numbers (checked
against NumPy). Target-independent: the CPU executor refuses what the GPU refuses."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError

pytestmark = pytest.mark.filterwarnings("ignore")  # the performance warnings of small grids and host arrays


@cuda.jit(device=True)
def plus_one(x):
    return x + 1


@cuda.jit
def add_into(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += plus_one(b[i])


@cuda.jit
def twice(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2


def check_correct_launch():
    """A correct launch right after the bad one: the process is still usable."""
    a = np.arange(40, dtype=np.float32)
    b = np.linspace(-3, 3, 40).astype(np.float32)
    want = a + (b + 1)
    add_into[2, 32](a, b)
    np.testing.assert_allclose(a, want, rtol=1e-6)


BAD_CONFIGS = [
    ((0, 32), ValueError, r"grid must be a positive integer"),
    ((-1, 32), ValueError, r"grid must be a positive integer"),
    ((1, 0), ValueError, r"block must be a positive integer"),
    ((1, -4), ValueError, r"block must be a positive integer"),
    ((1, 2048), ValueError, r"block \(2048,1,1\) has 2048 threads; the device allows at most 1024"),
    ((1, (32, 32, 2)), ValueError, r"2048 threads; the device allows at most 1024"),
    ((1, (1, 1, 65)), ValueError, r"block \(1,1,65\) has z = 65; the device allows at most 64"),
    ((1, (1, 1025)), ValueError, r"has y = 1025|1025 threads"),
    (((1, 65536), 1), ValueError, r"grid \(1,65536,1\) has y = 65536; the device allows at most 65535"),
    (((1, 1, 65536), 1), ValueError, r"has z = 65536; the device allows at most 65535"),
    ((2**31, 1), ValueError, r"has x = 2147483648; the device allows at most 2147483647"),
    ((1.5, 32), TypeError, r"griddim must be a sequence of integers"),
    ((1, 32.0), TypeError, r"blockdim must be a sequence of integers"),
    (("1", 32), TypeError, r"griddim must be a sequence of integers"),
    ((None, 32), TypeError, r"griddim must be a sequence of integers"),
    (((1, 1, 1, 1), 32), ValueError, r"griddim must be a sequence of 1, 2 or 3 integers"),
    (((), 32), ValueError, r"griddim must be a sequence of 1, 2 or 3 integers"),
    ((1, 32, 0, 49153), ValueError, r"49153 bytes of shared memory per block; the device allows at most 49152"),
    ((1, 32, 0, 1 << 30), ValueError, r"bytes of shared memory per block; the device allows at most"),
    ((1, 32, 0, -1), ValueError, r"dynamic_shared_bytes must not be negative"),
    # beyond 64 bits: refused, not wrapped around to 0 bytes (found by tests/fuzz/fuzz_launch.py)
    ((1, 32, 0, 2**64), ValueError, r"too many bytes of dynamic shared memory"),
    ((1, 32, 0, 2**64 + 16), ValueError, r"too many bytes of dynamic shared memory"),
    ((1, 32, 0, np.uint64(2**63)), ValueError, r"too many bytes of dynamic shared memory"),
    ((1, 32, 0, 2.5), TypeError, r"dynamic_shared_bytes must be an integer"),
]


@pytest.mark.parametrize("config,exc,message", BAD_CONFIGS, ids=[repr(c[0]) for c in BAD_CONFIGS])
def test_bad_launch_configuration(config, exc, message):
    a = np.zeros(32, np.float32)
    b = np.ones(32, np.float32)
    with pytest.raises(exc, match=message):
        add_into[config](a, b)
    assert not a.any(), "a refused launch must not run the kernel"
    check_correct_launch()


@pytest.mark.parametrize("config", [(2.0, 32), (2, 32.0), ((2.0, 1), 32), (2, (32, 1.0)), (np.float64(2), 32),
                                    (2 + 0j, 32), ((2, 1), (32, 1.0, 1))])
def test_a_float_configuration_equal_to_a_launched_one_is_refused(config):
    # 2.0 == 2 and hashes as 2: the launcher cached for [2, 32] must not serve [2.0, 32] (found by
    # tests/fuzz/fuzz_launch.py); the TypeError is numba's, whatever was launched before
    ints = tuple(tuple(int(v.real) for v in c) if isinstance(c, tuple) else int(c.real) for c in config)
    a, b = np.zeros(64, np.float32), np.ones(64, np.float32)
    add_into[ints](a, b)
    a[:] = 0
    with pytest.raises(TypeError, match=r"(grid|block)dim must be a sequence of integers"):
        add_into[config](a, b)
    assert not a.any(), "a refused launch must not run the kernel"
    add_into[ints](a, b)  # and the launcher of ints still runs
    np.testing.assert_array_equal(a, np.full(64, 2, np.float32))
    check_correct_launch()


@pytest.mark.parametrize("config", [(1,), (1, 32, 0, 0, 0)])
def test_wrong_number_of_configuration_items(config):
    with pytest.raises(ValueError, match=r"kernel\[grid, block\]"):
        add_into[config](np.zeros(4, np.float32), np.zeros(4, np.float32))
    check_correct_launch()


def test_launch_without_configuration():
    with pytest.raises(ValueError, match=r"launch configuration was not specified"):
        add_into(np.zeros(4, np.float32), np.zeros(4, np.float32))
    check_correct_launch()


@pytest.mark.parametrize("args,exc,message", [
    ((np.zeros(4, np.float32),), TypingError, r"kernel 'add_into' takes 2 arguments, got 1"),
    ((np.zeros(4, np.float32),) * 3, TypingError, r"kernel 'add_into' takes 2 arguments, got 3"),
    ((np.zeros(4, np.float32), "text"), TypeError, r"argument 2: cannot pass a str to a kernel"),
    ((np.zeros(4, np.float32), [1.0, 2.0]), TypeError, r"argument 2: cannot pass a list to a kernel"),
    ((np.zeros(4, np.float32), None), TypeError, r"argument 2"),
    ((np.zeros(4, np.float32), np.array([None] * 4)), TypeError, r"argument 2: an array of format 'O'"),
    # a str array is numba's array of UnicodeCharSeq: refused where the kernel adds to an element
    ((np.zeros(4, np.float32), np.array(["ab"] * 4)), TypingError, r"unsupported operand types for \+: \[unichr x 2\]"),
    ((np.zeros(4, np.float32), np.array(["ab"] * 4, ">U2")), TypeError, r"argument 2: an array of format"),
    ((np.zeros(4, np.float32), 2.0), TypingError, r"float64 cannot be indexed"),
])
def test_wrong_arguments(args, exc, message):
    with pytest.raises(exc, match=message):
        add_into[1, 32](*args)
    check_correct_launch()


@pytest.mark.parametrize("bad", [None, "text", object(), {1}])
def test_refused_arguments_leak_nothing(bad):
    # the refusal's message named the argument's type with a string that was never released: a
    # new one for each refused launch where the type is a built-in one (64 bytes a launch)
    import sys
    a = np.zeros(4, np.float32)
    for _ in range(200):
        with pytest.raises(TypeError):
            add_into[1, 32](a, bad)
    before = sys.getallocatedblocks()
    for _ in range(5000):
        try:
            add_into[1, 32](a, bad)
        except TypeError:
            pass
    assert sys.getallocatedblocks() - before < 500
    check_correct_launch()


@pytest.mark.parametrize("value", [2**70, -2**64])
def test_integer_beyond_64_bits(value):
    with pytest.raises(OverflowError, match=r"argument 2: the integer .* does not fit in 64 bits"):
        add_into[1, 32](np.zeros(4, np.float32), value)
    check_correct_launch()


def test_keyword_arguments():
    with pytest.raises(TypeError, match=r"no keyword arguments"):
        add_into[1, 32](np.zeros(4, np.float32), b=np.zeros(4, np.float32))
    check_correct_launch()


def test_the_error_names_the_line():
    with pytest.raises(TypingError) as info:
        add_into[1, 32](np.zeros(4, np.float32), 2.0)
    assert "test_bad_input.py:" in str(info.value) and "plus_one(b[i])" in str(info.value)


def test_read_only_array_read():
    x = np.arange(50, dtype=np.float64)
    x.setflags(write=False)
    out = np.zeros(50)
    twice[2, 32](out, x)
    np.testing.assert_array_equal(out, np.arange(50) * 2.0)
    strided = np.arange(100.0)[::2]
    strided.setflags(write=False)
    twice[2, 32](out, strided)
    np.testing.assert_array_equal(out, np.arange(0, 100, 2) * 2.0)


def test_read_only_array_written_is_refused_and_left_unchanged():
    a = np.arange(32, dtype=np.float32)
    a.setflags(write=False)
    before = a.copy()
    # as numba does: the kernel is typed for a readonly array and refused where it writes it
    with pytest.raises(TypingError, match=r"Cannot modify readonly array of type: readonly array\(float32, 1d, C\)") as e:
        add_into[1, 32](a, np.ones(32, np.float32))
    assert f"{__file__}:{add_into.py_func.__code__.co_firstlineno + 4}:" in str(e.value)  # a[i] += ...
    np.testing.assert_array_equal(a, before)
    assert not a.flags.writeable
    check_correct_launch()


@cuda.jit("void(float32[:], float32[:])")
def add_into_eager(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b[i]


def test_read_only_array_given_to_a_kernel_compiled_for_writable_ones():
    # an eager signature's kernel was compiled for writable arrays: it runs on a copy, and the
    # launch is refused when the copy changed; the host's array stays as it was
    a = np.arange(32, dtype=np.float32)
    a.setflags(write=False)
    with pytest.raises(TypingError, match=r"Cannot modify readonly array: kernel 'add_into_eager' wrote to argument 1"):
        add_into_eager[1, 32](a, np.ones(32, np.float32))
    np.testing.assert_array_equal(a, np.arange(32, dtype=np.float32))
    out = np.zeros(32, np.float32)
    add_into_eager[1, 32](out, np.arange(32, dtype=np.float32))
    np.testing.assert_array_equal(out, np.arange(32, dtype=np.float32))


def test_read_only_view_of_a_writable_array():
    base = np.zeros(64, np.float32)
    view = base[::2]
    view.setflags(write=False)
    with pytest.raises(TypingError, match=r"Cannot modify readonly array"):
        add_into[1, 32](view, np.ones(32, np.float32))
    assert not base.any()
    check_correct_launch()


def test_device_function_launched():
    with pytest.raises(RuntimeError, match=r"Cannot compile a device function as a kernel: 'plus_one'"):
        plus_one[1, 1](1.0)
    check_correct_launch()


def test_device_function_called_from_the_host():
    with pytest.raises(TypeError, match=r"device function 'plus_one' can only be called from a kernel"):
        plus_one(1.0)
    check_correct_launch()
