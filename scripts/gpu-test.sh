#!/usr/bin/env bash
# Runs the tests labelled `gpu` on a machine with a GPU, against the installed wheel (after
# scripts/gpu-bundle.sh here; carry bundle and .whl): scripts/gpu-env.sh installs bundle/'s wheel
# into a fresh virtual environment, then come the GPU unit programs (on the installed library),
# every e2e test file against the GPU through the installed `pyjitc` command
# (PYJITC_TEST_TARGET=cuda), and the Python tests (tests/python) with the installed package.
# Prints a table and ends with "N passed, N failed". Logs go to $OUT (or /tmp) when set.
# GPU_TEST_SHARD=i/n runs only every n-th test program from the i-th (0 <= i < n), so that the
# whole set can be split over calls of the GPU machine that each have a time limit.
# GPU_TEST_JOBS=N runs N test programs at once (default 1; the GPU machine's 16 cores and one GPU
# take 10: the whole set in about 4 minutes instead of 10).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source "$root/scripts/gpu-env.sh"
logs=${OUT:-/tmp/pyjitc-gpu-logs}
mkdir -p "$logs"
export PYJITC_TEST_TARGET=cuda PYTHONDONTWRITEBYTECODE=1
index=0
shard=${GPU_TEST_SHARD:-0/1}
jobs_max=${GPU_TEST_JOBS:-1}
rm -f "$logs"/*.result
one() { # name, command...: runs it, writes its line to $logs/NAME.result
  local name=$1; shift
  local t0=$(date +%s%N) r=FAIL
  "$@" >"$logs/$name.log" 2>&1 && r=PASS
  printf '%-40s %s %6.2fs\n' "$name" "$r" "$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { print (b - a) / 1e9 }')" \
    >"$logs/$name.result"
  [ "$jobs_max" -gt 1 ] || cat "$logs/$name.result"
}
run() { # name, command...
  index=$((index + 1))
  [ $(((index - 1) % ${shard#*/})) -eq "${shard%/*}" ] || return 0
  if [ "$jobs_max" -le 1 ]; then one "$@"; return 0; fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  one "$@" &
}
for t in bundle/test_*cuda*; do run "unit.$(basename "$t")" env LD_LIBRARY_PATH="$PJ_LIB" "$t"; done
for f in tests/e2e/test_*.py; do run "e2e.cuda.$(basename "$f" .py)" "$PJ_PY" -m pytest -q -p no:cacheprovider "$f"; done
for f in tests/python/test_*.py; do
  [ -e "$f" ] && run "python.cuda.$(basename "$f" .py)" env PYJITC_TARGET=cuda "$PJ_PY" -m pytest -q -p no:cacheprovider "$f"
done
wait
[ "$jobs_max" -gt 1 ] && cat "$logs"/*.result
pass=$(cat "$logs"/*.result 2>/dev/null | grep -c ' PASS ' || true)
fail=$(cat "$logs"/*.result 2>/dev/null | grep -c ' FAIL ' || true)
for f in "$logs"/*.result; do
  grep -q ' FAIL ' "$f" || continue
  name=$(basename "$f" .result)
  echo "--- $name"; tail -n 30 "$logs/$name.log"
done | head -n 200
echo "gpu tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
