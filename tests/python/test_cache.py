"""The on-disk caches on the GPU: the first process that compiles and loads a kernel stores its
PTX (with what the launch needs) and its cubin under PYJITC_CACHE_DIR; later processes take both
from there (no compile, no driver compilation), a change to anything the kernel uses compiles
afresh, and a damaged entry is replaced. GPU only: the CPU executor's native code is not cached."""
import glob
import os
import subprocess
import sys
import textwrap

import pytest

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"
pytestmark = pytest.mark.skipif(not ON_CUDA, reason="the cubin cache is the CUDA driver's")

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


def test_cubin_is_cached_reused_and_repaired(tmp_path):
    cache = tmp_path / "cache"
    assert run(cache, tmp_path) > 0            # compiled
    entries = glob.glob(str(cache / "*.cubin"))
    assert len(entries) == 1
    first = open(entries[0], "rb").read()
    assert first[:4] == b"PJC1" and len(first) > 100
    mtime = os.path.getmtime(entries[0])
    assert run(cache, tmp_path) == 0           # the compiled kernel and its cubin from the cache
    assert glob.glob(str(cache / "*.cubin")) == entries and os.path.getmtime(entries[0]) == mtime
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
