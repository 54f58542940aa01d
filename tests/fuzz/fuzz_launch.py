#!/usr/bin/env python3
"""fuzz_launch: launches through the Python API (`from pyjitc import cuda`) with arguments and
launch configurations chosen by the fuzzer's input (tests/fuzz/README.md).

Each input picks one of the kernels below (written as users write numba-cuda kernels: guarded
cuda.grid(1) and (2) indices, a grid-stride loop, a shared-memory reduction with syncthreads and
an atomic, a histogram of atomics, a device function, complex numbers, records, 0-d arrays,
dynamic shared memory), the arguments' dtypes, shapes (0-size and 0-d too) and layouts (C, F,
strided and negative-stride views, broadcast zero strides, read-only), their containers (NumPy,
cuda.to_device, device_array, mapped arrays, views of device arrays), scalars of every dtype, and
the launch configuration (ints, tuples, lists, NumPy ints, zero, negative, too large, wrong types,
streams, dynamic shared memory); then it may spoil the call (an argument too few or too many,
None, a str, a list, a tuple, an int beyond 64 bits, a keyword).

A launch either raises one of the exceptions pyjitc documents for a user's mistake (TypeError,
ValueError, OverflowError, TypingError, CudaError) or runs; when it runs, every output array (its
whole base, so writes outside a view are seen too) must equal the NumPy reference, and a launch
the harness knows to be wrong (a bad configuration, a spoiled call) must not have run. Anything
else is a finding: another exception type, a wrong answer, a bad launch that ran, and (from
libFuzzer) a crash, a timeout or memory beyond -rss_limit_mb.

    python3 tests/fuzz/fuzz_launch.py [libFuzzer options] [corpus dirs]   (atheris)
    python3 tests/fuzz/fuzz_launch.py --replay FILE...   each input once, without atheris
    python3 tests/fuzz/fuzz_launch.py --random N [--seed S]   N random inputs, without atheris

The inputs are read by the small byte reader below (not atheris's FuzzedDataProvider), so that a
saved input replays the same way where atheris is not installed (CTest's fuzz.replay_launch).
scripts/fuzz-launch.sh runs it.
"""
import os
import sys
import warnings

import numpy as np

from pyjitc import cuda
from pyjitc.errors import CudaError, TypingError

warnings.simplefilter("ignore")  # the performance warnings of small grids and host arrays

ALLOWED = (TypeError, ValueError, OverflowError, TypingError, CudaError)

float64 = np.float64
float32 = np.float32


# ---- the kernels, as users write them (every index guarded; by shape[0], not size, so that an
# array of more dimensions than a kernel expects, whose rows it then indexes, stays in bounds: the
# CPU executor, like a GPU, checks no index without debug=True)

@cuda.jit
def scale(out, x, alpha):
    i = cuda.grid(1)
    if i < x.shape[0] and i < out.shape[0]:
        out[i] = x[i] * alpha


@cuda.jit
def add2d(out, a, b):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1] and i < a.shape[0] and j < a.shape[1] \
            and i < b.shape[0] and j < b.shape[1]:
        out[i, j] = a[i, j] + b[i, j]


@cuda.jit
def gridstride(out, x, c):
    for i in range(cuda.grid(1), min(out.shape[0], x.shape[0]), cuda.gridsize(1)):
        out[i] = x[i] + c


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@cuda.jit
def clamped(out, x, lo, hi):
    i = cuda.grid(1)
    if i < out.shape[0] and i < x.shape[0]:
        out[i] = clamp(x[i], lo, hi)


