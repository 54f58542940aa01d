"""Structured dtypes (numba's Record) in kernels: arrays of records and single records as
arguments, fields read and written by attribute and by constant name, subarray fields, whole
records copied; aligned and packed layouts, checked against NumPy's own field values."""
import numpy as np
import pytest

from pyjitc import cuda

ALIGNED = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", np.uint8, (5,))], align=True)
PACKED = np.dtype([("x", np.float64), ("y", np.int32), ("z", np.float32, (2,))])  # offsets 0, 8, 12; size 20


def sample(dt, n):
    rng = np.random.default_rng(7)
    a = np.zeros(n, dt)
    for name in dt.names:
        a[name] = rng.integers(1, 50, size=a[name].shape).astype(a[name].dtype)
    return a


@cuda.jit
def read_fields(r, out):
    i = cuda.grid(1)
    if i < r.shape[0]:
        out[i] = r[i].a + r[i]["b"] + r[i].c.imag + r[i].d[2]


def test_read_fields_aligned():
    a = sample(ALIGNED, 37)
    assert ALIGNED.itemsize == 32 and ALIGNED.fields["c"][1] == 12  # complex64 aligns to 4
    out = np.zeros(37)
    read_fields[2, 32](a, out)
    np.testing.assert_array_equal(out, a["a"] + a["b"] + a["c"].imag + a["d"][:, 2])


@cuda.jit
def write_fields(r):
    i = cuda.grid(1)
    if i < r.shape[0]:
        x = r[i]          # a reference into the array, as numba's
        x.a = i * 0.5
        x["b"] = i - 3
        r[i].c = x.c * 2
        x.d[4] = i


def test_write_fields_aligned():
    a = sample(ALIGNED, 40)
    expect = a.copy()
    n = np.arange(40)
    expect["a"] = n * 0.5
    expect["b"] = n - 3
    expect["c"] *= 2
    expect["d"][:, 4] = n
    write_fields[2, 32](a)
    assert (a == expect).all()


@cuda.jit
def packed_kernel(r, out):
    i = cuda.grid(1)
    if i < r.shape[0]:
        out[i] = r[i].x * r[i].y + r[i].z[1]
        r[i].y = r[i].y + 1


def test_packed_layout():
    assert PACKED.fields["z"][1] == 12 and PACKED.itemsize == 20
    a = sample(PACKED, 10)
    expect = a["x"] * a["y"] + a["z"][:, 1]
    y = a["y"] + 1
    out = np.zeros(10)
    packed_kernel[1, 16](a, out)
    np.testing.assert_array_equal(out, expect)
    np.testing.assert_array_equal(a["y"], y)


def test_packed_misaligned_rejected():
    bad = np.dtype([("a", np.int32), ("b", np.float64)])  # b at offset 4

    @cuda.jit
    def k(r):
        r[0].a = 1

    with pytest.raises(Exception, match="field 'b' of type float64 is not aligned"):
        k[1, 1](np.zeros(2, bad))


@cuda.jit
def set_one(r, v):
    r.a = v
    r["b"] = r.b * 3


def test_single_record_argument():
    a = sample(ALIGNED, 3)
    b0 = int(a[1]["b"])
    set_one[1, 1](a[1], 2.75)
    assert a[1]["a"] == 2.75 and a[1]["b"] == b0 * 3
    rec = np.recarray(2, dtype=ALIGNED)
    rec[0].b = 4
    set_one[1, 1](rec[0], 1.0)
    assert rec[0].a == 1.0 and rec[0].b == 12


@cuda.jit
def copy_record(ary, i, j):
    ary[i] = ary[j]


def test_copy_whole_record():
    a = sample(ALIGNED, 5)
    expect = a.copy()
    expect[0] = expect[3]
    copy_record[1, 1](a, 0, 3)
    assert (a == expect).all()


def test_unknown_field():
    @cuda.jit
    def k(r):
        r[0].nope = 1

    with pytest.raises(Exception, match="has no field 'nope'"):
        k[1, 1](np.zeros(2, ALIGNED))


def test_eager_signature_with_record_type():
    from pyjitc.types import from_dtype
    dt = np.dtype([("a", np.int32), ("b", np.float64)], align=True)

    @cuda.jit((from_dtype(dt)[:],))
    def k(r):
        i = cuda.grid(1)
        if i < r.shape[0]:
            r[i].a = r[i].b * 2

    a = np.recarray(5, dtype=dt)  # its dtype is (numpy.record, ...): the same record type
    a.a = 0
    a.b = np.arange(5) * 3
    k[1, 8](a)
    np.testing.assert_array_equal(a.a, np.arange(5) * 6)


AUG_DT = np.dtype([("a", np.int32), ("b", np.float32)])


@cuda.jit(device=True)
def bump_fields(r):
    r.a += 2
    r["b"] *= 3


def test_augmented_assignment_to_record_fields():
    # rec.f += v, arr[i].f -= v and rec["f"] *= v, on a local array of records, an argument's
    # elements and a record passed to a device function (numba-cuda's debuginfo record kernel)
    @cuda.jit
    def kern(data, out):
        res = cuda.local.array(1, dtype=AUG_DT)
        res[0].a = 0
        res[0].b = 0.0
        for i in range(data.size):
            res[0].a += data[i].a
            res[0].b += data[i].b * 2
        bump_fields(res[0])
        out[0] = res[0]
        data[1].a -= 7
        data[2]["b"] += 0.5

    data = np.zeros(4, AUG_DT)
    data["a"], data["b"] = [1, 2, 3, 4], [0.5, 1.0, 1.5, 2.0]
    want_data = data.copy()
    out = np.zeros(1, AUG_DT)
    kern[1, 1](data, out)
    want_data["a"][1] -= 7
    want_data["b"][2] += 0.5
    assert out["a"][0] == (want_data["a"].sum() + 7) + 2
    assert out["b"][0] == np.float32(np.float32([0.5, 1.0, 1.5, 2.0]).sum() * 2 * 3)
    np.testing.assert_equal(data, want_data)
