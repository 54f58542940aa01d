"""How the compile time of a kernel grows with the size of the file around it: files of N comment
lines (after the imports, or first in the file), N blank lines, one line N elements long (a
module-level tuple), N lines of small kernels and N module-level constants, each ending in the
same small kernel, compiled by the command line (`pyjitc FILE --emit=ptx --time`) in fresh
processes. Prints the parse stage (the command's --time: parsing and names) and the whole
process's wall time, medians over the runs in milliseconds, and the parse time per N relative to
the smallest size: a column that stays near 1.0 means linear. A size the command fails on is
shown with its exit status.

    python3 bench/parse.py [--cli build/pyjitc] [--runs 3] [--sizes 10000,30000,70000]"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
IMPORT = "from numba import cuda\nimport numpy as np\n"
KERNEL = '''
@cuda.jit
def scale(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = 2.0 * a[i] + 1.0
'''
SIG = "void(float64[::1], float64[::1])"


def comments(n):  # after the imports, as files have them
    return IMPORT + "".join(f"# comment line {i}: nothing here but words\n" for i in range(n)) + KERNEL


def comments_first(n):  # before anything else
    return "".join(f"# comment line {i}: nothing here but words\n" for i in range(n)) + IMPORT + KERNEL


def blanks(n):
    return IMPORT + "\n" * n + KERNEL


def long_line(n):  # one module-level line of n numbers
    return IMPORT + "TABLE = (" + ", ".join(str(i % 97) for i in range(n)) + ")\n" + KERNEL


def kernels(n):  # n lines of small kernels, 4 lines each, then the one compiled
    return IMPORT + "".join(f"\n@cuda.jit\ndef k{i}(a):\n    a[{i % 7}] = {i}\n" for i in range(n // 4)) + KERNEL


def constants(n):  # n module-level constants, each from the first
    return IMPORT + "C0 = 1\n" + "".join(f"C{i} = C0 + {i}\n" for i in range(1, n)) + KERNEL


SHAPES = {"comment lines": comments, "comments first": comments_first, "blank lines": blanks,
          "one long line": long_line, "small kernels": kernels, "constants": constants}


def compile_once(cli, path):
    """(parse ms from --time, wall ms) of one compile, or (None, exit status) when it fails."""
    t0 = time.perf_counter()
    r = subprocess.run([cli, path, "--kernel", "scale", "--emit=ptx", "--time", "--sig", SIG, "--target", "cuda"],
                       capture_output=True, text=True)
    wall = (time.perf_counter() - t0) * 1e3
    line = [s for s in r.stderr.splitlines() if s.startswith("compile:")]
    if r.returncode or not line:
        return None, r.returncode
    stages = dict(p.strip().rsplit(" ", 2)[:2] for p in line[0][len("compile:"):].split(","))
    return float(stages["parse"]), wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(HERE), "build", "pyjitc"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="10000,30000,70000", help="comma-separated sizes N")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated, of: " + ", ".join(SHAPES))
    opts = ap.parse_args()
    sizes = [int(s) for s in opts.sizes.split(",")]
    d = tempfile.mkdtemp()
    print(f"{'file':>14} | {'N':>7} | {'bytes':>9} | {'parse ms':>9} | {'wall ms':>9} | per N vs first")
    for shape in opts.shapes.split(","):
        base = None
        for n in sizes:
            path = os.path.join(d, "parse_bench.py")
            text = SHAPES[shape](n)
            with open(path, "w") as f:
                f.write(text)
            runs = [compile_once(opts.cli, path) for _ in range(opts.runs)]
            failed = [w for p, w in runs if p is None]
            if failed:
                print(f"{shape:>14} | {n:>7} | {len(text):>9} | {'failed':>9} | {'exit ' + str(failed[0]):>9} |")
                continue
            parse = statistics.median(p for p, _ in runs)
            wall = statistics.median(w for _, w in runs)
            base = base or (parse / n, n)
            ratio = (parse / n) / base[0] if base[0] > 0 else float("nan")
            print(f"{shape:>14} | {n:>7} | {len(text):>9} | {parse:9.1f} | {wall:9.1f} | {ratio:5.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
