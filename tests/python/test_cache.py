"""The on-disk cache of machine code on the GPU: the first process that loads a kernel stores its
cubin under PYJITC_CACHE_DIR, later processes load it from there (no driver compilation), and a
damaged entry is replaced. GPU only: the CPU executor has no driver to compile PTX."""
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
    assert np.array_equal(out, x * 3.0 + 2.0), out[:4]
    print("ok")
""")


def run(cache_dir, tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(PROGRAM.format(here=os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYJITC_CACHE_DIR=str(cache_dir))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr


def test_cubin_is_cached_reused_and_repaired(tmp_path):
    cache = tmp_path / "cache"
    run(cache, tmp_path)
    entries = glob.glob(str(cache / "*.cubin"))
    assert len(entries) == 1
    first = open(entries[0], "rb").read()
    assert first[:4] == b"PJC1" and len(first) > 100
    mtime = os.path.getmtime(entries[0])
    run(cache, tmp_path)                       # loaded from the cache: the entry is not rewritten
    assert glob.glob(str(cache / "*.cubin")) == entries and os.path.getmtime(entries[0]) == mtime
    with open(entries[0], "r+b") as f:         # damage it
        f.seek(len(first) // 2)
        f.write(b"\xff\xff\xff\xff")
    run(cache, tmp_path)                       # detected, rebuilt, stored again
    assert open(entries[0], "rb").read() == first
