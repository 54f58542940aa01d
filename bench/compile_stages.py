"""Where the first compile of a kernel goes, stage by stage (parse, types, lower, optimize, codegen),
in fresh processes: from Python (the first launch, no kernel cache) and from the command line
(`pyjitc --emit=ptx --time`), and a second compile ("again") of the same kernel in the same Python process
for the cost that only the first compile pays. Medians over the processes, in milliseconds.

    PYTHONPATH=build/python python3 bench/compile_stages.py [--runs 7] [--cli build/pyjitc]"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from suite_kernels import PYTHON  # noqa: E402

STAGES = ("parse", "types", "lower", "optimize", "codegen", "total")
SIGS = {"saxpy": "void(float32, float32[::1], float32[::1], float32[::1])",
        "matmul_tiled": "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])",
        "black_scholes": "void(" + ", ".join(["float32[::1]"] * 5 + ["float32", "float32"]) + ")"}

CHILD = r'''
import importlib.util, json, sys
from pyjitc import cuda
spec = importlib.util.spec_from_file_location("suite_stages", sys.argv[1])
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
out = {}
for when in ("first", "again"):  # again: a new dispatcher of the same function compiles afresh
    kernel = getattr(m, sys.argv[2]) if when == "first" else cuda.jit(getattr(m, sys.argv[2]).py_func)
    kernel.compile(sys.argv[3])
    out[when] = dict(next(iter(kernel.overloads.values())).times)
print(json.dumps(out))
'''


def child_times(path, name, sig):
    env = dict(os.environ, PYJITC_CACHE="0")
    r = subprocess.run([sys.executable, "-c", CHILD, path, name, sig], capture_output=True, text=True, env=env)
    if r.returncode:
        raise SystemExit(r.stderr[-2000:])
    return json.loads(r.stdout.splitlines()[-1])


def cli_times(cli, path, name, sig):
    r = subprocess.run([cli, path, "--kernel", name, "--emit=ptx", "--time", "--sig", sig, "--target", "cuda"],
                       capture_output=True, text=True)
    line = [s for s in r.stderr.splitlines() if s.startswith("compile:")]
    if r.returncode or not line:
        raise SystemExit(r.stderr[-2000:])
    parts = dict(p.strip().rsplit(" ", 2)[:2] for p in line[0][len("compile:"):].split(","))
    return {k: float(v) for k, v in parts.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--cli", default=None, help="the pyjitc command line program (also timed when given)")
    opts = ap.parse_args()
    d = tempfile.mkdtemp()
    path = os.path.join(d, "suite_stages.py")
    with open(path, "w") as f:
        f.write(PYTHON.format(module="pyjitc"))
    print(f"{'kernel':>14} | {'from':>6} | " + " | ".join(f"{s:>8}" for s in STAGES) + " |  spread of total")
    for name, sig in SIGS.items():
        runs = [child_times(path, name, sig) for _ in range(opts.runs)]
        rows = {"python": [r["first"] for r in runs], "again": [r["again"] for r in runs]}
        if opts.cli:
            rows["cli"] = [cli_times(opts.cli, path, name, sig) for _ in range(opts.runs)]
        for origin, runs in rows.items():
            med = {s: statistics.median(r[s] for r in runs) for s in STAGES}
            totals = sorted(r["total"] for r in runs)
            print(f"{name:>14} | {origin:>6} | " + " | ".join(f"{med[s]:8.2f}" for s in STAGES)
                  + f" |  {totals[0]:.1f}-{totals[-1]:.1f}")


if __name__ == "__main__":
    main()
