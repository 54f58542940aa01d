"""An index out of bounds in a kernel on the CPU executor is an IndexError in the launching
thread, never the end of the process: the CPU executor checks every array index, with or without
debug=True (numba's simulator raises IndexError too). The error names the kernel, the line and
column, the index, the axis and its extent, and the thread and block; the next launch works.
What no GPU can hold (local arrays over 512 KiB a thread, static shared arrays over 48 KiB a
block) is refused when the kernel compiles, and a kernel accepted runs whatever the stack of the
thread that launches it.

On a GPU an index out of bounds is undefined, as in numba-cuda and CUDA C (an illegal address
ends the context: tests/python/test_gpu_fault.py), so the run-time checks here are the CPU
executor's; the compile-time limits hold on both targets."""
import os
import re
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from conftest import ON_CUDA
from pyjitc import cuda, float32, float64, int32

cpu_only = pytest.mark.skipif(ON_CUDA, reason="an index out of bounds on a GPU is undefined (an illegal address "
                              "ends the context: test_gpu_fault.py); these check the CPU executor's IndexError")
HERE = os.path.abspath(__file__)


def where(fn, text):
    """'FILE:LINE:COL' of the first line of fn's source holding text (the column of text)."""
    import inspect
    lines, first = inspect.getsourcelines(fn)
    for n, line in enumerate(lines):
        if text in line:
            return f"{HERE}:{first + n}:{line.index(text) + 1}"
    raise AssertionError(text)


def assert_index_error(info, index, axis, size, kernel, thread=None, block=None):
    msg = str(info.value)
    assert f"index {index} is out of bounds for axis {axis} with size {size} in kernel '{kernel}'" in msg, msg
    if thread is not None:
        assert f"thread ({thread[0]}, {thread[1]}, {thread[2]})" in msg, msg
    if block is not None:
        assert f"block ({block[0]}, {block[1]}, {block[2]})" in msg, msg
    return msg


def on_a_small_stack(work):
    """Runs work() in a thread with a 64 KiB stack, as threading.stack_size() can give one."""
    old = threading.stack_size(64 * 1024)
    try:
        t = threading.Thread(target=work)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)


@cuda.jit
def scatter(a, offset):
    i = cuda.grid(1)
    a[i + offset] = i


@cpu_only
@pytest.mark.parametrize("offset", [1 << 40, -(1 << 40), 4, 1])
def test_a_write_out_of_bounds_is_an_index_error_and_the_next_launch_works(offset):
    a = np.zeros(16)
    with pytest.raises(IndexError) as info:
        scatter[1, 16](a, offset)
    msg = str(info.value)
    assert msg.startswith(where(scatter.py_func, "a[i + offset]")), msg
    # the first thread to fail is named, with the index it used
    m = re.search(r"index (-?\d+) is out of bounds for axis 0 with size 16 in kernel 'scatter' "
                  r"\(thread \((\d+), 0, 0\), block \(0, 0, 0\)\)$", msg)
    assert m, msg
    index, thread = int(m.group(1)), int(m.group(2))
    assert index == thread + offset and not 0 <= index < 16, msg
    if offset == 1:  # exactly one thread is past the end
        assert thread == 15, msg
    b = np.zeros(16)
    scatter[1, 16](b, 0)
    np.testing.assert_array_equal(b, np.arange(16.0))


@cpu_only
def test_device_arrays_and_a_read_past_the_end():
    @cuda.jit
    def shift(src, dst):
        i = cuda.grid(1)
        if i < dst.size:
            dst[i] = src[i + 1]

    src = cuda.to_device(np.arange(32, dtype=np.float32))
    dst = cuda.device_array(32, np.float32)
    with pytest.raises(IndexError) as info:
        shift[4, 8](src, dst)
    assert_index_error(info, 32, 0, 32, "shift", thread=(7, 0, 0), block=(3, 0, 0))
    ok = cuda.to_device(np.arange(33, dtype=np.float32))
    shift[4, 8](ok, dst)
    np.testing.assert_array_equal(dst.copy_to_host(), np.arange(1, 33, dtype=np.float32))


