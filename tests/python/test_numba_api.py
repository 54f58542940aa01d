"""Dispatcher API as numba-cuda's tests use it: inspect_asm / inspect_llvm given numba's argument
types, Dispatcher.compile(sig), compile_ptx for a compute capability LLVM does not know."""
import numpy as np

from pyjitc import cuda, float32, float64, int32


def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * f


def test_inspect_with_numba_argument_types():
    k = cuda.jit(scale)
    sig = (float64[:], float64)
    ptx = k.inspect_asm(sig)
    assert ".entry" in ptx and "mul.rn.f64" in ptx  # the text itself for the signature asked for
    assert "mul" in k.inspect_llvm(sig)
    assert "mul.rn.f32" in k.inspect_asm("void(float32[::1], float32)")
    a = np.arange(8.0)
    k[1, 8](a, 3.0)
    np.testing.assert_array_equal(a, np.arange(8.0) * 3)
    assert all(".entry" in t for t in k.inspect_asm().values())


def test_dispatcher_compile():
    k = cuda.jit(scale)
    kernel = k.compile((float32[::1], float32))
    assert kernel is not None
    a = np.arange(8, dtype=np.float32)
    k[1, 8](a, np.float32(0.5))
    np.testing.assert_array_equal(a, np.arange(8, dtype=np.float32) * 0.5)


def shuffle(a):
    i = cuda.grid(1)
    a[i] = cuda.shfl_sync(0xFFFFFFFF, a[i], 0)


def test_compile_ptx_for_newer_compute_capabilities():
    """A GPU newer than LLVM knows gets PTX for the newest it knows (the driver compiles it
    further), not a crash of the process."""
    for cc, want in [((10, 0), "sm_90"), ((12, 0), "sm_90"), ((8, 6), "sm_86"), ((7, 5), "sm_75")]:
        ptx, _ = cuda.compile_ptx(shuffle, (int32[::1],), cc=cc)
        assert f".target {want}" in ptx and "shfl.sync" in ptx


def test_threads_launching_one_new_kernel():
    """Four threads launch the same kernel, compiled on first use in several of them at once; the
    launcher keeps the kernel it runs alive while another thread replaces its cache entry (that
    was a use after free: wrong limits or a crash)."""
    from concurrent.futures import ThreadPoolExecutor

    for _ in range(40):
        @cuda.jit
        def foo(x):
            x[0] += 1

        def use_foo(x):
            foo[1, 1](x)
            return x

        arrays = [cuda.to_device(np.arange(10)) for _ in range(8)]
        expected = np.arange(10)
        expected[0] += 1
        with ThreadPoolExecutor(max_workers=4) as e:
            for ary in e.map(use_foo, arrays):
                np.testing.assert_array_equal(ary.copy_to_host(), expected)


def round_n(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], n[i])


def test_round_with_a_run_time_digit_count_compiles_for_the_gpu():
    """round(x, n) with n known only at run time: PTX (LLVM cannot lower llvm.powi for NVPTX;
    that aborted the process)."""
    ptx, _ = cuda.compile_ptx(round_n, (float64[::1], cuda.types.int64[::1], float64[::1]))
    assert ".entry" in ptx


def test_kernel_written_on_the_command_line():
    """python -c CODE: the kernel's text comes from the command line (sys.orig_argv)."""
    import os
    import subprocess
    import sys
    code = (
        "import numpy as np\n"
        "from pyjitc import cuda\n"
        "@cuda.jit\n"
        "def k(a):\n"
        "    i = cuda.grid(1)\n"
        "    if i < a.size:\n"
        "        a[i] = i * 3 + 1\n"
        "a = np.zeros(40)\n"
        "k[2, 32](a)\n"
        "print(int(a.sum()))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(sum(i * 3 + 1 for i in range(40)))


def test_int_bit_count_method_is_popc():
    """numba-cuda's int.bit_count() in kernels is cuda.popc: the set bits of the value's own width
    (so a negative number counts its two's complement bits, unlike Python's int.bit_count)."""
    from pyjitc import cuda

    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i].bit_count()

    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64, np.int32, np.int64):
        info = np.iinfo(dtype)
        x = np.array([0, 1, 3, 255 if info.max >= 255 else 7, info.max, info.min], dtype=dtype)
        out = np.zeros(x.size, np.int64)
        k[1, 32](x, out)
        bits = np.dtype(dtype).itemsize * 8
        want = [bin(int(v) & ((1 << bits) - 1)).count("1") for v in x]
        np.testing.assert_array_equal(out, want)


def test_float16_to_integers_round_to_nearest_as_numba_cuda():
    """numba-cuda converts float16 to an integer with cvt.rni (nearest, ties to even, saturating;
    NaN to 0) and integers to float16 with cvt.rn; float32 and float64 truncate."""
    from pyjitc import cuda

    @cuda.jit
    def k(x, y, o8, o32, u8, back, t32):
        i = cuda.grid(1)
        if i < x.size:
            o8[i] = np.int8(x[i])
            o32[i] = np.int32(x[i])
            u8[i] = np.uint8(x[i])
            back[i] = np.float16(o32[i])
            t32[i] = np.int32(y[i])

    x = np.array([2.5, 3.5, -2.5, 300.0, -1.7, 0.49, 1e4, -1e4], np.float16)
    y = x.astype(np.float32)
    outs = [np.zeros(8, t) for t in (np.int8, np.int32, np.uint8, np.float16, np.int32)]
    k[1, 32](x, y, *outs)
    r = np.rint(x.astype(np.float64))
    np.testing.assert_array_equal(outs[0], np.clip(r, -128, 127))
    np.testing.assert_array_equal(outs[1], r)
    np.testing.assert_array_equal(outs[2], np.clip(r, 0, 255))
    np.testing.assert_array_equal(outs[3], r.astype(np.float16))
    np.testing.assert_array_equal(outs[4], np.trunc(y))
