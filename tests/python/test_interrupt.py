"""Ctrl-C (SIGINT) stops a kernel that never ends on the CPU executor: the launch raises
KeyboardInterrupt in the caller, and the process goes on launching kernels that give the right
numbers. Each case runs in a child process that the test interrupts."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import ON_CUDA

pytestmark = pytest.mark.skipif(ON_CUDA, reason="a kernel running on a GPU cannot be interrupted this way: "
                                "only the CPU executor's kernels poll for Ctrl-C")

CHILD = textwrap.dedent('''
    import sys
    import numpy as np
    from pyjitc import cuda

    @cuda.jit
    def spin(flag, out):  # no thread ever sets the flag
        i = cuda.grid(1)
        while flag[0] == 0:
            out[i % out.size] += 1

    @cuda.jit
    def counted(out, n):  # a range far too long to finish
        i = cuda.grid(1)
        for k in range(n):
            out[i % out.size] += k

    @cuda.jit
    def grid_stride(out, n):  # a grid-stride loop far too long to finish (its passes over the rows)
        start = cuda.grid(1)
        for i in range(start, n, cuda.gridsize(1)):
            out[i % out.size] += 1

    @cuda.jit
    def walk(out, n):  # a while walk far too long to finish (2**31 - 1 steps a thread), not the
        i = cuda.threadIdx.x  # kernel's last statement: it polls once a chunk of steps (backend/walks.c)
        acc = 0
        while i < n:
            acc += i % 3
            i += 1
        out[cuda.threadIdx.x] = acc

    @cuda.jit
    def barrier_spin(flag, out):  # thread 0 spins; the other threads wait at the barrier
        t = cuda.threadIdx.x
        if t == 0:
            while flag[0] == 0:
                out[0] += 1
        cuda.syncthreads()
        out[t] = t

    @cuda.jit
    def grid_spin(flag, out):  # block 0 spins; the other blocks wait at the grid barrier
        g = cuda.cg.this_grid()
        if cuda.blockIdx.x == 0 and cuda.threadIdx.x == 0:
            while flag[0] == 0:
                out[0] += 1
        g.sync()
        out[cuda.blockIdx.x] = 1

    @cuda.jit(device=True)
    def wait_for(flag, out, i):
        while flag[0] == 0:
            out[i] += 1

    @cuda.jit
    def device_spin(flag, out):  # the loop that never ends is in a device function
        i = cuda.grid(1)
        wait_for(flag, out, i % out.size)

    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = a * x[i] + y[i]

    def check_saxpy(n):
        rng = np.random.default_rng(n)
        x, y = rng.random(n), rng.random(n)
        out = np.zeros(n)
        saxpy[(n + 127) // 128, 128](2.5, x, y, out)
        assert np.allclose(out, 2.5 * x + y), "saxpy gave wrong numbers"

    check_saxpy(1000)  # compiled and run once before the never-ending kernel
    flag = np.zeros(1, np.int32)
    out = np.zeros(64, np.int64)
    which = sys.argv[1]
    kernel = {"spin": spin, "counted": counted, "barrier": barrier_spin, "grid": grid_spin,
              "device": device_spin, "stride": grid_stride, "walk": walk}[which]
    args = (out, 2**62) if which in ("counted", "stride") else (out, np.int32(2**31 - 1)) if which == "walk" else (flag, out)
    config = {"spin": (64, 64), "counted": (64, 64), "barrier": (2, 64), "grid": (4, 32),
              "device": (64, 64), "stride": (64, 64), "walk": (64, 64)}[which]
    print("launching", flush=True)
    try:
        kernel[config](*args)
        print("the kernel ended", flush=True)
        sys.exit(3)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
    check_saxpy(100000)  # spans several blocks on every worker
    check_saxpy(777)
    print("saxpy ok", flush=True)
''')


@pytest.mark.parametrize("which", ["spin", "counted", "barrier", "grid", "device", "stride", "walk"])
def test_ctrl_c_interrupts_kernel(tmp_path, which):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, PYJITC_TARGET="cpu")
    start = time.monotonic()
    child = subprocess.Popen([sys.executable, str(script), which], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    try:
        first = child.stdout.readline()
        assert first == "launching\n", (first, child.stderr.read() if child.poll() is not None else "")
        time.sleep(0.5)  # compiling the kernel and running it
        assert child.poll() is None, "the never-ending kernel ended"
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=8)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert out == "KeyboardInterrupt\nsaxpy ok\n", (out, err)
    assert child.returncode == 0, err
    assert time.monotonic() - start < 10
    assert time.monotonic() - sent < 5


LEAK_CHILD = textwrap.dedent('''
    import os, signal, threading
    import numpy as np
    from pyjitc import cuda, float64

    @cuda.jit
    def local_spin(flag, out):  # block mode (a barrier), 32 KiB of local array a thread
        t = cuda.threadIdx.x
        buf = cuda.local.array(4096, float64)
        for k in range(4096):
            buf[k] = t + k
        cuda.syncthreads()
        while flag[0] == 0:
            out[t] += 1 + int(buf[out[t] % 4096]) % 2

    def resident_mib():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    flag = np.zeros(1, np.int32)
    out = np.zeros(256, np.int64)
    for round in range(40):
        if round == 5:
            base = resident_mib()
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            local_spin[4, 256](flag, out)
            raise SystemExit("the kernel ended")
        except KeyboardInterrupt:
            pass
    print(f"grew {resident_mib() - base:.1f} MiB", flush=True)
''')


def test_interrupted_block_mode_kernel_frees_its_scratch(tmp_path):
    """Each block of a block-mode kernel takes its local arrays (every thread's copy: 8 MiB here)
    from the executor's scratch, which the executor's threads take back when an interrupt
    abandons the block. 35 interrupted launches leave resident memory where it was (each leaked
    at least 8 MiB when the kernel took that memory from malloc)."""
    script = tmp_path / "child.py"
    script.write_text(LEAK_CHILD)
    env = dict(os.environ, PYJITC_TARGET="cpu")
    if "ASAN_OPTIONS" in env:  # the sanitized pass: ASan would hold freed memory back in its quarantine
        env["ASAN_OPTIONS"] += ":quarantine_size_mb=0"
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    grew = float(proc.stdout.split()[1])
    assert grew < 32, proc.stdout