@cpu_only
def test_each_axis_is_checked_not_only_the_flat_offset():
    @cuda.jit
    def fill(a):
        i, j = cuda.grid(2)
        if i < a.shape[0]:
            a[i, j] = i * 10 + j

    a = np.zeros((4, 4))
    with pytest.raises(IndexError) as info:
        fill[(1, 1), (4, 5)](a)  # j = 4 lands inside the buffer (row i + 1), but past axis 1
    assert_index_error(info, 4, 1, 4, "fill")
    fill[(1, 1), (4, 4)](a)
    np.testing.assert_array_equal(a, np.add.outer(np.arange(4) * 10, np.arange(4)).astype(float))


@cpu_only
def test_negative_indices_wrap_once_as_in_numpy():
    @cuda.jit
    def put(a, k, v):
        a[k] = v

    a = np.zeros(8)
    put[1, 1](a, -8, 3.0)
    put[1, 1](a, -1, 5.0)
    assert a[0] == 3.0 and a[7] == 5.0
    with pytest.raises(IndexError) as info:
        put[1, 1](a, -9, 1.0)
    assert_index_error(info, -9, 0, 8, "put")
    with pytest.raises(IndexError):
        put[1, 1](a, 8, 1.0)
    np.testing.assert_array_equal(a, [3, 0, 0, 0, 0, 0, 0, 5])


@cpu_only
def test_local_shared_and_atomic_accesses_are_checked():
    @cuda.jit
    def local_read(out, k):
        tmp = cuda.local.array(16, float64)
        for j in range(16):
            tmp[j] = j * 2
        i = cuda.grid(1)
        if i < out.size:
            out[i] = tmp[i + k]

    @cuda.jit
    def shared_read(a, k):
        tile = cuda.shared.array(32, float32)
        t = cuda.threadIdx.x
        tile[t] = a[t]
        cuda.syncthreads()
        a[t] = tile[t + k]

    @cuda.jit
    def count(bins, data):
        i = cuda.grid(1)
        if i < data.size:
            cuda.atomic.add(bins, data[i], 1)

    out = np.zeros(8)
    with pytest.raises(IndexError) as info:
        local_read[1, 8](out, 1_000_000)
    assert_index_error(info, 1_000_000, 0, 16, "local_read")
    local_read[1, 8](out, 3)
    np.testing.assert_array_equal(out, (np.arange(8) + 3) * 2.0)

    a = np.arange(32, dtype=np.float32)
    with pytest.raises(IndexError) as info:
        shared_read[1, 32](a, 1)
    assert_index_error(info, 32, 0, 32, "shared_read", thread=(31, 0, 0))
    a = np.arange(32, dtype=np.float32)
    shared_read[1, 32](a, 0)
    np.testing.assert_array_equal(a, np.arange(32, dtype=np.float32))

    bins = np.zeros(4, np.int32)
    data = np.array([0, 1, 2, 3, 9, 1], np.int32)
    with pytest.raises(IndexError) as info:
        count[1, 8](bins, data)
    assert_index_error(info, 9, 0, 4, "count", thread=(4, 0, 0))
    bins[:] = 0
    data[4] = 2
    count[1, 8](bins, data)
    np.testing.assert_array_equal(bins, np.bincount(data, minlength=4))


@cuda.jit(device=True)
def pick(a, i):
    return a[i]


