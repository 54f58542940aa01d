"""@cuda.jit(inline=..., forceinline=...) on device functions. inline="never" (or False) and
forceinline=False, given, keep the device function a function of its own that the kernel calls
(numba's inspect_llvm shows the call); inline="always" (True) and forceinline=True always inline
it; a device function whose decorator says neither is left to LLVM's inliner, as before. Every
variant computes the same numbers (checked against NumPy)."""
import re

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.types import float64, int32

SIG = (float64[::1], float64[::1])


def call_of(name):
    """A call of the device function `name` kept as a function of its own (NAME$ID)."""
    return re.compile(r"call (?:[\w.]+ )?@\"?" + re.escape(name) + r"\$\d+")


def make(**options):
    @cuda.jit(device=True, **options)
    def scaled(a, i, k):
        return a[i] * k + i

    @cuda.jit
    def kernel(a, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = scaled(a, i, 2.5)
    return kernel


@pytest.mark.parametrize("options, kept", [
    ({"inline": "never"}, True),
    ({"inline": False}, True),
    ({"forceinline": False}, True),
    ({"inline": "always"}, False),
    ({"inline": True}, False),
    ({"forceinline": True}, False),
    ({"inline": "never", "forceinline": True}, False),
    ({}, False),
])
def test_inline_options(rng, options, kept):
    kernel = make(**options)
    a = rng.standard_normal(300)
    out = np.zeros_like(a)
    kernel[3, 128](a, out)
    np.testing.assert_allclose(out, a * 2.5 + np.arange(a.size), rtol=1e-15)
    llvm = kernel.inspect_llvm(SIG)
    assert bool(call_of("scaled").search(llvm)) == kept, llvm
    if kept:
        define = re.search(r"^define .*@\"scaled\$\d+\".*$", llvm, re.M)
        assert define is not None, llvm
        assert re.search(r"noinline", llvm[:define.start()].rsplit("\n\n", 1)[-1] + define.group()), llvm
    else:
        assert "scaled" not in llvm  # inlined, and the function gone
        assert "noinline" not in llvm
    # the PTX: a .func of its own, called, where it is kept
    ptx = kernel.inspect_asm(SIG)
    assert bool(re.search(r"\.func .*scaled\$\d+\(", ptx)) == kept
    assert ("call" in ptx) == kept


def test_jit_without_device_called_from_a_kernel(rng):
    """numba's test_inline style: @cuda.jit(inline="never") without device=True, called by a kernel."""
    @cuda.jit(inline="never")
    def set_first(a, v):
        a[0] = v

    @cuda.jit("void(int32[::1])")
    def call_it(a):
        set_first(a, 7)

    a = np.ones(2, dtype=np.int32)
    call_it[1, 2](a)
    np.testing.assert_array_equal(a, [7, 1])
    llvm = call_it.inspect_llvm((int32[::1],))
    assert call_of("set_first").search(llvm), llvm
    assert "alwaysinline" not in llvm


def test_kept_functions_nested_and_with_block_memory(rng):
    """Kept device functions calling kept device functions, one with a shared array and a barrier
    (on the CPU executor such a function runs inlined in the block's code, as every one does)."""
    @cuda.jit(device=True, inline="never")
    def square(x):
        return x * x

    @cuda.jit(device=True, inline="never")
    def sum_of_squares(a, b):
        return square(a) + square(b)

    @cuda.jit(device=True, inline="never")
    def block_reverse(a, out):
        buf = cuda.shared.array(64, dtype=np.float64)
        t = cuda.threadIdx.x
        base = cuda.blockIdx.x * 64
        buf[t] = a[base + t]
        cuda.syncthreads()
        out[base + t] = sum_of_squares(buf[63 - t], 1.0)

    @cuda.jit
    def kernel(a, out):
        block_reverse(a, out)

    a = rng.standard_normal(256)
    out = np.zeros_like(a)
    kernel[4, 64](a, out)
    expected = a.reshape(4, 64)[:, ::-1].reshape(-1) ** 2 + 1.0
    np.testing.assert_allclose(out, expected, rtol=1e-15)
    ptx = kernel.inspect_asm((float64[::1], float64[::1]))
    for name in ("square", "sum_of_squares", "block_reverse"):
        assert re.search(r"\.func .*\b" + name + r"\$\d+\(", ptx), name


def test_kept_name_is_a_ptx_name(rng):
    """A device function named with letters PTX does not take keeps a valid .func name."""
    @cuda.jit(device=True, inline="never")
    def größer(x, y):
        return x if x > y else y

    @cuda.jit
    def kernel(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = größer(a[i], b[i])

    a, b = rng.standard_normal(100), rng.standard_normal(100)
    out = np.zeros(100)
    kernel[1, 128](a, b, out)
    np.testing.assert_array_equal(out, np.maximum(a, b))
    ptx = kernel.inspect_asm((float64[::1], float64[::1], float64[::1]))
    names = re.findall(r"\.func\s+(?:\([^)]*\)\s*)?([^\s(]+)\(", ptx)
    assert len(names) == 1 and re.fullmatch(r"gr_+er\$\d+", names[0]), names


@pytest.mark.parametrize("bad", ["sometimes", 3, 1.5])
def test_inline_value_checked(bad):
    with pytest.raises(ValueError, match="inline"):
        cuda.jit(device=True, inline=bad)
