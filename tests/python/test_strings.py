"""Fixed-width strings in kernels (numba's CharSeq and UnicodeCharSeq): arrays of NumPy's 'S' and
'U' dtypes and record fields of them as arguments; string literals stored into elements and
fields (copied, zero-padded, cut when longer), elements copied, len(), comparisons with literals
and with each other, s[i] of bytes; checked against NumPy. The kernels of numba-cuda's
test_const_string.py (whose file needs llvmlite to import) run here as they are written there.
What numba refuses is refused at the user's line."""
import re
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import NumbaPerformanceWarning, TypingError
from pyjitc.types import CharSeq, UnicodeCharSeq, from_dtype


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)  # small grids
        yield


# ---- numba-cuda's test_const_string.py: TestConstString, as written there --------------------------

def test_assign_const_unicode_string():
    @cuda.jit
    def str_assign(arr):
        i = cuda.grid(1)
        if i < len(arr):
            arr[i] = "XYZ"

    n_strings = 8
    arr = np.zeros(n_strings + 1, dtype="<U12")
    str_assign[1, n_strings](arr)
    expected = np.zeros_like(arr)
    expected[:-1] = "XYZ"
    expected[-1] = ""
    np.testing.assert_equal(arr, expected)


def test_assign_const_byte_string():
    @cuda.jit
    def bytes_assign(arr):
        i = cuda.grid(1)
        if i < len(arr):
            arr[i] = b"XYZ"

    n_strings = 8
    arr = np.zeros(n_strings + 1, dtype="S12")
    bytes_assign[1, n_strings](arr)
    expected = np.zeros_like(arr)
    expected[:-1] = b"XYZ"
    expected[-1] = b""
    np.testing.assert_equal(arr, expected)


def test_assign_const_string_in_record():
    @cuda.jit
    def f(a):
        a[0]["x"] = 1
        a[0]["y"] = "ABC"
        a[1]["x"] = 2
        a[1]["y"] = "XYZ"

    dt = np.dtype([("x", np.int32), ("y", np.dtype("<U12"))])
    a = np.zeros(2, dt)
    f[1, 1](a)
    reference = np.asarray([(1, "ABC"), (2, "XYZ")], dtype=dt)
    np.testing.assert_array_equal(reference, a)


def test_assign_const_bytes_in_record():
    @cuda.jit
    def f(a):
        a[0]["x"] = 1
        a[0]["y"] = b"ABC"
        a[1]["x"] = 2
        a[1]["y"] = b"XYZ"

    dt = np.dtype([("x", np.float32), ("y", np.dtype("S12"))])
    a = np.zeros(2, dt)
    f[1, 1](a)
    reference = np.asarray([(1, b"ABC"), (2, b"XYZ")], dtype=dt)
    np.testing.assert_array_equal(reference, a)


# ---- beyond numba's tests --------------------------------------------------------------------------

@cuda.jit
def overwrite(u, s):
    i = cuda.grid(1)
    if i < u.size:
        if i % 3 == 0:
            u[i] = "é\u20ac\U0001F600"   # code points of 2, 3 and 4 UTF-8 bytes
            s[i] = b"\x00a\tb\xff"        # bytes, a NUL first
        elif i % 3 == 1:
            u[i] = "a string longer than the field"
            s[i] = b"a longer byte string"
        else:
            u[i] = ""
            s[i] = b""


def test_literals_overwrite_padded_and_cut():
    u = np.array(["filled-up!"] * 30, "U10")  # every element full: the padding must be written
    s = np.array([b"filled-up"] * 30, "S9")
    overwrite[1, 32](u, s)
    want_u, want_s = u.copy(), s.copy()
    want_u[0::3], want_s[0::3] = "é\u20ac\U0001F600", b"\x00a\tb\xff"
    want_u[1::3], want_s[1::3] = "a string longer than the field"[:10], b"a longer byte string"[:9]
    want_u[2::3], want_s[2::3] = "", b""
    assert u.tobytes() == want_u.tobytes() and s.tobytes() == want_s.tobytes()  # every byte, padding too


@cuda.jit
def strings_ops(a, b, out, n, cmp, first):
    i = cuda.grid(1)
    if i < a.size:
        n[i, 0] = len(a[i])
        n[i, 1] = len(b[i])
        cmp[i, 0] = a[i] == b[i]
        cmp[i, 1] = a[i] != b[i]
        cmp[i, 2] = a[i] < b[i]
        cmp[i, 3] = a[i] <= b[i]
        cmp[i, 4] = a[i] > b[i]
        cmp[i, 5] = a[i] >= b[i]
        cmp[i, 6] = a[i] == "héllo"
        cmp[i, 7] = "b" <= a[i]
        out[i] = b[i]