@cpu_only
def test_device_functions_views_records_and_grid_stride_loops():
    @cuda.jit
    def gather(a, out, step):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = pick(a, i * step)

    @cuda.jit
    def tail(a):
        v = a[4:]
        v[cuda.grid(1)] = 1.0

    rec = np.dtype([("x", np.float64), ("n", np.int32)])

    @cuda.jit
    def setx(r, k):
        r[k].x = 2.5

    @cuda.jit
    def stride_copy(src, dst, n):
        for i in range(cuda.grid(1), n, cuda.gridsize(1)):
            dst[i] = src[i]

    a, out = np.arange(8.0), np.zeros(8)
    with pytest.raises(IndexError) as info:
        gather[1, 8](a, out, 2)
    msg = assert_index_error(info, 8, 0, 8, "gather", thread=(4, 0, 0))
    assert msg.startswith(where(pick.py_func, "a[i]")), msg
    gather[1, 8](np.arange(16.0), out, 2)
    np.testing.assert_array_equal(out, np.arange(0, 16, 2.0))

    with pytest.raises(IndexError) as info:
        tail[1, 8](np.zeros(8))  # the view has 4 elements; the array behind it has 8
    assert_index_error(info, 4, 0, 4, "tail", thread=(4, 0, 0))

    r = np.zeros(4, rec)
    with pytest.raises(IndexError) as info:
        setx[1, 1](r, 4)
    assert_index_error(info, 4, 0, 4, "setx")
    setx[1, 1](r, 3)
    assert list(r["x"]) == [0, 0, 0, 2.5]

    src, dst = np.arange(100, dtype=np.int32), np.zeros(100, np.int32)
    with pytest.raises(IndexError):
        stride_copy[2, 16](src, dst, 130)
    stride_copy[2, 16](src, dst, 100)
    np.testing.assert_array_equal(dst, src)


@cpu_only
def test_an_eager_signature_and_a_debug_kernel_report_alike():
    @cuda.jit("void(float32[:], int32)")
    def eager(a, k):
        a[k] = 1

    @cuda.jit(debug=True, opt=False)
    def debugged(a, k):
        a[k] = 1

    for kern in (eager, debugged):
        with pytest.raises(IndexError) as info:
            kern[1, 1](np.zeros(3, np.float32), np.int32(3))
        assert_index_error(info, 3, 0, 3, kern.py_func.__name__)


