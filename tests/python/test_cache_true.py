"""@cuda.jit(cache=True) as numba does it: the compiled kernel kept next to its source (in
__pycache__, or under NUMBA_CACHE_DIR), taken by a later process without compiling (its
dispatcher's stats count a hit, the kernel's compile times are 0 and the files are not written
again), compiled afresh when the kernel's text or a global it reads changes, and refused with
numba's errors where it cannot be kept (captured device arrays, linked code, no source file).
The entry holds PTX on a GPU and the host's object code on the CPU executor: the same test runs
on both."""
import glob
import os
import pickle
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import CudaAPIError

MODULE = textwrap.dedent('''
    import os
    import numpy as np
    from pyjitc import cuda

    Z = float(os.environ.get("PJ_TEST_Z", "1.0"))

    @cuda.jit(device=True, cache=True)
    def twice(v):
        return v * TWICE_FACTOR

    @cuda.jit(cache=True)
    def affine(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = twice(x[i]) + Z

    @cuda.jit(cache=True, debug=True, opt=False)
    def checked(a, k):
        a[k] = 1.0

    @cuda.jit(cache=True, launch_bounds=64)
    def block_sum(x, out):
        tile = cuda.shared.array(64, dtype=np.float64)
        t = cuda.threadIdx.x
        tile[t] = x[cuda.grid(1)]
        cuda.syncthreads()
        if t == 0:
            s = 0.0
            for j in range(64):
                s += tile[j]
            out[cuda.blockIdx.x] = s

    @cuda.jit
    def not_cached(x):
        x[0] = 1.0

    def report():
        x = np.arange(1024, dtype=np.float64)
        out = np.zeros_like(x)
        affine[8, 128](x, out)
        sums = np.zeros(16)
        block_sum[16, 64](x, sums)
        errors = []
        try:
            checked[1, 1](np.zeros(4), 10)
        except IndexError as e:
            errors.append("IndexError")
        try:
            block_sum[8, 128](x, sums)
        except cuda.cudadrv.driver.CudaAPIError as e:
            errors.append(e.code.name)
        y = np.zeros(2)
        not_cached[1, 1](y)
        stats = {f.__name__: (sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))
                 for f in (affine, block_sum, checked, not_cached)}
        times = max(k.times["total"] for f in (affine, block_sum, checked) for k in f.overloads.values())
        return {"out": out.tolist(), "sums": sums.tolist(), "errors": errors, "stats": stats,
                "compile_ms": times, "path": affine.stats.cache_path, "none_path": not_cached.stats.cache_path}
''')

RUN = "import json, sys; sys.path.insert(0, {folder!r}); import cachemod; print('REPORT', json.dumps(cachemod.report()))"


def write_module(folder, factor="2.0"):
    (folder / "cachemod.py").write_text(MODULE.replace("TWICE_FACTOR", factor))


def run(folder, **env):
    full = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    full.pop("NUMBA_CACHE_DIR", None)
    full.update(env)
    r = subprocess.run([sys.executable, "-W", "ignore", "-c", RUN.format(folder=str(folder))], capture_output=True,
                       text=True, env=full, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    import json
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("REPORT ")][-1]
    return json.loads(line[len("REPORT "):])


def entries(folder):
    return {f: os.stat(f).st_mtime_ns for f in glob.glob(str(folder / "*.pj[ic]"))}


def check_results(rep, factor=2.0, z=1.0):
    x = np.arange(1024, dtype=np.float64)
    np.testing.assert_array_equal(rep["out"], x * factor + z)
    np.testing.assert_array_equal(rep["sums"], x.reshape(16, 64).sum(axis=1))
    assert rep["errors"] == ["IndexError", "CUDA_ERROR_INVALID_VALUE"]  # the debug checks and launch_bounds kept


