"""Eager signatures: numba's choice among them, specialize(), resources of compiled kernels."""
import math
import re

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc._runtime import target
from pyjitc.types import boolean, float32, float64, int32, int64, void


def add_kernel(r, x, y):
    r[0] = x + y


def test_exact_and_converted_signatures():
    f = cuda.jit(["(int64[::1], int64, int64)", "(float64[::1], float64, float64)"])(add_kernel)
    r = np.zeros(1, dtype=np.int64)
    f[1, 1](r, 1, 2)
    assert r[0] == 3
    r = np.zeros(1, dtype=np.float64)
    f[1, 1](r, 1.5, 2.5)
    assert r[0] == 4.0
    with pytest.raises(TypeError, match="No matching definition"):
        f[1, 1](np.zeros(1, dtype=np.complex128), 1j, 1j)
    assert len(f.overloads) == 2


def test_one_signature_reads_integers_of_the_other_signedness():
    """numba launches a dispatcher of one signature (not a list) with whatever arrays it is given,
    their memory read as the signature's dtype (numba-cuda's test_atomic_sub3 and vote_sync
    tests pass uint32 data to int32 kernels and back): pyjitc does where the bits read the same,
    integers of one size, and refuses the rest."""
    @cuda.jit("void(int32[:, :], int32)")
    def sub_and_mark(a, v):
        i, j = cuda.grid(2)
        if i < a.shape[0] and j < a.shape[1]:
            cuda.atomic.sub(a, (i, j), v)
            if i == 0 and j == 0:
                a[0, 0] = -1

    a = np.arange(40, dtype=np.uint32).reshape(5, 8) + 10
    expected = a - 3
    expected[0, 0] = np.uint32(0xFFFFFFFF)  # -1 written as int32, read as uint32
    sub_and_mark[(1, 1), (8, 8)](a, 3)
    np.testing.assert_array_equal(a, expected)
    d = cuda.to_device(np.full((2, 3), 7, dtype=np.uint32))
    sub_and_mark[(1, 1), (4, 4)](d, 8)
    np.testing.assert_array_equal(d.copy_to_host(), [[0xFFFFFFFF] * 3, [0xFFFFFFFF] * 3])
    assert len(sub_and_mark.overloads) == 1  # the one kernel, as numba's

    @cuda.jit("void(uint32[:])")
    def ballot(out):
        out[cuda.threadIdx.x] = cuda.ballot_sync(0xFFFFFFFF, cuda.threadIdx.x % 2 == 1)

    out = np.zeros(32, dtype=np.int32)
    ballot[1, 32](out)
    np.testing.assert_array_equal(out, np.full(32, np.uint32(0xAAAAAAAA).view(np.int32)))

    for wrong in (np.zeros((2, 2), np.int64), np.zeros((2, 2), np.float32), np.zeros(4, np.int32)):
        with pytest.raises(TypeError, match="No matching definition"):
            sub_and_mark[1, 1](wrong, 1)
    listed = cuda.jit(["void(int32[:, :], int32)"])(sub_and_mark.py_func)  # a list: not specialized
    with pytest.raises(TypeError, match="No matching definition"):
        listed[1, 1](np.zeros((2, 2), np.uint32), 1)


def test_same_type_class_picks_the_safe_signature():
    f = cuda.jit(["(float64[::1], float32, float32)", "(float64[::1], float64, float64)"])(add_kernel)
    r = np.zeros(1, dtype=np.float64)
    f[1, 1](r, np.float32(1), np.float32(2 ** -25))
    assert r[0] == float(np.float32(1) + np.float32(2 ** -25))  # added in float32
    f[1, 1](r, 1, 2 ** -25)
    assert r[0] == 1 + 2 ** -25  # added in float64


def test_ambiguous_signatures():
    f = cuda.jit(["(float64[::1], float32, float64)", "(float64[::1], float64, float32)",
                  "(float64[::1], int64, int64)"])(add_kernel)
    with pytest.raises(TypeError, match="Ambiguous overloading") as e:
        f[1, 1](np.zeros(1), 1.0, 2.0)
    assert "int64" not in str(e.value)


def test_no_complex_to_int():
    f = cuda.jit("(i4[::1], i4, i4)")(add_kernel)
    r = np.zeros(1, dtype=np.int32)
    f[1, 1](r, 123, 456)
    assert r[0] == 579
    with pytest.raises(TypeError):
        f[1, 1](r, 12.3, 45.6j)
    f[1, 1](r, 12.9, 45.6)  # a float truncates to the integer parameter (a C cast)
    assert r[0] == 12 + 45


def test_specialize():
    @cuda.jit
    def f(x, y):
        x[0] = y[0] * 2

    assert len(f.specializations) == 0
    a = f.specialize(float32[::1], float32[::1])
    assert f.specialize(float32[::1], float32[::1]) is a
    b = f.specialize(float32[:], float32[:])
    assert b is not a and len(f.specializations) == 2
    x = np.zeros(1, dtype=np.float32)
    a[1, 1](x, np.array([3.5], dtype=np.float32))
    assert x[0] == 7.0
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        a.specialize(float32[::1], float32[::1])
    g = cuda.jit("void(int32[::1])")(lambda x: None)
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        g.specialize(float32[::1])
    c = f.specialize(np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64))  # from values
    y = np.zeros(1, dtype=np.int64)
    c[1, 1](y, np.array([21]))
    assert y[0] == 42


