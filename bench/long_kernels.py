"""How the compile time of a kernel grows with its length: N straight-line statements
(`x = x * 1.0001 + k`, one name assigned N times, one chain of N values), compiled by the command
line in fresh processes for the GPU (`--emit=ptx`, no GPU needed) and for the CPU executor
(`--launch` of one thread, its result checked against Python's arithmetic). Prints each stage of
the command's --time (wall clock, milliseconds: parse is parsing and names, types the type
checker, lower the LLVM IR's making, optimize LLVM's passes, codegen PTX or x86 code), the
process's CPU time (user + system: less disturbed than wall clock on a busy machine), and that CPU
time per statement relative to the smallest size: a column that stays near 1.0 means linear.
Medians over the runs. A size the command fails on is shown with its exit status.

    python3 bench/long_kernels.py [--cli build/pyjitc] [--runs 1] [--sizes 10000,30000,100000]
                                  [--targets cuda,cpu]"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STAGES = ("parse", "types", "lower", "optimize", "codegen", "total")


def source(n):
    return ("from numba import cuda\n\n@cuda.jit\ndef k(a):\n    x = a[0]\n"
            + "".join(f"    x = x * 1.0001 + {i % 7}.0\n" for i in range(n)) + "    a[0] = x\n")


def reference(n):
    x = 1.0
    for i in range(n):
        x = x * 1.0001 + (i % 7)
    return x


def compile_once(cli, path, target, n):
    """({stage: ms}, cpu seconds) of one compile, or (None, exit status) when it fails."""
    if target == "cuda":
        cmd = [cli, path, "--emit=ptx", "--time", "--target", "cuda", "--sig", "void(float64[:])"]
    else:
        cmd = [cli, path, "--target", "cpu", "--launch", "--grid", "1", "--block", "1", "--time", "--",
               "ones(1,float64)"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [s for s in (r.stdout + r.stderr).splitlines() if s.startswith("compile:")]
    if r.returncode or not lines:
        return None, r.returncode
    if target == "cpu":  # the launch's result: "a: float64[1] min=... [value]"
        got = [s for s in r.stdout.splitlines() if s.strip().startswith("a:")]
        value = float(got[0].rsplit("[", 1)[1].rstrip("]")) if got else float("nan")
        want = reference(n)
        if not abs(value - want) <= 1e-5 * abs(want):  # printed to 6 digits
            print(f"wrong result for N={n}: {value} (want {want})", file=sys.stderr)
            return None, "wrong"
    stages = dict(p.strip().rsplit(" ", 2)[:2] for p in lines[0][len("compile:"):].split(","))
    return {s: float(stages[s]) for s in STAGES}, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(HERE), "build", "pyjitc"))
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--sizes", default="10000,30000,100000", help="comma-separated sizes N")
    ap.add_argument("--targets", default="cuda,cpu", help="comma-separated, of: cuda, cpu")
    opts = ap.parse_args()
    d = tempfile.mkdtemp()
    print(f"{'target':>6} | {'N':>7} | " + " | ".join(f"{s:>8}" for s in STAGES) + f" | {'cpu s':>7} | per N vs first")
    for target in opts.targets.split(","):
        base = None
        for n in (int(s) for s in opts.sizes.split(",")):
            path = os.path.join(d, "long_kernel.py")
            with open(path, "w") as f:
                f.write(source(n))
            runs = [compile_once(opts.cli, path, target, n) for _ in range(opts.runs)]
            failed = [c for t, c in runs if t is None]
            if failed:
                print(f"{target:>6} | {n:>7} | failed: exit {failed[0]}")
                continue
            times = {s: statistics.median(t[s] for t, _ in runs) for s in STAGES}
            cpu = statistics.median(c for _, c in runs)
            base = base or cpu / n
            print(f"{target:>6} | {n:>7} | " + " | ".join(f"{times[s]:8.0f}" for s in STAGES)
                  + f" | {cpu:7.2f} | {cpu / n / base:5.2f}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
