"""Foreign functions: cuda.declare_device with link= files (CUDA C compiled by NVRTC on the GPU,
and for the host on the CPU executor; PTX on the GPU), numba's ABI and the C ABI, checked on
real data against NumPy; and the mistakes a user can make, each a clear error."""
import os

import numpy as np
import pytest

from pyjitc import TypingError, cuda

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
CU = os.path.join(DATA, "ffi_functions.cu")
PTX = os.path.join(DATA, "ffi_twice.ptx")

mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)", link=CU)
powi = cuda.declare_device("powi_f64", "float64(float64, int32, int16)", link=[CU])
clamp = cuda.declare_device("clamp_i64", "int64(int64, int64, int64)", link=CU, abi="c")
twice = cuda.declare_device("twice_plus_one", "int32(int32)", link=PTX)


@cuda.jit
def calls_foreign(x, y, r, p, c):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = mul(x[i], y[i])
        p[i] = powi(x[i], i % 5, -3)
        c[i] = clamp(i * 7 - 50, -20, 100)


def test_cuda_c_functions():
    rng = np.random.default_rng(3)
    n = 100
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    r, p, c = np.zeros(n, np.float32), np.zeros(n), np.zeros(n, np.int64)
    calls_foreign[4, 32](x, y, r, p, c)
    np.testing.assert_array_equal(r, x * y)
    np.testing.assert_allclose(p, x.astype(np.float64) ** (np.arange(n) % 5) - 3, rtol=1e-12)
    np.testing.assert_array_equal(c, np.clip(np.arange(n) * 7 - 50, -20, 100))


@cuda.jit
def calls_ptx(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = twice(a[i])


@pytest.mark.skipif(not ON_CUDA, reason="PTX runs on the GPU only")
def test_ptx_function():
    a = np.arange(-50, 50, dtype=np.int32)
    out = np.zeros_like(a)
    calls_ptx[1, 128](a, out)
    np.testing.assert_array_equal(out, 2 * a + 1)


@pytest.mark.skipif(ON_CUDA, reason="the CPU executor's answer to GPU code")
def test_ptx_on_the_cpu_is_a_clear_error():
    with pytest.raises(ValueError, match="GPU code, which the CPU executor cannot run"):
        calls_ptx[1, 4](np.zeros(4, np.int32), np.zeros(4, np.int32))


def test_wrong_argument_count_is_a_diagnostic():
    @cuda.jit
    def bad(a):
        a[0] = mul(a[0])

    with pytest.raises(TypingError, match=r"'mul' takes 2 arguments as declared with cuda.declare_device, got 1"):
        bad[1, 1](np.zeros(1, np.float32))


def test_declaration_errors():
    with pytest.raises(TypeError, match="Return type must be provided"):
        cuda.declare_device("f", "(float32,)")
    ptr = cuda.declare_device("f", "float32(CPointer(float32), int32)")  # pointers: tests/python/test_pointers.py
    assert str(ptr.sig.args[0]) == "float32*"
    with pytest.raises(NotImplementedError, match="ABI"):
        cuda.declare_device("f", "float32(float32)", abi="fortran")


def test_missing_and_broken_sources(tmp_path):
    missing = cuda.declare_device("nothing_here", "float32(float32)", link=str(tmp_path / "missing.cu"))
    broken_src = tmp_path / "broken.cu"
    broken_src.write_text('extern "C" __device__ int broken(float *r, float x) { return nonsense; }\n')
    broken = cuda.declare_device("broken", "float32(float32)", link=str(broken_src))

    @cuda.jit
    def k1(a):
        a[0] = missing(a[0])

    @cuda.jit
    def k2(a):
        a[0] = broken(a[0])

    with pytest.raises(Exception, match="cannot read .*missing.cu"):
        k1[1, 1](np.zeros(1, np.float32))
    with pytest.raises(TypingError, match="broken.cu"):
        k2[1, 1](np.zeros(1, np.float32))


TIMES2 = cuda.CUSource('''
extern "C" __device__ int times2(int *out, int a) { *out = a * 2; return 0; }
''')
TIMES4 = cuda.CUSource('''
extern "C" __device__ int times2(int *out, int a);
extern "C" __device__ int times4(int *out, int a) { int t; times2(&t, a); *out = t * 2; return 0; }
''')
TIMES2_C = cuda.CUSource('''
extern "C" __device__ int times2(int a) { return a * 2 + 1000; }
''')


def test_sources_in_memory_calling_each_other():
    times4 = cuda.declare_device("times4", "int32(int32)", link=[TIMES2, TIMES4])

    @cuda.jit
    def k(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = times4(x[i])

    x = np.arange(-20, 20, dtype=np.int32)
    r = np.zeros_like(x)
    k[1, 64](r, x)
    np.testing.assert_array_equal(r, 4 * x)


def test_one_name_two_abis_in_two_kernels():
    """Two kernels link sources that define the same name with different ABIs: each calls its own
    (on the CPU each kernel's foreign functions come from its own host build, not the process)."""
    numba_abi = cuda.declare_device("times2", "int32(int32)", link=TIMES2)
    c_abi = cuda.declare_device("times2", "int32(int32)", link=TIMES2_C, abi="c")

    @cuda.jit
    def k1(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = numba_abi(x[i])

    @cuda.jit
    def k2(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = c_abi(x[i])

    x = np.arange(10, dtype=np.int32)
    r1, r2 = np.zeros_like(x), np.zeros_like(x)
    k1[1, 32](r1, x)
    k2[1, 32](r2, x)
    np.testing.assert_array_equal(r1, 2 * x)
    np.testing.assert_array_equal(r2, 2 * x + 1000)


def test_declare_device_signature_api():
    from pyjitc import float32, int32
    f1 = cuda.declare_device("f1", int32(float32[:]))
    assert f1.name == "f1" and f1.sig.args == (float32[:],) and f1.sig.return_type == int32

    @cuda.jit
    def uses_array_param(a, out):
        out[0] = f1(a)

    with pytest.raises(TypingError, match="array parameter"):
        uses_array_param[1, 1](np.zeros(2, np.float32), np.zeros(1, np.int32))
