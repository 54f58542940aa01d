#!/usr/bin/env python3
"""Writes the generated code of a fixed corpus of kernels into a folder, so that a refactoring that
should change no behaviour can be checked byte for byte: snapshot before, snapshot after, and
`diff -r before/ after/` must print nothing.

    PYTHONPATH=build/python python3 scripts/codegen-snapshot.py OUTDIR [--pyjitc build/pyjitc] [--limit N]

What OUTDIR holds:
  codegen/NAME.ptx, .ll, .host.ll, .types  every tests/codegen/NAME.py compiled by the CLI with its
        `# ARGS:` line (parsed as tests/run_filecheck.py does), its --emit and --target replaced by:
        --target cuda --emit=ptx; --target cuda --emit=llvm (the GPU's LLVM IR); --target cpu
        --emit=llvm (the CPU executor's host IR); --emit=types (with the file's own --target).
        GPU runs get --arch sm_90 where ARGS name no --arch, so a GPU machine writes the same.
        A run that fails writes NAME.KIND.err (its stderr and exit status) instead; a run that
        succeeds with something on stderr writes that to NAME.KIND.stderr as well.
  bench/MODULE.KERNEL.ptx, .host.ll  every @cuda.jit kernel of bench/suite_kernels.py (PYTHON,
        PYTHON_NP, PYTHON_ARGS: modules suite, suite_np, suite_args) and bench/suite_styles.py
        (styles), for the argument types bench/suite.py launches it with (BENCH_SIGNATURES below):
        PTX for sm_90 from the Python API (cuda.compile_ptx), host IR from the CLI.
  examples/NAME.ptx, .host.ll  every examples/*.py the CLI compiles with its own @cuda.jit("...")
        signature; the others are listed in skipped.txt with the CLI's reason.
  commands.txt  the command line behind each file, to reproduce one that differs.

Paths in the outputs are relative to the repository (or <tmp>/ for the bench modules, which are
written to a temporary folder as bench/suite.py's load_python writes them), so two checkouts give
the same bytes; LLVM's JIT errors list symbols in hash order, sorted here. The on-disk cache is
off (PYJITC_CACHE=0) and the CPU executor is the target (PYJITC_TARGET=cpu): no GPU is needed.
Host IR follows this machine's CPU: compare snapshots taken on one machine.

For a refactoring:
    git stash; cmake --build build   # or build the commit before it in another worktree
    PYTHONPATH=build/python python3 scripts/codegen-snapshot.py /tmp/before
    git stash pop; cmake --build build
    PYTHONPATH=build/python python3 scripts/codegen-snapshot.py /tmp/after
    diff -r /tmp/before /tmp/after    # empty when the generated code did not change

--limit N takes the first N codegen files, bench kernels of each module and examples (a quick run)."""
import argparse
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # importing bench/suite_kernels.py leaves no __pycache__ in the tree
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARCH = "sm_90"

# The argument types bench/suite.py launches each kernel with (Case.python_args for PYTHON and
# PYTHON_NP, Case.args_style for PYTHON_ARGS, suite_styles.style_cases' python_args for the
# styles): CuPy arrays are C-contiguous, np.float32 scalars float32, Python ints int64 and Python
# floats float64, as numba types them.
F1 = "float32[::1]"
F2 = "float32[:, ::1]"
_SUITE = {
    "saxpy": f"void(float32, {F1}, {F1}, {F1})",
    "jacobi": f"void({F2}, {F2})",
    "matmul": f"void({F2}, {F2}, {F2})",
    "matmul_tiled": f"void({F2}, {F2}, {F2})",
    "reduce_sum": f"void({F1}, {F1})",
    "histogram": "void(uint8[::1], int32[::1])",
    "black_scholes": f"void({F1}, {F1}, {F1}, {F1}, {F1}, float32, float32)",
    "mandelbrot": "void(int32[:, ::1], int64)",
}
BENCH_SIGNATURES = {
    "suite": _SUITE,
    "suite_np": _SUITE,
    "suite_args": {
        "saxpy": f"void(float32, {F1}, {F1}, {F1}, int32)",
        "jacobi": f"void({F2}, {F2}, int32, int32, float32)",
        "matmul": f"void({F2}, {F2}, {F2}, int32, int32, int32)",
        "matmul_tiled": f"void({F2}, {F2}, {F2}, int32, int32, int32)",
        "reduce_sum": f"void({F1}, {F1}, int32)",
        "histogram": "void(uint8[::1], int32[::1], int32)",
        "black_scholes": f"void({F1}, {F1}, {F1}, {F1}, {F1}, float32, float32, int32)",
        "mandelbrot": "void(int32[:, ::1], int32, int32, int32)",
    },
    "styles": {
        "mandel_step": "void(int32[:, ::1], int64)",
        "mandel_true": "void(int32[:, ::1], int64)",
        "mandel_device": "void(int32[:, ::1], int64)",
        "mandel_complex": "void(float64, float64, float64, float64, uint8[:, ::1], int64)",
        "jacobi_shape": f"void({F2}, {F2})",
        "stencil3d": "void(float32[:, :, ::1], float32[:, :, ::1])",
        "colsum_n": f"void({F2}, {F1}, int64)",
        "saxpy_n": f"void(float32, {F1}, {F1}, {F1}, int64)",
        "scale_stride_n": f"void({F1}, {F1}, int64)",
    },
}


