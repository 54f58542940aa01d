"""Pointers in kernels (numba's types.CPointer): pointer parameters launched with an address,
p[i] loads and stores, cuda.carray / cuda.farray views of a pointer's memory, ffi.from_buffer
passed to foreign functions declared with pointer parameters, and the cache-hinted loads and
stores (cuda.ldcg, cuda.stcs, ...) on arrays and pointers, checked against NumPy; their PTX
carries the cache operator."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pyjitc import TypingError, cuda, types

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
PTRS = os.path.join(DATA, "ffi_pointers.cu")

i32p, f32p, f64p = types.CPointer(types.int32), types.CPointer(types.float32), types.CPointer(types.float64)


def address(d):
    """A device array's address, as numba's users take it (the CUDA Array Interface on the GPU;
    the CPU executor's device memory is host memory, whose address the allocation gives)."""
    if os.environ.get("PYJITC_TEST_TARGET") == "cuda":
        return d.__cuda_array_interface__["data"][0]
    return int(d.gpu_data.device_pointer)


@cuda.jit(types.void(i32p, types.int32, i32p, i32p, types.uint32))
def axpy(r, a, x, y, n):
    i = cuda.grid(1)
    if i < n:
        r[i] = a * x[i] + y[i]


def test_pointer_parameters():
    hx = np.arange(40, dtype=np.int32)
    hy = (np.arange(40, dtype=np.int32) * 3) % 7
    dx, dy = cuda.to_device(hx), cuda.to_device(hy)
    dr = cuda.device_array_like(dx)
    axpy[2, 32](address(dr), 5, address(dx), int(dy.gpu_data.device_pointer), 40)
    np.testing.assert_array_equal(dr.copy_to_host(), 5 * hx + hy)
    assert str(axpy.signatures[0][0]) == "int32*"


def test_device_memory_alignment_and_granules():
    """Device arrays start on 256-byte boundaries, as cuMemAlloc's do (CUDA's guarantee), on the CPU
    executor too; and a kernel running a few elements past a small array's end, which a GPU lets
    pass (the rest of the 256-byte granule is the array's allocation), leaves the other arrays and
    the process intact there as well. The overrun is numba-cuda's test_dispatcher_cpointer_arguments
    (10-element arrays, n = 16), which corrupted the CPU executor's heap (glibc aborted the process
    at a later free): run in a process of its own, many times over, with the in-bounds results and
    a neighbour array checked."""
    for n in (1, 10, 63, 64, 65, 1000):
        assert address(cuda.device_array(n, np.int32)) % 256 == 0, n
    code = textwrap.dedent(f"""
        import gc
        import numpy as np
        from pyjitc import cuda, types
        p = types.CPointer(types.int32)

        @cuda.jit(types.void(p, types.int32, p, p, types.uint32))
        def axpy(r, a, x, y, n):
            i = cuda.grid(1)
            if i < n:
                r[i] = a * x[i] + y[i]

        def address(d):
            return d.__cuda_array_interface__["data"][0] if {os.environ.get("PYJITC_TEST_TARGET") == "cuda"!r} else int(d.gpu_data.device_pointer)

        for _ in range(200):
            hx = np.arange(10, dtype=np.int32)
            hy = hx * 2
            dx, dy = cuda.to_device(hx), cuda.to_device(hy)
            dr = cuda.device_array_like(dx)
            guard = cuda.to_device(np.full(64, 7, np.int32))
            axpy[1, 32](address(dr), 5, address(dx), address(dy), 16)
            assert (dr.copy_to_host() == 5 * hx + hy).all()
            assert (guard.copy_to_host() == 7).all()
            del dx, dy, dr, guard
            gc.collect()
        print("done")
    """)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "done", (r.returncode, r.stdout[-2000:], r.stderr[-2000:])


def test_pointer_argument_must_be_an_address():
    d = cuda.to_device(np.zeros(4, np.int32))
    with pytest.raises(TypeError, match="no signature"):
        axpy[1, 4](d, 1, address(d), address(d), 4)
    with pytest.raises(TypeError, match="no signature"):
        axpy[1, 4](1.5, 1, address(d), address(d), 4)


@cuda.jit(device=True)
def scale_through(p, n, s):
    for i in range(n):
        p[i] *= s


@cuda.jit(types.void(types.float64[::1], f64p))
def shift_through_alias(a, p):
    # p points at a's memory: a store through p is seen by the reads of a that follow
    for i in range(1, a.shape[0]):
        p[i] = a[i - 1] + 1.0


def test_pointer_aliasing_an_array():
    d = cuda.to_device(np.zeros(6))
    shift_through_alias[1, 1](d, address(d))
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(6.0))


