"""pyjitc.cuda.random: numba-cuda's random numbers (numba.cuda.random), the same streams.

Each generator is an xoroshiro128+ state of two 64-bit words. create_xoroshiro128p_states(n,
seed) seeds the first from `seed` with splitmix64 (both words take the one value it gives),
moves it on by `subsequence_start` jumps of 2**64 steps, and gives generator i the state i
jumps further on, so the n streams never overlap within 2**64 draws each. Kernels draw with
xoroshiro128p_uniform_float32(states, i) and the other device functions below.

The states live on the device as an array of n rows of two uint64 words (s0, s1): that is
what kernels receive (a uint64 array of shape (n, 2)), while on the host the array answers as
numba's does: a 1-D array of xoroshiro128p_dtype records (shape (n,), copy_to_host() a record
array with fields s0 and s1). The initial states are computed on the host, as numba does,
then copied to the device: the jump is a linear map of the 128 state bits over GF(2), so
powers of it are 128x128 bit matrices, applied to many states at once with NumPy."""
import math
import operator

import numpy as np

from . import _core
from . import _devicearray
from ._devicearray import DeviceNDArray
from ._dispatcher import jit

__all__ = ["xoroshiro128p_dtype", "init_xoroshiro128p_state", "rotl", "xoroshiro128p_next", "xoroshiro128p_jump",
           "uint64_to_unit_float64", "uint64_to_unit_float32", "xoroshiro128p_uniform_float32",
           "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32", "xoroshiro128p_normal_float64",
           "TWO_PI_FLOAT32", "TWO_PI_FLOAT64", "init_xoroshiro128p_states_cpu", "init_xoroshiro128p_states",
           "create_xoroshiro128p_states"]

# the dispatcher resolves `random.xoroshiro128p_next` in kernels as it does a user's module's names
_pyjitc_device_functions = True

xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15                  # splitmix64's increment
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_JUMP_WORDS = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)   # xoroshiro128+'s jump polynomial

# the same constants as NumPy scalars, for the device functions (typed as their dtype there)
_U64_GOLDEN, _U64_MIX1, _U64_MIX2 = np.uint64(_GOLDEN), np.uint64(_MIX1), np.uint64(_MIX2)
_U64_JUMP = (np.uint64(_JUMP_WORDS[0]), np.uint64(_JUMP_WORDS[1]))
_U64_ZERO, _U64_ONE = np.uint64(0), np.uint64(1)
_TWO_TO_MINUS_53 = np.float64(2.0 ** -53)
TWO_PI_FLOAT32 = np.float32(2 * math.pi)
TWO_PI_FLOAT64 = np.float64(2 * math.pi)


# ---- device functions (compiled with the kernels that call them) -------------------------------
# A state array is uint64[n, 2] in kernels: states[i, 0] is numba's states[i]["s0"].

@jit(device=True)
def init_xoroshiro128p_state(states, index, seed):
    """Seed states[index] from a 64-bit seed with splitmix64 (both words get its output)."""
    z = np.uint64(seed) + _U64_GOLDEN
    z = (z ^ (z >> np.uint32(30))) * _U64_MIX1
    z = (z ^ (z >> np.uint32(27))) * _U64_MIX2
    z = z ^ (z >> np.uint32(31))
    i = np.int64(index)
    states[i, 0] = z
    states[i, 1] = z


@jit(device=True)
def rotl(x, k):
    """x (as uint64) rotated left by k bits, 0 < k < 64."""
    x = np.uint64(x)
    k = np.uint32(k)
    return (x << k) | (x >> np.uint32(64 - k))


@jit(device=True)
def xoroshiro128p_next(states, index):
    """The next 64-bit output of generator `index` (a uint64); advances its state one step."""
    i = np.int64(index)
    s0 = states[i, 0]
    s1 = states[i, 1]
    result = s0 + s1
    s1 = s1 ^ s0
    states[i, 0] = rotl(s0, np.uint32(55)) ^ s1 ^ (s1 << np.uint32(14))
    states[i, 1] = rotl(s1, np.uint32(36))
    return result


@jit(device=True)
def xoroshiro128p_jump(states, index):
    """Moves generator `index` 2**64 steps on."""
    i = np.int64(index)
    a0 = _U64_ZERO
    a1 = _U64_ZERO
    for w in range(2):
        word = _U64_JUMP[w]
        for b in range(64):
            if ((word >> np.uint32(b)) & _U64_ONE) != _U64_ZERO:
                a0 = a0 ^ states[i, 0]
                a1 = a1 ^ states[i, 1]
            xoroshiro128p_next(states, i)
    states[i, 0] = a0
    states[i, 1] = a1


