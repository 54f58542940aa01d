"""The on-disk cache on the GPU: the first process that compiles a kernel stores its PTX (with
what the launch needs) under PYJITC_CACHE_DIR; later processes take it from there (no compile),
a change to anything the kernel uses compiles afresh, and a damaged entry is replaced. The
machine code is the driver's business: PTX is loaded as it is (the driver keeps its own cache of
compiled PTX), never through the linker, whose relocatable code was slower. GPU only: the CPU
executor's native code is not cached."""
import glob
import os
import subprocess
import sys
import textwrap

import pytest

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
pytestmark = pytest.mark.skipif(not ON_CUDA, reason="the kernel cache serves GPU kernels only")

PROGRAM = textwrap.dedent("""
    import numpy as np, sys
    from pyjitc import cuda
    sys.path.insert(0, {here!r})
    from helpers_mod import scaled_plus

    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = scaled_plus(x[i], 2.0)

    x = np.arange(1000, dtype=np.float64)
    out = np.zeros_like(x)
    k[4, 256](x, out)
    assert np.array_equal(out, x * {scale} + 2.0), out[:4]
    print("ok", sum(kern.times["total"] for kern in k.overloads.values()))
""")


def run(cache_dir, tmp_path, helpers="helpers_mod", scale=3.0):
    """Runs the program in a fresh process; returns the milliseconds it spent compiling."""
    script = tmp_path / "prog.py"
    script.write_text(PROGRAM.format(here=str(tmp_path) if helpers != "helpers_mod" else
                                     os.path.dirname(os.path.abspath(__file__)), scale=scale)
                      .replace("from helpers_mod", f"from {helpers}"))
    env = dict(os.environ, PYJITC_CACHE_DIR=str(cache_dir), PYTHONDONTWRITEBYTECODE="1")  # a rewritten module is read anew
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr
    return float(r.stdout.split()[1])


def test_kernel_is_cached_reused_and_repaired(tmp_path):
    cache = tmp_path / "cache"
    assert run(cache, tmp_path) > 0            # compiled
    entries = glob.glob(str(cache / "*.kernel"))
    assert len(entries) == 1
    assert not glob.glob(str(cache / "*.cubin"))  # no machine code of the linker's (runtime/cuda.c)
    first = open(entries[0], "rb").read()
    assert first[:4] == b"PJC1" and len(first) > 100
    mtime = os.path.getmtime(entries[0])
    assert run(cache, tmp_path) == 0           # the compiled kernel from the cache
    assert glob.glob(str(cache / "*.kernel")) == entries and os.path.getmtime(entries[0]) == mtime
    with open(entries[0], "r+b") as f:         # damage it
        f.seek(len(first) // 2)
        f.write(b"\xff\xff\xff\xff")
    run(cache, tmp_path)                       # detected, rebuilt, stored again
    assert open(entries[0], "rb").read() == first


def test_a_changed_dependency_compiles_afresh(tmp_path):
    cache = tmp_path / "cache"
    (tmp_path / "helpers_v.py").write_text(textwrap.dedent("""
        from pyjitc import cuda
        SCALE = 5.0

        @cuda.jit(device=True)
        def scaled_plus(x, y):
            return x * SCALE + y
    """))
    assert run(cache, tmp_path, "helpers_v", 5.0) > 0
    assert run(cache, tmp_path, "helpers_v", 5.0) == 0
    (tmp_path / "helpers_v.py").write_text((tmp_path / "helpers_v.py").read_text().replace("5.0", "7.0"))
    assert run(cache, tmp_path, "helpers_v", 7.0) > 0   # the device function's constant changed


WARNING_PROGRAM = textwrap.dedent("""
    import warnings
    import numpy as np
    from pyjitc import cuda

    @cuda.jit
    def many(r):
        print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15],
              r[16], r[17], r[18], r[19], r[20], r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
              r[31], r[32])

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        many[1, 1](np.arange(33))
        cuda.synchronize()
    print("warned", sum("cannot print more than 32 items" in str(w.message) for w in seen),
          sum(kern.times["total"] for kern in many.overloads.values()))
""")


def test_a_kernel_from_the_cache_warns_as_its_compile_did(tmp_path):
    # numba warns at each compile; a kernel this process takes from the disk must warn the same
    script = tmp_path / "warns.py"
    script.write_text(WARNING_PROGRAM)
    env = dict(os.environ, PYJITC_CACHE_DIR=str(tmp_path / "cache"), PYTHONDONTWRITEBYTECODE="1")
    for compiled in (True, False):
        r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        line = [s for s in r.stdout.splitlines() if s.startswith("warned")]
        assert line, r.stdout + r.stderr
        _, count, ms = line[0].split()
        assert count == "1" and (float(ms) > 0) == compiled, line
        assert " ".join(["%lld"] * 33) in r.stdout, r.stdout


REGISTERS_PROGRAM = textwrap.dedent("""
    import numpy as np
    from pyjitc import cuda

    @cuda.jit
    def saxpy(a, x, y, out, n):
        for i in range(cuda.grid(1), n, cuda.gridsize(1)):
            out[i] = a * x[i] + y[i]

    @cuda.jit
    def tiled_sum(x, total):
        tile = cuda.shared.array(256, dtype=np.float32)
        acc = np.float32(0)
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            acc += x[i]
        tile[cuda.threadIdx.x] = acc
        cuda.syncthreads()
        if cuda.threadIdx.x == 0:
            s = np.float32(0)
            for t in range(256):
                s += tile[t]
            cuda.atomic.add(total, 0, s)

    n = 100003
    x, y = np.random.default_rng(4).random((2, n), dtype=np.float32)
    out = np.zeros(n, np.float32)
    saxpy[(n + 255) // 256, 256](np.float32(2.5), x, y, out, np.int32(n))
    np.testing.assert_allclose(out, np.float32(2.5) * x + y, rtol=1e-6)
    total = np.zeros(1, np.float32)
    tiled_sum[40, 256](x, total)
    np.testing.assert_allclose(total[0], x.astype(np.float64).sum(), rtol=1e-4)
    print("registers", *(next(iter(k.get_regs_per_thread().values())) for k in (saxpy, tiled_sum)))
""")


def test_cached_kernel_has_the_machine_code_of_a_fresh_compile(tmp_path):
    # a kernel from the cache must run the machine code a compile without the cache gives: when
    # pyjitc cached the driver linker's cubin, that code was relocatable and took more registers
    # (a grid-stride saxpy 40 instead of 32: 1.31x nvcc's time instead of 1.06x on an H200)
    script = tmp_path / "registers.py"
    script.write_text(REGISTERS_PROGRAM)
    counts = []
    for cache in ("0", "1", "1"):  # no cache; compiled and stored; from the cache
        env = dict(os.environ, PYJITC_CACHE=cache, PYJITC_CACHE_DIR=str(tmp_path / "cache"), PYTHONDONTWRITEBYTECODE="1")
        r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        counts.append([s for s in r.stdout.splitlines() if s.startswith("registers")])
    assert counts[0] and counts[0] == counts[1] == counts[2], counts
    assert len(glob.glob(str(tmp_path / "cache" / "*.kernel"))) == 2
