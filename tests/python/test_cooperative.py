"""Cooperative groups (numba's cuda.cg): g = cuda.cg.this_grid(); g.sync() waits for every thread
of the grid. Kernels whose phases read what other blocks wrote in the previous phase, checked
against NumPy; max_cooperative_grid_blocks; the error of a grid too large to run at once."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyjitc
from pyjitc import cuda, int64
from pyjitc.cuda import cg
from pyjitc.cuda.cg import this_grid

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


@cuda.jit
def smooth(a, tmp, steps):
    """`steps` rounds of neighbour averaging on a ring, spread over every thread of the grid."""
    g = cuda.cg.this_grid()
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    n = a.size
    for s in range(steps):
        for i in range(start, n, stride):
            tmp[i] = (a[(i - 1) % n] + a[i] + a[(i + 1) % n]) / 3.0
        g.sync()
        for i in range(start, n, stride):
            a[i] = tmp[i]
        g.sync()


def smooth_reference(a, steps):
    for _ in range(steps):
        a = (np.roll(a, 1) + a + np.roll(a, -1)) / 3.0
    return a


def test_neighbour_averaging_over_the_whole_grid(rng):
    a = rng.standard_normal(20011)
    tmp = np.zeros_like(a)
    d_a, d_tmp = cuda.to_device(a), cuda.to_device(tmp)
    smooth[1, 256](d_a, d_tmp, 0)  # compiles
    blocks = smooth.max_cooperative_grid_blocks(256)
    assert blocks >= 2
    want = a
    for launch in range(3):  # the barrier serves again in the next launch
        smooth[blocks, 256](d_a, d_tmp, 50)
        want = smooth_reference(want, 50)
        np.testing.assert_allclose(d_a.copy_to_host(), want, rtol=1e-13, atol=1e-13)
    assert not np.allclose(want, a)  # the rounds did change it


@cuda.jit(device=True)
def wait_for_grid(g):
    g.sync()


@cuda.jit
def minus_total(x, partial, out):
    """Block sums, then every thread reads every block's sum: out = 1000 * x - sum(x)."""
    s = cuda.shared.array(128, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    if t == 0:
        acc = 0
        for k in range(cuda.blockDim.x):
            acc += s[k]
        partial[cuda.blockIdx.x] = acc
    wait_for_grid(cg.this_grid())
    total = 0
    for b in range(cuda.gridDim.x):
        total += partial[b]
    if i < x.size:
        out[i] = x[i] * 1000 - total


def test_group_passed_to_a_device_function(rng):
    x = rng.integers(-1000, 1000, 1000)
    blocks = 8
    partial = np.zeros(blocks, dtype=np.int64)
    out = np.zeros_like(x)
    minus_total[blocks, 128](x, partial, out)
    np.testing.assert_array_equal(partial, [x[b * 128:(b + 1) * 128].sum() for b in range(blocks)])
    np.testing.assert_array_equal(out, x * 1000 - x.sum())


@cuda.jit
def mirror_2d(a, out):
    """A 2-D grid of 2-D blocks: each thread writes its own element, then reads the one mirrored
    through the centre, which another block wrote."""
    x, y = cuda.grid(2)
    h, w = a.shape
    a[y, x] = y * 1000 + x
    this_grid().sync()
    out[y, x] = a[h - 1 - y, w - 1 - x] - a[y, x]


def test_2d_grid_and_imported_this_grid():
    a = np.zeros((24, 40), dtype=np.int64)
    out = np.zeros_like(a)
    mirror_2d[(5, 3), (8, 8)](a, out)
    y, x = np.mgrid[0:24, 0:40]
    np.testing.assert_array_equal(a, y * 1000 + x)
    np.testing.assert_array_equal(out, (23 - y) * 1000 + (39 - x) - (y * 1000 + x))


@cuda.jit(debug=True)
def rotate_checked(a, out):
    i = cuda.grid(1)
    a[i] = i * i
    cuda.cg.this_grid().sync()
    out[i] = a[(i + 1) % a.size]


def test_debug_kernel_with_grid_sync():
    a = np.zeros(256, dtype=np.int64)
    out = np.zeros_like(a)
    rotate_checked[4, 64](a, out)
    np.testing.assert_array_equal(out, np.roll(np.arange(256) ** 2, -1))


def test_max_cooperative_grid_blocks():
    smooth[1, 32](np.zeros(4), np.zeros(4), 1)
    n = smooth.max_cooperative_grid_blocks(256)
    assert isinstance(n, int) and n > 0
    # the same number of threads in 1, 2 or 3 dimensions (numba's test)
    assert smooth.max_cooperative_grid_blocks((16, 16)) == n
    assert smooth.max_cooperative_grid_blocks((16, 4, 4)) == n
    overload = next(iter(smooth.overloads.values()))
    assert overload.max_cooperative_grid_blocks(256) == n
    assert overload.cooperative  # numba's flag: it synchronises its grid

    @cuda.jit
    def plain(a):
        a[0] = 1

    plain[1, 1](np.zeros(1))
    assert not next(iter(plain.overloads.values())).cooperative
    # larger blocks or more shared memory never allow more blocks
    assert smooth.max_cooperative_grid_blocks(1024) <= smooth.max_cooperative_grid_blocks(64)
    assert smooth.max_cooperative_grid_blocks(256, 32 * 1024) <= n
    with pytest.raises(ValueError, match="block"):
        smooth.max_cooperative_grid_blocks(0)
    with pytest.raises(ValueError, match="2048 threads"):
        smooth.max_cooperative_grid_blocks(2048)


def test_max_cooperative_grid_blocks_of_a_specialised_kernel():
    @cuda.jit
    def fresh(a, tmp):
        g = cuda.cg.this_grid()
        tmp[cuda.grid(1)] = a[cuda.grid(1)]
        g.sync()

    with pytest.raises(TypeError, match="not compiled yet"):
        fresh.max_cooperative_grid_blocks(128)
    special = fresh.specialize(np.zeros(8), np.zeros(8))
    assert special.max_cooperative_grid_blocks(128) > 0
    eager = cuda.jit("void(float64[:], float64[:])")(fresh.py_func)
    assert eager.max_cooperative_grid_blocks(128) == special.max_cooperative_grid_blocks(128)


@cuda.jit
def count_blocks(counts):
    """Every block adds 1 to counts[0] before the barrier and reads the total after it."""
    if cuda.threadIdx.x == 0:
        cuda.atomic.add(counts, 0, 1)
    cuda.cg.this_grid().sync()
    if cuda.threadIdx.x == 0:
        counts[cuda.blockIdx.x + 1] = counts[0]


def test_grid_too_large_is_a_cuda_error():
    count_blocks[1, 64](np.zeros(2, dtype=np.int64))  # the one variant that the launches below use
    n = count_blocks.max_cooperative_grid_blocks(64)
    counts = np.zeros(n + 2, dtype=np.int64)
    with pytest.raises(pyjitc.CudaError) as ei:
        count_blocks[n + 1, 64](counts)
    msg = str(ei.value)
    assert "kernel 'count_blocks'" in msg and "g.sync()" in msg, msg
    assert f"grid ({n + 1},1,1) has {n + 1} blocks" in msg, msg
    assert f"at most {n} blocks of (64,1,1) threads" in msg, msg
    assert not counts.any()  # nothing ran
    count_blocks[n, 64](counts)  # the largest grid runs: every block saw every other arrive
    np.testing.assert_array_equal(counts[:n + 1], n)


@cuda.jit
def no_grid_sync(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


def test_only_grid_sync_kernels_are_limited():
    no_grid_sync[1, 64](np.zeros(4, dtype=np.int64))
    n = no_grid_sync.max_cooperative_grid_blocks(64)
    a = np.zeros((n + 5) * 64, dtype=np.int64)
    no_grid_sync[n + 5, 64](a)  # a plain launch: no limit but the device's
    np.testing.assert_array_equal(a, np.arange(a.size))


@cuda.jit
def takes_the_grid_only(a):
    g = cuda.cg.this_grid()  # noqa: F841  (numba: taking the group alone makes the launch cooperative)
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 2 * i


def test_this_grid_alone_is_cooperative():
    a = np.zeros(256, dtype=np.int64)
    takes_the_grid_only[4, 64](a)
    np.testing.assert_array_equal(a, 2 * np.arange(256))
    assert all(o.cooperative for o in takes_the_grid_only.overloads.values())
    assert not any(o.cooperative for o in no_grid_sync.overloads.values())
    n = takes_the_grid_only.max_cooperative_grid_blocks(64)
    with pytest.raises(pyjitc.CudaError):  # as any cooperative launch: no more blocks than fit at once
        takes_the_grid_only[n + 1, 64](np.zeros((n + 1) * 64, dtype=np.int64))


def test_host_side_names():
    assert cuda.cg.this_grid is this_grid and cg is cuda.cg
    with pytest.raises(TypeError, match="inside a kernel"):
        cuda.cg.this_grid()


@cuda.jit
def block_one_leaves(a):
    g = cuda.cg.this_grid()
    if cuda.blockIdx.x == 1:
        return
    a[cuda.grid(1)] = 1
    g.sync()  # block 1 never comes
    a[cuda.grid(1)] += 1


@pytest.mark.skipif(ON_CUDA, reason="CUDA leaves it undefined: on a GPU the other blocks wait forever")
def test_a_block_that_never_arrives_is_an_error():
    with pytest.raises(ValueError) as ei:
        block_one_leaves[4, 32](np.zeros(128, dtype=np.int32))
    msg = str(ei.value)
    assert "test_cooperative.py:" in msg and "of kernel 'block_one_leaves' waits at this g.sync() for a block that " \
        "has finished" in msg, msg


PROGRAM = textwrap.dedent("""
    import numpy as np
    import pyjitc
    from pyjitc import cuda

    @cuda.jit
    def shift(a, out):
        i = cuda.grid(1)
        a[i] = 3 * i
        cuda.cg.this_grid().sync()
        out[i] = a[(i + 64) % a.size]

    a = np.zeros(64 * 8, dtype=np.int64)
    out = np.zeros_like(a)
    shift[8, 64](a, out)
    assert np.array_equal(out, np.roll(3 * np.arange(a.size), -64)), out[:8]
    n = shift.max_cooperative_grid_blocks(64)
    try:
        shift[n + 1, 64](np.zeros((n + 1) * 64, dtype=np.int64), np.zeros((n + 1) * 64, dtype=np.int64))
    except pyjitc.CudaError as e:
        assert "g.sync()" in str(e), e
    else:
        raise AssertionError("a grid of max + 1 blocks was launched")
    print("ok", sum(k.times["total"] for k in shift.overloads.values()))
""")


@pytest.mark.skipif(not ON_CUDA, reason="the on-disk cache of compiled kernels is the GPU's")
def test_a_cached_kernel_is_still_launched_cooperatively(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(PROGRAM)
    env = dict(os.environ, PYJITC_CACHE_DIR=str(tmp_path / "cache"))
    compiled = []
    for _ in range(2):
        r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr
        compiled.append(float(r.stdout.split()[1]))
    assert compiled[0] > 0 and compiled[1] == 0  # the second process took the kernel from the cache