@jit(device=True)
def uint64_to_unit_float64(x):
    """The top 53 bits of x as a float64 in [0, 1)."""
    return np.float64(np.uint64(x) >> np.uint32(11)) * _TWO_TO_MINUS_53


@jit(device=True)
def uint64_to_unit_float32(x):
    """uint64_to_unit_float64(x) rounded to float32 (which can round up to 1.0, as numba's)."""
    return np.float32(uint64_to_unit_float64(x))


@jit(device=True)
def xoroshiro128p_uniform_float32(states, index):
    """A float32 uniform in [0, 1) from generator `index` (one step)."""
    return uint64_to_unit_float32(xoroshiro128p_next(states, index))


@jit(device=True)
def xoroshiro128p_uniform_float64(states, index):
    """A float64 uniform in [0, 1) from generator `index` (one step)."""
    return uint64_to_unit_float64(xoroshiro128p_next(states, index))


@jit(device=True)
def xoroshiro128p_normal_float32(states, index):
    """A float32 from the standard normal distribution (Box-Muller, the cosine value) from
    generator `index` (two steps)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(np.float32(-2.0) * math.log(u1)) * math.cos(TWO_PI_FLOAT32 * u2)


@jit(device=True)
def xoroshiro128p_normal_float64(states, index):
    """A float64 from the standard normal distribution, made as numba makes it: from two float32
    uniforms, the logarithm taken in float32, the rest in float64 (two steps)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(np.float64(-2.0) * math.log(u1)) * math.cos(TWO_PI_FLOAT64 * u2)


# ---- the initial states, on the host --------------------------------------------------------------

def _splitmix64(seed):
    z = (seed + _GOLDEN) & _M64
    z = ((z ^ (z >> 30)) * _MIX1) & _M64
    z = ((z ^ (z >> 27)) * _MIX2) & _M64
    return z ^ (z >> 31)


def _next_many(s0, s1):
    """One xoroshiro128+ step of arrays of states (the output is not needed here)."""
    s1 = s1 ^ s0
    r0 = (s0 << np.uint64(55)) | (s0 >> np.uint64(9))
    return r0 ^ s1 ^ (s1 << np.uint64(14)), (s1 << np.uint64(36)) | (s1 >> np.uint64(28))


def _jump_many(s0, s1):
    a0, a1 = np.zeros_like(s0), np.zeros_like(s1)
    for word in _JUMP_WORDS:
        for b in range(64):
            if (word >> b) & 1:
                a0 ^= s0
                a1 ^= s1
            s0, s1 = _next_many(s0, s1)
    return a0, a1


class _BitMatrix:
    """A linear map of 128-bit states over GF(2): its columns (the images of the 128 one-bit
    states, bit k of s0 for k < 64, bit k - 64 of s1 after) and, to apply it to many states, a
    table per input byte of the images of its 256 values (the XOR of the columns it selects)."""

    def __init__(self, c0, c1):
        self.c0, self.c1 = c0, c1
        self.t0 = np.zeros((16, 256), np.uint64)
        self.t1 = np.zeros((16, 256), np.uint64)
        cols0, cols1 = c0.reshape(16, 8), c1.reshape(16, 8)
        for j in range(8):
            w = 1 << j
            self.t0[:, w:2 * w] = self.t0[:, :w] ^ cols0[:, j:j + 1]
            self.t1[:, w:2 * w] = self.t1[:, :w] ^ cols1[:, j:j + 1]

    def apply(self, s0, s1):
        o0, o1 = np.zeros_like(s0), np.zeros_like(s1)
        for p in range(16):
            byte = ((s0 if p < 8 else s1) >> np.uint64(8 * (p % 8))) & np.uint64(0xFF)
            byte = byte.astype(np.intp)
            o0 ^= self.t0[p][byte]
            o1 ^= self.t1[p][byte]
        return o0, o1

    def squared(self):
        return _BitMatrix(*self.apply(self.c0, self.c1))


_jump_powers = []   # _jump_powers[k]: the jump applied 2**k times


def _jump_power(k):
    if not _jump_powers:
        bits = np.uint64(1) << np.arange(64, dtype=np.uint64)
        zero = np.zeros(64, np.uint64)
        s0, s1 = np.concatenate([bits, zero]), np.concatenate([zero, bits])
        _jump_powers.append(_BitMatrix(*_jump_many(s0, s1)))
    while len(_jump_powers) <= k:
        _jump_powers.append(_jump_powers[-1].squared())
    return _jump_powers[k]