@cuda.jit(types.void(f64p, types.int64, f64p))
def pointer_to_device_function(p, n, out):
    q = p  # a pointer variable
    scale_through(q, n, 2.5)
    out[0] = q[n - 1] + q[0]


def test_pointer_through_device_function():
    h = np.linspace(-3, 4, 9)
    d, out = cuda.to_device(h), cuda.to_device(np.zeros(1))
    pointer_to_device_function[1, 1](address(d), 9, address(out))
    np.testing.assert_allclose(d.copy_to_host(), h * 2.5)
    assert out.copy_to_host()[0] == pytest.approx(2.5 * (h[-1] + h[0]))


@cuda.jit(types.void(f32p, types.int64, types.int64, types.float32[:, ::1], types.float32[:, ::1]))
def views(p, rows, cols, c_out, f_out):
    c = cuda.carray(p, (rows, cols))
    f = cuda.farray(p, (rows, cols), dtype=cuda.float32)
    for i in range(rows):
        for j in range(cols):
            c_out[i, j] = c[i, j]
            f_out[i, j] = f[i, j]
    c[rows - 1, cols - 1] += 100


def test_carray_farray():
    h = np.arange(12, dtype=np.float32) * 0.5 - 2
    d = cuda.to_device(h)
    c_out, f_out = np.zeros((3, 4), np.float32), np.zeros((3, 4), np.float32)
    views[1, 1](address(d), 3, 4, c_out, f_out)
    np.testing.assert_array_equal(c_out, h.reshape(3, 4))
    np.testing.assert_array_equal(f_out, h.reshape((3, 4), order="F"))
    want = h.copy()
    want[-1] += 100
    np.testing.assert_array_equal(d.copy_to_host(), want)


HINT_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16,
              np.float32, np.float64)
LOADS = (cuda.ldca, cuda.ldcg, cuda.ldcs, cuda.ldlu, cuda.ldcv)
STORES = (cuda.stcg, cuda.stcs, cuda.stwb, cuda.stwt)


@cuda.jit
def hinted_1d(r, x):
    i = cuda.grid(1)
    n = len(r)
    if i < n:
        # the element read from the end (negative indices wrap), the stores in turn
        v = cuda.ldca(x, i - n) + cuda.ldcg(x, i) - cuda.ldcs(x, i) + cuda.ldlu(x, i) - cuda.ldcv(x, i)
        if i % 4 == 0:
            cuda.stcg(r, i, v)
        elif i % 4 == 1:
            cuda.stcs(r, i, v)
        elif i % 4 == 2:
            cuda.stwb(r, i, v)
        else:
            cuda.stwt(r, i, v)


@pytest.mark.parametrize("dt", HINT_TYPES, ids=lambda d: np.dtype(d).name)
def test_hinted_loads_and_stores(dt):
    x = (np.arange(45) % 17).astype(dt)
    r = np.zeros_like(x)
    hinted_1d[2, 32](r, x)
    np.testing.assert_array_equal(r, x)


@cuda.jit
def hinted_2d(r, x):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        cuda.stwb(r, (i, j), cuda.ldcs(x, (i - x.shape[0], j)) * 3)  # negative indices wrap


def test_hinted_2d_tuple_index():
    x = np.arange(35, dtype=np.float64).reshape(5, 7) - 11.5
    r = np.zeros((5, 7))
    hinted_2d[(1, 1), (8, 8)](r, x)
    np.testing.assert_array_equal(r, 3 * x)


@cuda.jit(types.void(i32p, i32p, types.int64))
def hinted_pointers(dst, src, n):
    for i in range(n):
        cuda.stcs(dst, i, cuda.ldcg(src, n - 1 - i) + i)