def test_resources():
    @cuda.jit
    def smem(ary):
        # each thread reads what another wrote: the shared array cannot be optimised away
        sm = cuda.shared.array(10, dtype=float32)
        i = cuda.threadIdx.x
        sm[i] = i
        cuda.syncthreads()
        ary[i] = sm[9 - i]

    a = np.zeros(10, dtype=np.float32)
    smem[1, 10](a)
    assert np.array_equal(a, np.arange(10)[::-1])
    sig = void(float32[::1])
    assert smem.get_shared_mem_per_block(sig) == 40
    assert smem.get_shared_mem_per_block()[sig.args] == 40
    n = smem.get_max_threads_per_block(sig)
    assert isinstance(n, int) and 0 < n <= 1024

    arr = np.arange(32, dtype=np.int64)

    @cuda.jit(void(int64[::1]))
    def const_use(x):
        c = cuda.const.array_like(arr)
        i = cuda.grid(1)
        x[i] = c[i]

    assert const_use.get_const_mem_size() >= arr.nbytes
    out = np.zeros(32, dtype=np.int64)
    const_use[1, 32](out)
    assert np.array_equal(out, arr)

    @cuda.jit(void(float64[::1], int64))
    def pi_sin(x, n):
        i = cuda.grid(1)
        if i < n:
            x[i] = 3.14 * math.sin(x[i])

    if target() == "cuda":
        regs = pi_sin.get_regs_per_thread()
        assert isinstance(regs, int) and regs > 0
    else:  # the CPU executor has no registers to count
        with pytest.raises(NotImplementedError, match="registers"):
            pi_sin.get_regs_per_thread()


def test_print_format_strings_are_constant_memory(capfd):
    """printf's format strings lie in constant memory, as numba puts them: get_const_mem_size
    counts them (the format C's printf is given, NUL included), in the PTX as .const."""
    @cuda.jit
    def show(val, to_print, out):
        if to_print:
            print(val)
        out[0] = val * 2

    out = np.zeros(1)
    show[1, 1](21, True, out)
    assert out[0] == 42
    show[1, 1](1.5, False, out)
    assert out[0] == 3.0
    cuda.synchronize()
    assert "21" in capfd.readouterr().out
    sig_i, sig_f = void(int64, boolean, float64[::1]), void(float64, boolean, float64[::1])
    assert show.get_const_mem_size(sig_i) >= len(b"%lld\n\0")
    assert show.get_const_mem_size(sig_f) >= len(b"%f\n\0")
    sizes = show.get_const_mem_size()
    assert sizes[sig_i.args] == show.get_const_mem_size(sig_i) and sizes[sig_f.args] == show.get_const_mem_size(sig_f)
    ptx = show.inspect_asm(sig_i.args)
    assert re.search(r"^\.const .*\[6\] = \{37, 108, 108, 100, 10", ptx, re.M), ptx
    assert "cvta.const" in ptx


@pytest.mark.parametrize("bad", [150, -2, 101, "InvalidOption"])
def test_carveout_checked(bad):
    with pytest.raises(ValueError, match="between -1 and 100|Invalid carveout value"):
        cuda.jit(shared_memory_carveout=bad)(add_kernel)
    with pytest.raises(ValueError, match="between -1 and 100|Invalid carveout value"):
        cuda.jit("void(int64[::1], int64, int64)", shared_memory_carveout=bad)(add_kernel)


def test_carveout_valid():
    f = cuda.jit(shared_memory_carveout="MaxShared")(add_kernel)
    r = np.zeros(1, dtype=np.int64)
    f[1, 1](r, 2, 3)
    assert r[0] == 5


def test_array_dtype_as_element_type():
    n = 1000

    @cuda.jit
    def lmem(ary):
        lm = cuda.local.array(n, dtype=ary.dtype)
        for j in range(n):
            lm[j] = j * 1.5
        for j in range(n):
            ary[j] = lm[n - 1 - j]

    @cuda.jit
    def smem(ary):
        sm = cuda.shared.array(10, dtype=ary.dtype)
        i = cuda.threadIdx.x
        sm[i] = i + 0.25
        cuda.syncthreads()
        ary[i] = sm[9 - i]

    expect = (np.arange(n) * 1.5)[::-1]
    for dt in (np.float32, np.float64, np.int32):
        a = np.zeros(n, dtype=dt)
        lmem[1, 1](a)
        np.testing.assert_array_equal(a, expect.astype(dt))
        b = np.zeros(10, dtype=dt)
        smem[1, 10](b)
        np.testing.assert_array_equal(b, (np.arange(10) + 0.25)[::-1].astype(dt))
    f32, f64 = void(float32[::1]), void(float64[::1])
    assert smem.get_shared_mem_per_block(f32) == 40
    assert smem.get_shared_mem_per_block(f64) == 80
    assert smem.get_shared_mem_per_block()[f64.args] == 80
    assert lmem.get_local_mem_per_thread(f32) >= n * 4
    assert lmem.get_local_mem_per_thread(f64) >= n * 8
    assert lmem.get_local_mem_per_thread()[f32.args] == lmem.get_local_mem_per_thread(f32)