@cuda.jit
def blocksum(out, x):
    sm = cuda.shared.array(128, float64)
    nthreads = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
    tid = cuda.threadIdx.x + cuda.blockDim.x * (cuda.threadIdx.y + cuda.blockDim.y * cuda.threadIdx.z)
    nblocks = cuda.gridDim.x * cuda.gridDim.y * cuda.gridDim.z
    bid = cuda.blockIdx.x + cuda.gridDim.x * (cuda.blockIdx.y + cuda.gridDim.y * cuda.blockIdx.z)
    for t in range(tid, 128, nthreads):
        s = 0.0
        for k in range(bid * 128 + t, x.shape[0], 128 * nblocks):
            s += x[k]
        sm[t] = s
    cuda.syncthreads()
    step = 64
    while step > 0:
        for t in range(tid, step, nthreads):
            sm[t] += sm[t + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0 and out.shape[0] > 0:
        cuda.atomic.add(out, 0, sm[0])


@cuda.jit
def histogram(hist, x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        k = int(x[i])  # the bin, then its guard: int() of a float16 rounds (3.5 -> 4)
        if k >= 0 and k < hist.shape[0]:
            cuda.atomic.add(hist, k, 1)


@cuda.jit
def dynshared(out, x, nsh):
    buf = cuda.shared.array(0, float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    if tid < nsh and i < x.shape[0] and i < out.shape[0]:
        buf[tid] = x[i]
        out[i] = buf[tid] * 2


@cuda.jit
def cplx(out, z, w):
    i = cuda.grid(1)
    if i < out.shape[0] and i < z.shape[0] and i < w.shape[0]:
        out[i] = z[i] * w[i].conjugate() + 1j


@cuda.jit
def recsum(out, r):
    i = cuda.grid(1)
    if i < out.shape[0] and i < r.shape[0]:
        out[i] = r[i].a + r[i].b


@cuda.jit
def zerod(out, x):
    if cuda.grid(1) == 0:
        out[()] = x[()] + 1


# ---- the input


class Input:
    """Reads choices from the fuzzer's bytes; past their end every read is 0."""

    def __init__(self, data):
        self.data, self.pos = data, 0

    def byte(self):
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def pick(self, seq):
        return seq[self.byte() % len(seq)]

    def below(self, n):
        return (self.byte() | self.byte() << 8) % n

    def one_in(self, n):
        return self.byte() % n == 0


DTYPES = [np.dtype(t) for t in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                "float16", "float32", "float64", "complex64", "complex128")]
REAL = [d for d in DTYPES if d.kind != "c"]
EXTENTS = (0, 1, 2, 3, 5, 7, 16, 33, 64, 100, 257, 1000)
MAX_ELEMENTS = 4096
RECORDS = [np.dtype([("a", "f4"), ("b", "i4")]), np.dtype([("a", "f4"), ("b", "i4")], align=True),
           np.dtype([("a", "f8"), ("c", "u1"), ("b", "i2")]), np.dtype([("b", "u2"), ("a", "f2")], align=True)]


class Arr:
    """An array argument: `value` (what is passed), how to read back its whole base after the
    launch (`base_now`), the base before (`before`) and the view as NumPy sees it (`view_of`)."""

    def __init__(self, value, before, ops, base_now, writable):
        self.value, self.before, self.ops, self.base_now, self.writable = value, before, ops, base_now, writable

    def view_of(self, base):
        return apply_ops(base, self.ops)

    @property
    def host(self):  # the argument's values before the launch, as a NumPy array
        return self.view_of(self.before)


def apply_ops(a, ops):
    for op in ops:
        a = a.T if op == "T" else op(a) if callable(op) else a[op]
    return a


def values(inp, dtype, n):
    rng = np.random.default_rng(inp.byte())
    if dtype.fields is not None:
        out = np.zeros(n, dtype)
        for name in dtype.names:
            out[name] = rng.integers(0, 10, n)
        return out
    if dtype == np.bool_:
        return rng.integers(0, 2, n).astype(bool)
    v = rng.integers(0, 10, n).astype(np.float64)
    if dtype.kind in "fc" and inp.one_in(2):
        v = v + rng.integers(0, 2, n) * 0.5
    if dtype.kind == "c":
        v = v + 1j * rng.integers(0, 10, n)
    return v.astype(dtype)


def make_array(inp, dtype, ndim, output):
    """An array of `dtype`, mostly `ndim`-dimensional, of a random shape, layout and container."""
    if inp.one_in(8):
        ndim = inp.pick((0, 1, 2, 3))
    shape = []
    total = 1
    for _ in range(ndim):
        e = inp.pick(EXTENTS)
        while e and total * e > MAX_ELEMENTS:
            e //= 2
        shape.append(e)
        total *= max(e, 1)
    layout = inp.pick(("C", "C", "F", "step", "neg", "offset", "T", "broadcast", "readonly", "unaligned"))
    if ndim == 0:
        layout = inp.pick(("C", "readonly"))
    ops = []
    if layout == "C":
        base_shape = shape
    elif layout in ("F", "T"):
        base_shape = shape[::-1]
        ops = ["T"]
    elif layout == "step":
        base_shape = [2 * e for e in shape]
        ops = [tuple(slice(None, None, 2) for _ in shape)]
    elif layout == "neg":
        base_shape = shape
        ops = [tuple(slice(None, None, -1) for _ in shape)]
    elif layout == "offset":
        base_shape = [e + 2 for e in shape]
        ops = [tuple(slice(1, e + 1) for e in shape)]
    else:
        base_shape = shape
    base = values(inp, dtype, int(np.prod(base_shape, dtype=np.int64))).reshape(base_shape)
    before = base.copy()
    container = inp.pick(("numpy", "numpy", "to_device", "device_array", "mapped"))
    if layout == "broadcast":  # zero strides: a read-only NumPy view
        small = values(inp, dtype, shape[-1] if shape else 1).reshape(shape[-1:] if shape else ())
        value = np.broadcast_to(small, shape)
        return Arr(value, small.copy(), [lambda a, s=tuple(shape): np.broadcast_to(a, s)], lambda: small, False)
    if layout == "unaligned" and dtype.itemsize > 1:  # a NumPy array at an odd address (NumPy's flags.aligned False)
        raw = np.zeros(base.nbytes + 1, np.uint8)
        value = np.ndarray(base.shape, dtype, buffer=raw.data, offset=1)
        value[...] = base
        return Arr(value, before, [], lambda: value.copy(), True)
    if layout == "readonly" or container == "numpy":
        if layout == "readonly":
            base.setflags(write=False)
        return Arr(apply_ops(base, ops), before, ops, lambda: base, layout != "readonly")
    # a transposed device array is a copy (numba's transpose): F order is made from an F-ordered host array
    flip = ops == ["T"]
    host = base.T if flip else base
    if container == "to_device":
        d = cuda.to_device(host)
    elif container == "device_array":
        d = cuda.device_array(host.shape, host.dtype, order="F" if flip else "C")
        d.copy_to_device(host)
    else:
        d = cuda.mapped_array(host.shape, host.dtype, order="F" if flip else "C")
        d[...] = host
    value = d if flip else apply_ops(d, ops)
    read = (lambda: d.copy_to_host()) if container != "mapped" else (lambda: np.array(d))
    return Arr(value, before, ops, (lambda: read().T) if flip else read, True)


SCALARS_INT = (0, 1, 2, 3)
SCALARS_FLOAT = (0.0, 0.5, 1.0, 1.5, 2.0)


def make_scalar(inp, real=False):
    kind = inp.pick(("int", "float", "bool", "complex", "np"))
    if kind == "int":
        return inp.pick(SCALARS_INT)
    if kind == "float":
        return inp.pick(SCALARS_FLOAT)
    if kind == "bool":
        return inp.pick((False, True))
    if kind == "complex" and not real:
        return complex(inp.pick(SCALARS_INT), inp.pick(SCALARS_INT))
    dt = inp.pick(REAL if real else DTYPES)
    v = inp.pick(SCALARS_FLOAT) if dt.kind in "fc" else inp.pick(SCALARS_INT)
    return dt.type(bool(v) if dt == np.bool_ else v)


# what no parameter of these kernels takes (bytes are a read-only uint8 array to numba, so not here)
JUNK = (None, "2", [1, 2], (1, 2), 2 ** 64, -2 ** 63 - 1, 2 ** 100, {}, object(), {1}, Ellipsis,
        np.zeros((1,) * 9), np.array([None, 1]), np.zeros(3, ">f8"), np.array(["ab"]), np.datetime64(1, "D"))


# ---- the launch configuration

def make_dims(inp, maximum):
    """Dims as passed: mostly valid (an int, a tuple or a list of 1 to 3, NumPy ints), at times not."""
    kind = inp.byte() % 16
    if kind < 13:
        n = 1 + (inp.byte() % 3 if kind >= 4 else 0)
        xs = [inp.pick((1, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256)) for _ in range(n)]
        while int(np.prod(xs)) > maximum:
            xs[int(np.argmax(xs))] //= 2
        if n == 1 and kind < 4:
            return (xs[0], np.int32(xs[0]), np.uint64(xs[0]), xs[0])[kind]
        items = [np.int64(x) if kind == 8 else x for x in xs]
        return list(items) if kind == 7 else tuple(items)
    return inp.pick((0, -1, -2 ** 31, 2 ** 31, 2 ** 40, 2 ** 64, 1.5, 2.0, "4", None, (), (1, 1, 1, 1), (0, 4),
                     (4, -1), (1, 1, 65), (2048,), (1, 1025), (1.0, 2), [None], False, True, np.float32(2), 1j,
                     (1, 65536), (1, 2, 3)))


def dims_xyz(d):
    """(x, y, z) of dims numba accepts (an integer or a sequence of 1 to 3 integers, each at least
    1), or None."""
    import numbers
    items = list(d) if isinstance(d, (tuple, list)) else [d]
    if not 1 <= len(items) <= 3 or not all(isinstance(v, numbers.Integral) for v in items):
        return None
    xs = [int(v) for v in items] + [1] * (3 - len(items))
    return tuple(xs) if min(xs) >= 1 else None


def block_ok(b):
    x, y, z = b
    return x <= 1024 and y <= 1024 and z <= 64 and x * y * z <= 1024


def grid_ok(g):
    x, y, z = g
    return x < 2 ** 31 and y < 65536 and z < 65536


def make_config(inp):
    grid, block = make_dims(inp, 64), make_dims(inp, 256)
    g, b = dims_xyz(grid), dims_xyz(block)
    ok = g is not None and b is not None and block_ok(b)
    if ok and not grid_ok(g):
        g, ok = None, False
    n = inp.pick((2, 2, 2, 2, 3, 3, 4, 4, 4, 4, 1, 5))
    stream_kind = inp.pick(("0", "0", "0", "stream", "stream", "default", "ptds", "None", "junk"))
    shared_kind = inp.pick(("0", "0", "0", "small", "small", "small", "big", "neg", "junk"))
    if n >= 3:
        if stream_kind == "stream":
            stream = cuda.stream()
        elif stream_kind == "default":
            stream = cuda.default_stream()
        elif stream_kind == "ptds":
            stream = cuda.per_thread_default_stream()
        elif stream_kind == "None":
            stream = None
        elif stream_kind == "junk":
            stream = inp.pick(("s", 1.5, [0], 7))
            ok = False
        else:
            stream = 0
    shared = 0
    if n >= 4:
        if shared_kind == "small":
            shared = 4 * inp.below(1024)
        elif shared_kind == "big":
            shared = inp.pick((1 << 30, 2 ** 64, 49153))
            ok = False
        elif shared_kind == "neg":
            shared = -inp.pick((1, 4, 2 ** 63))
            ok = False
        elif shared_kind == "junk":
            shared = inp.pick((1.5, "8", None, [4], np.float64(8)))
            ok = False
        else:
            shared = inp.pick((0, np.int32(0), np.uint16(64)))
    if n == 2:
        config = (grid, block)
    elif n == 3:
        config = (grid, block, stream)
    elif n == 4:
        config = (grid, block, stream, shared)
    elif n == 1:
        config, ok = (grid,), False
    else:
        config, ok = (grid, block, 0, 0, 0), False
    if inp.one_in(64) and not isinstance(grid, tuple):  # not a tuple at all
        config, ok = grid, False
    return config, ok, g, b, int(shared) if ok else 0


# ---- the references: each returns {argument index: expected view} or None (no prediction)

def wide(*arrays):
    return np.complex128 if any(a.dtype.kind == "c" for a in arrays) else np.float64


def as_array(v):
    return v if isinstance(v, np.ndarray) else np.asarray(v)


def dtype_of(v):
    if isinstance(v, (np.ndarray, np.generic)):
        return v.dtype
    return np.dtype({bool: "bool", int: "int64", float: "float64", complex: "complex128"}[type(v)])


def half(*operands):
    """Whether numba computes the operands' arithmetic in float16: one is float16 and the others
    float16, 8-bit integers or bools (docs/language.md)."""
    dts = [dtype_of(v) for v in operands]
    return any(d == np.float16 for d in dts) and all(d == np.float16 or (d.kind in "biu" and d.itemsize == 1)
                                                      for d in dts)


def cast(values, dtype, f16=False):
    """values (float64 or complex128) converted as a kernel stores them in an array of dtype:
    floats truncate to integers, float16 rounds to the nearest (ties to even), as numba-cuda's
    cvt.rni."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if f16 and np.dtype(dtype).kind in "iu":
            values = np.rint(values)
        return values.astype(dtype)


def threads(g, b, axis):
    return g[axis] * b[axis]


def flat_prefix(out, n, new):
    """`out` (1-d) with its first n elements replaced by new[:n]."""
    want = out.copy()
    want[:n] = new[:n]
    return want


def ref_scale(args, g, b, shared):
    out, x, alpha = args
    if out.host.ndim != 1 or x.host.ndim != 1:
        return None
    n = min(out.host.size, x.host.size, threads(g, b, 0))
    al = as_array(alpha)
    res = x.host[:n].astype(wide(x.host, al)) * al.astype(wide(x.host, al))
    return {0: flat_prefix(out.host, n, cast(res, out.host.dtype, half(x.host, alpha)))}


def ref_add2d(args, g, b, shared):
    out, x, y = args
    if out.host.ndim != 2 or x.host.ndim != 2 or y.host.ndim != 2:
        return None
    r = min(out.host.shape[0], x.host.shape[0], y.host.shape[0], threads(g, b, 0))
    c = min(out.host.shape[1], x.host.shape[1], y.host.shape[1], threads(g, b, 1))
    w = wide(x.host, y.host)
    want = out.host.copy()
    want[:r, :c] = cast(x.host[:r, :c].astype(w) + y.host[:r, :c].astype(w), want.dtype, half(x.host, y.host))
    return {0: want}


def ref_gridstride(args, g, b, shared):
    out, x, c = args
    if out.host.ndim != 1 or x.host.ndim != 1:
        return None
    n = min(out.host.size, x.host.size)
    cc = as_array(c)
    w = wide(x.host, cc)
    return {0: flat_prefix(out.host, n, cast(x.host[:n].astype(w) + cc.astype(w), out.host.dtype, half(x.host, c)))}


def ref_clamped(args, g, b, shared):
    out, x, lo, hi = args
    if out.host.ndim != 1 or x.host.ndim != 1:
        return None
    n = min(out.host.size, x.host.size, threads(g, b, 0))
    v = x.host.astype(np.float64)
    lo_, hi_ = float(lo), float(hi)
    v = v[:n]
    res = np.where(v < lo_, lo_, np.where(v > hi_, hi_, v))
    return {0: flat_prefix(out.host, n, cast(res, out.host.dtype, half(x.host, lo, hi)))}


def ref_blocksum(args, g, b, shared):
    out, x = args
    if out.host.ndim != 1 or x.host.ndim != 1:
        return None
    want = out.host.copy()
    if want.size:
        # each block adds its sum with the atomic, converted to the output's dtype there (truncated
        # for integers); block b sums the elements k with (k mod 128 * blocks) // 128 == b
        xs = x.host.astype(np.float64)
        blocks = g[0] * g[1] * g[2]
        which = (np.arange(xs.size) % (128 * blocks)) // 128
        sums = np.bincount(which, weights=xs, minlength=1) if xs.size else np.zeros(1)
        if want.dtype.kind in "iub":
            total = np.trunc(sums).sum()
        else:
            total = sums.astype(want.dtype).astype(np.float64).sum()
        want[0] = cast(np.asarray(want[0].astype(np.float64) + total), want.dtype)
    return {0: want}


def ref_histogram(args, g, b, shared):
    hist, x = args
    if hist.host.ndim != 1 or x.host.ndim != 1:
        return None
    n = min(x.host.size, threads(g, b, 0))
    dup = g[1] * g[2] * b[1] * b[2]
    want = hist.host.copy()
    xs = x.host[:n].astype(np.float64)
    if x.host.dtype == np.float16:  # int() of a float16 rounds, as numba-cuda's cvt.rni
        xs = np.rint(xs)
    for v in np.trunc(xs):
        if 0 <= v < want.size:
            want[int(v)] += dup
    return {0: want}


def ref_dynshared(args, g, b, shared):
    out, x, nsh = args
    if out.host.ndim != 1 or x.host.ndim != 1:
        return None
    n = min(out.host.size, x.host.size, threads(g, b, 0))
    want = out.host.copy()
    idx = np.arange(n)
    idx = idx[idx % b[0] < int(nsh)]
    res = cast(cast(x.host[idx], np.float32).astype(np.float64) * 2, want.dtype)
    want[idx] = res
    return {0: want}


def ref_cplx(args, g, b, shared):
    out, z, w = args
    if out.host.ndim != 1 or z.host.ndim != 1 or w.host.ndim != 1:
        return None
    n = min(out.host.size, z.host.size, w.host.size, threads(g, b, 0))
    res = z.host[:n].astype(np.complex128) * np.conj(w.host[:n].astype(np.complex128)) + 1j
    if out.host.dtype.kind != "c":
        return None
    return {0: flat_prefix(out.host, n, cast(res, out.host.dtype))}


def ref_recsum(args, g, b, shared):
    out, r = args
    if out.host.ndim != 1 or r.host.ndim != 1:
        return None
    n = min(out.host.size, r.host.size, threads(g, b, 0))
    res = r.host["a"][:n].astype(np.float64) + r.host["b"][:n].astype(np.float64)
    return {0: flat_prefix(out.host, n, cast(res, out.host.dtype))}


def ref_zerod(args, g, b, shared):
    out, x = args
    if x.host.ndim != 0:
        return None
    w = wide(x.host)
    want = out.host.copy()  # out[()] = value fills an array of any rank, as NumPy's
    want[()] = cast(np.asarray(x.host.astype(w) + 1), out.host.dtype, half(x.host, 1))
    return {0: want}


def arrays_args(inp, spec):
    """The arguments of a kernel from its spec: ('a', ndim, dtypes, output) or ('s', real)."""
    args = []
    for s in spec:
        if s[0] == "a":
            args.append(make_array(inp, inp.pick(s[2]), s[1], s[3]))
        else:
            args.append(make_scalar(inp, s[1]))
    return args


ACC = [np.dtype(t) for t in ("int32", "int64", "uint32", "uint64", "float32", "float64")]
KERNELS = [
    (scale, [("a", 1, DTYPES, True), ("a", 1, DTYPES, False), ("s", False)], ref_scale),
    (add2d, [("a", 2, DTYPES, True), ("a", 2, DTYPES, False), ("a", 2, DTYPES, False)], ref_add2d),
    (gridstride, [("a", 1, DTYPES, True), ("a", 1, DTYPES, False), ("s", False)], ref_gridstride),
    (clamped, [("a", 1, REAL, True), ("a", 1, REAL, False), ("s", True), ("s", True)], ref_clamped),
    (blocksum, [("a", 1, ACC, True), ("a", 1, REAL, False)], ref_blocksum),
    (histogram, [("a", 1, ACC, True), ("a", 1, REAL, False)], ref_histogram),
    (dynshared, [("a", 1, REAL, True), ("a", 1, REAL, False), ("n",)], ref_dynshared),
    (cplx, [("a", 1, DTYPES, True), ("a", 1, DTYPES, False), ("a", 1, DTYPES, False)], ref_cplx),
    (recsum, [("a", 1, REAL, True), ("a", 1, RECORDS, False)], ref_recsum),
    (zerod, [("a", 0, DTYPES, True), ("a", 0, DTYPES, False)], ref_zerod),
]

STATS = {}


def count(what):
    STATS[what] = STATS.get(what, 0) + 1


class Finding(Exception):
    pass


def one_input(data):
    inp = Input(data)
    kernel, spec, ref = KERNELS[inp.byte() % len(KERNELS)]
    config, config_ok, g, b, shared = make_config(inp)
    args = []
    for s in spec:
        if s[0] == "a":
            args.append(make_array(inp, inp.pick(s[2]), s[1], s[3]))
        elif s[0] == "s":
            args.append(make_scalar(inp, s[1]))
        else:  # the dynamic shared memory's float32 count, as the launch gives it
            args.append(inp.pick((int, np.int32, np.uint16, np.int64))(shared // 4))
    values_ = [a.value if isinstance(a, Arr) else a for a in args]
    call_ok = True
    kwargs = {}
    spoil = inp.byte() % 16
    if spoil == 0:
        values_.pop(inp.below(len(values_)))
        call_ok = False
    elif spoil == 1:
        extra = inp.pick((1, 2.0, np.zeros(3)))
        for _ in range(inp.pick((1, 1, 1, 2, 70, 300))):  # past the 64 read on the stack, past the 255 allowed
            values_.insert(inp.below(len(values_) + 1), extra)
        call_ok = False
    elif spoil == 2:
        values_[inp.below(len(values_))] = inp.pick(JUNK)
        call_ok = False
    elif spoil == 3:
        kwargs = {"x": 1}
        call_ok = False
    name = kernel.__name__
    try:
        kernel[config](*values_, **kwargs)
        if not kwargs:
            cuda.synchronize()
    except ALLOWED as e:
        count(f"{name}: {type(e).__name__}")
        for a in args:  # a refused launch wrote nothing
            if isinstance(a, Arr) and not np.array_equal(a.base_now(), a.before):
                raise Finding(f"{name}[{config!r}]: refused ({type(e).__name__}: {e}) but wrote an argument")
        return
    except Exception as e:
        raise Finding(f"{name}[{config!r}]({describe(args)}): unexpected {type(e).__name__}: {e}") from e
    if not (config_ok and call_ok):
        raise Finding(f"{name}[{config!r}]({describe(args)}): a bad launch ran (config ok: {config_ok}, call ok: {call_ok})")
    want = ref(args, g, b, shared)
    if want is None:
        count(f"{name}: ran, no prediction")
        return
    for i, a in enumerate(args):
        if not isinstance(a, Arr):
            continue
        expect = a.before.copy()
        if i in want:
            if not a.writable:
                raise Finding(f"{name}[{config!r}]({describe(args)}): ran with read-only argument {i + 1} as output")
            a.view_of(expect)[...] = want[i]
        got = a.base_now()
        close = np.allclose(got.astype(np.complex128), expect.astype(np.complex128), rtol=1e-3, atol=1e-3) \
            if kernel is blocksum and got.dtype.kind in "fc" else np.array_equal(got, expect)
        if not close:
            raise Finding(f"{name}[{config!r}]({describe(args)}): argument {i + 1} is wrong:\n"
                          f"got  {got!r}\nwant {expect!r}")
    count(f"{name}: ran, checked")


def describe(args):
    out = []
    for a in args:
        if isinstance(a, Arr):
            v = a.value
            out.append(f"{type(v).__name__}({getattr(v, 'dtype', '?')}, shape={getattr(v, 'shape', '?')}, "
                       f"strides={getattr(v, 'strides', '?')})")
        else:
            out.append(repr(a))
    return ", ".join(out)


def report():
    for k in sorted(STATS):
        print(f"  {k}: {STATS[k]}", file=sys.stderr)


def main():
    argv = sys.argv[1:]
    if argv[:1] == ["--replay"]:
        bad = 0
        for path in argv[1:]:
            with open(path, "rb") as f:
                data = f.read()
            try:
                one_input(data)
            except Finding as e:
                print(f"{path}: FINDING: {e}", file=sys.stderr)
                bad += 1
        print(f"fuzz_launch: {len(argv) - 1} inputs replayed, {bad} findings")
        report()
        return 1 if bad else 0
    if argv[:1] == ["--random"]:
        # N inputs of random bytes: where atheris gets no coverage (the sanitizers' runtimes
        # preloaded) or is missing. --findings DIR: each input is written to DIR/current before it
        # runs (a crash leaves it there), a finding's to DIR/finding-SHA1; --timeout S: an input
        # running longer ends the process with its Python stack (a hang is a finding)
        import faulthandler
        import hashlib
        faulthandler.enable()
        n = int(argv[1])
        opt = lambda name, default: type(default)(argv[argv.index(name) + 1]) if name in argv else default
        seed, findings, timeout = opt("--seed", 1), opt("--findings", ""), opt("--timeout", 60)
        rng = np.random.default_rng(seed)
        bad = 0
        for k in range(n):
            data = rng.bytes(int(rng.integers(1, 96)))
            if findings:
                with open(os.path.join(findings, f"current-{seed}"), "wb") as f:
                    f.write(data)
            faulthandler.dump_traceback_later(timeout, exit=True)
            try:
                one_input(data)
            except Finding as e:
                print(f"input {data.hex()}: FINDING: {e}", file=sys.stderr)
                if findings:
                    with open(os.path.join(findings, "finding-" + hashlib.sha1(data).hexdigest()), "wb") as f:
                        f.write(data)
                bad += 1
            faulthandler.cancel_dump_traceback_later()
            if (k + 1) % 1000 == 0:
                print(f"fuzz_launch: {k + 1} random inputs, {bad} findings", file=sys.stderr, flush=True)
        if findings:
            os.unlink(os.path.join(findings, f"current-{seed}"))
        print(f"fuzz_launch: {n} random inputs (seed {seed}), {bad} findings")
        report()
        return 1 if bad else 0
    import atheris
    import faulthandler
    faulthandler.enable()  # a crash prints the Python stack of the launch that made it

    def test_one(data):
        one_input(data)

    # coverage of this file's choices and of pyjitc's Python side (the C side is not instrumented)
    atheris.instrument_func(one_input)
    for mod in list(sys.modules.values()):
        name = getattr(mod, "__name__", "")
        if name == "pyjitc" or name.startswith("pyjitc.") or mod is sys.modules[__name__]:
            for obj in list(vars(mod).values()):
                if getattr(obj, "__module__", None) == name and callable(obj):
                    try:
                        if isinstance(obj, type):
                            for m in vars(obj).values():
                                if hasattr(m, "__code__"):
                                    atheris.instrument_func(m)
                        elif hasattr(obj, "__code__"):
                            atheris.instrument_func(obj)
                    except Exception:  # what atheris cannot instrument stays as it is
                        pass
    atheris.Setup(sys.argv, test_one)
    atheris.Fuzz()


if __name__ == "__main__":
    sys.exit(main())
