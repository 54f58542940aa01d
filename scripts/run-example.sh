#!/usr/bin/env bash
# Set-up, build, then the main job on an example: saxpy on 2^20 float32, on the GPU if there is
# one, else on the CPU executor. Extra options go to pyjitc (e.g. --target cpu, --repeat 20).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" >/dev/null
n=1048576
exec "$root/build/pyjitc" "$root/examples/saxpy.py" --launch --grid $((n / 256)) --block 256 --repeat 10 "$@" \
  -- 2.0 "rand($n,float32)" "rand($n,float32,1)" "zeros($n,float32)" --save out=/tmp/pyjitc-saxpy-out.npy
