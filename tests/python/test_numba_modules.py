"""numba-cuda's public modules, imported by name as numba-cuda programs and test suites import
them (numba.cuda.typing, numba.cuda.np.numpy_support, numba.cuda.core.errors, numba.cuda.compiler,
numba.cuda.misc.special, numba.cuda.cudadrv.driver.driver), each used on real data: directly as
pyjitc.cuda's modules, and through pyjitc.numba's redirect in a fresh process."""
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import pyjitc
from pyjitc import cuda, types

PYJITC_DIR = os.path.dirname(os.path.dirname(os.path.abspath(pyjitc.__file__)))


def test_typing_signature_compiles_a_device_function():
    sig = cuda.typing.signature(types.float32, types.float32, types.int32)
    assert sig == types.float32(types.float32, types.int32)
    assert cuda.typing.templates.signature is cuda.typing.signature
    assert str(sig) == "float32(float32, int32)"

    def scale(x, n):
        return x * n

    ptx, resty = cuda.compile_ptx(scale, sig, device=True)
    assert resty == types.float32
    assert ".func" in ptx and "mul" in ptx


def test_numpy_support_round_trips_numpy_dtypes():
    ns = cuda.np.numpy_support
    for name in ("int8", "uint16", "int32", "uint64", "float16", "float32", "float64", "complex64", "bool"):
        t = ns.from_dtype(np.dtype(name))
        assert ns.as_dtype(t) == np.dtype(name)
    assert ns.numpy_version == tuple(int(p) for p in np.__version__.split(".")[:2])
    with pytest.raises(NotImplementedError):
        ns.as_dtype(types.float32[:])


def test_literal_unroll_from_misc_special_in_a_kernel():
    literal_unroll = cuda.misc.special.literal_unroll
    assert literal_unroll is pyjitc.literal_unroll
    a, b = np.arange(4, dtype=np.float32), np.arange(3, dtype=np.int64)
    out = np.zeros(2, dtype=np.float64)

    @cuda.jit
    def sums(out):
        i = 0
        for arr in literal_unroll((a, b)):
            s = 0.0
            for k in range(arr.shape[0]):
                s += arr[k]
            out[i] = s
            i += 1

    sums[1, 1](out)
    np.testing.assert_array_equal(out, [a.sum(), b.sum()])


def test_core_errors_are_what_pyjitc_raises():
    errors = cuda.core.errors
    assert cuda.core.config is cuda.config

    @cuda.jit
    def bad(x):
        x[0] = undefined_name  # noqa: F821

    with pytest.raises(errors.TypingError):
        bad[1, 1](np.zeros(1))
    for name in ("NumbaWarning", "NumbaPerformanceWarning", "NumbaDeprecationWarning", "NumbaDebugInfoWarning"):
        assert issubclass(getattr(errors, name), Warning)
    assert issubclass(errors.NumbaTypeError, TypeError) and issubclass(errors.NumbaValueError, ValueError)
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        old = cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 1
        try:
            @cuda.jit
            def one(x):
                x[0] = 1.0
            one[1, 1](np.zeros(1))
        finally:
            cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = old
    assert any(issubclass(w.category, errors.NumbaPerformanceWarning) for w in got)


def test_compiler_module_and_lto_ptx():
    assert cuda.compiler.compile_ptx is cuda.compile_ptx

    def add(r, x, y):
        r[0] = x[0] + y[0]

    sig = types.void(types.float16[::1], types.float16[::1], types.float16[::1])
    ptx, _ = cuda.compiler.compile_ptx_for_current_device(add, sig)
    assert ".entry" in ptx

    @cuda.jit
    def k(r, x):
        r[0] = x[0] * 2.0

    r, x = np.zeros(1), np.full(1, 1.5)
    k[1, 1](r, x)
    assert r[0] == 3.0
    assert k.inspect_lto_ptx() == k.inspect_asm()
    assert k.inspect_lto_ptx(k.signatures[0]) == k.inspect_asm(k.signatures[0])


def test_config_names_numba_cuda_reads():
    assert cuda.config.CUDA_ENABLE_NRT == 0
    assert cuda.config.CUDA_DEBUG_POLY == 0 and cuda.config.CUDA_DEBUG_POLY_USE_TYPED_CONST == 0