class Snapshot:
    def __init__(self, out, pyjitc, tmp):
        self.out, self.pyjitc, self.tmp = out, pyjitc, tmp
        self.env = dict(os.environ, PYJITC_CACHE="0", PYJITC_TARGET="cpu")
        self.commands, self.skipped, self.written = [], [], 0

    def normalise(self, text):
        """Run-dependent paths out: the temporary folder, then the repository's root."""
        for path, name in ((self.tmp, "<tmp>"), (ROOT, "<repo>")):
            for p in sorted({path, os.path.realpath(path)}, key=len, reverse=True):
                text = text.replace(p + os.sep, name + "/").replace(p, name)
        return text

    def write(self, rel, text):
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
            f.write(self.normalise(text))
        self.written += 1

    def cli(self, rel, source, args, cwd=ROOT):
        """Runs `pyjitc SOURCE ARGS` in cwd; writes rel (stdout), or rel.err when it fails."""
        cmd = [self.pyjitc, source] + args
        proc = subprocess.run(cmd, cwd=cwd, env=self.env, capture_output=True)
        out, err = (b.decode("utf-8", "surrogateescape") for b in (proc.stdout, proc.stderr))
        err = without_sanitizer_lines(err)
        self.commands.append(f"{rel}: (in {'<repo>' if cwd == ROOT else '<tmp>'}) pyjitc "
                             + " ".join(shlex.quote(a) for a in [source] + args))
        if proc.returncode != 0:
            self.write(rel + ".err", f"{sorted_sets(err)}(exit status {proc.returncode})\n")
            return False
        self.write(rel, out)
        if err:
            self.write(rel + ".stderr", sorted_sets(err))
        return True


def without_sanitizer_lines(text):
    """A sanitized build's runtime writes its own lines ("==1234==WARNING: ...", with the process
    id) to stderr: out, so that a snapshot of the sanitized build is as stable as any."""
    return "".join(ln for ln in text.splitlines(keepends=True) if not re.match(r"==\d+==", ln))


def sorted_sets(text):
    """LLVM's JIT errors print sets of symbols in hash order ("{ (main, { b, a }) }"): sorted."""
    return re.sub(r"\{ ([^{}]*) \}", lambda m: "{ " + ", ".join(sorted(m.group(1).split(", "))) + " }", text)


def split_args(argv):
    """A codegen file's ARGS without --emit, --target and --time: (the rest, the --target words)."""
    rest, target, i = [], [], 0
    while i < len(argv):
        a = argv[i]
        if a in ("--emit", "--target"):
            (target if a == "--target" else []).extend(argv[i:i + 2])
            i += 2
            continue
        if a.startswith("--target="):
            target.append(a)
        elif not a.startswith("--emit=") and a != "--time":
            rest.append(a)
        i += 1
    return rest, target


def snapshot_codegen(snap, limit):
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "codegen")) if f.endswith(".py"))
    for name in files[:limit]:
        src = f"tests/codegen/{name}"
        with open(os.path.join(ROOT, src)) as f:
            m = re.search(r"^# ARGS:(.*)$", f.read(), re.M)
        stem = f"codegen/{name[:-3]}"
        if not m:
            snap.skipped.append(f"{src}: no '# ARGS:' line")
            continue
        rest, target = split_args(shlex.split(m.group(1)))
        gpu = rest if any(a == "--arch" or a.startswith("--arch=") for a in rest) else rest + ["--arch", ARCH]
        snap.cli(stem + ".ptx", src, ["--target", "cuda", "--emit=ptx"] + gpu)
        snap.cli(stem + ".ll", src, ["--target", "cuda", "--emit=llvm"] + gpu)
        snap.cli(stem + ".host.ll", src, ["--target", "cpu", "--emit=llvm"] + rest)
        snap.cli(stem + ".types", src, (target or ["--target", "cuda"]) + ["--emit=types"] + rest)


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def kernel_names(text):
    """The @cuda.jit kernels of a module text, in order (device functions left out)."""
    found = re.findall(r"^@cuda\.jit(\([^)]*\))?\s*\ndef (\w+)", text, re.M)
    return [name for deco, name in found if "device=True" not in deco.replace(" ", "")]


