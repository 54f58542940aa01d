"""A kernel of 10^5 straight-line statements, as a code generator writes one: `x = x * 1.0001 + k`
line after line, one name assigned 10^5 times (frontend/webs.c gives each assignment its own
variable) and one chain of 10^5 values (which LLVM's loop passes follow operand by operand: it
overflowed the caller's stack on the CPU target, and the x86 code generator's time was quadratic
in the block's length). Launched through the command line on the test target and checked against
the same arithmetic in NumPy, and compiled to PTX (which needs no GPU). How long such kernels take
to compile is measured by bench/long_kernels.py, not asserted here."""
import os
import re

import numpy as np

from pjrun import TARGET, compile_only, launch

N = 100_000


def write(tmp_path, lines=N):
    path = os.path.join(tmp_path, "long_kernel.py")
    with open(path, "w") as f:
        # one thread's work, unguarded: on the CPU a body guarded by the thread's index is compiled
        # three times over (IRCE's loops before, within and after the range): a longer test
        f.write("from numba import cuda\n\n@cuda.jit\ndef long_kernel(a, out):\n    x = a[0]\n")
        f.writelines(f"    x = x * 1.0001 + {k % 7}.0\n" for k in range(lines))
        f.write("    out[0] = x\n")
    return path


def reference(a, lines=N):
    x = a.copy()
    for k in range(lines):
        x = x * 1.0001 + (k % 7)
    return x


def test_100000_straight_line_statements(tmp_path):
    # on a GPU the driver compiles the PTX to machine code at load (ptxas), which for one block of
    # 10^5 dependent multiply-adds takes minutes: the launch there is of 10^4, and the PTX of 10^5
    # is compiled by the test below on every machine
    # under the sanitizers (scripts/test.sh's second pass) the compiler of 10^5 statements runs for
    # more than ten minutes: 10^4 there, the stack and the scaling being the ordinary pass's to show
    lines = 10_000 if TARGET == "cuda" or os.environ.get("PJ_SANITIZED") else N
    path = write(tmp_path, lines)
    a = np.array([1.5])
    out, _ = launch(path, 1, 1, a, np.full(1, np.nan))
    # each multiply-add may be fused into one (LLVM's contract): within rounding of NumPy's
    np.testing.assert_allclose(out["out"], reference(a, lines), rtol=1e-9)


def test_100000_straight_line_statements_to_ptx(tmp_path):
    lines = 10_000 if os.environ.get("PJ_SANITIZED") else N
    path = write(tmp_path, lines)
    proc = compile_only(path, "--target", "cuda", "--emit=ptx", "--sig", "void(float64[::1], float64[::1])")
    assert proc.returncode == 0, proc.stderr
    # every statement is there: one multiply-add each (fused, or a multiply and an add)
    fused = len(re.findall(r"\bfma\.rn\.f64\b", proc.stdout))
    unfused = len(re.findall(r"\bmul\.rn\.f64\b|\bmul\.f64\b", proc.stdout))
    assert fused + unfused == lines, (fused, unfused)
