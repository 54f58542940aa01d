"""numba's types as objects (pyjitc.types, cuda.types): the class tree, array types, domains,
typeof, signatures built from them, and their use by kernels (cuda.types.int32 inside a kernel,
eager signatures of Array objects, kernel.overloads keyed by types)."""
import numpy as np
import pytest

from pyjitc import cuda, types


def test_classes_and_attributes():
    assert isinstance(types.int32, types.Integer) and types.int32.signed and types.int32.bitwidth == 32
    assert isinstance(types.uint8, types.Integer) and not types.uint8.signed
    assert isinstance(types.float32, types.Float) and isinstance(types.float32, types.Number)
    assert isinstance(types.complex64, types.Complex) and types.complex64.underlying_float is types.float32
    assert types.complex128.underlying_float == types.float64
    assert isinstance(types.boolean, types.Boolean) and not isinstance(types.boolean, types.Number)
    assert isinstance(types.void, types.NoneType) and types.void is types.none
    assert all(isinstance(t, types.Type) for t in (types.int8, types.float64, types.void, types.float32[:]))
    assert cuda.types is types and cuda.float32 is types.float32
    assert (types.int16.minval, types.int16.maxval) == (np.iinfo(np.int16).min, np.iinfo(np.int16).max)


def test_array_types():
    a = types.Array(types.float32, 1, "C")
    assert a == types.float32[::1] and hash(a) == hash(types.float32[::1])
    assert (a.dtype, a.ndim, a.layout) == (types.float32, 1, "C")
    assert types.float64[:, ::1] == types.Array(types.float64, 2, "C")
    assert types.float64[::1, :] == types.Array(types.float64, 2, "F")
    assert types.int32[:].layout == "A" and types.int32[:] != types.int32[::1]
    assert str(types.Array(types.int64, 3, "F")) == "array(int64, 3d, F)"
    assert a.copy(layout="A") == types.float32[:] and a.copy(dtype=types.int8).dtype is types.int8
    assert types.Array(types.int8, 1, "C", readonly=True) != types.Array(types.int8, 1, "C")
    with pytest.raises(TypeError):
        types.Array(np.float32, 1, "C")
    with pytest.raises(ValueError):
        types.Array(types.float32, 1, "X")


def test_domains_and_aliases():
    assert types.int64 in types.signed_domain and types.uint64 in types.unsigned_domain
    assert types.int64 not in types.unsigned_domain and types.float32 in types.real_domain
    assert types.number_domain == types.integer_domain | types.real_domain | types.complex_domain
    assert types.longlong == types.int64 and types.ulonglong == types.uint64
    assert types.intc.bitwidth == np.dtype(np.intc).itemsize * 8
    assert types.short == types.int16 and types.uchar == types.uint8


@pytest.mark.parametrize("value, want", [
    (np.float32(1), "float32"), (np.uint16(3), "uint16"), (1.5, "float64"), (7, "int64"), (True, "bool"),
    (1j, "complex128"), (np.complex64(1j), "complex64"),
])
def test_typeof_scalars(value, want):
    assert types.typeof(value) == types.from_dtype(np.dtype(want))
    assert types.typeof(value).name == want


def test_typeof_arrays_and_tuples():
    c = np.zeros((3, 4), np.float32)
    assert types.typeof(c) == types.Array(types.float32, 2, "C")
    assert types.typeof(np.asfortranarray(c)) == types.Array(types.float32, 2, "F")
    assert types.typeof(c[:, ::2]) == types.Array(types.float32, 2, "A")
    ro = np.arange(3)
    ro.flags.writeable = False
    assert types.typeof(ro) == types.Array(types.int64, 1, "C", readonly=True)
    assert types.typeof(cuda.to_device(c)) == types.Array(types.float32, 2, "C")
    assert types.typeof((1, 2)) == types.UniTuple(types.int64, 2)
    assert types.typeof((1, 2.0)) == types.Tuple((types.int64, types.float64))
    with pytest.raises(ValueError):
        types.typeof(object())


def test_numpy_dtypes():
    for name in ("int8", "uint32", "float16", "float64", "complex64", "bool"):
        t = types.from_dtype(np.dtype(name))
        assert types.as_dtype(t) == np.dtype(name)
    rec = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    assert isinstance(types.from_dtype(rec), types.Record) and types.from_dtype(rec).dtype == rec
    assert types.from_dtype(np.dtype("M8[D]")) == types.NPDatetime("D")  # numba's NPDatetime('D')
    with pytest.raises(NotImplementedError):
        types.from_dtype(np.dtype("M8[5D]"))  # multiples of a unit: numba has no type for them either
    assert types.float32(1.25) == np.float32(1.25) and type(types.int16(3)) is np.int16


