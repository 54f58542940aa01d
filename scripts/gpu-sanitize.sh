#!/usr/bin/env bash
# compute-sanitizer over GPU test groups, on the GPU machine (after scripts/gpu-bundle.sh here):
#   bash scripts/gpu-sanitize.sh OUTDIR TOOL [e2e|python] FILE...
# TOOL is memcheck, racecheck or synccheck. e2e FILEs (tests/e2e/test_*.py) run with every launch
# of the installed wheel's program (pyjitc/bin/pyjitc) under the tool (a wrapper given as $PYJITC);
# python FILEs (tests/python) run with the installed package's interpreter under the tool. Each process writes its report to OUTDIR/TOOL/; the summary
# (OUTDIR/TOOL-summary.txt) counts the processes and lists every report that holds an error.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/gpu-env.sh" >/dev/null  # the wheel, installed into a fresh virtual environment
out=$1 tool=$2 kind=$3
shift 3
mkdir -p "$out/$tool"
logs="$out/$tool"
# leaks: for the command line's processes, which free all they allocate; not for Python's, whose
# device arrays are freed by garbage collection, which need not run before the process exits
extra=()
[ "$tool" = memcheck ] && [ "$kind" = e2e ] && extra=(--leak-check full)
if [ "$kind" = e2e ]; then
  wrapper="$out/pyjitc-$tool.sh"
  printf '#!/bin/sh\nexec compute-sanitizer --tool %s %s --log-file %s/%%p.log "%s" "$@"\n' \
    "$tool" "${extra[*]}" "$logs" "$PJ_LIB/bin/pyjitc" > "$wrapper"
  chmod +x "$wrapper"
  PYJITC="$wrapper" PYJITC_TEST_TARGET=cuda "$PJ_PY" -m pytest -q -p no:cacheprovider "$@" > "$out/$tool-pytest.txt" 2>&1
else
  (cd "$root/tests/python" && PYJITC_TARGET=cuda PYJITC_TEST_TARGET=cuda \
    compute-sanitizer --tool "$tool" "${extra[@]}" --target-processes all --log-file "$logs/%p.log" \
    "$PJ_PY" -m pytest -q -p no:cacheprovider -W ignore "$@") > "$out/$tool-pytest.txt" 2>&1
fi
echo "pytest: $(tail -1 "$out/$tool-pytest.txt")"
{
  n=$(ls "$logs" | wc -l)
  # a process that ended before any CUDA call (--emit, a rejected program) has nothing to check
  clean='ERROR SUMMARY: 0 errors|0 hazards displayed \(0 errors, 0 warnings\)|terminated before first instrumented API call'
  idle=$(grep -l "terminated before first instrumented API call" "$logs"/*.log 2>/dev/null | wc -l)
  bad=$(grep -L -E "$clean" "$logs"/*.log 2>/dev/null | wc -l)
  echo "$tool: $n processes ($idle made no CUDA call), $bad with errors ($kind: $*)"
  for f in $(grep -L -E "$clean" "$logs"/*.log 2>/dev/null); do
    echo "--- $f"
    grep -m8 -E "Invalid|Race|Barrier|Leaked|Error|error|in kernel|at .*\+" "$f"
  done
} > "$out/$tool-summary.txt"
head -40 "$out/$tool-summary.txt"