def test_driver_object():
    d = cuda.cudadrv.driver.driver
    n = d.get_device_count()
    assert isinstance(n, int) and n >= 0
    assert n == (len(cuda.list_devices()) if cuda.is_available() else 0)
    d.flush_pending_free()


def test_driver_copy_functions_can_be_replaced():
    # numba's driver.cuMemcpyHtoD / cuMemcpyDtoH copy; a program that replaces them on the driver
    # object (numba-cuda's tests mock them) sees every host <-> device copy go through its own
    driver = cuda.cudadrv.driver.driver
    a = np.arange(6.0)
    d = cuda.to_device(a)
    back = np.zeros(6)
    driver.cuMemcpyDtoH(back.ctypes.data, d.device_ctypes_pointer, back.nbytes)
    np.testing.assert_equal(back, a)
    driver.cuMemcpyHtoD(d.device_ctypes_pointer, (a * 3).ctypes.data, a.nbytes)
    np.testing.assert_equal(d.copy_to_host(), a * 3)

    seen = []

    def counting(kind):
        original = getattr(driver, kind)

        def copy(dst, src, size):
            seen.append((kind, size))
            return original(dst, src, size)
        return copy

    driver.cuMemcpyHtoD, driver.cuMemcpyDtoH = counting("cuMemcpyHtoD"), counting("cuMemcpyDtoH")
    try:
        e = cuda.to_device(np.arange(4, dtype=np.int32))
        np.testing.assert_equal(e.copy_to_host(), np.arange(4))
        assert seen == [("cuMemcpyHtoD", 16), ("cuMemcpyDtoH", 16)]

        def refuse(*args):
            raise cuda.cudadrv.driver.CudaAPIError(999, "Transfer not allowed")
        driver.cuMemcpyDtoH = refuse
        with pytest.raises(cuda.cudadrv.driver.CudaAPIError, match="Transfer not allowed"):
            e.copy_to_host()

        @cuda.vectorize(["float32(float32)"])
        def plus_one(x):
            return x + 1.0
        seen.clear()
        out = plus_one(cuda.to_device(np.ones(8, np.float32)))  # device data in and out: no transfer
        assert seen == [("cuMemcpyHtoD", 32)]  # the to_device only
    finally:
        del driver.cuMemcpyHtoD, driver.cuMemcpyDtoH
    np.testing.assert_equal(out.copy_to_host(), np.full(8, 2.0, np.float32))  # pyjitc's own copies again


def test_imports_by_name_through_the_redirect(tmp_path):
    program = textwrap.dedent('''
        import numpy as np
        from numba import cuda
        from numba.cuda import types
        from numba.cuda.typing import signature
        from numba.cuda.typing.templates import signature as signature2
        from numba.cuda.np import numpy_support
        from numba.cuda.np.numpy_support import from_dtype, numpy_version
        from numba.cuda.core import config, errors
        from numba.cuda.core.errors import TypingError, NumbaPerformanceWarning
        from numba.cuda.compiler import compile_ptx, compile_ptx_for_current_device
        from numba.cuda.misc.special import literal_unroll
        from numba.cuda.cudadrv.driver import driver

        assert signature is signature2
        sig = signature(types.void, from_dtype(np.dtype("float64"))[::1])

        @cuda.jit(sig)
        def twice(a):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= 2

        a = np.arange(8.0)
        twice[1, 8](a)
        assert (a == np.arange(8.0) * 2).all(), a

        @cuda.jit
        def bad(a):
            a[0] = nothing  # noqa: F821
        try:
            bad[1, 1](a)
        except TypingError as e:
            print("caught", type(e).__name__)
        # numba.cuda.np is imported above: pyjitc.cuda's own use of NumPy is not shadowed by it
        from numba.cuda.cudadrv import driver as drv
        d = cuda.device_array(4)
        drv.host_to_device(d, np.arange(4.0), 32)
        h = np.zeros(4)
        drv.device_to_host(h, d, 32)
        assert (h == np.arange(4.0)).all(), h
        print("ok", numpy_version == tuple(int(p) for p in np.__version__.split(".")[:2]))
    ''')
    path = tmp_path / "prog.py"
    path.write_text(program)
    env = dict(os.environ, PYTHONPATH=PYJITC_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "pyjitc.numba", str(path)], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "caught TypingError" in r.stdout and "ok True" in r.stdout, r.stdout + r.stderr
