"""The host side of a GPU launch in exact instruction counts, on any machine: pyjitc's launch path
runs over the tests' stand-in driver (tests/unit/fake_libcuda.c, built as build/libpj_fake_libcuda.so:
a GPU that runs nothing) under callgrind, once with 100 warm-up launches and once with 100 + N,
and the difference divided by N is what one launch costs, function by function, without the first
call's compile. Needs valgrind and the build tree.

    PYTHONPATH=build/python python3 bench/launch_host.py [--arrays 3,16,64] [--launches 1000] [--changing-scalar]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

PROGRAM = r'''
import sys, tempfile
import numpy as np
sys.path.insert(0, {here!r})
from launch import load
from pyjitc import cuda
n, count, changing = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
kernel = load(n, "pyjitc", tempfile.mkdtemp())
arrays = [cuda.to_device(np.ones(1024, np.float32)) for _ in range(n)]
# made before the launches: one object each time, or a new value each time
scalars = [np.float32(i) for i in range(100 + count)] if changing else [np.float32(2.0)] * (100 + count)
launcher = kernel[4, 256]
for i in range(100 + count):
    launcher(*arrays, scalars[i])
'''


def profile(script, n, count, out, driver, changing=False):
    env = dict(os.environ, PYJITC_LIBCUDA=driver, PYJITC_CACHE="0")
    subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=pj_launcher_call", f"--callgrind-out-file={out}",
                    os.path.realpath(sys.executable), "-W", "ignore", script, str(n), str(count), "1" if changing else "0"],
                   env=env, check=True, capture_output=True)
    text = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True, text=True,
                          check=True).stdout
    costs = {}
    for line in text.split("\n"):
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S+)", line)
        if m and "PROGRAM" not in line:
            name = m.group(2).split(":", 1)[-1]
            costs[name] = costs.get(name, 0) + int(m.group(1).replace(",", ""))
    return costs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arrays", default="3,16,64")
    ap.add_argument("--launches", type=int, default=1000)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--changing-scalar", action="store_true", help="a new float32 value at each launch")
    ap.add_argument("--driver", default=os.path.join(HERE, "..", "build", "libpj_fake_libcuda.so"))
    opts = ap.parse_args()
    driver = os.path.abspath(opts.driver)
    if not os.path.exists(driver):
        raise SystemExit(f"no stand-in driver at {driver}: build the tree (cmake --build build)")
    with tempfile.TemporaryDirectory() as d:
        script = os.path.join(d, "launches.py")
        with open(script, "w") as f:
            f.write(PROGRAM.format(here=HERE))
        for n in (int(x) for x in opts.arrays.split(",")):
            base = profile(script, n, 0, os.path.join(d, f"base{n}"), driver, opts.changing_scalar)
            more = profile(script, n, opts.launches, os.path.join(d, f"more{n}"), driver, opts.changing_scalar)
            each = {k: (more.get(k, 0) - base.get(k, 0)) / opts.launches for k in set(base) | set(more)}
            total = sum(each.values())
            print(f"{n} arrays + 1 scalar: {total:.0f} instructions a launch in pj_launcher_call and below")
            for k, v in sorted(each.items(), key=lambda kv: -kv[1])[:opts.top]:
                print(f"  {v:8.0f}  {k[:100]}")


if __name__ == "__main__":
    main()