def test_unicode_compare_len_copy():
    words = ["héllo", "", "b", "abc\x00d", "zz", "héllo", "hello", "\U0001F600", "a", "ab"]
    a = np.array(words, "U6")
    b = np.array(words[3:] + words[:3], "U6")
    out, n = np.zeros(10, "U6"), np.zeros((10, 2), np.int64)
    cmp, first = np.zeros((10, 8), np.bool_), np.zeros(10, np.int64)
    strings_ops[1, 16](a, b, out, n, cmp, first)
    np.testing.assert_array_equal(out, b)
    np.testing.assert_array_equal(n, np.stack([np.char.str_len(a), np.char.str_len(b)], axis=1))
    want = np.stack([a == b, a != b, a < b, a <= b, a > b, a >= b, a == "héllo", a >= "b"], axis=1)
    np.testing.assert_array_equal(cmp, want)


@cuda.jit
def bytes_ops(a, b, codes, n, cmp):
    i = cuda.grid(1)
    if i < a.size:
        n[i] = len(a[i])
        codes[i] = a[i][0]
        cmp[i, 0] = a[i] == b[i]
        cmp[i, 1] = a[i] < b[i]
        cmp[i, 2] = b"abc" > a[i]
        cmp[i, 3] = a[i] == b"ab\x00"  # a literal keeps its NUL: never equal to an element (NumPy strips it)


def test_bytes_compare_len_index():
    a = np.array([b"abc", b"ab", b"\xff", b"abd", b"x\x00y", b"b"], "S4")
    b = np.array([b"abc", b"abc", b"\x01", b"abc", b"x", b"ab"], "S3")
    codes, n, cmp = np.zeros(6, np.int64), np.zeros(6, np.int64), np.zeros((6, 4), np.bool_)
    bytes_ops[1, 8](a, b, codes, n, cmp)
    np.testing.assert_array_equal(n, np.char.str_len(a))
    np.testing.assert_array_equal(codes, [x[0] for x in a])
    want = np.stack([a == b, a < b, a < b"abc", np.zeros(6, bool)], axis=1)
    np.testing.assert_array_equal(cmp, want)


@cuda.jit
def record_strings(r, names, out):
    i = cuda.grid(1)
    if i < r.size:
        rec = r[i]
        rec.label = names[i]          # an element into a field of the same dtype
        if rec.code == b"OK":
            out[i] = len(rec.label)
        else:
            rec.code = b"FIXED"
            out[i] = -1


def test_record_fields():
    dt = np.dtype([("code", "S5"), ("label", "U4"), ("x", np.int8)])  # packed: 'label' at offset 5
    assert dt.fields["label"][1] == 5
    r = np.zeros(5, dt)
    r["code"] = [b"OK", b"no", b"OK", b"", b"OKAY"]
    names = np.array(["a", "bcd", "", "wxyz", "é"], "U4")
    out = np.zeros(5, np.int64)
    record_strings[1, 8](r, names, out)
    np.testing.assert_array_equal(r["label"], names)
    np.testing.assert_array_equal(r["code"], [b"OK", b"FIXED", b"OK", b"FIXED", b"FIXED"])
    np.testing.assert_array_equal(out, [1, -1, 0, -1, -1])


LABELS = np.array([b"red", b"green", b"blue"], "S5")


