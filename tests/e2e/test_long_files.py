"""Kernels at the end of long files: 70,000 comment lines (past the 65,535 lines at which
libtree-sitter 0.20.7 aborted), 70,000 blank lines, one line of 70,000 numbers, and thousands of
small kernels before the one launched, each launched through the command line on the test target
and checked against NumPy; a diagnostic past line 65,535 names its real line and column. How long
such files take to compile is measured by bench/parse.py, not asserted here."""
import os

import numpy as np
import pytest

from pjrun import compile_only, launch

N = 70_000
KERNEL = '''
@cuda.jit
def scale(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = SCALE * a[i] + TABLE[i % 5]
'''
HEADER = "from numba import cuda\nimport numpy as np\n\nSCALE = 3.0\nTABLE = (1.0, 2.0, 3.0, 4.0, 5.0)\n"


def write(tmp_path, middle, name="long.py", first=False):
    """HEADER, middle, KERNEL; or with first, middle at the very start of the file."""
    path = os.path.join(tmp_path, name)
    with open(path, "w") as f:
        f.write(middle + HEADER + KERNEL if first else HEADER + middle + KERNEL)
    return path


def check_scale(path, **kw):
    a = (np.arange(1000) - 500) / 8.0  # 3.0 * a + t is exact, fused into one multiply-add or not
    out, _ = launch(path, 4, 256, a, np.full(1000, np.nan), **kw)
    want = 3.0 * a + np.array([1.0, 2.0, 3.0, 4.0, 5.0])[np.arange(1000) % 5]
    assert np.array_equal(out["out"], want)


@pytest.mark.parametrize("first", [False, True], ids=["after-code", "file-start"])
@pytest.mark.parametrize("line", ["# a comment line of the kind a long generated file has\n", "\n",
                                  "    # an indented comment\n", "\n\n# a comment between blank lines\n"],
                         ids=["comments", "blank", "indented-comments", "mixed"])
def test_kernel_after_70000_lines(tmp_path, line, first):
    lines = line * (N // line.count("\n"))
    path = write(tmp_path, lines, first=first)
    assert sum(1 for _ in open(path)) > N
    check_scale(path)


def test_70000_comment_lines_inside_the_kernel(tmp_path):
    path = write(tmp_path, "")
    text = open(path).read().replace("    i = cuda.grid(1)\n", "    i = cuda.grid(1)\n" + "    # inside\n" * N)
    with open(path, "w") as f:
        f.write(text)
    check_scale(path)


def test_kernel_after_one_line_of_70000_numbers(tmp_path):
    path = write(tmp_path, "BIG = (" + ", ".join(str(i % 10) for i in range(N)) + ")\n")
    check_scale(path)


def test_kernel_after_5000_small_kernels(tmp_path):
    small = "".join(f"\n@cuda.jit\ndef k{i}(a):\n    a[{i % 7}] = {i}\n" for i in range(5000))
    path = write(tmp_path, small)
    check_scale(path, kernel="scale")
    out, _ = launch(path, 1, 1, np.zeros(7, np.int64), kernel="k4999")  # the last of them
    assert out["a"].tolist() == [4999 if j == 4999 % 7 else 0 for j in range(7)]


def test_kernel_after_70000_constants(tmp_path):
    # each from the first: a lookup of C0 that searched the module's names from the latest took
    # time quadratic in their count
    consts = "C0 = 2.0\n" + "".join(f"C{i} = C0 + {i}\n" for i in range(1, N))
    path = write(tmp_path, consts)
    text = open(path).read().replace("SCALE * a[i]", f"SCALE * a[i] + C0 + C{N - 1}")
    with open(path, "w") as f:
        f.write(text)
    a = (np.arange(1000) - 500) / 8.0
    out, _ = launch(path, 4, 256, a, np.full(1000, np.nan))
    want = 3.0 * a + 2.0 + (2.0 + (N - 1)) + np.array([1.0, 2.0, 3.0, 4.0, 5.0])[np.arange(1000) % 5]
    assert np.array_equal(out["out"], want)


def test_diagnostic_past_line_65535_names_its_line(tmp_path):
    lines = "# comment\n" * N
    path = write(tmp_path, lines.replace("# comment\n", "", 1), "late_error.py")
    text = open(path).read().replace("SCALE * a[i]", "SCALE * a[i] + undefined_name")
    with open(path, "w") as f:
        f.write(text)
    source = "        out[i] = SCALE * a[i] + undefined_name + TABLE[i % 5]"
    line, col = text.splitlines().index(source) + 1, source.index("undefined_name") + 1
    assert line > 65_535
    proc = compile_only(path, "--emit=types", "--sig", "void(float64[::1], float64[::1])")
    assert proc.returncode == 1
    assert f"late_error.py:{line}:{col}: error: name 'undefined_name' is not defined" in proc.stderr, proc.stderr
