"""Record fields in numba's further forms: a whole array assigned to a subarray field (rec.a = arr,
rec['a'] = arr, 1-D and 2-D, from another record's field too), and a field reached by its
position (rec[0], rec[-1]); checked against NumPy doing the same on the host."""
import numpy as np
import pytest

from pyjitc import cuda

DT = np.dtype([("k", np.float64), ("v", np.int16, (3,)), ("m", np.float32, (2, 3))], align=True)


@cuda.jit
def assign_whole(recs, vs, ms):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        r = recs[i]
        r.v = vs[i]
        r["m"] = ms[i]


def test_assign_whole_subarray_fields():
    n = 9
    rng = np.random.default_rng(3)
    vs = rng.integers(-500, 500, size=(n, 3)).astype(np.int32)   # converted to int16 on store
    ms = rng.standard_normal((n, 2, 3))                           # float64 -> float32
    got = np.zeros(n, DT)
    assign_whole[1, 16](got, vs, ms)
    want = np.zeros(n, DT)
    for i in range(n):
        want[i]["v"] = vs[i]
        want[i]["m"] = ms[i]
    np.testing.assert_array_equal(got["v"], want["v"])
    np.testing.assert_array_equal(got["m"], want["m"])
    np.testing.assert_array_equal(got["k"], 0)


@cuda.jit
def copy_field(src, dst, idx):
    i = cuda.grid(1)
    if i < idx.shape[0]:
        dst[i]["v"] = src[idx[i]]["v"]
        dst[i].m = src[idx[i]].m
        dst[i].k = src[idx[i]].k


def test_assign_field_from_other_record():
    rng = np.random.default_rng(5)
    src = np.zeros(6, DT)
    src["k"] = rng.standard_normal(6)
    src["v"] = rng.integers(-100, 100, size=(6, 3))
    src["m"] = rng.standard_normal((6, 2, 3))
    idx = np.array([5, 0, 3, 3, 1], dtype=np.int64)
    got = np.zeros(5, DT)
    copy_field[1, 8](src, got, idx)
    want = src[idx]
    np.testing.assert_array_equal(got, want)


@cuda.jit
def assign_scalar_broadcast(recs, x):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        recs[i].m = x + i


def test_assign_number_to_whole_field():
    got = np.zeros(4, DT)
    assign_scalar_broadcast[1, 4](got, 2.5)
    want = np.zeros(4, DT)
    for i in range(4):
        want[i]["m"] = 2.5 + i
    np.testing.assert_array_equal(got["m"], want["m"])


@cuda.jit(device=True)
def first_field(r):
    return r[0]


@cuda.jit
def by_position(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        r = recs[i]
        out[i, 0] = first_field(r)
        out[i, 1] = r[1][2]
        out[i, 2] = r[-1][1, 2]
        out[i, 3] = r[-2][0]


def test_field_by_position():
    rng = np.random.default_rng(11)
    recs = np.zeros(7, DT)
    recs["k"] = rng.standard_normal(7)
    recs["v"] = rng.integers(-9, 9, size=(7, 3))
    recs["m"] = rng.standard_normal((7, 2, 3))
    out = np.zeros((7, 4))
    by_position[1, 8](recs, out)
    want = np.array([[r[0], r[1][2], r[-1][1, 2], r[-2][0]] for r in recs])
    np.testing.assert_array_equal(out, want)


def test_field_position_out_of_range():
    @cuda.jit
    def bad(recs, out):
        out[0] = recs[0][3]

    with pytest.raises(Exception, match=r"record field index 3 is out of range: the record has 3 fields"):
        bad[1, 1](np.zeros(2, DT), np.zeros(1))


def test_whole_field_shape_mismatch_is_an_error():
    @cuda.jit
    def bad(recs, x):
        recs[0].m = x

    with pytest.raises(Exception, match=r"cannot assign"):
        bad[1, 1](np.zeros(2, DT), np.zeros((2, 3, 4)))