def _states_words(n, seed, subsequence_start):
    """uint64[n, 2]: generator 0 seeded and moved subsequence_start jumps on, generator i i
    jumps further."""
    z = _splitmix64(seed)
    s0, s1 = np.array([z], np.uint64), np.array([z], np.uint64)
    k, rest = 0, subsequence_start
    while rest:
        if rest & 1:
            s0, s1 = _jump_power(k).apply(s0, s1)
        rest >>= 1
        k += 1
    out = np.empty((n, 2), np.uint64)
    if n == 0:
        return out
    out[0, 0], out[0, 1] = s0[0], s1[0]
    done, k = 1, 0
    while done < n:   # rows [done, 2 * done) are rows [0, done) moved `done` = 2**k jumps on
        take = min(done, n - done)
        out[done:done + take, 0], out[done:done + take, 1] = _jump_power(k).apply(out[:take, 0], out[:take, 1])
        done += take
        k += 1
    return out


def _uint64_arg(what, v):
    """A seed or subsequence number as numba's uint64(v) makes it from a Python number."""
    if isinstance(v, (float, np.floating)):
        if not (0 <= v < 2.0 ** 64):
            raise ValueError(f"{what} must lie in [0, 2**64) (got {v})")
        return int(v)
    try:
        i = operator.index(v)
    except TypeError:
        raise TypeError(f"{what} must be an integer (got {type(v).__name__})") from None
    if not -(1 << 63) <= i < (1 << 64):
        raise ValueError(f"{what} must be a 64-bit integer (got {i})")
    return i & _M64


def _subsequence_arg(v):
    try:
        i = operator.index(v)
    except TypeError:
        raise TypeError(f"subsequence_start must be an integer (got {type(v).__name__})") from None
    if not 0 <= i < (1 << 64):
        raise ValueError(f"subsequence_start must lie in [0, 2**64) (got {i})")
    return i


def init_xoroshiro128p_states_cpu(states, seed, subsequence_start=0):
    """Fill a host array of xoroshiro128p_dtype records (a NumPy array) with the initial states."""
    if not isinstance(states, np.ndarray) or states.dtype != xoroshiro128p_dtype or states.ndim != 1:
        raise TypeError("states must be a 1-D NumPy array of xoroshiro128p_dtype")
    words = _states_words(len(states), _uint64_arg("seed", seed), _subsequence_arg(subsequence_start))
    states["s0"] = words[:, 0]
    states["s1"] = words[:, 1]


# ---- the states array ------------------------------------------------------------------------------

_BASE_SHAPE = _core.ArrayBase.shape      # the extents and strides kernels see: (n, 2)
_BASE_STRIDES = _core.ArrayBase.strides


def _check_stream(stream):
    if stream and not isinstance(stream, _core.Stream):
        raise TypeError(f"stream must be a stream from cuda.stream() or 0 (got {type(stream).__name__})")


