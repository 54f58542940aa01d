#!/usr/bin/env bash
# The vertical slice's two figures: the whole-process time of `pyjitc examples/saxpy.py
# --emit=ptx` (median of 21 runs), and saxpy's kernel time on 2^26 float32 (CUDA-event median of
# 50 runs on the GPU, or wall clock on the CPU), its result checked against NumPy.
# Usage: bench/slice.sh [path/to/pyjitc] [--target cpu|cuda]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pyjitc=${1:-$root/build/pyjitc}; shift || true
python3 - "$pyjitc" "$root" "$@" <<'PY'
import os, statistics, subprocess, sys, tempfile, time
import numpy as np
pyjitc, root, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
saxpy = os.path.join(root, "examples", "saxpy.py")
times = []
for _ in range(21):
    t0 = time.perf_counter()
    subprocess.run([pyjitc, saxpy, "--emit=ptx"], check=True, capture_output=True)
    times.append((time.perf_counter() - t0) * 1e3)
print(f"pyjitc examples/saxpy.py --emit=ptx: median {statistics.median(times):.1f} ms "
      f"(min {min(times):.1f}, max {max(times):.1f}) over 21 runs")
n = 1 << 26
with tempfile.TemporaryDirectory() as d:
    out = subprocess.run([pyjitc, saxpy, "--launch", "--grid", str(n // 256), "--block", "256", "--repeat", "50",
                          *extra, "--save-dir", d, "--", "2.0", f"rand({n},float32)", f"rand({n},float32,1)",
                          f"zeros({n},float32)"], check=True, capture_output=True, text=True).stdout
    print("\n".join(l for l in out.splitlines() if l.startswith(("device", "compile", "load", "kernel time"))))
    x, y, o = (np.load(os.path.join(d, f + ".npy")) for f in ("x", "y", "out"))
    ref = np.float32(2.0) * x + y
    err = np.abs(o - ref).max()
    ms = float(out.split("kernel time: ")[1].split(" ms")[0])
    print(f"saxpy 2^26: max |out - numpy| = {err:.3g}; {ms:.4f} ms = {3 * 4 * n / ms / 1e6:.0f} GB/s "
          f"(two reads, one write)")
    assert err <= 2.4e-7 * 3, "saxpy result differs from NumPy"
PY
