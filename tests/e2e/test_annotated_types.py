"""--emit=types: the kernel's source and its device function's, each line under `#` lines that give
the types of the names and calls on it (numba's inspect_types in pyjitc's form, docs/language.md).
The text is checked whole, line for line: tools and tests read it."""
import subprocess

import pytest

from pjrun import PYJITC, ROOT

KERNEL = "tests/e2e/kernels/annotated_types.py"  # relative: the `# File:` line names it so
SIG = "void(float32[::1], float32[::1], float64[::1], int32)"

EXPECTED = """\
lengths (array(float32, 1d, C), array(float32, 1d, C), array(float64, 1d, C), int32)
--------------------------------------------------------------------------------
# File: tests/e2e/kernels/annotated_types.py
# --- LINE 14 ---
#   xs :: array(float32, 1d, C)
#   ys :: array(float32, 1d, C)
#   out :: array(float64, 1d, C)
#   n :: int32
def lengths(xs, ys, out, n):
    # --- LINE 15 ---
    #   i :: int64
    #   cuda.grid(int64) :: int64
    i = cuda.grid(1)
    # --- LINE 16 ---
    #   i :: int64
    #   out :: array(float64, 1d, C)
    if i < out.size:
        # --- LINE 17 ---
        #   total :: float64
        total = 0.0
        # --- LINE 18 ---
        #   k :: int32
        #   range(int32) :: range_state_int32
        #   n :: int32
        for k in range(n):
            # --- LINE 19 ---
            #   total :: float64
            #   norm(float32, float32) :: float32
            #   xs :: array(float32, 1d, C)
            #   i :: int64
            #   ys :: array(float32, 1d, C)
            #   k :: int32
            total += norm(xs[i], ys[k])

        # one thread's sum, added atomically
        # --- LINE 22 ---
        #   cuda.atomic.add(array(float64, 1d, C), int64, float64) :: float64
        #   out :: array(float64, 1d, C)
        #   i :: int64
        #   total :: float64
        cuda.atomic.add(out, i, total)
================================================================================
norm (float32, float32) -> float32
--------------------------------------------------------------------------------
# File: tests/e2e/kernels/annotated_types.py
# --- LINE 9 ---
#   x :: float32
#   y :: float32
def norm(x, y):
    # --- LINE 10 ---
    #   math.sqrt(float32) :: float32
    #   x :: float32
    #   y :: float32
    return math.sqrt(x * x + y * y)
================================================================================
"""


@pytest.mark.parametrize("target", ["cpu", "cuda"])
def test_emit_types_annotates_the_source(target):
    """The same text for both targets: the CPU executor's rewriting of the kernel comes after it."""
    proc = subprocess.run([PYJITC, KERNEL, "--emit=types", "--target", target, "--sig", SIG], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == EXPECTED.splitlines()


def test_typed_ir_is_the_tree():
    """The typed IR's tree stays reachable for compiler developers: every variable, every node."""
    proc = subprocess.run([PYJITC, KERNEL, "--emit=typed-ir", "--sig", SIG], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Function lengths [kernel]  @14:5"
    assert "  Local total : float64" in lines
    assert "Device function norm -> float32" in lines


def test_emit_types_and_typed_ir_together():
    """Both forms in one run, the annotated source first."""
    proc = subprocess.run([PYJITC, KERNEL, "--emit=types,typed-ir", "--sig", SIG], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(EXPECTED) and "Function lengths [kernel]  @14:5" in proc.stdout[len(EXPECTED):]