def test_second_process_takes_the_kernels_from_disk(tmp_path):
    write_module(tmp_path)
    first = run(tmp_path)
    check_results(first)
    pycache = tmp_path / "__pycache__"
    assert first["path"] == str(pycache) and first["none_path"] is None
    assert first["stats"] == {"affine": [0, 1], "block_sum": [0, 1], "checked": [0, 1], "not_cached": [0, 0]}
    assert first["compile_ms"] > 0
    made = entries(pycache)
    # one index and one data file per kernel, named as numba names them (<module>.<qualname>-<first line>)
    lines = {name: MODULE.splitlines().index(f"@cuda.jit(cache=True{rest})") + 1 for name, rest in
             (("affine", ""), ("checked", ", debug=True, opt=False"), ("block_sum", ", launch_bounds=64"))}
    assert sorted(os.path.basename(f) for f in made) == sorted(
        f"cachemod.{name}-{line}.{ext}" for name, line in lines.items() for ext in ("0.pjc", "pji"))

    second = run(tmp_path)
    check_results(second)
    assert second["stats"] == {"affine": [1, 0], "block_sum": [1, 0], "checked": [1, 0], "not_cached": [0, 0]}
    assert second["compile_ms"] == 0  # nothing compiled: the kernels were loaded
    assert entries(pycache) == made  # and nothing written again


def test_a_change_of_text_or_global_compiles_afresh(tmp_path):
    write_module(tmp_path)
    check_results(run(tmp_path))
    write_module(tmp_path, factor="3.0")  # the device function's text changed: its kernels are compiled again
    rep = run(tmp_path)
    check_results(rep, factor=3.0)
    assert rep["stats"]["affine"] == [0, 1] and rep["stats"]["block_sum"] == [1, 0]
    rep = run(tmp_path, PJ_TEST_Z="5.0")  # a global the kernel reads changed
    check_results(rep, factor=3.0, z=5.0)
    assert rep["stats"]["affine"] == [0, 1]
    rep = run(tmp_path, PJ_TEST_Z="5.0")
    check_results(rep, factor=3.0, z=5.0)
    assert rep["stats"]["affine"] == [1, 0]
    assert len(glob.glob(str(tmp_path / "__pycache__" / "cachemod.affine-*.pjc"))) == 1  # the entry was replaced


def test_numba_cache_dir(tmp_path):
    src, where = tmp_path / "src", tmp_path / "cachedir"
    src.mkdir()
    write_module(src)
    rep = run(src, NUMBA_CACHE_DIR=str(where))
    check_results(rep)
    assert os.path.dirname(rep["path"]) == str(where) and os.path.basename(rep["path"]).startswith("src_")
    assert len(entries(type(tmp_path)(rep["path"]))) == 6 and not (src / "__pycache__").exists()
    assert run(src, NUMBA_CACHE_DIR=str(where))["stats"]["affine"] == [1, 0]


def _writes_preventable(tmp_path):
    d = tmp_path / "probe"
    d.mkdir()
    d.chmod(0o500)
    try:
        (d / "x").write_text("x")
        return False
    except PermissionError:
        return True
    finally:
        d.chmod(0o700)


def test_unwritable_pycache_falls_back_to_the_user_cache(tmp_path):
    if not _writes_preventable(tmp_path):
        pytest.skip("this user writes into read-only folders (root): a read-only __pycache__ cannot be made")
    src, user = tmp_path / "src", tmp_path / "user"
    src.mkdir()
    write_module(src)
    (src / "__pycache__").mkdir()
    (src / "__pycache__").chmod(0o500)
    try:
        rep = run(src, PYJITC_CACHE_DIR=str(user))
        check_results(rep)
        assert rep["path"].startswith(str(user / "functions"))
        assert run(src, PYJITC_CACHE_DIR=str(user))["stats"]["affine"] == [1, 0]
    finally:
        (src / "__pycache__").chmod(stat.S_IRWXU)


