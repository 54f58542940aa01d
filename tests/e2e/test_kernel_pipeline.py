"""`--passes PIPELINE` puts an LLVM pipeline in place of the -O level's default<On> (for comparing
pipelines and bisecting a miscompile): `--passes default<O3>` gives the default's PTX byte for byte,
default<O0> another, and a bad pipeline is a clear error naming the file. Compiles only: runs without
a GPU."""
import os
import re
import subprocess
import sys

import pytest

from pjrun import PYJITC, ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
from suite_kernels import PYTHON, PYTHON_ARGS, PYTHON_NP  # noqa: E402

A1, A2 = "float32[::1]", "float32[:, ::1]"
SIGS = {"saxpy": f"void(float32, {A1}, {A1}, {A1})", "jacobi": f"void({A2}, {A2})",
        "matmul": f"void({A2}, {A2}, {A2})", "matmul_tiled": f"void({A2}, {A2}, {A2})",
        "reduce_sum": f"void({A1}, {A1})", "histogram": "void(uint8[::1], int32[::1])",
        "black_scholes": f"void({A1}, {A1}, {A1}, {A1}, {A1}, float32, float32)",
        "mandelbrot": "void(int32[:, ::1], int64)"}
SIGS_ARGS = {"saxpy": f"void(float32, {A1}, {A1}, {A1}, int32)",
             "jacobi": f"void({A2}, {A2}, int32, int32, float32)",
             "matmul": f"void({A2}, {A2}, {A2}, int32, int32, int32)",
             "matmul_tiled": f"void({A2}, {A2}, {A2}, int32, int32, int32)",
             "reduce_sum": f"void({A1}, {A1}, int32)", "histogram": "void(uint8[::1], int32[::1], int32)",
             "black_scholes": f"void({A1}, {A1}, {A1}, {A1}, {A1}, float32, float32, int32)",
             "mandelbrot": "void(int32[:, ::1], int32, int32, int32)"}
STYLES = {"first": (PYTHON, SIGS), "np": (PYTHON_NP, SIGS), "args": (PYTHON_ARGS, SIGS_ARGS)}


def ptx(path, kernel, sig, *extra):
    r = subprocess.run([PYJITC, path, "--target", "cuda", "--arch", "sm_90", "--kernel", kernel, "--sig", sig,
                        "--emit=ptx", *extra], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def instructions(text):
    """The PTX's lines without comments, register declarations and the numbers of registers and
    labels (the two pipelines may number them differently)."""
    text = re.sub(r"%(rd|r|fd|f|p|rs|h|hh)\d+", r"%\1", text)
    text = re.sub(r"\$L__BB\d+_\d+", "$L", text)
    return [ln.strip() for ln in text.splitlines()
            if ln.strip() and not ln.strip().startswith(("//", ".reg"))]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_default_o3_is_the_default(style, tmp_path):
    text, sigs = STYLES[style]
    path = tmp_path / f"suite_{style}.py"
    path.write_text(text.format(module="numba"))
    for kernel, sig in sigs.items():
        ours = ptx(str(path), kernel, sig)
        assert len(instructions(ours)) > 20, kernel
        assert ours == ptx(str(path), kernel, sig, "--passes", "default<O3>"), f"{style} {kernel}"


def test_passes_option_takes_effect(tmp_path):
    path = tmp_path / "suite.py"
    path.write_text(PYTHON.format(module="numba"))
    o0 = instructions(ptx(str(path), "matmul_tiled", SIGS["matmul_tiled"], "--passes", "default<O0>"))
    o3 = instructions(ptx(str(path), "matmul_tiled", SIGS["matmul_tiled"]))
    # -O3 unrolls the tile's 16 multiply-adds; default<O0> keeps the loop with one
    assert sum(ln.startswith("fma.rn.f32") for ln in o3) == 16
    assert sum(ln.startswith("fma.rn.f32") for ln in o0) <= 1


@pytest.mark.parametrize("passes, message", [
    ("no-such-pass", "unknown pass name 'no-such-pass'"),
    ("function(instcombine", "LLVM pass pipeline failed"),
])
def test_bad_passes_is_an_error(passes, message, tmp_path):
    path = tmp_path / "suite.py"
    path.write_text(PYTHON.format(module="numba"))
    r = subprocess.run([PYJITC, str(path), "--target", "cuda", "--kernel", "saxpy", "--sig", SIGS["saxpy"],
                        "--emit=ptx", "--passes", passes], capture_output=True, text=True)
    assert r.returncode != 0 and r.stdout == ""
    assert message in r.stderr and str(path) in r.stderr
