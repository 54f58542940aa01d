"""Launching kernels through the pyjitc command line from tests, on the target the test run is
for (PYJITC_TEST_TARGET=cpu|cuda), with NumPy arrays in and out."""
import ast
import os
import subprocess
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYJITC = os.environ.get("PYJITC", os.path.join(ROOT, "build", "pyjitc"))
TARGET = os.environ.get("PYJITC_TEST_TARGET", "cpu")


def example(name):
    return os.path.join(ROOT, "examples", name)


def here(test_file, name):
    return os.path.join(os.path.dirname(os.path.abspath(test_file)), name)


def param_names(path, kernel=None):
    """The parameter names of the kernel in `path` (the one named `kernel`, or the only one)."""
    tree = ast.parse(open(path).read())
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.decorator_list]
    if kernel:
        funcs = [f for f in funcs if f.name == kernel]
    assert len(funcs) == 1, f"cannot pick the kernel in {path}"
    return [a.arg for a in funcs[0].args.args]


def spec(value, directory, k):
    """The command-line form of one argument."""
    if isinstance(value, np.ndarray):
        path = os.path.join(directory, f"in{k}.npy")
        f_order = value.ndim > 1 and value.flags.f_contiguous and not value.flags.c_contiguous
        np.save(path, value if f_order else np.ascontiguousarray(value))  # Fortran order is kept
        return path
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, np.complexfloating):
        return f"{value.dtype.name}({value.real.item()!r}, {value.imag.item()!r})"
    if isinstance(value, np.generic):
        return f"{value.dtype.name}({value.item()!r})"
    return repr(value)


def dims(d):
    return ",".join(str(x) for x in d) if isinstance(d, (tuple, list)) else str(d)


def launch(path, grid, block, *args, kernel=None, repeat=1, options=()):
    """Launch the kernel on the test target. Returns (arrays after the launch by parameter
    name, the command's stdout). Fails the test if pyjitc fails or runs on another target."""
    names = param_names(path, kernel)
    with tempfile.TemporaryDirectory() as d:
        cmd = [PYJITC, path, "--launch", "--target", TARGET, "--grid", dims(grid), "--block", dims(block),
               "--repeat", str(repeat), "--save-dir", d, *options]
        if kernel:
            cmd += ["--kernel", kernel]
        cmd += ["--"] + [spec(v, d, k) for k, v in enumerate(args)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, f"pyjitc failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
        device = proc.stdout.splitlines()[0]
        assert device.startswith("device: CPU" if TARGET == "cpu" else "device: "), device
        if TARGET == "cuda":
            assert "CPU" not in device, f"asked for the GPU, ran on {device}"
        out = {n: np.load(os.path.join(d, n + ".npy")) for n, v in zip(names, args) if isinstance(v, np.ndarray)}
        return out, proc.stdout


def compile_only(path, *options):
    """Run pyjitc without launching; returns the CompletedProcess."""
    return subprocess.run([PYJITC, path, *options], capture_output=True, text=True)
