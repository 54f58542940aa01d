"""@cuda.jit and dispatcher API: device functions, globals, signatures, scalars, launch configs,
forall, specialize, overloads, inspection, compile_ptx, layouts."""
import io
import math

import numpy as np
import pytest

import helpers_mod
from helpers_mod import scaled_plus, table_lookup
import pyjitc
from pyjitc import cuda
from pyjitc import float32, float64, int64, void

SCALE_CONST = 2.5
INT_CONST = 7
TUPLE_CONST = (1, 2, 3, 4)
FTUPLE = (0.5, 0.25)
WEIGHTS = np.array([0.5, -1.0, 2.0, 3.0, 10.0], dtype=np.float64)
MAT_CONST = np.arange(12, dtype=np.int32).reshape(3, 4)


# ---------------------------------------------------------------- bare @cuda.jit

@cuda.jit
def bare_kernel(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * 2


def test_bare_jit():
    a = np.zeros(100, dtype=np.int64)
    bare_kernel[4, 32](a)
    np.testing.assert_array_equal(a, np.arange(100) * 2)
    assert repr(bare_kernel)  # does not raise


# ---------------------------------------------------------------- device functions

@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def sum_and_diff(a, b):
    return a + b, a - b


@cuda.jit
def use_device_fns(x, out1, out2):
    i = cuda.grid(1)
    if i < x.size:
        s, d = sum_and_diff(square(x[i]), x[i])
        out1[i] = s
        out2[i] = d


def test_device_function(rng):
    x = rng.random(64)
    o1, o2 = np.zeros(64), np.zeros(64)
    use_device_fns[2, 32](x, o1, o2)
    np.testing.assert_allclose(o1, x * x + x, rtol=1e-14)
    np.testing.assert_allclose(o2, x * x - x, rtol=1e-14)


@cuda.jit
def use_other_module(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = scaled_plus(x[i], table_lookup(i))


def test_device_function_from_other_module(rng):
    # the device functions use their own module's globals (SCALE, OFFSETS)
    x = rng.random(50).astype(np.float32)
    out = np.zeros(50, dtype=np.float64)
    use_other_module[1, 64](x, out)
    idx = np.arange(50)
    expected = x.astype(np.float64) * 3.0 + helpers_mod.OFFSETS[idx % 4]
    np.testing.assert_allclose(out, expected, rtol=1e-6)


@cuda.jit
def use_other_module_attr(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = helpers_mod.scaled_plus(x[i], 1.0) + helpers_mod.SCALE


def test_device_function_as_module_attribute(rng):
    # numba resolves `module.device_fn(...)` and `module.CONSTANT` in kernels
    x = rng.random(50)
    out = np.zeros(50)
    use_other_module_attr[1, 64](x, out)
    np.testing.assert_allclose(out, x * 3.0 + 1.0 + 3.0, rtol=1e-14)


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit
def use_recursion(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = fact(i)


def test_recursive_device_function():
    out = np.zeros(12, dtype=np.int64)
    use_recursion[1, 16](out)
    np.testing.assert_array_equal(out, [math.factorial(i) for i in range(12)])


def make_closure_kernel(factor, shift):
    @cuda.jit
    def k(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = a[i] * factor + shift
    return k


def test_closure_variables(rng):
    a = rng.random(40)
    for factor, shift in [(3, 1.5), (-2, 0.25)]:
        out = np.zeros(40)
        make_closure_kernel(factor, shift)[1, 64](a, out)
        np.testing.assert_allclose(out, a * factor + shift, rtol=1e-14)


def test_closure_device_function(rng):
    def outer(p):
        @cuda.jit(device=True)
        def powp(x):
            return x ** p

        @cuda.jit
        def k(a, out):
            i = cuda.grid(1)
            if i < a.size:
                out[i] = powp(a[i])
        return k

    a = rng.random(20) + 0.5
    out = np.zeros(20)
    outer(3)[1, 32](a, out)
    np.testing.assert_allclose(out, a ** 3, rtol=1e-13)


@cuda.jit
def use_constants(out_f, out_i):
    i = cuda.grid(1)
    if i < out_f.size:
        t = TUPLE_CONST[i % 4]
        out_f[i] = SCALE_CONST * i + FTUPLE[0] + FTUPLE[1]
        out_i[i] = INT_CONST + t + len(TUPLE_CONST)


def test_module_level_number_and_tuple_constants():
    out_f = np.zeros(30)
    out_i = np.zeros(30, dtype=np.int64)
    use_constants[1, 32](out_f, out_i)
    idx = np.arange(30)
    np.testing.assert_allclose(out_f, 2.5 * idx + 0.75)
    np.testing.assert_array_equal(out_i, 7 + np.array(TUPLE_CONST)[idx % 4] + 4)


@cuda.jit
def use_const_array(x, out):
    i = cuda.grid(1)
    if i < x.size:
        acc = 0.0
        for k in range(WEIGHTS.size):
            acc += WEIGHTS[k] * x[i] ** k
        out[i] = acc + MAT_CONST[i % 3, i % 4]


def test_module_level_numpy_array_constant(rng):
    x = rng.random(25)
    out = np.zeros(25)
    use_const_array[1, 32](x, out)
    idx = np.arange(25)
    expected = np.polynomial.polynomial.polyval(x, WEIGHTS) + MAT_CONST[idx % 3, idx % 4]
    np.testing.assert_allclose(out, expected, rtol=1e-12)


# ---------------------------------------------------------------- eager signatures

@cuda.jit("void(float32[:], float32[:])")
def eager_str(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = a[i] * 2


def test_eager_string_signature(rng):
    assert len(eager_str.overloads) == 1  # compiled at decoration
    a = rng.random(33, dtype=np.float32)
    b = np.zeros(33, dtype=np.float32)
    eager_str[1, 64](a, b)
    np.testing.assert_array_equal(b, a * 2)
    assert len(eager_str.overloads) == 1


def test_eager_signature_rejects_wrong_dtype():
    with pytest.raises(TypeError):
        eager_str[1, 32](np.zeros(4, dtype=np.int32), np.zeros(4, dtype=np.int32))


@cuda.jit(["void(float32[:], float32)", "void(float64[:], float64)", "void(int64[:], int64)"])
def eager_list(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += v


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64])
def test_eager_list_of_signatures(dtype):
    assert len(eager_list.overloads) == 3
    a = np.arange(10).astype(dtype)
    eager_list[1, 32](a, dtype(3))
    np.testing.assert_array_equal(a, np.arange(10).astype(dtype) + 3)
    assert a.dtype == dtype
    assert len(eager_list.overloads) == 3


@cuda.jit(void(float32[::1], int64))
def eager_obj(a, n):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * n


def test_eager_signature_objects():
    assert len(eager_obj.overloads) == 1
    a = np.zeros(20, dtype=np.float32)
    eager_obj[1, 32](a, 4)          # a Python int converts to int64
    np.testing.assert_array_equal(a, np.arange(20, dtype=np.float32) * 4)
    eager_obj[1, 32](a, np.int32(-1))  # scalars convert
    np.testing.assert_array_equal(a, -np.arange(20, dtype=np.float32))


def test_eager_float_scalar_converts_to_int_arg():
    a = np.zeros(5, dtype=np.float32)
    eager_obj[1, 32](a, 2.9)  # C cast: truncation
    np.testing.assert_array_equal(a, np.arange(5, dtype=np.float32) * 2)


# ---------------------------------------------------------------- scalar arguments

@cuda.jit
def scalars_kernel(out, i_, f_, b_, f32_, c_):
    out[0] = i_ + 1
    out[1] = f_ * 2
    out[2] = 10.0 if b_ else -10.0
    out[3] = f32_ / 2
    out[4] = c_.real
    out[5] = c_.imag
    out[6] = abs(c_)
    z = c_ * c_
    out[7] = z.real
    out[8] = z.imag


@pytest.mark.parametrize("b", [True, False])
def test_scalar_argument_types(b):
    out = np.zeros(9)
    c = 3 + 4j
    scalars_kernel[1, 1](out, 41, 1.25, b, np.float32(5.0), c)
    z = c * c
    expected = [42, 2.5, 10.0 if b else -10.0, 2.5, 3.0, 4.0, 5.0, z.real, z.imag]
    np.testing.assert_allclose(out, expected, rtol=1e-14)


@pytest.mark.parametrize("val,dtype", [(np.int8(-5), np.int8), (np.uint16(60000), np.uint16),
                                       (np.int32(-123456), np.int32), (np.uint64(2**63 + 5), np.uint64),
                                       (np.float64(-2.75), np.float64), (np.complex64(1 - 2j), np.complex64),
                                       (np.bool_(True), np.bool_)])
def test_numpy_scalar_types(val, dtype):
    @cuda.jit
    def store(out, v):
        out[0] = v

    out = np.zeros(1, dtype=dtype)
    store[1, 1](out, val)
    assert out[0] == val


@cuda.jit
def int_arith(out, a, b):
    out[0] = a // b
    out[1] = a % b
    out[2] = a / b
    out[3] = a ** 2


@pytest.mark.parametrize("a,b", [(7, 2), (-7, 2), (7, -2), (-9, -4)])
def test_python_int_semantics(a, b):
    out = np.zeros(4)
    int_arith[1, 1](out, a, b)
    np.testing.assert_allclose(out, [a // b, a % b, a / b, a ** 2])


# ---------------------------------------------------------------- launch configuration

@cuda.jit
def fill_global_ids(out):
    x, y = cuda.grid(2)
    w, h = cuda.gridsize(2)
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = x * 1000 + y + w * 0 + h * 0


@pytest.mark.parametrize("grid,block", [((2, 3), (8, 4)), ((4, 2), (4, 8))])
def test_launch_tuples(grid, block):
    out = np.full((16, 12), -1.0)
    fill_global_ids[grid, block](out)
    x, y = np.indices(out.shape)
    np.testing.assert_array_equal(out, x * 1000 + y)


@cuda.jit
def record_dims(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, 0] = cuda.threadIdx.x
        out[i, 1] = cuda.blockIdx.x
        out[i, 2] = cuda.blockDim.x
        out[i, 3] = cuda.gridDim.x
        out[i, 4] = cuda.gridsize(1)


def test_launch_ints_and_geometry():
    out = np.zeros((5 * 24, 5), dtype=np.int64)
    record_dims[5, 24](out)
    i = np.arange(120)
    np.testing.assert_array_equal(out[:, 0], i % 24)
    np.testing.assert_array_equal(out[:, 1], i // 24)
    assert (out[:, 2] == 24).all() and (out[:, 3] == 5).all() and (out[:, 4] == 120).all()


def test_launch_with_stream(rng):
    s = cuda.stream()
    a = rng.random(100, dtype=np.float32)
    d = cuda.to_device(a, stream=s)
    eager_str[4, 32, s](d, d)
    s.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), a * 2)


@cuda.jit
def dyn_shared_reverse(a):
    sm = cuda.shared.array(0, float32)
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    base = cuda.blockIdx.x * n
    sm[t] = a[base + t]
    cuda.syncthreads()
    a[base + t] = sm[n - 1 - t]


@pytest.mark.parametrize("use_stream", [False, True])
def test_dynamic_shared_memory(rng, use_stream):
    nthreads, nblocks = 64, 3
    a = rng.random(nthreads * nblocks, dtype=np.float32)
    expected = a.reshape(nblocks, nthreads)[:, ::-1].ravel().copy()
    d = cuda.to_device(a)
    stream = cuda.stream() if use_stream else 0
    dyn_shared_reverse[nblocks, nthreads, stream, nthreads * 4](d)
    if use_stream:
        stream.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), expected)


def test_bad_launch_config():
    with pytest.raises(ValueError):
        bare_kernel[1](np.zeros(4, dtype=np.int64))


@cuda.jit
def forall_kernel(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * v + i


def test_forall(rng):
    a = rng.random(1000)
    a0 = a.copy()
    forall_kernel.forall(a.size)(a, 3.0)
    np.testing.assert_allclose(a, a0 * 3.0 + np.arange(1000), rtol=1e-14)


# ---------------------------------------------------------------- specialize / overloads

@cuda.jit
def generic_add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


def test_specialization_per_signature(rng):
    n = 50
    before = len(generic_add.overloads)
    for dt in (np.float32, np.float64):
        a = rng.random(n).astype(dt)
        b = rng.random(n).astype(dt)
        out = np.zeros(n, dtype=dt)
        generic_add[1, 64](a, b, out)
        np.testing.assert_array_equal(out, a + b)
    assert len(generic_add.overloads) == before + 2
    # launching again with the same types adds nothing
    generic_add[1, 64](np.zeros(n, np.float32), np.zeros(n, np.float32), np.zeros(n, np.float32))
    assert len(generic_add.overloads) == before + 2
    # ints too
    ai = np.arange(n, dtype=np.int32)
    oi = np.zeros(n, dtype=np.int32)
    generic_add[1, 64](ai, ai, oi)
    np.testing.assert_array_equal(oi, 2 * ai)
    assert len(generic_add.overloads) == before + 3


def test_specialize(rng):
    a = rng.random(20).astype(np.float32)
    b = rng.random(20).astype(np.float32)
    out = np.zeros(20, dtype=np.float32)
    spec = generic_add.specialize(a, b, out)
    assert len(spec.overloads) == 1
    spec[1, 32](a, b, out)
    np.testing.assert_array_equal(out, a + b)
    assert len(spec.overloads) == 1
    with pytest.raises(TypeError):
        spec[1, 32](a.astype(np.float64), b.astype(np.float64), out.astype(np.float64))


# ---------------------------------------------------------------- inspection and PTX

@cuda.jit
def to_inspect(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = math.sqrt(a[i]) + 1


def test_inspect_types_llvm_asm():
    a = np.arange(8, dtype=np.float32)
    b = np.zeros(8, dtype=np.float32)
    to_inspect[1, 8](a, b)
    np.testing.assert_allclose(b, np.sqrt(a) + 1, rtol=1e-6)
    buf = io.StringIO()
    to_inspect.inspect_types(file=buf)
    text = buf.getvalue()
    assert "to_inspect" in text and "float32" in text
    llvm = to_inspect.inspect_llvm()
    assert len(llvm) == 1
    (ir,) = llvm.values()
    assert "define" in ir
    asm = to_inspect.inspect_asm()
    (ptx,) = asm.values()
    assert ".entry" in ptx and "to_inspect" in ptx


def _ptx_kernel(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 2.0


def test_compile_ptx():
    ptx, resty = cuda.compile_ptx(_ptx_kernel, "void(float32[:])")
    assert isinstance(ptx, str)
    assert ".entry" in ptx
    assert "_ptx_kernel" in ptx
    assert ".version" in ptx and ".target" in ptx
    ptx2, _ = cuda.compile_ptx(_ptx_kernel, "void(float32[:])", cc=(8, 0))
    assert "sm_80" in ptx2


# ---------------------------------------------------------------- layouts

@cuda.jit
def scale2d(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] * 2 + i - j


def test_fortran_ordered_arrays(rng):
    a = np.asfortranarray(rng.random((13, 9)))
    out = np.asfortranarray(np.zeros((13, 9)))
    scale2d[(1, 1), (16, 16)](a, out)
    i, j = np.indices(a.shape)
    np.testing.assert_allclose(out, a * 2 + i - j, rtol=1e-14)
    assert out.flags.f_contiguous
    # via device arrays
    d_out = cuda.device_array_like(out)
    scale2d[(1, 1), (16, 16)](cuda.to_device(a), d_out)
    np.testing.assert_allclose(d_out.copy_to_host(), a * 2 + i - j, rtol=1e-14)


def test_noncontiguous_sliced_arrays(rng):
    base = rng.random((20, 30))
    out_base = np.zeros((20, 30))
    a = base[1:14:2, 3:25:3]
    out = out_base[::2, ::3][:7, :8]
    assert not a.flags.c_contiguous and not out.flags.c_contiguous
    scale2d[(1, 1), (16, 16)](a, out)
    i, j = np.indices(a.shape)
    np.testing.assert_allclose(out, a * 2 + i - j, rtol=1e-14)
    # elements outside the view were not touched
    mask = np.ones_like(out_base, dtype=bool)
    mask[::2, ::3][:7, :8] = False
    assert (out_base[mask] == 0).all()


def test_noncontiguous_1d(rng):
    x = rng.random(100)
    y = np.zeros(200)
    generic_add[1, 64](x[::2], x[1::2], y[::4])
    np.testing.assert_allclose(y[::4], x[::2] + x[1::2], rtol=1e-14)
    assert (y[1::4] == 0).all()


def test_reversed_view(rng):
    x = rng.random(40)
    out = np.zeros(40)
    generic_add[1, 64](x[::-1], x, out)
    np.testing.assert_allclose(out, x[::-1] + x, rtol=1e-14)


# ---------------------------------------------------------------- more of the language through the API

@cuda.jit("float32(float32)", device=True)
def dev_with_sig(x):
    return x * 2 + 1


@cuda.jit
def use_dev_with_sig(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = dev_with_sig(a[i])


def test_device_function_with_signature():
    a = np.arange(10, dtype=np.float32)
    use_dev_with_sig[1, 16](a)
    np.testing.assert_array_equal(a, np.arange(10, dtype=np.float32) * 2 + 1)


@cuda.jit
def grid3(a):
    x, y, z = cuda.grid(3)
    if x < a.shape[0] and y < a.shape[1] and z < a.shape[2]:
        a[x, y, z] = x * 100 + y * 10 + z


def test_grid3_and_numpy_int_dims():
    a = np.zeros((5, 6, 7))
    grid3[(np.int64(2), 2, 2), (4, np.int32(4), 4)](a)
    i, j, k = np.indices(a.shape)
    np.testing.assert_array_equal(a, i * 100 + j * 10 + k)


def test_launch_dims_as_lists():
    # numba accepts lists for the grid and the block
    a = np.zeros((5, 6, 7))
    grid3[[2, 2, 2], [4, 4, 4]](a)
    i, j, k = np.indices(a.shape)
    np.testing.assert_array_equal(a, i * 100 + j * 10 + k)


@cuda.jit
def local_and_atomics(a, out, counts):
    i = cuda.grid(1)
    t = cuda.local.array(4, float32)
    for k in range(4):
        t[k] = i + k
    if i < a.size:
        cuda.atomic.max(out, 0, a[i])
        cuda.atomic.min(out, 1, a[i])
        cuda.atomic.add(counts, 0, 1)
        cuda.atomic.cas(counts, 1, 0, i + 1)
        a[i] = t[0] + t[3]


def test_local_array_and_atomics(rng):
    a = rng.random(200)
    amax, amin = a.max(), a.min()
    out = np.array([-1.0, 2.0])
    counts = np.zeros(2, dtype=np.int64)
    local_and_atomics[4, 64](a, out, counts)
    assert out[0] == amax and out[1] == amin
    assert counts[0] == 200
    assert 1 <= counts[1] <= 200  # exactly one thread's CAS succeeded
    np.testing.assert_array_equal(a, 2 * np.arange(200) + 3)


@cuda.jit
def add1(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@pytest.mark.parametrize("dtype", [np.float16, np.int8, np.uint8, np.int16, np.uint32, np.uint64])
def test_small_and_unsigned_dtypes(dtype):
    a = np.arange(8).astype(dtype)
    add1[1, 8](a)
    np.testing.assert_array_equal(a, (np.arange(8) + 1).astype(dtype))


def test_uint8_wraps():
    a = np.array([254, 255, 0], dtype=np.uint8)
    add1[1, 4](a)
    np.testing.assert_array_equal(a, [255, 0, 1])


@cuda.jit
def bool_and_complex(flags, z, out_f, out_z):
    i = cuda.grid(1)
    if i < flags.size:
        out_f[i] = not flags[i]
        out_z[i] = z[i] * z[i] + 1j


def test_bool_and_complex_arrays(rng):
    flags = rng.random(16) > 0.5
    z = rng.random(16) + 1j * rng.random(16)
    out_f = np.zeros(16, dtype=bool)
    out_z = np.zeros(16, dtype=np.complex128)
    bool_and_complex[1, 16](flags, z, out_f, out_z)
    np.testing.assert_array_equal(out_f, ~flags)
    np.testing.assert_allclose(out_z, z * z + 1j, rtol=1e-14)


@cuda.jit
def const_like(out):
    c = cuda.const.array_like(WEIGHTS)
    i = cuda.grid(1)
    if i < c.size:
        out[i] = c[i] * 2


def test_const_array_like():
    out = np.zeros(WEIGHTS.size)
    const_like[1, 8](out)
    np.testing.assert_array_equal(out, WEIGHTS * 2)


@cuda.jit
def say(a):
    if cuda.grid(1) == 0:
        print("value", a[0], 7)


def test_print_in_kernel(capfd):
    say[1, 4](np.array([2.5]))
    cuda.synchronize()
    out = capfd.readouterr().out
    assert out.count("value 2.5") == 1 and " 7" in out, out


@cuda.jit
def say_tuples(t, one):
    if cuda.grid(1) == 0:
        print(t, one, (1, (2.5, True)))


@cuda.jit
def say_dims():
    print(cuda.threadIdx, cuda.blockIdx)


def test_print_tuples_and_dims_as_python_does(capfd):
    say_tuples[1, 1]((1, 2, 3), (7,))
    say_dims[2, (2, 1, 2)]()
    cuda.synchronize()
    lines = capfd.readouterr().out.splitlines()
    assert lines[0] == "(1, 2, 3) (7,) (1, (2.500000, True))", lines
    want = sorted(f"{t} {(b, 0, 0)}" for b in range(2) for t in np.ndindex(2, 1, 2))
    assert sorted(lines[1:]) == want


def test_print_of_more_than_32_numbers_shows_its_format_and_warns(capfd):
    @cuda.jit
    def many(r):
        print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15],
              r[16], r[17], r[18], r[19], r[20], r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
              r[31], (r[32], r[33]))

    with pytest.warns(Warning, match="CUDA print\\(\\) cannot print more than 32 items"):
        many[1, 1](np.arange(34))
    cuda.synchronize()
    out = capfd.readouterr().out
    assert out.strip() == " ".join(["%lld"] * 32) + " (%lld, %lld)", out


def test_block_too_large_raises():
    with pytest.raises(Exception):
        add1[1, 2048](np.zeros(4))


def test_kernel_wrong_argument_count():
    with pytest.raises(pyjitc.TypingError):
        add1[1, 4](np.zeros(4), np.zeros(4))


@cuda.jit
def huge_shared(a):
    sm = cuda.shared.array(100000, float32)  # 400 KB: more than any GPU's shared memory per block
    sm[cuda.threadIdx.x] = 1
    cuda.syncthreads()
    a[0] = sm[0]


def test_too_much_static_shared_memory_raises():
    # numba-cuda fails this launch on every GPU (max 227 KB per block); the CPU executor should too
    with pytest.raises(Exception):
        huge_shared[1, 1](np.zeros(1))
        cuda.synchronize()


def test_eager_any_layout_takes_strided_views():
    x = np.arange(20, dtype=np.float32)
    y = np.zeros(40, dtype=np.float32)
    eager_str[1, 32](x[::2], y[::4])
    np.testing.assert_array_equal(y[::4], x[::2] * 2)
    assert (y[1::4] == 0).all()
    d = cuda.to_device(np.arange(20, dtype=np.float32))
    eager_str[1, 32](d[::2], d[1::2])
    expected = np.arange(20, dtype=np.float32)
    expected[1::2] = expected[::2] * 2
    np.testing.assert_array_equal(d.copy_to_host(), expected)


@cuda.jit("void(float32[:, ::1])")
def eager_c2d(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] = i - j


def test_eager_c_layout():
    a = np.zeros((3, 5), dtype=np.float32)
    eager_c2d[(1, 1), (4, 8)](a)
    i, j = np.indices(a.shape)
    np.testing.assert_array_equal(a, i - j)
    with pytest.raises(TypeError):
        eager_c2d[(1, 1), (4, 8)](np.asfortranarray(a))


def test_closure_variable_not_yet_assigned_is_reported():
    """A kernel reading a closure variable that has no value yet is a TypingError at its line."""
    def make():
        @cuda.jit
        def k(out):
            out[0] = later  # noqa: F821
        try:
            k[1, 1](np.zeros(1))
        except pyjitc.TypingError as e:
            return str(e)
        later = 1.0  # noqa: F841
        return None
    message = make()
    assert message is not None and "later" in message, message


@cuda.jit
def _store_then_load(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = x[i] + 1.0
        out[i] = x[i]   # where y is x (or overlaps it), this reads the value just stored


def test_overlapping_arrays_keep_their_aliasing_and_disjoint_ones_get_noalias():
    base = np.arange(40, dtype=np.float64)
    d = cuda.to_device(base)
    out = cuda.device_array(40)
    _store_then_load[1, 64](d, d, out)                     # the same array twice
    np.testing.assert_array_equal(out.copy_to_host(), base + 1)
    np.testing.assert_array_equal(d.copy_to_host(), base + 1)
    x, y = cuda.to_device(base), cuda.device_array(40)   # disjoint: the noalias variant
    _store_then_load[1, 64](x, y, out)
    np.testing.assert_array_equal(out.copy_to_host(), base)
    np.testing.assert_array_equal(y.copy_to_host(), base + 1)
    a = cuda.to_device(np.arange(30, dtype=np.float64))  # overlapping views of one array
    out20 = cuda.device_array(20)
    _store_then_load[1, 32](a[0:20], a[10:30], out20)    # threads race on a[10:20]: check the rest
    np.testing.assert_array_equal(out20.copy_to_host()[:10], np.arange(10.0))  # a[0:10] is never written
    np.testing.assert_array_equal(a.copy_to_host()[:10], np.arange(10.0))
    kinds = {key[1] for key in _store_then_load._variants}
    assert kinds == {False, True}, kinds                   # one variant of each kind was compiled


@cuda.jit
def _count_up(out, start, bound):
    n = start
    while n < bound:
        n += 1
    out[0] = n
    k = 0
    for i in range(bound - 3, bound):
        out[1 + k] = i
        k += 1


@cuda.jit
def _walk_down(out, hi, lo, step):
    k = 0
    for i in range(hi, lo, step):
        out[k] = i
        k += 1


def test_int32_counters_at_the_edges_and_a_variant_for_larger_integers():
    # integers in the int32 range pick the variant with 32-bit counters (narrow.c); one beyond
    # it, the 64-bit variant; both give Python's answers, at the edges of the int32 range too
    out = np.zeros(4, np.int64)
    top = 2**31 - 1
    _count_up[1, 1](out, top - 5, top)
    np.testing.assert_array_equal(out, [top, top - 3, top - 2, top - 1])
    _count_up[1, 1](out, top - 2, top + 2)
    np.testing.assert_array_equal(out, [top + 2, top - 1, top, top + 1])
    _count_up[1, 1](out, -2**31, -2**31 + 2)
    np.testing.assert_array_equal(out, [-2**31 + 2, -2**31 - 1, -2**31, -2**31 + 1])
    assert {key[2] for key in _count_up._variants} == {False, True}
    got = np.zeros(6, np.int64)
    _walk_down[1, 1](got, top, -2**31, -2**30)
    np.testing.assert_array_equal(got[:4], list(range(top, -2**31, -2**30)))
    got[:] = 0
    _walk_down[1, 1](got, 2**33, 2**32, -2**31)
    np.testing.assert_array_equal(got[:2], list(range(2**33, 2**32, -2**31)))


@cuda.jit
def _dedented_docstring(out):
    """A docstring with a line at column 0:
in the middle of the function's block (reading by indentation alone would stop there)."""
    out[0] = 41 + 1


@cuda.jit(
    "void(int64[::1])",
)
def _decorator_on_lines(out):
    out[0] = 7


def test_kernel_source_is_read_by_indentation_or_else_by_inspect():
    from pyjitc._source import _block_by_indent
    found = _block_by_indent(_store_then_load.py_func)
    assert found is not None and found[0][1].startswith("def _store_then_load(")
    assert found[0][-1].strip() == "out[i] = x[i]   # where y is x (or overlaps it), this reads the value just stored"
    assert _block_by_indent(_dedented_docstring.py_func) is None        # inspect reads these
    assert _block_by_indent(_decorator_on_lines.py_func) is None
    out = np.zeros(1, np.int64)
    _dedented_docstring[1, 1](out)
    assert out[0] == 42
    _decorator_on_lines[1, 1](out)
    assert out[0] == 7


@cuda.jit("void(int64[::1], int64)")
def _float_into_int64(out, n):
    c = 0
    while c < n and c < 10:
        c += 1
    out[0] = n
    out[1] = c


def test_a_float_converted_to_an_int64_parameter_is_checked_against_int32_too():
    # the launch's int32 check looks at the value before its conversion to the parameter's type:
    # 3e10 would not fit once converted, so the 64-bit variant runs
    out = np.zeros(2, np.int64)
    _float_into_int64[1, 1](out, 2.0**31 + 0.5)
    np.testing.assert_array_equal(out, [2**31, 10])
    _float_into_int64[1, 1](out, 3e10)
    np.testing.assert_array_equal(out, [30000000000, 10])
    _float_into_int64[1, 1](out, 7.9)
    np.testing.assert_array_equal(out, [7, 7])
    assert {key[2] for key in _float_into_int64._variants} == {False, True}


@cuda.jit("void(int64[::1], uint32, uint64)")
def _negative_into_unsigned(out, n, m):
    out[0] = 1 if max(n, 10) > 100 else 0
    out[1] = 1 if m > np.uint64(1 << 40) else 0


def test_the_int32_promise_is_checked_after_conversion_to_the_parameter_types():
    # -1 fits in int32, but converted to the uint32 and uint64 parameters it is 2**32 - 1 and
    # 2**64 - 1: the launch must take the 64-bit variant
    out = np.zeros(2, np.int64)
    _negative_into_unsigned[1, 1](out, -1, -1)
    np.testing.assert_array_equal(out, [1, 1])   # (on the GPU the int32 variant answers [0, 0])
    _negative_into_unsigned[1, 1](out, 5, 5)
    np.testing.assert_array_equal(out, [0, 0])
    _negative_into_unsigned[1, 1](out, -1, -1)   # the launcher's remembered key must not skip the check
    np.testing.assert_array_equal(out, [1, 1])
    assert {key[2] for key in _negative_into_unsigned._variants} == {False, True}


@cuda.jit("void(float64[::1], float64[::1], int64)")
def _eager_axpy(x, y, n):
    i = cuda.grid(1)
    if i < n:
        y[i] += 2.0 * x[i]


def test_an_eager_signature_compiles_the_variant_most_launches_use():
    # arrays apart and integers in int32: that launch compiles nothing more
    assert len(_eager_axpy._variants) == 1
    x, y = np.arange(8.0), np.ones(8)
    _eager_axpy[1, 8](x, y, 8)
    np.testing.assert_array_equal(y, 1 + 2 * np.arange(8.0))
    assert len(_eager_axpy._variants) == 1
    z = np.ones(8)
    _eager_axpy[1, 8](z, z, 8)                       # the same array twice: the plain variant
    np.testing.assert_array_equal(z, np.full(8, 3.0))
    assert len(_eager_axpy._variants) == 2


def test_disjoint_check_of_many_arrays_in_any_order():
    # the overlap test sorts the arrays' spans: 40 arrays passed in shuffled order get the noalias
    # variant when no two overlap, and the plain one when two far apart in the list do
    n = 40
    params = ", ".join(f"a{i}" for i in range(n))
    body = "\n".join(f"        a{i}[j] += {i}" for i in range(n))
    ns = {"cuda": cuda}
    exec(f"@cuda.jit\ndef bump_all({params}):\n    j = cuda.grid(1)\n    if j < a0.size:\n{body}\n", ns)
    bump_all = ns["bump_all"]
    rng = np.random.default_rng(3)
    arrays = [cuda.to_device(np.zeros(8)) for _ in range(n)]
    order = rng.permutation(n)
    bump_all[1, 8](*[arrays[k] for k in order])
    for pos, k in enumerate(order):
        np.testing.assert_array_equal(arrays[k].copy_to_host(), np.full(8, float(pos)))
    assert {key[1] for key in bump_all._variants} == {True}
    big = cuda.to_device(np.zeros(8))
    views = [cuda.to_device(np.zeros(8)) for _ in range(n)]
    views[5], views[33] = big, big[0:8]                     # one array twice, far apart in the list
    bump_all[1, 8](*views)
    np.testing.assert_array_equal(big.copy_to_host(), np.full(8, 38.0))  # each thread adds 5, then 33
    assert {key[1] for key in bump_all._variants} == {True, False}


def test_launch_of_more_than_64_arguments():
    # past 64 arguments a launch keeps its arguments and values on the heap (not zeroed: every
    # field it reads is written); 66 arrays, one of them a host array copied in and back, and
    # three scalars, launched twice (the second time the overlap test's memo answers)
    n = 66
    params = ", ".join(f"a{i}" for i in range(n))
    body = "\n".join(f"        a{i}[j] = a{i}[j] * s + {i} + k * t" for i in range(n))
    ns = {"cuda": cuda}
    exec(f"@cuda.jit\ndef wide({params}, s, k, t):\n    j = cuda.grid(1)\n    if j < a0.size:\n{body}\n", ns)
    wide = ns["wide"]
    host = np.arange(5.0)
    arrays = [cuda.to_device(np.arange(5.0) + i) for i in range(n - 1)] + [host]
    for _ in range(2):
        wide[1, 8](*arrays, 2.0, 3, np.float64(0.5))
    for i, a in enumerate(arrays):
        got = a if a is host else a.copy_to_host()
        want = np.arange(5.0) + (i if a is not host else 0)
        for _ in range(2):
            want = want * 2.0 + i + 3 * 0.5
        np.testing.assert_array_equal(got, want)