def snapshot_bench(snap, limit):
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    from suite_kernels import PYTHON, PYTHON_ARGS, PYTHON_NP
    from suite_styles import PYTHON_STYLES
    from pyjitc import cuda
    # bench/suite.py's load_python: the text formatted for pyjitc, written to suite_pyjitc{tag}.py
    modules = (("suite", PYTHON, ""), ("suite_np", PYTHON_NP, "_np"), ("suite_args", PYTHON_ARGS, "_args"),
               ("styles", PYTHON_STYLES, "_styles"))
    for label, template, tag in modules:
        text = template.format(module="pyjitc")
        fname = f"suite_pyjitc{tag}.py"
        with open(os.path.join(snap.tmp, fname), "w") as f:
            f.write(text)
        mod = load_module(os.path.join(snap.tmp, fname), f"snapshot_suite_pyjitc{tag}")
        for name in kernel_names(text)[:limit]:
            sig = BENCH_SIGNATURES[label].get(name)
            if sig is None:
                snap.skipped.append(f"bench {label}.{name}: no signature in BENCH_SIGNATURES "
                                    "(scripts/codegen-snapshot.py)")
                print(f"codegen-snapshot: bench kernel {label}.{name} has no signature in the table",
                      file=sys.stderr)
                continue
            stem = f"bench/{label}.{name}"
            snap.commands.append(f"{stem}.ptx: cuda.compile_ptx({fname}:{name}, {sig!r}, cc=(9, 0))")
            try:
                ptx, _ = cuda.compile_ptx(getattr(mod, name).py_func, sig, cc=(9, 0))
                snap.write(stem + ".ptx", ptx)
            except Exception as e:  # the error's text is part of the snapshot
                snap.write(stem + ".ptx.err", f"{type(e).__name__}: {e}\n")
            snap.cli(stem + ".host.ll", fname, ["--kernel", name, "--target", "cpu", "--emit=llvm", "--sig", sig],
                     cwd=snap.tmp)


def snapshot_examples(snap, limit):
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "examples")) if f.endswith(".py"))
    for name in files[:limit]:
        src = f"examples/{name}"
        proc = subprocess.run([snap.pyjitc, src, "--target", "cuda", "--arch", ARCH, "--emit=ptx"], cwd=ROOT,
                              env=snap.env, capture_output=True, text=True)
        if proc.returncode != 0:
            reason = next((ln for ln in without_sanitizer_lines(proc.stderr).splitlines() if ln.strip()),
                          f"exit status {proc.returncode}")
            snap.skipped.append(f"{src}: {reason}")
            continue
        stem = f"examples/{name[:-3]}"
        snap.cli(stem + ".ptx", src, ["--target", "cuda", "--arch", ARCH, "--emit=ptx"])
        snap.cli(stem + ".host.ll", src, ["--target", "cpu", "--emit=llvm"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", help="the folder to write (a new one, or an earlier snapshot, which is replaced)")
    ap.add_argument("--pyjitc", default=os.path.join(ROOT, "build", "pyjitc"), help="the CLI (default build/pyjitc)")
    ap.add_argument("--limit", type=int, default=None,
                    help="only the first N codegen files, bench kernels of each module and examples")
    opts = ap.parse_args()
    pyjitc = os.path.abspath(opts.pyjitc)
    if not os.access(pyjitc, os.X_OK):
        sys.exit(f"codegen-snapshot: {pyjitc} is not an executable (build first, or give --pyjitc)")
    os.environ.update(PYJITC_CACHE="0", PYJITC_TARGET="cpu")  # before pyjitc is imported
    try:
        import pyjitc as _  # noqa: F401
    except ImportError:  # the Python package of the CLI's build tree
        sys.path.insert(0, os.path.join(os.path.dirname(pyjitc), "python"))
    start = time.monotonic()
    out = os.path.abspath(opts.outdir)
    if os.path.isdir(out) and os.listdir(out):
        if not os.path.isfile(os.path.join(out, "commands.txt")):
            sys.exit(f"codegen-snapshot: {out} holds files and is not a snapshot: give a new folder")
        shutil.rmtree(out)
    os.makedirs(out)
    tmp = tempfile.mkdtemp(prefix="codegen-snapshot-")
    try:
        snap = Snapshot(out, pyjitc, tmp)
        snapshot_codegen(snap, opts.limit)
        snapshot_bench(snap, opts.limit)
        snapshot_examples(snap, opts.limit)
        snap.write("skipped.txt", "".join(line + "\n" for line in snap.skipped))
        snap.write("commands.txt", "".join(line + "\n" for line in snap.commands))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"codegen-snapshot: {snap.written} files in {out} ({time.monotonic() - start:.1f} s)")


if __name__ == "__main__":
    main()