def test_recompile_replaces_the_entries(tmp_path):
    write_module(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        import cachemod
        x = np.arange(1024, dtype=np.float64)
        out = np.zeros_like(x)
        cachemod.affine[8, 128](x, out)
        np.testing.assert_array_equal(out, 2 * x + 1)
        cachemod.Z = 10.0  # as numba: a compiled kernel keeps the value it was compiled with ...
        cachemod.affine[8, 128](x, out)
        np.testing.assert_array_equal(out, 2 * x + 1)
        cachemod.affine.recompile()  # ... until it is compiled again
        cachemod.affine[8, 128](x, out)
        np.testing.assert_array_equal(out, 2 * x + 10)
        assert sum(cachemod.affine.stats.cache_misses.values()) == 2
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("cachemod", None)
    rep = run(tmp_path)  # Z read afresh (1.0): that entry is not the recompiled one's
    check_results(rep)
    assert rep["stats"]["affine"] == [0, 1]


# ---- what cannot be cached: numba's errors ------------------------------------------------

CAPTURED = cuda.to_device(np.array([1.0, 2.0, 3.0], dtype=np.float32))


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """cache=True in this file's kernels: kept under tmp_path, not in the source tree."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_kernel_capturing_device_arrays_is_refused(cache_dir):
    local = cuda.to_device(np.array([1.0, 2.0, 3.0], dtype=np.float32))
    out = cuda.device_array(3, dtype=np.float32)

    @cuda.jit(cache=True)
    def from_closure(output):
        i = cuda.grid(1)
        if i < output.size:
            output[i] = local[i] * 2.0

    @cuda.jit(cache=True)
    def from_global(output):
        i = cuda.grid(1)
        if i < output.size:
            output[i] = CAPTURED[i] * 2.0

    for k in (from_closure, from_global):
        with pytest.raises(pickle.PicklingError, match="Cannot serialize kernels or device functions referencing "
                                                        "global device arrays"):
            k[1, 3](out)

    @cuda.jit
    def uncached(output):  # without cache=True the capture is fine, as in numba
        i = cuda.grid(1)
        if i < output.size:
            output[i] = CAPTURED[i] * 2.0

    uncached[1, 3](out)
    np.testing.assert_array_equal(out.copy_to_host(), [2.0, 4.0, 6.0])


def test_a_kernel_linking_code_is_refused(tmp_path, cache_dir):
    src = tmp_path / "add.cu"
    src.write_text('extern "C" __device__ int add_one(int *r, int x) { *r = x + 1; return 0; }\n')
    with pytest.raises(RuntimeError, match="Cannot pickle CUDACodeLibrary with linking files"):
        @cuda.jit("void()", cache=True, link=[str(src)])
        def f():
            pass


def test_a_function_without_a_source_file_cannot_be_cached():
    ns = {"cuda": cuda}
    exec("def no_file(x):\n    x[0] = 1\n", ns)
    with pytest.raises(RuntimeError, match=r"cannot cache function 'no_file': no locator available for file "
                                           r"'<string>'"):
        cuda.jit(cache=True)(ns["no_file"])
    cuda.jit(ns["no_file"])  # without cache=True it is fine


def test_stats_of_a_kernel_without_cache():
    @cuda.jit
    def plain(x):
        x[0] = 1.0

    plain[1, 1](np.zeros(1))
    assert plain.stats.cache_path is None
    assert not plain.stats.cache_hits and not plain.stats.cache_misses


def test_limits_of_a_cached_kernel_are_kept(cache_dir):
    """Compiled in this process (a miss): the launch bounds are checked as ever."""
    @cuda.jit(cache=True, launch_bounds=32)
    def small(x):
        x[cuda.grid(1)] = 1.0

    x = np.zeros(64)
    small[2, 32](x)
    with pytest.raises(CudaAPIError, match="CUDA_ERROR_INVALID_VALUE"):
        small[1, 64](x)
    np.testing.assert_array_equal(x, 1.0)
    assert small.stats.cache_path.startswith(str(cache_dir)) and sum(small.stats.cache_misses.values()) == 1
