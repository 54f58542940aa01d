"""alignment= of cuda.local.array and cuda.shared.array: every thread's array starts at a multiple
of the alignment (read in the kernel as arr.ctypes.data), the arrays still work as arrays, and
numba's checks of the value (a constant, positive power of two that is a multiple of 8)."""
import re

import numpy as np
import pytest

from pyjitc import cuda

def make(kind, shape, dtype, alignment):
    @cuda.jit
    def k(addr, out):
        i = cuda.grid(1)
        if kind == 0:
            arr = cuda.local.array(shape=shape, dtype=dtype, alignment=alignment)
        else:
            arr = cuda.shared.array(shape=shape, dtype=dtype, alignment=alignment)
        addr[i] = arr.ctypes.data
        out[i] = arr.size
    return k


@pytest.mark.parametrize("kind", [0, 1])
@pytest.mark.parametrize("alignment", [None, 8, 16, 64, 256, 512])
@pytest.mark.parametrize("dtype,shape", [(np.uint8, 3), (np.float64, (2, 3)), (np.int16, (1, 3, 5)), (np.uint32, 50)])
def test_addresses_aligned(kind, alignment, dtype, shape):
    n = 6
    addr = np.zeros(n, dtype=np.uint64)
    out = np.zeros(n, dtype=np.int64)
    make(kind, shape, dtype, alignment)[1, n](addr, out)
    assert (out == np.prod(shape)).all()
    if alignment is not None:
        assert (addr % alignment == 0).all(), addr
    if kind == 1:
        assert len(set(addr.tolist())) == 1  # one per block


@cuda.jit
def use_aligned(x, out):
    i = cuda.grid(1)
    loc = cuda.local.array(5, np.float32, 64)
    sh = cuda.shared.array((4, 8), np.float64, alignment=128)
    for k in range(5):
        loc[k] = x[i] * (k + 1)
    sh[i // 8, i % 8] = x[i] + 1.0
    cuda.syncthreads()
    s = 0.0
    for k in range(5):
        s += loc[k]
    out[i] = s + sh[(31 - i) // 8, (31 - i) % 8]


def test_aligned_arrays_hold_values():
    x = np.arange(32, dtype=np.float64) * 0.5
    out = np.zeros(32)
    use_aligned[1, 32](x, out)
    want = x.astype(np.float32).astype(np.float64) * 15 + (x[::-1] + 1.0)
    np.testing.assert_allclose(out, want, rtol=1e-6)


def test_ctypes_data_of_an_argument():
    @cuda.jit
    def k(a, out):
        out[0] = a.ctypes.data
        out[1] = a[1:].ctypes.data

    a = cuda.to_device(np.zeros(4, dtype=np.float64))
    out = np.zeros(2, dtype=np.uint64)
    k[1, 1](a, out)
    assert out[1] - out[0] == 8


def make_bad(kind, alignment):
    @cuda.jit
    def f(dest):
        if kind == 0:
            arr = cuda.local.array(4, np.uint8, alignment=alignment)
        else:
            arr = cuda.shared.array(4, np.uint8, alignment=alignment)
        dest[0] = arr.ctypes.data
    return f


@pytest.mark.parametrize("kind", [0, 1])
@pytest.mark.parametrize("alignment,why", [(-1, "positive"), (0, "positive"), (3, "a power of 2"),
                                           (4, "a multiple of 8"), (48, "a power of 2")])
def test_invalid_alignment_values(kind, alignment, why):
    with pytest.raises(ValueError, match=f"Alignment must be {why}"):
        make_bad(kind, alignment)[1, 1](np.zeros(1, np.uint64))


@pytest.mark.parametrize("kind", [0, 1])
@pytest.mark.parametrize("alignment", ["16", 16.0, 1.5])
def test_alignment_must_be_constant_integer(kind, alignment):
    with pytest.raises(cuda.TypingError, match="alignment must be a constant integer"):
        make_bad(kind, alignment)[1, 1](np.zeros(1, np.uint64))


def test_alignment_from_kernel_argument_rejected():
    @cuda.jit
    def f(dest, al):
        arr = cuda.local.array(4, np.uint8, alignment=al)
        dest[0] = arr.ctypes.data

    with pytest.raises(cuda.TypingError, match="alignment must be a constant integer"):
        f[1, 1](np.zeros(1, np.uint64), 16)


def test_alignment_in_ptx():
    def k(out):
        i = cuda.threadIdx.x
        sh = cuda.shared.array(3, np.uint8, alignment=256)
        sh[i] = i
        cuda.syncthreads()
        out[i] = sh[(i + 1) % 3]
        out[3] = sh.ctypes.data

    ptx, _ = cuda.compile_ptx(k, "void(uint64[:])")
    assert re.search(r"\.shared \.align 256 \.b8 \w+\[3\]", ptx), ptx
