"""pyjitc.cuda.random (numba.cuda.random): xoroshiro128+ generators, their states and draws,
checked bit for bit against a plain-Python implementation of numba-cuda's algorithm written
here (integers masked to 64 bits), and on a GPU against numba-cuda itself."""
import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyjitc
from pyjitc import cuda
import pyjitc.cuda.random as pj_random
from pyjitc.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_state, init_xoroshiro128p_states,
                                init_xoroshiro128p_states_cpu, rotl, xoroshiro128p_dtype, xoroshiro128p_jump,
                                xoroshiro128p_next, xoroshiro128p_normal_float32, xoroshiro128p_normal_float64,
                                xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"

# ---------------------------------------------------------------- the reference, in plain Python

MASK = 0xFFFFFFFFFFFFFFFF


def ref_seed_state(seed):
    """splitmix64 of the seed; both words of the state take it."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return [z, z]


def ref_rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


def ref_next(st):
    """xoroshiro128+: returns s0 + s1 and steps the state (a list of two ints) in place."""
    s0, s1 = st
    out = (s0 + s1) & MASK
    s1 ^= s0
    st[0] = ref_rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK)
    st[1] = ref_rotl(s1, 36)
    return out


def ref_jump(st):
    """2**64 steps on: XOR of the states at the set bits of the jump polynomial."""
    acc = [0, 0]
    for word in (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922):
        for b in range(64):
            if word & (1 << b):
                acc[0] ^= st[0]
                acc[1] ^= st[1]
            ref_next(st)
    st[0], st[1] = acc


def ref_states(n, seed, start=0):
    """numba's init_xoroshiro128p_states_cpu, step by step."""
    st = ref_seed_state(seed & MASK)
    for _ in range(start):
        ref_jump(st)
    out = []
    for i in range(n):
        if i:
            st = list(st)
            ref_jump(st)
        out.append(list(st))
    return out


def ref_uniform64(x):
    return (x >> 11) * 2.0 ** -53


def ref_draws(states, count, kind):
    """count draws of `kind` for each state (in place), as an array [thread, draw]."""
    dtype = np.float32 if kind.endswith("32") else np.float64
    out = np.empty((len(states), count), dtype)
    for t, st in enumerate(states):
        for d in range(count):
            if kind == "uniform64":
                out[t, d] = ref_uniform64(ref_next(st))
            elif kind == "uniform32":
                out[t, d] = np.float32(ref_uniform64(ref_next(st)))
            else:
                u1 = np.float32(ref_uniform64(ref_next(st)))
                u2 = np.float32(ref_uniform64(ref_next(st)))
                log_u1 = np.log(u1)  # a float32 logarithm in both kinds, as numba computes it
                if kind == "normal32":
                    out[t, d] = np.sqrt(np.float32(-2.0) * log_u1) * np.cos(np.float32(2 * math.pi) * u2)
                else:
                    out[t, d] = (np.sqrt(-2.0 * np.float64(log_u1))
                                 * np.cos(np.float64(2 * math.pi) * np.float64(u2)))
    return out


def words(states):
    """[[s0, s1], ...] of a states array, read back from the device."""
    h = states.copy_to_host()
    return [[int(a), int(b)] for a, b in zip(h["s0"], h["s1"])]


# ---------------------------------------------------------------- kernels

