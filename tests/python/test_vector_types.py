"""CUDA vector types in kernels (cuda.float32x4, cuda.int2, ...): made from numbers and from other
vectors in any grouping, read as .x .y .z .w, converted to the base type, passed to and returned
from device functions; the same name reused for loops over vectors of different sizes. Checked
against NumPy casts of the same numbers."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.cuda import vector_types

BASES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"]


def test_module_table():
    vt = vector_types.vector_types
    assert len(vt) == 40
    f4 = vt["float32x4"]
    assert f4.num_elements == 4 and f4.attr_names == ("x", "y", "z", "w")
    assert f4.user_facing_object is cuda.float32x4 is cuda.float4
    assert cuda.double2 is cuda.float64x2 and cuda.short3 is cuda.int16x3 and cuda.uchar1 is cuda.uint8x1
    assert np.dtype(np.int_).itemsize != 8 or cuda.long4 is cuda.int64x4
    with pytest.raises(TypeError, match="only be called inside a kernel"):
        cuda.float32x2(1.0, 2.0)


@cuda.jit
def mixed(out, a, b, c, d):
    v2 = cuda.float32x2(a, b)
    v3 = cuda.float32x3(c, v2)
    v4 = cuda.float32x4(v2, cuda.float32x2(d, a))
    w = cuda.float4(v3, d)          # the alias names the same type
    one = cuda.float32x1(b)
    out[0] = v3.x
    out[1] = v3.y
    out[2] = v3.z
    out[3] = v4.x + v4.y * 10
    out[4] = v4.z
    out[5] = v4.w
    out[6] = w.w - w.x
    out[7] = cuda.float32x2(one, one).y


def test_groupings_against_numpy():
    a, b, c, d = 1.25, -2.5, 3.0e10, 0.1
    out = np.zeros(8, dtype=np.float32)
    mixed[1, 1](out, a, b, c, d)
    f = np.float32
    want = [f(c), f(a), f(b), f(a) + f(b) * f(10), f(d), f(a), f(d) - f(c), f(b)]
    np.testing.assert_array_equal(out, np.array(want, dtype=np.float32))


def make_roundtrip(ctor, base):
    @cuda.jit
    def k(src, out):
        v = ctor(src[0], src[1], src[2])
        out[0] = v.z
        out[1] = v.y
        out[2] = v.x
    return k


@pytest.mark.parametrize("base", BASES)
def test_components_take_the_base_type(base):
    ctor = getattr(cuda, f"{base}x3")
    src = np.array([7, 100, 200], dtype=np.int64)
    out = np.zeros(3, dtype=np.float64)
    make_roundtrip(ctor, base)[1, 1](src, out)
    want = src[::-1].astype(base).astype(np.float64)   # each component converted to the base type
    np.testing.assert_array_equal(out, want)


@cuda.jit(device=True)
def swap(v):
    return cuda.int32x2(v.y, v.x)


@cuda.jit
def through_device(out, n):
    i = cuda.grid(1)
    if i < n:
        v = swap(cuda.int32x2(i, i * i))
        out[i, 0] = v.x
        out[i, 1] = v.y


def test_device_function_takes_and_returns_vectors():
    n = 20
    out = np.zeros((n, 2), dtype=np.int32)
    through_device[1, 32](out, n)
    i = np.arange(n, dtype=np.int32)
    np.testing.assert_array_equal(out, np.stack([i * i, i], axis=1))


@cuda.jit
def reuse_loop_name(out):
    j = 0
    for v in (cuda.int16x2(1, 2), cuda.int16x2(3, 4)):
        out[j] = v.x + v.y
        j += 1
    for v in (cuda.int16x3(5, 6, 7),):
        out[j] = v.x * v.y * v.z
        j += 1
    for v in tuple((cuda.int16x1(9), cuda.int16x1(10))):
        out[j] = v.x
        j += 1


def test_one_name_for_loops_over_different_vectors():
    out = np.zeros(5, dtype=np.int64)
    reuse_loop_name[1, 1](out)
    np.testing.assert_array_equal(out, [3, 7, 210, 9, 10])


def test_wrong_component_count():
    @cuda.jit
    def bad(out):
        v = cuda.float32x3(1.0, cuda.float32x2(2.0, 3.0), 4.0)
        out[0] = v.x

    with pytest.raises(Exception, match=r"cuda.float32x3\(\) needs 3 components, given 4"):
        bad[1, 1](np.zeros(1, np.float32))


def test_other_base_type_is_an_error():
    @cuda.jit
    def bad(out):
        v = cuda.int32x4(cuda.float32x2(1.0, 2.0), 3, 4)
        out[0] = v.x

    with pytest.raises(Exception, match=r"takes numbers and vectors of int32, not float32x2"):
        bad[1, 1](np.zeros(1, np.int32))


def test_vectors_in_ptx():
    def k(out, x):
        v = cuda.double2(x, x + 1.0)
        out[0] = v.x * v.y

    ptx, _ = cuda.compile_ptx(k, "void(float64[:], float64)")
    assert ".visible .entry" in ptx and "mul.f64" in ptx or "mul.rn.f64" in ptx
