#!/usr/bin/env bash
# Runs the tests labelled `gpu` on a machine with a GPU, against the installed wheel (after
# scripts/gpu-bundle.sh here; carry bundle and .whl): scripts/gpu-env.sh installs bundle/'s wheel
# into a fresh virtual environment, then come the GPU unit programs (on the installed library),
# every e2e test file against the GPU through the installed `pyjitc` command
# (PYJITC_TEST_TARGET=cuda), and the Python tests (tests/python) with the installed package.
# Prints a table and ends with "N passed, N failed". Logs go to $OUT (or /tmp) when set.
# GPU_TEST_SHARD=i/n runs only every n-th test program from the i-th (0 <= i < n), so that the
# whole set can be split over calls of the GPU machine that each have a time limit.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source "$root/scripts/gpu-env.sh"
logs=${OUT:-/tmp/pyjitc-gpu-logs}
mkdir -p "$logs"
export PYJITC_TEST_TARGET=cuda PYTHONDONTWRITEBYTECODE=1
pass=0; fail=0; failed=(); index=0
shard=${GPU_TEST_SHARD:-0/1}
run() { # name, command...
  local name=$1; shift
  index=$((index + 1))
  [ $(((index - 1) % ${shard#*/})) -eq "${shard%/*}" ] || return 0
  local t0=$(date +%s%N)
  if "$@" >"$logs/$name.log" 2>&1; then r=PASS; pass=$((pass + 1)); else r=FAIL; fail=$((fail + 1)); failed+=("$name"); fi
  printf '%-40s %s %6.2fs\n' "$name" "$r" "$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { print (b - a) / 1e9 }')"
}
for t in bundle/test_*cuda*; do run "unit.$(basename "$t")" env LD_LIBRARY_PATH="$PJ_LIB" "$t"; done
for f in tests/e2e/test_*.py; do run "e2e.cuda.$(basename "$f" .py)" "$PJ_PY" -m pytest -q -p no:cacheprovider "$f"; done
for f in tests/python/test_*.py; do
  [ -e "$f" ] && run "python.cuda.$(basename "$f" .py)" env PYJITC_TARGET=cuda "$PJ_PY" -m pytest -q -p no:cacheprovider "$f"
done
for name in "${failed[@]}"; do echo "--- $name"; tail -n 30 "$logs/$name.log"; done | head -n 200
echo "gpu tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