class Xoroshiro128pStates(DeviceNDArray):
    """Random number generator states on the device, as numba's: a 1-D device array of
    xoroshiro128p_dtype records on the host; kernels receive it as uint64[n, 2]."""

    def __init__(self, n, stream=0, _words=None):
        if _words is None:
            super().__init__((int(n), 2), None, np.uint64, stream=stream)
        else:
            super().__init__(_words.shape, _words.strides, np.uint64, stream=stream, gpu_data=_words.gpu_data,
                             _address=_words._address)
        self.dtype = xoroshiro128p_dtype

    @property
    def shape(self):
        return (_BASE_SHAPE.__get__(self)[0],)

    @property
    def strides(self):
        return (_BASE_STRIDES.__get__(self)[0],)

    def _words(self):
        """The same memory as a device array of uint64[n, 2] (what kernels see)."""
        return DeviceNDArray(_BASE_SHAPE.__get__(self), _BASE_STRIDES.__get__(self), np.uint64,
                             gpu_data=self._owner, _address=self._address, _device=self._device_id)

    def __repr__(self):
        return f"<pyjitc DeviceNDArray shape={self.shape} dtype=xoroshiro128p_dtype (random states)>"

    @property
    def __cuda_array_interface__(self):
        cai = self._words().__cuda_array_interface__
        cai.update(shape=self.shape, strides=None if self.is_c_contiguous() else self.strides,
                   typestr=self.dtype.str, descr=self.dtype.descr)
        return cai

    def copy_to_host(self, ary=None, stream=0, out=None):
        """A NumPy array of xoroshiro128p_dtype records (into `ary` when given)."""
        ary = out if ary is None else ary
        if ary is None:
            ary = np.empty(self.shape, xoroshiro128p_dtype)
        elif not isinstance(ary, np.ndarray) or ary.dtype != xoroshiro128p_dtype or ary.shape != self.shape:
            raise ValueError(f"copy_to_host needs a NumPy array of xoroshiro128p_dtype and shape {self.shape}")
        if ary.flags.c_contiguous:
            self._words().copy_to_host(ary.view(np.uint64).reshape(len(ary), 2), stream=stream)
        else:
            ary[...] = self._words().copy_to_host(stream=stream).view(xoroshiro128p_dtype)[:, 0]
        return ary

    def copy_to_device(self, ary, stream=0):
        """Copy states from another states array or a host array of xoroshiro128p_dtype records."""
        if isinstance(ary, Xoroshiro128pStates):
            if ary.shape != self.shape:
                raise ValueError(f"shape mismatch: {ary.shape} into {self.shape}")
            self._words().copy_to_device(ary._words(), stream=stream)
            return
        host = np.asarray(ary)
        if host.dtype != xoroshiro128p_dtype:
            raise TypeError(f"random states are copied from arrays of xoroshiro128p_dtype, not {host.dtype}")
        host = np.ascontiguousarray(np.broadcast_to(host, self.shape), dtype=xoroshiro128p_dtype)
        self._words().copy_to_device(host.view(np.uint64).reshape(len(host), 2), stream=stream)

    def __getitem__(self, index):
        view = self._view(index)
        return view.copy_to_host()[0] if isinstance(index, (int, np.integer)) else view

    def __setitem__(self, index, value):
        self._view(index).copy_to_device(value)

    def _view(self, index):
        if isinstance(index, tuple) and len(index) == 1:
            index = index[0]
        if isinstance(index, (int, np.integer)):
            n = self.shape[0]
            i = int(index) + (n if index < 0 else 0)
            if not 0 <= i < n:
                raise IndexError(f"index {int(index)} is out of bounds for axis 0 with size {n}")
            index = slice(i, i + 1)
        if not isinstance(index, slice):
            raise IndexError("random states are indexed by an integer or a slice")
        return Xoroshiro128pStates(0, self.stream, _words=self._words()[index])

    def reshape(self, *shape, order="C"):
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        if tuple(shape) not in ((self.shape[0],), (-1,)):
            raise ValueError(f"random states are 1-D: cannot reshape {self.shape} into {tuple(shape)}")
        return self

    def ravel(self, order="C"):
        return self

    def transpose(self, axes=None):
        return self

    def copy(self):
        out = Xoroshiro128pStates(self.shape[0], self.stream)
        out.copy_to_device(self)
        return out


def _is_states_dtype(dtype):
    try:
        return np.dtype(dtype) == xoroshiro128p_dtype
    except TypeError:
        return False


# cuda.device_array, device_array_like and to_device: those of _devicearray, which also make
# states arrays for xoroshiro128p_dtype, as numba's device arrays of records do

def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    if not _is_states_dtype(dtype):
        return _devicearray.device_array(shape, dtype, strides, order, stream)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    if len(shape) != 1:
        raise ValueError(f"an array of xoroshiro128p_dtype (random states) is 1-D, not of shape {shape}")
    return Xoroshiro128pStates(operator.index(shape[0]), stream)


def device_array_like(ary, stream=0):
    if _is_states_dtype(ary.dtype):
        return device_array(ary.shape, ary.dtype, stream=stream)
    return _devicearray.device_array_like(ary, stream)


def to_device(obj, stream=0, copy=True, to=None):
    if to is None and isinstance(obj, np.ndarray) and _is_states_dtype(obj.dtype):
        states = device_array(obj.shape, obj.dtype, stream=stream)
        states.copy_to_device(obj, stream=stream)
        return states
    return _devicearray.to_device(obj, stream, copy, to)


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Initialise the states array for generators subsequence_start, subsequence_start + 1, ...
    of `seed` (each 2**64 draws on from the one before), computed on the host and copied."""
    if not isinstance(states, Xoroshiro128pStates):
        raise TypeError("states must be an array of xoroshiro128p_dtype on the device (from "
                        "create_xoroshiro128p_states or cuda.device_array(n, dtype=xoroshiro128p_dtype))")
    _check_stream(stream)
    words = _states_words(states.shape[0], _uint64_arg("seed", seed), _subsequence_arg(subsequence_start))
    states._words().copy_to_device(words, stream=stream)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """A new device array of n generator states, initialised as init_xoroshiro128p_states does."""
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"n must be an integer (got {type(n).__name__})") from None
    if n < 0:
        raise ValueError(f"n must not be negative (got {n})")
    _check_stream(stream)
    seed, subsequence_start = _uint64_arg("seed", seed), _subsequence_arg(subsequence_start)
    states = Xoroshiro128pStates(n, stream)
    init_xoroshiro128p_states(states, seed, subsequence_start, stream)
    return states