def test_hinted_pointers():
    h = np.arange(10, dtype=np.int32) ** 2
    src, dst = cuda.to_device(h), cuda.device_array(10, np.int32)
    hinted_pointers[1, 1](address(dst), address(src), 10)
    np.testing.assert_array_equal(dst.copy_to_host(), h[::-1] + np.arange(10))


@pytest.mark.parametrize("op,mod", [(cuda.ldca, "ca"), (cuda.ldcg, "cg"), (cuda.ldcs, "cs"), (cuda.ldlu, "lu"),
                                    (cuda.ldcv, "cv")])
def test_load_ptx(op, mod):
    def f(p, r, n):
        for i in range(n):
            r[i] = op(p, i)
    for dt, bits in ((types.int8, 8), (types.float16, 16), (types.uint32, 32), (types.float64, 64)):
        ptx, _ = cuda.compile_ptx(f, (types.CPointer(dt), dt[::1], types.intp))
        assert f"ld.global.{mod}.b{bits}" in ptx


@pytest.mark.parametrize("op,mod", [(cuda.stcg, "cg"), (cuda.stcs, "cs"), (cuda.stwb, "wb"), (cuda.stwt, "wt")])
def test_store_ptx(op, mod):
    def f(r, x):
        for i in range(len(r)):
            op(r, i, x[i])
    for dt, bits in ((types.uint8, 8), (types.int16, 16), (types.float32, 32), (types.int64, 64)):
        ptx, _ = cuda.compile_ptx(f, (dt[::1], dt[::1]))
        assert f"st.global.{mod}.b{bits}" in ptx


def test_hint_errors():
    def bad_index(x):
        cuda.ldcs(x, 1.0)

    with pytest.raises(TypingError, match="float64 is not a valid index"):
        cuda.compile_ptx(bad_index, (types.float32[::1],))

    def complex_load(r, x):
        r[0] = cuda.ldcs(x, 0)

    with pytest.raises(TypingError, match="ldcs requires array of integer or float type"):
        cuda.compile_ptx(complex_load, (types.complex64[::1], types.complex64[::1]))


try:
    import cffi
    ffi = cffi.FFI()
except ImportError:
    ffi = None
needs_cffi = pytest.mark.skipif(ffi is None, reason="needs cffi (ffi.from_buffer)")
prefix_sum = cuda.declare_device("prefix_sum_i32", types.int32(i32p, types.int32), link=PTRS)
dot = cuda.declare_device("dot_f64", types.float64(f64p, f64p, types.int32), link=PTRS, abi="c")


@cuda.jit
def rows_prefix_sums(a, out_dot, x, y):
    i = cuda.grid(1)
    if i < a.shape[0]:
        prefix_sum(ffi.from_buffer(a[i]), a.shape[1])
    if i == 0:
        out_dot[0] = dot(ffi.from_buffer(x), ffi.from_buffer(y), len(x))


@needs_cffi
def test_from_buffer_to_foreign_functions():
    a = (np.arange(24, dtype=np.int32).reshape(4, 6) * 7) % 5
    x, y = np.linspace(0, 1, 11), np.linspace(-2, 3, 11)
    got, out = a.copy(), np.zeros(1)
    rows_prefix_sums[1, 4](got, out, x, y)
    np.testing.assert_array_equal(got, np.cumsum(a, axis=1))
    assert out[0] == pytest.approx(np.dot(x, y))


@needs_cffi
def test_foreign_pointer_parameter_mismatch():
    @cuda.jit
    def wrong(a):
        prefix_sum(ffi.from_buffer(a), 3)

    with pytest.raises(TypingError, match="argument 1 of 'prefix_sum' is declared int32\\*; it cannot take float32\\*"):
        wrong[1, 1](np.zeros(3, np.float32))


def test_device_function_alone_with_pointer_parameter():
    def total(p, n):
        s = 0.0
        for i in range(n):
            s += cuda.ldcs(p, i)
        return s

    ptx, resty = cuda.compile_ptx(total, types.float64(f64p, types.int64), device=True)
    assert str(resty) == "float64"
    assert "ld.global.cs.b64" in ptx and ".func" in ptx