def test_signatures_from_objects():
    sig = types.float32(types.float32, types.int32)
    assert sig.return_type is types.float32 and sig.args == (types.float32, types.int32)
    assert sig == types.float32(types.float32, types.int32)
    assert types.parse_signature("void(float32[::1], int64)") == types.void(types.float32[::1], types.int64)


def cast_kernel(out, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = cuda.types.int32(a[i]) + cuda.types.float32(0.5)


def test_cuda_types_in_kernels_and_eager_array_signature():
    k = cuda.jit((types.Array(types.float64, 1, "C"), types.Array(types.float64, 1, "C")))(cast_kernel)
    a = np.array([1.7, -2.2, 3.9, 10.0])
    out = np.zeros_like(a)
    k[1, 4](out, a)
    np.testing.assert_array_equal(out, np.trunc(a) + 0.5)
    key = (types.float64[::1], types.float64[::1])
    assert key in k.overloads and k.overloads[key] is k.overloads[key]
    assert all(isinstance(t, types.Array) for sig in k.signatures for t in sig)


def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def test_device_function_signature_from_objects():
    f = cuda.jit(types.complex128(types.complex128), device=True)(lambda z: z * 2)

    @cuda.jit((types.complex128[::1],))
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = f(a[i])

    a = np.array([1 + 2j, -3j])
    k[1, 2](a)
    np.testing.assert_array_equal(a, np.array([2 + 4j, -6j]))


# ---- numba's own type objects (numba installed next to pyjitc, as under pyjitc.numba): stand-ins
# of their classes, which pyjitc recognises by module and class name, converted by from_numba ----

def _numba_like(module, cls, **attrs):
    kind = type(cls, (), {"__module__": module, "__str__": lambda self: attrs.get("_name", cls.lower())})
    obj = kind()
    for k, v in attrs.items():
        setattr(obj, k, v)
    return obj


def _nb_scalar(name):
    return _numba_like("numba.core.types.scalars", "Float" if name.startswith("float") else "Integer", _name=name)


def test_from_numba_converts_numba_types():
    f32, i64 = _nb_scalar("float32"), _nb_scalar("int64")
    arr = _numba_like("numba.core.types.npytypes", "Array", dtype=f32, ndim=2, layout="C", mutable=True, aligned=True)
    ro = _numba_like("numba.core.types.npytypes", "Array", dtype=i64, ndim=1, layout="A", mutable=False, aligned=True)
    none = _numba_like("numba.core.types.misc", "NoneType", _name="none")
    sig = _numba_like("numba.core.typing.templates", "Signature", return_type=none, args=(arr, ro, f32))
    s = types.parse_signature(sig)
    assert s == types.void(types.float32[:, ::1], types.Array(types.int64, 1, "A", readonly=True), types.float32)
    uni = _numba_like("numba.core.types.containers", "UniTuple", dtype=i64, count=3)
    assert types.from_numba(uni) == types.UniTuple(types.int64, 3)
    assert types.parse_signature((arr, uni)).args == (types.float32[:, ::1], types.UniTuple(types.int64, 3))
    assert types.from_numba(types.float32) is types.float32 and types.from_numba("x") == "x"  # not numba's: as is
    with pytest.raises(TypeError, match="pyjitc has no type for numba's"):
        types.from_numba(_numba_like("numba.core.types.misc", "UnicodeType", _name="unicode_type"))


def test_numba_signature_object_compiles_a_kernel():
    f32 = _nb_scalar("float32")
    arr = _numba_like("numba.core.types.npytypes", "Array", dtype=f32, ndim=1, layout="C", mutable=True, aligned=True)
    none = _numba_like("numba.core.types.misc", "NoneType", _name="none")
    sig = _numba_like("numba.core.typing.templates", "Signature", return_type=none, args=(arr, f32))

    @cuda.jit(sig)
    def fill(a, x):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = x

    a = np.zeros(4, np.float32)
    fill[1, 4](a, 2.5)
    assert (a == 2.5).all() and list(fill.overloads) == [(types.float32[::1], types.float32)]

    @cuda.jit
    def lazy(a, x):
        a[0] = x

    d = lazy.specialize(arr, f32)  # numba's types given to specialize
    assert list(d.overloads) == [(types.float32[::1], types.float32)]
