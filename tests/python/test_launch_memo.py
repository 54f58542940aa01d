"""A loop of launches repeats the launcher's previous GPU launch when its arguments are the same
(python/launcher.c, pj_launcher_replay: the same device arrays, scalars of the same values, and the
plan of runtime/device.c with the parameters packed), and `kernel[config]` finds its launcher in C
(pj_dispatch_subscript). Every change a program can make between two launches must reach the
kernel: another array, a view, an array made at a freed one's address, a scalar's new value or
type, a Python int past int32, another configuration, a pre-launch callback, another thread,
another context made current.

The first tests run kernels in every style a numba program loops over them and check the results
against NumPy (on the CPU executor, and on the GPU where the memo serves). The stand-in driver of
tests/unit/fake_libcuda.c (PJ_FAKE_LIBCUDA, set by tests/tests.cmake) shows the GPU's side where
there is no GPU: the parameters each launch passed to cuLaunchKernel."""
import ctypes
import os
import struct
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from pyjitc import cuda

FAKE = os.environ.get("PJ_FAKE_LIBCUDA")


@cuda.jit
def axpy(out, x, a, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a * x[i] + out[i]


def test_a_loop_of_launches_follows_every_argument():
    n = 1000
    rng = np.random.default_rng(7)
    hosts = [rng.integers(0, 10, n).astype(np.float32) for _ in range(3)]
    xs = [cuda.to_device(h) for h in hosts]
    out = cuda.to_device(np.zeros(n, np.float32))
    ref = np.zeros(n, np.float32)
    threads = 128
    for step in range(90):
        j = (step // 7) % 3            # the same array for a few launches, then another
        a = np.float32((step // 3) % 4)  # a new NumPy scalar each launch, its value changing every third
        m = n if step % 5 else n // 3   # a Python int changing now and then
        axpy[(n + threads - 1) // threads, threads](out, xs[j], a, m)
        ref[:m] += a * hosts[j][:m]
    np.testing.assert_array_equal(out.copy_to_host(), ref)


def test_arrays_made_afresh_each_launch_and_views():
    n = 256
    out = cuda.to_device(np.zeros(n, np.float32))
    ref = np.zeros(n, np.float32)
    launch = axpy[2, 128]  # one launcher, kept, as some programs keep it
    for step in range(40):
        size = n if step % 2 else n // 2  # a freed array's address may serve the next, of another size
        h = np.full(size, step % 5, np.float32)
        x = cuda.to_device(h)
        launch(out, x, 1.0, size)
        ref[:size] += h
        del x
    base = cuda.to_device(np.arange(n, dtype=np.float32))
    for offset in (0, 3, 3, 10):  # views of one array: each its own start
        launch(out, base[offset:], 2.0, n - offset)
        ref[:n - offset] += 2.0 * np.arange(offset, n, dtype=np.float32)
    np.testing.assert_array_equal(out.copy_to_host(), ref)


def test_a_scalar_of_another_type_or_past_int32():
    n = 64
    out = cuda.to_device(np.zeros(n, np.float64))
    x = cuda.to_device(np.arange(n, dtype=np.float64))
    ref = np.zeros(n)
    for a, m in [(2, n), (2, n), (2.5, n), (np.float32(0.5), n), (True, n), (3, 2**40), (3, 2**40), (1, 10)]:
        axpy[1, 64](out, x, a, m)
        ref[:min(m, n)] += float(a) * np.arange(min(m, n))
    np.testing.assert_array_equal(out.copy_to_host(), ref)


def test_configurations_given_as_variables_and_constants():
    n = 300
    out = cuda.to_device(np.zeros(n, np.float32))
    x = cuda.to_device(np.ones(n, np.float32))
    blocks, threads = 3, 128
    for step in range(6):
        axpy[blocks, threads](out, x, 1.0, n)  # a new tuple each time, equal to the first
        axpy[(3, 1), (128,)](out, x, 1.0, n)
        axpy[blocks, threads, 0](out, x, 1.0, n)
        axpy[1, 128](out, x, 1.0, n)  # covers the first 128 only
        axpy[[blocks], [threads]](out, x, 1.0, n)  # lists: unhashable, found afresh each time
    expect = np.full(n, 24.0, np.float32)
    expect[:128] += 6
    np.testing.assert_array_equal(out.copy_to_host(), expect)
    with pytest.raises(TypeError):
        axpy[3.0, 128](out, x, 1.0, n)  # equal to (3, 128), but a float grid: refused, as numba does


def test_pre_launch_callbacks_run_at_every_launch():
    out = cuda.to_device(np.zeros(32, np.float32))
    x = cuda.to_device(np.ones(32, np.float32))
    launch = axpy[1, 32]
    launch(out, x, 1.0, 32)
    launch(out, x, 1.0, 32)
    calls = []
    launch.pre_launch_callbacks.append(lambda kernel, config: calls.append(config))
    for _ in range(3):
        launch(out, x, 1.0, 32)
    assert len(calls) == 3 and all(c is launch for c in calls)
    launch.pre_launch_callbacks.clear()
    launch(out, x, 1.0, 32)
    assert len(calls) == 3
    np.testing.assert_array_equal(out.copy_to_host(), np.full(32, 6.0, np.float32))


def test_launches_from_threads():
    n = 128
    outs = [cuda.to_device(np.zeros(n, np.float32)) for _ in range(4)]
    x = cuda.to_device(np.ones(n, np.float32))
    launch = axpy[1, n]
    errors = []

    def work(out):
        try:
            for _ in range(25):
                launch(out, x, 1.0, n)
            cuda.synchronize()
        except Exception as e:  # reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(o,)) for o in outs]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    for o in outs:
        np.testing.assert_array_equal(o.copy_to_host(), np.full(n, 25.0, np.float32))


def test_a_failing_argument_after_a_loop_is_reported():
    out = cuda.to_device(np.zeros(16, np.float32))
    x = cuda.to_device(np.ones(16, np.float32))
    for _ in range(3):
        axpy[1, 16](out, x, 1.0, 16)
    with pytest.raises(OverflowError, match="argument 4"):
        axpy[1, 16](out, x, 1.0, 2**70)
    with pytest.raises(Exception, match="takes 4 arguments, got 3"):
        axpy[1, 16](out, x, 1.0)
    axpy[1, 16](out, x, 1.0, 16)
    np.testing.assert_array_equal(out.copy_to_host(), np.full(16, 4.0, np.float32))


def test_cupy_arrays_in_a_loop_of_launches():
    """CuPy arrays are compared by value (pointer, dtype, shape, strides): an array reshaped in
    place, a view, a new array at a freed one's address must each reach the kernel."""
    cp = pytest.importorskip("cupy")
    if not cuda.is_available():
        pytest.skip("CuPy arrays need a GPU")
    n = 512
    out = cp.zeros(n, dtype=cp.float32)
    ref = np.zeros(n, np.float32)
    x = cp.arange(n, dtype=cp.float32)
    hx = np.arange(n, dtype=np.float32)
    for _ in range(3):
        axpy[4, 128](out, x, 1.0, n)  # the same arrays: repeated
        ref += hx
    for offset in (0, 5, 5, 40):
        axpy[4, 128](out, x[offset:], 2.0, n - offset)  # a new view each time
        ref[:n - offset] += 2.0 * hx[offset:]
    y = cp.ones(n, dtype=cp.float32)
    axpy[4, 128](out, y, 1.0, n)
    ref += 1.0
    y.shape = (n // 2, 2)  # reshaped in place: a 2-D array now, another kernel
    with pytest.raises(Exception):
        axpy[4, 128](out, y, 1.0, n)
    y.shape = (n,)
    axpy[4, 128](out, y, 3.0, n)
    ref += 3.0
    for step in range(6):  # made afresh each launch, maybe at the freed one's address
        z = cp.full(n, step, dtype=cp.float32)
        axpy[4, 128](out, z, 1.0, n)
        ref += step
        del z
    np.testing.assert_array_equal(cp.asnumpy(out), ref)


STAND_IN = r"""
import ctypes, gc, os, struct, warnings
import numpy as np
from pyjitc import cuda
warnings.simplefilter("ignore")
fake = ctypes.CDLL(os.environ["PYJITC_LIBCUDA"])
fake.pj_fake_param.restype = ctypes.c_uint64
fake.pj_fake_record_params(6)

@cuda.jit
def axpy(out, x, a, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a * x[i] + out[i]

def ptr(arr):
    return arr.__cuda_array_interface__["data"][0]

def f64(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]

def launched(out, x, a, n, grid=1):
    before = fake.pj_fake_count(b"launch")
    axpy[grid, 32](out, x, a, n)
    assert fake.pj_fake_count(b"launch") == before + 1
    got = [fake.pj_fake_param(i) for i in range(6)]
    want = [ptr(out), out.size, ptr(x), x.size, f64(float(a)), n % 2**64]
    assert got == want, (got, want)
    assert fake.pj_fake_grid(0) == grid

out = cuda.to_device(np.zeros(16))
x = cuda.to_device(np.ones(16))
for _ in range(3):
    launched(out, x, 2.0, 16)                   # the same launch, repeated
launched(out, x, 1.0 + 2.0, 16)                 # a scalar's new value
launched(out, x, 3.0, 16)                       # equal, another object
launched(out, x, 3.0, 2**40)                    # past int32: the plain variant
launched(out, x, 3.0, 16)
for step in range(5):                           # a scalar changing at each launch: the plan takes it
    launched(out, x, 0.5 * step, 16 + step)
launched(out, x, -0.0, 16)                      # -0.0 is not 0.0
launched(out, x, 0.0, 16)
launched(out, x, 3.0, 2**31)                    # past int32 on a new value alone: the plain variant
launched(out, x, 3.0, 16)
launched(out, x, 3.0, 16, grid=2)               # another configuration
y = cuda.to_device(np.ones(16))
launched(out, y, 3.0, 16)                       # another array
launched(out, y[4:], 3.0, 12)                   # a view
launched(out, y, 3.0, 16)
old = id(y)
del y
z = cuda.device_array(40)                       # perhaps at y's address: told apart by its serial
launched(out, z, 3.0, 16)
print("reused" if id(z) == old else "fresh")
z.__init__(8)                                   # made again in place: a new serial
launched(out, z, 3.0, 16)
launch = axpy[1, 32]
sets = fake.pj_fake_count(b"set_current")
fake.cuCtxSetCurrent(None)                      # no context current: the launch makes its own current again
launched(out, z, 3.0, 16)
assert fake.pj_fake_count(b"set_current") == sets + 2
launch.forget()
launched(out, z, 3.0, 16)

@cuda.jit
def cz(out, z):
    out[0] = z.imag

fake.pj_fake_record_params(4)                   # out (pointer, extent), z (real, imaginary)
for z in (complex(1, 0.0), complex(1, 0.0), complex(1, -0.0), complex(1, 0.0), 2.5j, complex(-3, 4)):
    cz[1, 1](out, z)                            # -0.0 is not 0.0: the imaginary part's bits count
    assert fake.pj_fake_param(3) == f64(z.imag), (z, hex(fake.pj_fake_param(3)))
print("ok")
"""


RACE = r"""
import enum, sys, threading, warnings
import numpy as np
from pyjitc import cuda
warnings.simplefilter("ignore")

class Mode(enum.Enum):  # read through a Python hook, during which another thread may run
    A = 1
    B = 2

@cuda.jit
def km(out, x, m):
    out[0] = x[0] + m

out = cuda.to_device(np.zeros(4))
xs = [cuda.to_device(np.ones(4)) for _ in range(2)]
launch = km[1, 64]
sys.setswitchinterval(1e-6)

def work(x, mode):
    for _ in range(5000):
        launch(out, x, mode)  # one launcher, two threads, other arguments each

threads = [threading.Thread(target=work, args=(xs[0], Mode.A)), threading.Thread(target=work, args=(xs[1], Mode.B))]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("ok")
"""


def run_stand_in(program):
    env = {k: v for k, v in os.environ.items() if k not in ("PYJITC_TARGET", "PYJITC_WARMUP")}
    env.update(PYJITC_LIBCUDA=FAKE, PYJITC_CACHE="0", PYTHONWARNINGS="ignore")
    r = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.split()


needs_stand_in = pytest.mark.skipif(not FAKE or not os.path.exists(FAKE),
                                    reason="the stand-in driver is built with the tests")


@needs_stand_in
def test_the_parameters_each_launch_passes_to_the_driver():
    lines = run_stand_in(STAND_IN)
    assert lines[-1] == "ok" and lines[0] in ("reused", "fresh"), lines


@needs_stand_in
def test_one_launcher_shared_by_threads_whose_arguments_run_python():
    assert run_stand_in(RACE) == ["ok"]
