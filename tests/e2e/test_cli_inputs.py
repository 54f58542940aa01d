"""The command line reads its kernel file as it is and checks every option's value: a kernel
given through a pipe, a FIFO, a process substitution, /dev/stdin or '-' is read whole and runs
(its numbers checked against NumPy), with diagnostics at the right lines; a directory or a
missing file says why, never a crash; a bad number, architecture or shape is refused with exit
status 2 and a message naming the option."""
import os
import shutil
import subprocess
import tempfile
import threading

import numpy as np
import pytest

from pjrun import PYJITC, TARGET

KERNEL = '''from numba import cuda


@cuda.jit
def scale(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 3.0 + 1.0
'''

BROKEN = '''from numba import cuda


@cuda.jit
def scale(out, x):
    i = cuda.grid(1)
    out[i] = x[i] * undefined_name
'''

N = 100


def launch_cmd(path, d):
    """The launch of `scale` on the test target, its input from NumPy and its output saved in d."""
    x = np.linspace(-4, 4, N).astype(np.float32)
    np.save(os.path.join(d, "x.npy"), x)
    cmd = [PYJITC, path, "--launch", "--target", TARGET, "--grid", "4", "--block", "32", "--save-dir", d,
           "--", f"zeros({N},float32)", os.path.join(d, "x.npy")]
    return cmd, x


def check_output(proc, d, x):
    assert proc.returncode == 0, proc.stdout + proc.stderr
    np.testing.assert_allclose(np.load(os.path.join(d, "out.npy")), x * np.float32(3) + np.float32(1), rtol=1e-6)


@pytest.mark.parametrize("path", ["-", "/dev/stdin"])
def test_kernel_from_standard_input(path):
    with tempfile.TemporaryDirectory() as d:
        cmd, x = launch_cmd(path, d)
        proc = subprocess.run(cmd, input=KERNEL, capture_output=True, text=True, timeout=120)
        check_output(proc, d, x)


def test_kernel_from_a_pipe_through_a_shell():
    """`cat k.py | pyjitc /dev/stdin` and `pyjitc <(cat k.py)`: /dev/fd paths, sizes unknown."""
    if not shutil.which("bash"):
        pytest.skip("no bash for the process substitution")
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "k.py")
        open(src, "w").write(KERNEL)
        cmd, x = launch_cmd("PATH", d)
        line = " ".join(f"'{c}'" for c in cmd)
        proc = subprocess.run(["bash", "-c", line.replace("'PATH'", f"<(cat '{src}')")], capture_output=True,
                              text=True, timeout=120)
        check_output(proc, d, x)


def test_kernel_from_a_fifo():
    with tempfile.TemporaryDirectory() as d:
        fifo = os.path.join(d, "kernel.py")
        os.mkfifo(fifo)

        def feed():
            with open(fifo, "w") as f:  # opens once pyjitc opens the other end
                f.write(KERNEL)
        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        cmd, x = launch_cmd(fifo, d)
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        writer.join(10)
        check_output(proc, d, x)


@pytest.mark.parametrize("path,shown", [("-", "<stdin>"), ("/dev/stdin", "/dev/stdin")])
def test_piped_kernel_diagnostics_point_at_the_line(path, shown):
    proc = subprocess.run([PYJITC, path, "--sig", "void(float32[:], float32[:])", "--emit=llvm", "--target", "cpu"],
                          input=BROKEN, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert f"{shown}:7:21: error: name 'undefined_name' is not defined" in proc.stderr, proc.stderr
    assert "    out[i] = x[i] * undefined_name\n" in proc.stderr, proc.stderr


def test_directory_is_refused_with_the_reason(tmp_path):
    d = tmp_path / "kernels.py"
    d.mkdir()
    proc = subprocess.run([PYJITC, str(d), "--emit=ast"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)  # a signal would be negative
    assert f"cannot read '{d}': Is a directory" in proc.stderr, proc.stderr


def test_missing_file_is_refused_with_the_reason(tmp_path):
    proc = subprocess.run([PYJITC, str(tmp_path / "nothing.py")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "No such file or directory" in proc.stderr, proc.stderr


def test_directory_as_an_npy_argument_is_refused_with_the_reason(tmp_path):
    (tmp_path / "data.npy").mkdir()
    with tempfile.TemporaryDirectory() as d:
        cmd, _ = launch_cmd("-", d)
        cmd[-1] = str(tmp_path / "data.npy")
        proc = subprocess.run(cmd, input=KERNEL, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "data.npy': cannot open: Is a directory" in proc.stderr, proc.stderr


def test_endless_input_is_refused():
    proc = subprocess.run([PYJITC, "/dev/zero", "--emit=ast"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "cannot read '/dev/zero': larger than" in proc.stderr, proc.stderr


@pytest.fixture(scope="module")
def kernel_file():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "cli_inputs_kernel.py")
        open(path, "w").write(KERNEL)
        yield path


SIG = ["--sig", "void(float32[:], float32[:])"]


@pytest.mark.parametrize("options,message", [
    (["--max-registers", "abc"], "bad --max-registers 'abc'"),
    (["--max-registers", "-1"], "bad --max-registers '-1'"),
    (["--max-registers", "1.5"], "bad --max-registers '1.5'"),
    (["--max-registers", "0"], "bad --max-registers '0'"),
    (["--max-registers", "256"], "bad --max-registers '256': a whole number of registers per thread, 1 to 255"),
    (["--max-registers", "99999999999"], "bad --max-registers '99999999999'"),
    (["--arch", "banana"], "unknown architecture 'banana' (known: sm_50, "),
    (["--arch", "sm_1"], "unknown architecture 'sm_1'"),
    (["--arch", "sm_9999"], "unknown architecture 'sm_9999'"),
    (["--arch", "sm_35"], "unknown architecture 'sm_35'"),
    (["--arch", "sm_80a"], "unknown architecture 'sm_80a'"),
    (["--arch", "sm_100"], "architecture 'sm_100' is newer than the NVPTX back end of LLVM"),
    (["--grid", "2x3", "--block", "8", "--launch"], "bad --grid '2x3': N, X,Y or X,Y,Z"),
    (["--grid", "2", "--block", "8x4", "--launch"], "bad --block '8x4': N, X,Y or X,Y,Z"),
    (["--grid", " 2", "--block", "8", "--launch"], "bad --grid ' 2'"),
    (["--grid", "2", "--block", "8", "--shared", "+4", "--launch"], "bad --shared '+4'"),
    (["--repeat", "+2"], "bad --repeat '+2'"),
    (["-O4"], "bad optimization level '-O4'"),
    (["-Ofast"], "bad optimization level '-Ofast'"),
    (["--diagnostics=xml"], "unknown --diagnostics 'xml' (text, json)"),
    (["--grid"], "--grid needs a value"),
])
def test_bad_option_values(kernel_file, options, message):
    proc = subprocess.run([PYJITC, kernel_file, *SIG, *options], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr, (proc.returncode, proc.stderr)


@pytest.mark.parametrize("options,line", [
    (["--max-registers", "32"], ".maxnreg 32"),
    (["--max-registers=255"], ".maxnreg 255"),
    (["--arch", "sm_80"], ".target sm_80"),
    (["--arch", "compute_75"], ".target sm_75"),
    (["--arch", "sm_90a"], ".target sm_90a"),
    (["--arch", "sm_50"], ".target sm_50"),
])
def test_good_option_values_reach_the_ptx(kernel_file, options, line):
    proc = subprocess.run([PYJITC, kernel_file, *SIG, "--emit=ptx", *options], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert any(l.strip() == line for l in proc.stdout.splitlines()), proc.stdout
