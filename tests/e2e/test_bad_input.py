"""Bad input on the command line: hostile .npy files, bad launch options, wrong arguments and
--kernel naming a device function each give a clear error naming the file or the option, with a
non-zero exit status; a correct launch afterwards gives NumPy's numbers."""
import os
import subprocess

import numpy as np
import pytest

from pjrun import PYJITC, TARGET, launch

KERNEL = '''from numba import cuda


@cuda.jit(device=True)
def plus_one(x):
    return x + 1


@cuda.jit
def add_into(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += plus_one(b[i])
'''


@pytest.fixture
def kernel(tmp_path):
    path = tmp_path / "bad_input_kernel.py"
    path.write_text(KERNEL)
    return str(path)


def run(kernel, *options, args=("zeros(8,float32)", "arange(8,float32)")):
    cmd = [PYJITC, kernel, "--launch", "--target", TARGET, *options, "--", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def check_correct_launch(kernel):
    a = np.arange(40, dtype=np.float32)
    b = np.linspace(-2, 2, 40).astype(np.float32)
    out, _ = launch(kernel, 2, 32, a, b, kernel="add_into")
    np.testing.assert_allclose(out["a"], a + (b + 1), rtol=1e-6)


@pytest.mark.parametrize("options,message", [
    (["--grid", "0", "--block", "8"], "grid (0,1,1) has a zero dimension"),
    (["--grid", "1", "--block", "0"], "block (0,1,1) has a zero dimension"),
    (["--grid", "-1", "--block", "8"], "bad --grid '-1'"),
    (["--grid", "1.5", "--block", "8"], "bad --grid '1.5'"),
    (["--grid", "1,1,1,1", "--block", "8"], "bad --grid '1,1,1,1'"),
    (["--grid", "99999999999999999999", "--block", "8"], "bad --grid"),
    (["--grid", "1", "--block", "2048"], "block (2048,1,1) has 2048 threads; the device allows at most 1024"),
    (["--grid", "1", "--block", "1,1,65"], "has z = 65; the device allows at most 64"),
    (["--grid", "1,65536", "--block", "8"], "has y = 65536; the device allows at most 65535"),
    (["--grid", "1", "--block", "8", "--shared", "49153"], "49153 bytes of shared memory per block"),
    (["--grid", "1", "--block", "8", "--shared", "-1"], "bad --shared '-1'"),
    (["--grid", "1", "--block", "8", "--shared", "12kB"], "bad --shared '12kB'"),
    (["--grid", "1", "--block", "8", "--repeat", "0"], "bad --repeat '0'"),
    (["--grid", "1", "--block", "8", "--repeat", "3x"], "bad --repeat '3x'"),
    (["--grid", "1", "--block", "8", "--kernel", "plus_one"],
     "'plus_one' is a device function (@cuda.jit(device=True))"),
    (["--grid", "1", "--block", "8", "--kernel", "nothing"], "no kernel named 'nothing'"),
])
def test_bad_launch_options(kernel, options, message):
    proc = run(kernel, *options)
    assert proc.returncode != 0 and message in proc.stderr, proc.stderr
    check_correct_launch(kernel)


@pytest.mark.parametrize("args,message", [
    (["zeros(8,float32)"], "missing argument 'b' of kernel 'add_into'"),
    (["zeros(8,float32)", "zeros(8,float32)", "3"], "kernel 'add_into' takes 2 arguments; '3' is one too many"),
    (["zeros(8,float32)", "hello"], "argument 'b': 'hello' is not a number"),
    (["zeros(8,float32)", "zeros(8,object)"], "unknown dtype 'object'"),
    (["zeros(8,float32)", "2.0"], "float64 cannot be indexed"),
    (["zeros(8,float32)", "c=arange(8,float32)"], "kernel 'add_into' has no parameter named 'c' (its parameters: a, b)"),
    (["a=zeros(8,float32)", "a=zeros(8,float32)"], "argument 'a' given twice"),
    (["zeros(-1,float32)", "zeros(8,float32)"], "argument 'a': negative extent -1"),
    (["zeros(8,float32)", "zeros((4294967296,4294967296),float32)"], "argument 'b': more than 2^40 elements"),
    (["zeros(8,float32)", "missing-file.npy"], "'missing-file.npy': cannot open"),
])
def test_wrong_arguments(kernel, args, message):
    proc = run(kernel, "--grid", "1", "--block", "8", args=args)
    assert proc.returncode != 0 and message in proc.stderr + proc.stdout, proc.stderr
    check_correct_launch(kernel)


def write_npy(path, header, data):
    """A version 1.0 .npy file with this header text and these data bytes."""
    text = header.encode()
    pad = 64 - (10 + len(text) + 1) % 64
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + (len(text) + pad + 1).to_bytes(2, "little") + text + b" " * pad + b"\n" + data)


HOSTILE = [
    ("{'descr': '|O', 'fortran_order': False, 'shape': (8,), }", 64, "unsupported dtype '|O'"),
    ("{'descr': '<U2', 'fortran_order': False, 'shape': (8,), }", 64, "unsupported dtype '<U2'"),
    ("{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (8,), }", 32, "structured dtypes"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }", 32, "above the limit"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (-8,), }", 32, "'shape'"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (" + "1," * 33 + "), }", 4, "more than 8 dimensions"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }", 32,
     "truncated: 4398046511104 bytes of data expected, 32 found"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (8,), }", 31, "truncated: 32 bytes of data expected, 31 found"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (8,), }", 40, "8 bytes after the data"),
    ("{'descr': '<f4', 'fortran_order': maybe, 'shape': (8,), }", 32, "'fortran_order'"),
    ("{'descr': '<f4', 'shape': (8,), }", 32, "lacks one of"),
    ("[1, 2, 3]", 32, "not a dict"),
]


@pytest.mark.parametrize("header,nbytes,message", HOSTILE, ids=[h[2] for h in HOSTILE])
def test_hostile_npy(kernel, tmp_path, header, nbytes, message):
    path = str(tmp_path / "hostile.npy")
    write_npy(path, header, bytes(nbytes))
    proc = run(kernel, "--grid", "1", "--block", "8", args=("zeros(8,float32)", path))
    assert proc.returncode != 0 and message in proc.stderr and "hostile.npy" in proc.stderr, proc.stderr
    check_correct_launch(kernel)


def test_truncated_npy_at_every_byte(kernel, tmp_path):
    good = str(tmp_path / "good.npy")
    np.save(good, np.arange(3, dtype=np.float32))
    data = open(good, "rb").read()
    for cut in range(0, len(data), 7):  # every 7th byte: each launch starts a process
        path = str(tmp_path / f"cut{cut}.npy")
        open(path, "wb").write(data[:cut])
        proc = run(kernel, "--grid", "1", "--block", "8", args=("zeros(3,float32)", path))
        assert proc.returncode != 0 and f"cut{cut}.npy" in proc.stderr, (cut, proc.stderr)
    check_correct_launch(kernel)


def test_big_endian_npy_converted(kernel, tmp_path):
    b = np.linspace(-5, 5, 16).astype(">f4")
    path = str(tmp_path / "be.npy")
    np.save(path, b)
    proc = run(kernel, "--grid", "1", "--block", "16", "--save", f"a={tmp_path / 'a.npy'}",
               args=("zeros(16,float32)", path))
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(np.load(tmp_path / "a.npy"), b.astype("<f4") + 1, rtol=1e-6)
