"""Arrays of records beyond NumPy arguments, as numba has them: device arrays of structured dtypes
(to_device, device_array_like, copies, cuda.In / cuda.InOut, kernels reading and writing their
fields), record dtypes made with align=True told apart from packed ones NumPy finds equal, and
shared and local arrays of records (cuda.shared.array(n, dtype=record), the dtype given as a NumPy
structured dtype, numba's Record or an array's .dtype). Results are checked against NumPy."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import TypingError
from pyjitc.types import from_dtype

PACKED = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])  # numba-cuda's recordwith2darray
ALIGNED = np.dtype([("a", np.int8), ("b", np.float64), ("c", np.float32, (2,))], align=True)
HALVES = np.dtype([("x", np.float16), ("y", np.float16)])
HALVES_ALIGNED = np.dtype([("x", np.float16), ("y", np.float16)], align=True)


def filled(dtype, shape, rng):
    a = np.zeros(shape, dtype)
    for name in dtype.names:
        base = dtype.fields[name][0].base
        values = rng.integers(-50, 50, size=a[name].shape)
        a[name] = values.astype(base)
    return a


@pytest.mark.parametrize("dtype", [PACKED, ALIGNED, HALVES, HALVES_ALIGNED], ids=["packed", "aligned", "f16",
                                                                                  "f16-aligned"])
def test_device_array_of_records_round_trip(rng, dtype):
    host = filled(dtype, (5, 7), rng)
    d = cuda.to_device(host)
    assert d.shape == (5, 7) and d.dtype == dtype and d.dtype.isalignedstruct == dtype.isalignedstruct
    back = d.copy_to_host()
    assert back.dtype == dtype
    np.testing.assert_array_equal(back, host)
    np.testing.assert_array_equal(d[1:4, ::2].copy_to_host(), host[1:4, ::2])
    np.testing.assert_array_equal(d[2].copy_to_host(), host[2])
    like = cuda.device_array_like(host.T)
    like.copy_to_device(np.ascontiguousarray(host.T))
    np.testing.assert_array_equal(like.copy_to_host(), host.T)


def test_kernel_reads_and_writes_device_records(rng):
    @cuda.jit
    def update(recs, out):
        i = cuda.grid(1)
        if i < recs.size:
            r = recs[i]
            out[i] = r.i + r.j[2, 1]
            r.i = r.i * 3
            r.j[0, 0] = r.j[1, 1] + 0.5

    host = filled(PACKED, 40, rng)
    d = cuda.to_device(host)
    out = cuda.device_array(40, np.float64)
    update[1, 64](d, out)
    np.testing.assert_array_equal(out.copy_to_host(), host["i"] + host["j"][:, 2, 1])
    expected = host.copy()
    expected["i"] *= 3
    expected["j"][:, 0, 0] = host["j"][:, 1, 1] + 0.5
    np.testing.assert_array_equal(d.copy_to_host(), expected)


def test_in_and_inout_with_aligned_records():
    """numba-cuda's test_retrieve_autoconverted_arrays: cuda.In copies to the device only."""
    @cuda.jit
    def set_three(rec):
        rec[0]["b"] = 3

    dt = np.dtype([("b", np.int32)], align=True)
    a = np.zeros(1, dt)
    set_three[1, 1](cuda.In(a))
    assert a[0]["b"] == 0
    set_three[1, 1](cuda.InOut(a))
    assert a[0]["b"] == 3


def test_align_true_is_another_record_type():
    """NumPy finds the packed and the aligned two-float16 dtypes equal (same offsets); numba's
    Records differ by align=True, so a kernel has a signature for each."""
    assert HALVES == HALVES_ALIGNED

    @cuda.jit
    def count(recs, out):
        out[0] += recs.size

    out = np.zeros(1, np.int64)
    count[1, 1](cuda.to_device(np.zeros(3, HALVES)), out)
    count[1, 1](cuda.to_device(np.zeros(4, HALVES_ALIGNED)), out)
    count[1, 1](np.zeros(5, HALVES_ALIGNED), out)
    assert out[0] == 12
    sigs = count.signatures
    assert len(sigs) == 2 and sigs[0] != sigs[1]
    assert {s[0].dtype.dtype.isalignedstruct for s in sigs} == {False, True}


def test_shared_array_of_records(rng):
    """numba-cuda's test_shared_recarray: records staged through shared memory, the dtype a
    numba Record (numpy_support.from_dtype)."""
    nthreads = 16
    dt = from_dtype(PACKED)

    @cuda.jit
    def chunk_copy(x, y):
        sm = cuda.shared.array(nthreads, dtype=dt)
        tx = cuda.threadIdx.x
        i = cuda.blockIdx.x * cuda.blockDim.x + tx
        if i < len(x):
            sm[tx] = x[i]
        cuda.syncthreads()
        if tx == 0:
            for j in range(nthreads):
                y[cuda.blockDim.x * cuda.blockIdx.x + j] = sm[nthreads - 1 - j]

    host = filled(PACKED, 128, rng).view(np.recarray)
    d_result = cuda.device_array_like(host)
    chunk_copy[8, nthreads](host, d_result)
    expected = host.reshape(8, nthreads)[:, ::-1].reshape(-1)
    np.testing.assert_array_equal(d_result.copy_to_host(), expected)


def test_shared_2d_local_and_dynamic_record_arrays(rng):
    """The dtype as a NumPy structured dtype, numba's Record, or an argument's .dtype; a 2-D shared
    array, a local array and dynamic shared memory of records; fields of their elements."""
    rec = from_dtype(ALIGNED)

    @cuda.jit
    def k(x, out):
        loc = cuda.local.array(2, dtype=rec)
        sm = cuda.shared.array((4, 8), dtype=ALIGNED)
        dyn = cuda.shared.array(0, dtype=x.dtype)
        t = cuda.threadIdx.x
        sm[t // 8, t % 8] = x[t]
        dyn[t] = x[t]
        cuda.syncthreads()
        loc[0] = sm[(31 - t) // 8, (31 - t) % 8]
        loc[1] = dyn[t]
        loc[1].a = loc[1].a + 1
        out[t].a = loc[0].a + loc[1].a
        out[t].b = loc[0].b * 2
        out[t].c[0] = loc[1].c[1]
        out[t].c[1] = dyn.size

    x = filled(ALIGNED, 32, rng)
    out = np.zeros(32, ALIGNED)
    k[1, 32, 0, 32 * ALIGNED.itemsize](x, out)
    np.testing.assert_array_equal(out["a"], x["a"][::-1] + x["a"] + 1)
    np.testing.assert_array_equal(out["b"], x["b"][::-1] * 2)
    np.testing.assert_array_equal(out["c"][:, 0], x["c"][:, 1])
    np.testing.assert_array_equal(out["c"][:, 1], np.full(32, 32.0))
    ptx = k.inspect_asm(k.signatures[0])
    assert ".shared .align 16 .b8 shared[768]" in ptx  # 32 records of 24 bytes


def test_record_dtype_is_not_a_cast():
    rec = from_dtype(PACKED)

    @cuda.jit
    def k(out):
        out[0] = rec(3)

    with pytest.raises(TypingError, match=r"Record\(i\[type=int32;offset=0\].* is not callable"):
        k[1, 1](np.zeros(1))