@cuda.jit
def match_global(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = -1
        for k in range(3):
            if a[i] == LABELS[k]:
                out[i] = k


def test_global_string_array_and_two_dimensions():
    a = np.array([b"blue", b"red", b"pink", b"green", b""], "S5")
    out = np.zeros(5, np.int64)
    match_global[1, 8](a, out)
    np.testing.assert_array_equal(out, [2, 0, -1, 1, -1])

    @cuda.jit
    def fill2(m):
        i, j = cuda.grid(2)
        if i < m.shape[0] and j < m.shape[1]:
            if (i + j) % 2:
                m[i, j] = "odd"

    m = np.full((5, 7), "even", "U4")[:, ::2]  # strided
    fill2[(1, 1), (8, 8)](m)
    want = np.full((5, 7), "even", "U4")[:, ::2]
    want[(np.add.outer(np.arange(5), np.arange(4)) % 2).astype(bool)] = "odd"
    np.testing.assert_array_equal(m, want)


def test_host_types():
    assert from_dtype(np.dtype("S12")) == CharSeq(12) and str(CharSeq(12)) == "[char x 12]"
    assert from_dtype(np.dtype("<U7")) == UnicodeCharSeq(7) and UnicodeCharSeq(7).dtype == np.dtype("<U7")
    assert CharSeq(3) != UnicodeCharSeq(3)


def typing_error(kernel, args, fragment, source):
    with pytest.raises(TypingError) as e:
        kernel[1, 1](*args)
    text = str(e.value)
    m = re.search(r"test_strings\.py:\d+:\d+: error: ([^\n]*)\n([^\n]*)", text)
    assert m and fragment in m.group(1) and source in m.group(2), text


def test_refusals_are_located():
    u, s = np.zeros(2, "U3"), np.zeros(2, "S3")

    @cuda.jit
    def store_str(a):
        a[0] = "x"
    typing_error(store_str, (s,), "cannot store unicode_type into an element of array([char x 3], 1d, A) (an 'S' "
                 "array takes bytes", 'a[0] = "x"')

    @cuda.jit
    def store_bytes(a):
        a[0] = b"x"
    typing_error(store_bytes, (u,), "cannot store bytes into an element of array([unichr x 3], 1d, A) (a 'U' array "
                 "takes a str", 'a[0] = b"x"')

    @cuda.jit
    def copy_other_width(a, b):
        a[0] = b[0]
    typing_error(copy_other_width, (u, np.zeros(2, "U4")), "numba converts no fixed-width string to another width",
                 "a[0] = b[0]")

    @cuda.jit
    def bind(a):
        x = "abc"
        a[0] = x
    typing_error(bind, (u,), "strings are not supported in kernels yet", 'x = "abc"')

    @cuda.jit
    def mixed(a, b, out):
        out[0] = a[0] == b[0]
    typing_error(mixed, (u, s, np.zeros(1, np.bool_)), "'==' is not supported between [unichr x 3] and [char x 3] "
                 "(bytes compare with bytes", "a[0] == b[0]")
    typing_error(mixed, (u, np.zeros(2), np.zeros(1, np.bool_)), "'==' is not supported between [unichr x 3] and "
                 "float64", "a[0] == b[0]")

    @cuda.jit
    def index_unicode(a, out):
        out[0] = a[0][1]
    typing_error(index_unicode, (u, np.zeros(1)), "indexing [unichr x 3] gives a str", "a[0][1]")

    @cuda.jit
    def arith(a, out):
        out[0] = len(a[0] + "x")
    typing_error(arith, (u, np.zeros(1)), "strings are not supported in kernels yet", "a[0] + \"x\"")

    @cuda.jit
    def number_into(a):
        a[0] = 5
    typing_error(number_into, (u,), "cannot store int64 into an element of array([unichr x 3], 1d, A)", "a[0] = 5")


# ---- a string literal passed to a device function (numba's StringLiteral): the callee is
# specialised on it, so its comparisons fold (numba-cuda issue 755's program, as written there) -----

@cuda.jit(device=True, forceinline=True)
def load(gmem, value):
    if value == "1":
        gmem[cuda.threadIdx.x] = 1.0
    else:
        gmem[cuda.threadIdx.x] = 0.0


@cuda.jit(device=True)
def mode_code(mode):
    if mode == "add":
        return 1
    elif mode != "mul":
        return 2
    return 3


@cuda.jit(device=True)
def through(mode, x):
    return mode_code(mode) * 10 + len(mode) + x


@cuda.jit(device=True)
def bytes_code(m):
    return 1 if m == b"add" else 2


@cuda.jit(device=True)
def store_into(names, i, s):
    names[i] = s


def test_string_literal_arguments():
    @cuda.jit
    def kernel(buff):
        load(buff, "1")

    buff = cuda.to_device(np.zeros(32, dtype=np.float32))
    kernel[1, 32](buff)
    cuda.synchronize()
    np.testing.assert_equal(buff.copy_to_host(), np.ones(32, np.float32))

    @cuda.jit
    def modes(out, names, bnames):
        load(out, "0")  # out[0] = 0.0 first, then out[0] below
        out[0] = mode_code("add")
        out[1] = mode_code("sub")
        out[2] = mode_code("mul")
        out[3] = through("add", 100)
        out[4] = through("mul", 200)
        out[5] = len("h\u00e9llo") + len(b"h\xc3\xa9")
        out[6] = bytes_code(b"add") + 10 * bytes_code(b"xy")
        store_into(names, 0, "h\u00e9llo")
        store_into(bnames, 1, b"by")

    def expect(mode):  # the same functions run by Python
        return 1 if mode == "add" else 2 if mode != "mul" else 3

    out = np.zeros(7, np.float64)
    names, bnames = np.zeros(2, "U5"), np.zeros(2, "S3")
    modes[1, 1](out, names, bnames)
    want = [expect("add"), expect("sub"), expect("mul"), expect("add") * 10 + 3 + 100,
            expect("mul") * 10 + 3 + 200, len("h\u00e9llo") + len(b"h\xc3\xa9"), 1 + 10 * 2]
    np.testing.assert_equal(out, np.array(want, np.float64))
    np.testing.assert_equal(names, np.array(["h\u00e9llo", ""], "U5"))
    np.testing.assert_equal(bnames, np.array([b"", b"by"], "S3"))


def test_string_literal_argument_specialises_and_folds():
    def kernel(buff):
        load(buff, "1")
        load(buff, "2")

    ptx, _ = cuda.compile_ptx(kernel, (cuda.float32[:],))
    assert "Literal[str]" not in ptx
    # both calls inlined and their comparisons folded: no character compare is left, one store of 0.0
    assert len(re.findall(r"st\.global", ptx)) == 1, ptx

    @cuda.jit
    def reassigned(a):
        store_into(a, 0, "x")
        fold_then_assign(a, "abc")
    typing_error(reassigned, (np.zeros(2, "U3"),), "strings are not supported in kernels yet", 's = "ab"')


@cuda.jit(device=True)
def fold_then_assign(a, s):
    if len(s) > 2:
        s = "ab"
    a[1] = s


def test_big_endian_unicode_is_refused():
    with pytest.raises(TypeError):
        overwrite[1, 1](np.zeros(2, ">U3"), np.zeros(2, "S3"))
