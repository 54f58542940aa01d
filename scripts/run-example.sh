#!/usr/bin/env bash
# The main job on an example, as a Python user meets it: builds the wheel (scripts/wheel.sh, which
# installs what building needs first), installs it into the virtual environment .venv/, runs
# examples/saxpy.py with it (on the GPU if there is one, else on the CPU executor), then launches
# the same kernel on 2^20 float32 through the `pyjitc` command. Extra options go to that command
# (e.g. --target cpu, --repeat 20).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/build-wheel"
log="$root/build-wheel/wheel.log"
echo "building the wheel (scripts/wheel.sh; its log: build-wheel/wheel.log)"
if ! wheel=$(bash "$root/scripts/wheel.sh" 2>"$log" | tail -n 1); then
  tail -n 30 "$log" >&2
  echo "run-example.sh: scripts/wheel.sh failed (the whole log: $log)" >&2
  exit 1
fi
venv="$root/.venv"
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --force-reinstall "$wheel"
echo "installed $(basename "$wheel") into .venv"
echo "\$ python examples/saxpy.py"
"$venv/bin/python" "$root/examples/saxpy.py"
n=1048576
echo "\$ pyjitc examples/saxpy.py --launch ..."
exec "$venv/bin/pyjitc" "$root/examples/saxpy.py" --launch --grid $((n / 256)) --block 256 --repeat 10 "$@" \
  -- 2.0 "rand($n,float32)" "rand($n,float32,1)" "zeros($n,float32)" --save out=/tmp/pyjitc-saxpy-out.npy