@cuda.jit
def draw_uniform32(states, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        for d in range(out.shape[1]):
            out[t, d] = xoroshiro128p_uniform_float32(states, t)


@cuda.jit
def draw_uniform64(states, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        for d in range(out.shape[1]):
            out[t, d] = xoroshiro128p_uniform_float64(states, t)


@cuda.jit
def draw_normal32(states, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        for d in range(out.shape[1]):
            out[t, d] = xoroshiro128p_normal_float32(states, t)


@cuda.jit
def draw_normal64(states, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        for d in range(out.shape[1]):
            out[t, d] = xoroshiro128p_normal_float64(states, t)


KERNELS = {"uniform32": (draw_uniform32, np.float32), "uniform64": (draw_uniform64, np.float64),
           "normal32": (draw_normal32, np.float32), "normal64": (draw_normal64, np.float64)}


def draw(kind, states, threads, count):
    kernel, dtype = KERNELS[kind]
    out = np.zeros((threads, count), dtype)
    kernel[(threads + 31) // 32, 32](states, out)
    return out


# ---------------------------------------------------------------- initial states

@pytest.mark.parametrize("n,seed,start", [(16, 1, 0), (9, 12345, 3), (5, -1, 0), (3, 2 ** 64 - 1, 1), (1, 0, 7),
                                          (33, 2 ** 63 + 11, 2)])
def test_initial_states_match_reference(n, seed, start):
    states = create_xoroshiro128p_states(n, seed=seed, subsequence_start=start)
    assert words(states) == ref_states(n, seed, start)


def test_states_look_like_numbas():
    states = create_xoroshiro128p_states(10, seed=1)
    assert cuda.is_device_array(states)
    assert states.shape == (10,) and len(states) == 10 and states.size == 10 and states.ndim == 1
    assert states.dtype == xoroshiro128p_dtype and states.dtype.names == ("s0", "s1")
    assert states.strides == (16,) and states.itemsize == 16 and states.nbytes == 160
    assert states.is_c_contiguous()
    h = states.copy_to_host()
    assert isinstance(h, np.ndarray) and h.dtype == xoroshiro128p_dtype and h.shape == (10,)
    assert len(np.unique(h)) == 10
    rec = states[3]
    assert (int(rec["s0"]), int(rec["s1"])) == (int(h[3]["s0"]), int(h[3]["s1"]))
    assert words(states[-2:]) == words(states)[-2:]
    into = np.zeros(10, xoroshiro128p_dtype)
    assert states.copy_to_host(into) is into
    np.testing.assert_array_equal(into, h)


def test_subsequence_start_shifts_the_generators():
    s1 = create_xoroshiro128p_states(10, seed=1).copy_to_host()
    s2 = create_xoroshiro128p_states(10, seed=1, subsequence_start=3).copy_to_host()
    np.testing.assert_array_equal(s1[3:], s2[:-3])


def test_large_subsequence_start():
    """A start far beyond stepping one jump at a time, against the jump as a 128x128 bit matrix
    (columns: the images of one-bit states) raised to the power by squaring, in Python ints."""
    def apply(cols, v):
        out, k = 0, 0
        while v:
            if v & 1:
                out ^= cols[k]
            v >>= 1
            k += 1
        return out

    cols = []
    for k in range(128):
        st = [(1 << k) & MASK, (1 << k) >> 64]
        ref_jump(st)
        cols.append(st[0] | (st[1] << 64))
    start = 2 ** 33 + 5
    z = ref_seed_state(7)
    v = z[0] | (z[1] << 64)
    e, power = start, cols
    while e:
        if e & 1:
            v = apply(power, v)
        power = [apply(power, c) for c in power]
        e >>= 1
    expect = [[v & MASK, v >> 64]]
    for _ in range(2):
        st = list(expect[-1])
        ref_jump(st)
        expect.append(st)
    assert words(create_xoroshiro128p_states(3, seed=7, subsequence_start=start)) == expect


def test_init_into_existing_arrays_and_streams():
    expect = ref_states(12, 99, 2)
    states = cuda.device_array(12, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(states, 99, subsequence_start=2)
    assert words(states) == expect
    stream = cuda.stream()
    s2 = create_xoroshiro128p_states(12, seed=99, subsequence_start=2, stream=stream)
    stream.synchronize()
    assert words(s2) == expect
    s3 = cuda.device_array_like(s2)
    assert s3.dtype == xoroshiro128p_dtype and s3.shape == (12,)
    init_xoroshiro128p_states(s3, 99, 2, stream)
    stream.synchronize()
    assert words(s3) == expect
    host = np.empty(12, xoroshiro128p_dtype)
    init_xoroshiro128p_states_cpu(host, 99, 2)
    assert [[int(a), int(b)] for a, b in host] == expect
    assert words(cuda.to_device(host)) == expect
    assert words(create_xoroshiro128p_states(0, seed=1)) == []


def test_same_seed_same_states_different_seed_different():
    a = create_xoroshiro128p_states(64, seed=5).copy_to_host()
    b = create_xoroshiro128p_states(64, seed=5).copy_to_host()
    c = create_xoroshiro128p_states(64, seed=6).copy_to_host()
    np.testing.assert_array_equal(a, b)
    assert not np.any(a == c)


# ---------------------------------------------------------------- draws

@pytest.mark.parametrize("kind", ["uniform32", "uniform64"])
def test_uniform_draws_bit_exact(kind):
    threads, count = 8, 1000
    states = create_xoroshiro128p_states(threads, seed=1234, subsequence_start=1)
    got = draw(kind, states, threads, count)
    ref = ref_states(threads, 1234, 1)
    expect = ref_draws(ref, count, kind)
    np.testing.assert_array_equal(got.view(np.uint32 if kind.endswith("32") else np.uint64),
                                  expect.view(np.uint32 if kind.endswith("32") else np.uint64))
    assert words(states) == ref  # each draw stepped its generator once


@pytest.mark.parametrize("kind", ["normal32", "normal64"])
def test_normal_draws_match_reference(kind):
    """The uniforms and the states are exact; log, cos and sqrt are the platform's (libdevice on
    the GPU, libm on the CPU, NumPy's here), which may differ in the last bits."""
    threads, count = 8, 1000
    states = create_xoroshiro128p_states(threads, seed=77)
    got = draw(kind, states, threads, count)
    ref = ref_states(threads, 77)
    expect = ref_draws(ref, count, kind)
    if kind == "normal32":
        np.testing.assert_allclose(got, expect, rtol=1e-6, atol=1e-6)
    else:  # float64 arithmetic on a float32 logarithm: a few float32 ulps at most
        np.testing.assert_allclose(got, expect, rtol=4e-7, atol=1e-9)
    assert words(states) == ref  # two steps per draw


def test_uniform_statistics():
    threads, count = 1024, 1024
    for kind in ("uniform32", "uniform64"):
        states = create_xoroshiro128p_states(threads, seed=2024)
        x = draw(kind, states, threads, count).ravel().astype(np.float64)
        assert x.min() >= 0.0 and x.max() <= 1.0 and (kind == "uniform32" or x.max() < 1.0)
        assert abs(x.mean() - 0.5) < 2e-3
        assert abs(x.var() - 1 / 12) < 1e-3
        counts = np.histogram(x, bins=16, range=(0.0, 1.0))[0]
        assert np.all(np.abs(counts / (x.size / 16) - 1) < 0.02)
        if kind == "uniform64":  # float32 has 2**23 values in [0.5, 1): repeats are expected there
            assert len(np.unique(x)) == x.size


def test_normal_statistics():
    threads, count = 1024, 1024
    for kind in ("normal32", "normal64"):
        states = create_xoroshiro128p_states(threads, seed=11)
        x = draw(kind, states, threads, count).ravel().astype(np.float64)
        assert np.all(np.isfinite(x))
        assert abs(x.mean()) < 5e-3
        assert abs(x.var() - 1.0) < 1e-2
        assert abs(np.mean(np.abs(x) < 1.0) - 0.6827) < 3e-3  # the normal's mass within 1 sigma


def test_threads_draw_different_streams_and_repeat_with_the_seed():
    threads, count = 64, 200
    a = draw("uniform64", create_xoroshiro128p_states(threads, seed=3), threads, count)
    b = draw("uniform64", create_xoroshiro128p_states(threads, seed=3), threads, count)
    np.testing.assert_array_equal(a, b)
    assert len(np.unique(a)) == a.size  # no value shared between or within threads
    c = draw("uniform64", create_xoroshiro128p_states(threads, seed=4), threads, count)
    assert not np.any(a == c)


def test_states_carry_on_between_launches_and_restore():
    states = create_xoroshiro128p_states(8, seed=10)
    saved = states.copy_to_host()
    first = draw("uniform32", states, 8, 50)
    second = draw("uniform32", states, 8, 50)
    ref = ref_states(8, 10)
    expect = ref_draws(ref, 100, "uniform32")
    np.testing.assert_array_equal(np.hstack([first, second]), expect)
    states.copy_to_device(saved)  # a checkpoint put back gives the same numbers again
    np.testing.assert_array_equal(draw("uniform32", states, 8, 50), first)
    copy = states.copy()
    np.testing.assert_array_equal(draw("uniform32", copy, 8, 50), second)
    states[2:4] = saved[6:8]  # generators 2 and 3 now replay 6 and 7
    part = draw("uniform32", states, 8, 50)
    np.testing.assert_array_equal(part[2:4], first[6:8])


def test_a_slice_of_the_states_goes_to_a_kernel():
    states = create_xoroshiro128p_states(12, seed=21)
    got = draw("uniform64", states[4:12:2], 4, 30)  # generators 4, 6, 8, 10 (a strided view)
    ref = ref_states(12, 21)
    expect = ref_draws([ref[i] for i in (4, 6, 8, 10)], 30, "uniform64")
    np.testing.assert_array_equal(got, expect)
    after = words(states)
    assert [after[i] for i in (4, 6, 8, 10)] == [ref[i] for i in (4, 6, 8, 10)]
    assert [after[i] for i in (5, 7, 9, 11)] == [ref_states(12, 21)[i] for i in (5, 7, 9, 11)]


@cuda.jit
def own_generators(states, seeds, out, jumps):
    """Seeds its own generators in the kernel, jumps, and reads raw 64-bit outputs."""
    t = cuda.grid(1)
    if t < out.shape[0]:
        init_xoroshiro128p_state(states, t, seeds[t])
        for j in range(jumps):
            xoroshiro128p_jump(states, t)
        for d in range(out.shape[1]):
            out[t, d] = xoroshiro128p_next(states, t)
        out[t, 0] = out[t, 0] ^ rotl(out[t, 1], 13)


def test_device_side_seed_jump_next_rotl():
    n, count = 6, 20
    states = cuda.device_array(n, dtype=xoroshiro128p_dtype)
    seeds = np.array([0, 1, -5, 2 ** 62, 12345, -(2 ** 63)], np.int64)
    out = np.zeros((n, count), np.uint64)
    own_generators[1, 32](states, seeds, out, 2)
    expect = np.zeros((n, count), np.uint64)
    for t in range(n):
        st = ref_seed_state(int(seeds[t]) & MASK)
        ref_jump(st)
        ref_jump(st)
        row = [ref_next(st) for _ in range(count)]
        row[0] ^= ref_rotl(row[1], 13)
        expect[t] = row
    np.testing.assert_array_equal(out, expect)


# ---------------------------------------------------------------- names and mistakes

GLOBAL_STATES = create_xoroshiro128p_states(6, seed=31)


@cuda.jit
def from_global_states(out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        out[t] = xoroshiro128p_uniform_float64(GLOBAL_STATES, t)


def test_states_as_a_global_and_specialize():
    """A kernel naming a states array as a global uses it in place (numba captures device arrays
    by reference); specialize() reads the type kernels see."""
    out = np.zeros(6)
    from_global_states[1, 32](out)
    ref = ref_states(6, 31)
    np.testing.assert_array_equal(out, ref_draws(ref, 1, "uniform64")[:, 0])
    assert words(GLOBAL_STATES) == ref
    states = create_xoroshiro128p_states(6, seed=31)
    special = draw_uniform64.specialize(states, np.zeros((6, 2)))
    out = np.zeros((6, 2))
    special[1, 32](states, out)
    np.testing.assert_array_equal(out, ref_draws(ref_states(6, 31), 2, "uniform64"))


@cuda.jit
def through_modules(states, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        out[t, 0] = cuda.random.xoroshiro128p_uniform_float64(states, t)
        out[t, 1] = pj_random.xoroshiro128p_uniform_float64(states, t)
        out[t, 2] = pyjitc.cuda.random.xoroshiro128p_uniform_float64(states, t)


def test_device_functions_through_the_module():
    """numba programs also write cuda.random.xoroshiro128p_...(states, i) in kernels."""
    states = create_xoroshiro128p_states(5, seed=8)
    out = np.zeros((5, 3))
    through_modules[1, 32](states, out)
    np.testing.assert_array_equal(out, ref_draws(ref_states(5, 8), 3, "uniform64"))


def test_names():
    assert pyjitc.cuda.random is pj_random
    assert cuda.random.create_xoroshiro128p_states is create_xoroshiro128p_states
    ns = {}
    exec("from pyjitc.cuda.random import *", ns)
    for name in ("xoroshiro128p_dtype", "create_xoroshiro128p_states", "init_xoroshiro128p_states",
                 "xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32",
                 "xoroshiro128p_normal_float64", "xoroshiro128p_next", "xoroshiro128p_jump", "rotl",
                 "init_xoroshiro128p_state"):
        assert name in ns
    assert pj_random.TWO_PI_FLOAT32 == np.float32(2 * math.pi)


def test_mistakes_are_reported():
    with pytest.raises(ValueError, match="n must not be negative"):
        create_xoroshiro128p_states(-1, seed=1)
    with pytest.raises(TypeError, match="seed must be an integer"):
        create_xoroshiro128p_states(4, seed="abc")
    with pytest.raises(ValueError, match="seed must be a 64-bit integer"):
        create_xoroshiro128p_states(4, seed=2 ** 64)
    with pytest.raises(ValueError, match="seed must lie in"):
        create_xoroshiro128p_states(4, seed=-1.5)
    with pytest.raises(ValueError, match="subsequence_start must lie in"):
        create_xoroshiro128p_states(4, seed=1, subsequence_start=-1)
    with pytest.raises(TypeError, match="stream"):
        create_xoroshiro128p_states(4, seed=1, stream="s")
    with pytest.raises(TypeError, match="states must be an array of xoroshiro128p_dtype"):
        init_xoroshiro128p_states(cuda.device_array((4, 2), np.uint64), 1)
    states = create_xoroshiro128p_states(4, seed=1)
    with pytest.raises(TypeError, match="xoroshiro128p_dtype"):
        states.copy_to_device(np.zeros(4, np.float64))
    with pytest.raises(ValueError, match="1-D"):
        cuda.device_array((2, 2), dtype=xoroshiro128p_dtype)
    with pytest.raises(IndexError):
        states[4]
    with pytest.raises(TypeError, match="only be called from a kernel"):
        xoroshiro128p_uniform_float32(states, 0)


def test_float_seed_truncates_as_numba_casts_it():
    assert words(create_xoroshiro128p_states(3, seed=42.9)) == ref_states(3, 42)


# ---------------------------------------------------------------- against numba-cuda, on a GPU

NUMBA_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    np.row_stack = np.vstack
    try:
        from numba import cuda
        from numba.cuda import random as nr
        if not cuda.is_available():
            raise ImportError("no GPU for numba")
    except ImportError as e:
        print(e)
        sys.exit(3)

    @cuda.jit
    def draws(states, u32, u64, n32, n64, raw):
        t = cuda.grid(1)
        if t < u32.shape[0]:
            for d in range(u32.shape[1]):
                u32[t, d] = nr.xoroshiro128p_uniform_float32(states, t)
                u64[t, d] = nr.xoroshiro128p_uniform_float64(states, t)
                n32[t, d] = nr.xoroshiro128p_normal_float32(states, t)
                n64[t, d] = nr.xoroshiro128p_normal_float64(states, t)
                raw[t, d] = nr.xoroshiro128p_next(states, t)

    out = {}
    for case, (n, seed, start) in enumerate(CASES):
        states = nr.create_xoroshiro128p_states(n, seed=seed, subsequence_start=start)
        h = states.copy_to_host()
        out[f"init{case}"] = np.stack([h["s0"], h["s1"]], axis=1)
        arrays = [np.zeros((n, COUNT), t) for t in (np.float32, np.float64, np.float32, np.float64, np.uint64)]
        draws[(n + 31) // 32, 32](states, *arrays)
        for name, a in zip(("u32", "u64", "n32", "n64", "raw"), arrays):
            out[f"{name}{case}"] = a
        h = states.copy_to_host()
        out[f"end{case}"] = np.stack([h["s0"], h["s1"]], axis=1)
    np.savez(sys.argv[1], **out)
""")

CASES = [(64, 42, 0), (40, 2 ** 62 + 5, 3), (33, 7, 1)]  # seeds numba's own init accepts (int64 range, >= 0)
COUNT = 200


@cuda.jit
def draws_all(states, u32, u64, n32, n64, raw):
    t = cuda.grid(1)
    if t < u32.shape[0]:
        for d in range(u32.shape[1]):
            u32[t, d] = xoroshiro128p_uniform_float32(states, t)
            u64[t, d] = xoroshiro128p_uniform_float64(states, t)
            n32[t, d] = xoroshiro128p_normal_float32(states, t)
            n64[t, d] = xoroshiro128p_normal_float64(states, t)
            raw[t, d] = xoroshiro128p_next(states, t)


@pytest.mark.skipif(not ON_CUDA, reason="compares with numba-cuda on a GPU")
def test_streams_equal_numba_cuda_bit_for_bit(tmp_path):
    path = tmp_path / "numba.npz"
    script = f"CASES = {CASES!r}\nCOUNT = {COUNT}\n" + NUMBA_SCRIPT
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYJITC")}
    r = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env,
                       timeout=600)
    if r.returncode == 3:
        pytest.skip(f"numba-cuda is not usable here: {r.stdout.strip()}")
    assert r.returncode == 0, r.stdout + r.stderr
    ref = np.load(path)
    for case, (n, seed, start) in enumerate(CASES):
        states = create_xoroshiro128p_states(n, seed=seed, subsequence_start=start)
        h = states.copy_to_host()
        np.testing.assert_array_equal(np.stack([h["s0"], h["s1"]], axis=1), ref[f"init{case}"])
        arrays = [np.zeros((n, COUNT), t) for t in (np.float32, np.float64, np.float32, np.float64, np.uint64)]
        draws_all[(n + 31) // 32, 32](states, *arrays)
        for name, a in zip(("u32", "u64", "n32", "n64", "raw"), arrays):
            want = ref[f"{name}{case}"]
            np.testing.assert_array_equal(a.view(np.uint8), want.view(np.uint8), err_msg=f"{name}, case {case}")
        h = states.copy_to_host()
        np.testing.assert_array_equal(np.stack([h["s0"], h["s1"]], axis=1), ref[f"end{case}"])