@cpu_only
def test_a_fault_in_a_child_process_leaves_its_exit_status_alone(tmp_path):
    """The guarantee as a user meets it: the script catches the IndexError and carries on."""
    script = tmp_path / "oob_script.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        from pyjitc import cuda

        @cuda.jit
        def k(a, n):
            a[cuda.grid(1) + n] = 7

        a = np.zeros(4)
        try:
            k[1, 4](a, 1 << 40)
        except IndexError as e:
            print("caught", type(e).__name__)
        k[1, 4](a, 0)
        print("after", a.tolist())
    '''))
    env = dict(os.environ, PYJITC_TARGET="cpu")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["caught IndexError", "after [7.0, 7.0, 7.0, 7.0]"], proc.stdout


# ---- what no GPU holds is refused on every target ------------------------------------------------

def test_a_local_array_over_512_kib_is_refused_at_its_line():
    @cuda.jit
    def too_big(a, k):
        tmp = cuda.local.array(1_100_000, float64)
        tmp[k] = 1.0
        a[0] = tmp[k]

    with pytest.raises(Exception) as info:
        too_big[1, 1](np.zeros(1), 5)
    msg = str(info.value)
    assert "uses too much local data (8800000 bytes, 0x80000 max)" in msg, msg
    assert where(too_big.py_func, "cuda.local.array") in msg, msg


def test_local_arrays_are_counted_together():
    @cuda.jit
    def two(a):
        x = cuda.local.array(40000, float64)   # 320,000 bytes
        y = cuda.local.array(40000, float64)   # 640,000 together
        x[0] = 1.0
        y[0] = 2.0
        a[0] = x[0] + y[0]

    with pytest.raises(Exception) as info:
        two[1, 1](np.zeros(1))
    msg = str(info.value)
    assert "uses too much local data (640000 bytes, 0x80000 max)" in msg, msg
    assert where(two.py_func, "cuda.local.array(40000, float64)   # 640") in msg, msg


def test_a_static_shared_array_over_48_kib_is_refused():
    @cuda.jit
    def wide(a):
        s = cuda.shared.array((128, 128), float32)   # 64 KiB
        s[0, 0] = 1.0
        cuda.syncthreads()
        a[0] = s[0, 0]

    with pytest.raises(Exception) as info:
        wide[1, 1](np.zeros(1, np.float32))
    msg = str(info.value)
    assert "uses too much shared data (65536 bytes, 0xc000 max)" in msg, msg


def test_a_shape_whose_size_overflows_is_refused():
    @cuda.jit
    def absurd(a):
        s = cuda.local.array((1 << 40, 1 << 40), int32)
        s[0, 0] = 1
        a[0] = s[0, 0]

    with pytest.raises(Exception) as info:
        absurd[1, 1](np.zeros(1, np.int32))
    assert "uses too much local data (more than" in str(info.value)


N_LOCAL = 65000  # 520,000 bytes of float64: just under what a GPU thread holds


@cuda.jit
def big_frame(a, k):
    tmp = cuda.local.array(N_LOCAL, float64)
    for j in range(N_LOCAL):
        tmp[j] = j
    i = cuda.grid(1)
    if i < a.size:
        a[i] = tmp[(i * k) % N_LOCAL]


def test_the_largest_local_array_runs_from_a_thread_with_a_small_stack():
    big_frame[1, 1](np.zeros(1), 1)  # compiled on the main thread; launched below
    got, errors = {}, []

    def work():
        try:
            a = np.zeros(64)
            big_frame[2, 32](a, 7)
            got["a"] = a
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    on_a_small_stack(work)
    assert not errors, errors
    np.testing.assert_array_equal(got["a"], (np.arange(64) * 7 % N_LOCAL).astype(float))


# ---- recursion deeper than a thread's stack ------------------------------------------------------

@cuda.jit(device=True)
def depth_sum(n):
    if n <= 0:
        return 0
    return n + depth_sum(n - 1)


@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@cuda.jit
def recurse(out, n):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = depth_sum(n + i)


@cuda.jit
def parity(out, n):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = is_even(n + i)


@cpu_only
def test_recursion_deeper_than_the_stack_is_a_recursion_error():
    out = np.zeros(4, np.int64)
    recurse[1, 4](out, 1000)
    np.testing.assert_array_equal(out, [(n * (n + 1)) // 2 for n in range(1000, 1004)])
    with pytest.raises(RecursionError) as info:
        recurse[1, 4](out, 10 ** 9)
    msg = str(info.value)
    assert msg.startswith(f"maximum recursion depth exceeded at {where(depth_sum.py_func, 'depth_sum(n):')}"), msg
    assert "kernel 'recurse'" in msg, msg
    recurse[1, 4](out, 10)
    np.testing.assert_array_equal(out, [55, 66, 78, 91])


@cpu_only
def test_mutual_recursion_too():
    out = np.zeros(3, np.bool_)
    parity[1, 3](out, 500)
    np.testing.assert_array_equal(out, [True, False, True])
    with pytest.raises(RecursionError):
        parity[1, 3](out, 10 ** 9)
    parity[1, 3](out, 7)
    np.testing.assert_array_equal(out, [False, True, False])


@cpu_only
def test_recursion_from_a_thread_with_a_small_stack():
    recurse[1, 1](np.zeros(1, np.int64), 1)  # compiled on the main thread
    got, errors = {}, []

    def work():
        out = np.zeros(2, np.int64)
        try:
            recurse[1, 2](out, 10 ** 9)
        except RecursionError as e:
            errors.append(e)
        recurse[1, 2](out, 300)
        got["out"] = out

    on_a_small_stack(work)
    assert len(errors) == 1
    np.testing.assert_array_equal(got["out"], [300 * 301 // 2, 301 * 302 // 2])
