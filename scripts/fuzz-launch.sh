#!/usr/bin/env bash
# Fuzzes launches through the Python API with tests/fuzz/fuzz_launch.py (atheris; README there):
#   bash scripts/fuzz-launch.sh --runs 1000000 --jobs 16     the ordinary build (build/)
#   bash scripts/fuzz-launch.sh --runs 100000 --asan         build-asan/, ASan+UBSan preloaded into CPython
#   bash scripts/fuzz-launch.sh --installed --runs 100000    the pyjitc that python3 imports (a wheel)
# --runs is the total over the jobs; --time S stops each job after S seconds; --build DIR picks the
# build. Each job is its own atheris process (its own seed) over the shared corpus
# BUILD/fuzz/corpus/launch; findings (crash-*, timeout-*, oom-*) go to BUILD/fuzz/findings/launch,
# logs to BUILD/fuzz/logs. Under --asan atheris would get no coverage (the preloaded ASan runtime
# takes libFuzzer's coverage callbacks), so those jobs run random inputs instead (fuzz_launch.py
# --random; the first job replays the ordinary runs' corpus, build/fuzz/corpus/launch, first).
# Installs what is missing first (scripts/setup.sh --fuzz: atheris). The exit status is 1 when a
# job found something.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=100000 jobs=1 time=0 asan=0 installed=0 build="" seed=1 timeout=30
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --asan) asan=1; shift ;;
    --installed) installed=1; shift ;;
    --build) build=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "fuzz-launch.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
py=${PYTHON:-python3}
# atheris: from scripts/setup.sh --fuzz (the package registry), or offline from a wheel put in
# .deps/wheels/ (pip download atheris==3.0.0 -d .deps/wheels); without it the jobs run random inputs
random=$asan
if ! "$py" -c 'import atheris' 2>/dev/null; then
  wheels=$(ls "$root"/.deps/wheels/atheris-*.whl 2>/dev/null | head -1 || true)
  if [ -n "$wheels" ]; then
    "$py" -m pip install --quiet --no-index "$wheels" 2>/dev/null || "$py" -m pip install --quiet --no-index --break-system-packages "$wheels" || true
  else
    bash "$root/scripts/setup.sh" --fuzz || true
  fi
  if ! "$py" -c 'import atheris' 2>/dev/null; then
    echo "fuzz-launch.sh: atheris could not be installed: random inputs, without coverage" >&2
    random=1
  fi
fi
if [ -z "$build" ]; then build=$root/build; [ $asan = 1 ] && build=$root/build-asan; fi
env_add=(PYJITC_TARGET="${PYJITC_TARGET:-cpu}" PYTHONDONTWRITEBYTECODE=1)
if [ $installed = 0 ]; then
  if [ ! -d "$build/python/pyjitc" ]; then
    echo "fuzz-launch.sh: no build in $build (scripts/build.sh, or for --asan: cmake -B build-asan -DPJ_SANITIZE=ON)" >&2
    exit 2
  fi
  env_add+=(PYTHONPATH="$build/python")
fi
work=$build/fuzz
[ $installed = 1 ] && [ ! -w "$build" ] && work=${TMPDIR:-/tmp}/pyjitc-fuzz
corpus=$work/corpus/launch findings=$work/findings/launch logs=$work/logs
mkdir -p "$corpus" "$findings" "$logs"
extra_corpus=()
if [ $asan = 1 ]; then
  env_add+=("LD_PRELOAD=$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
            ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1)
fi
[ $random = 1 ] && [ -d "$root/build/fuzz/corpus/launch" ] && extra_corpus=("$root/build/fuzz/corpus/launch")
per=$(( (runs + jobs - 1) / jobs ))
opts=(-max_len=256 -len_control=0 "-timeout=$timeout" -rss_limit_mb=4096 "-artifact_prefix=$findings/" -print_final_stats=1)
[ "$time" != 0 ] && opts+=("-max_total_time=$time")
echo "fuzz-launch.sh: $jobs job(s), $per runs each, $([ $asan = 1 ] && echo 'ASan+UBSan, ')corpus $corpus"
start=$(date +%s)
pids=()
for j in $(seq 1 "$jobs"); do
  if [ $random = 1 ]; then # random inputs (the first job replays the ordinary runs' corpus first)
    cmd=("$py" "$root/tests/fuzz/fuzz_launch.py" --random "$per" --seed "$((seed + j))" --findings "$findings" --timeout "$timeout")
    replay=()
    [ "$j" = 1 ] && [ ${#extra_corpus[@]} -gt 0 ] && replay=("$py" "$root/tests/fuzz/fuzz_launch.py" --replay "${extra_corpus[0]}"/*)
    ( set +e; rc=0
      if [ ${#replay[@]} -gt 0 ]; then env "${env_add[@]}" "${replay[@]}" || rc=1; fi
      env "${env_add[@]}" "${cmd[@]}" || rc=1; exit $rc ) > "$logs/launch-$j.log" 2>&1 &
  else
    env "${env_add[@]}" "$py" "$root/tests/fuzz/fuzz_launch.py" "$corpus" "${opts[@]}" \
      "-runs=$per" "-seed=$((seed + j))" > "$logs/launch-$j.log" 2>&1 &
  fi
  pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=1; done
secs=$(( $(date +%s) - start ))
done_runs=0
for j in $(seq 1 "$jobs"); do
  n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/launch-$j.log" | grep -o '[0-9]*$' | tail -1 || true)
  [ -z "$n" ] && n=$(grep -o '^#[0-9]*' "$logs/launch-$j.log" | tail -1 | tr -d '#' || true)
  if [ $random = 1 ]; then
    n=$(grep -o '^fuzz_launch: [0-9]* random inputs' "$logs/launch-$j.log" | grep -o '[0-9]*' | tail -1 || true)
    r=$(grep -o 'fuzz_launch: [0-9]* inputs replayed' "$logs/launch-$j.log" | grep -o '[0-9]*' | tail -1 || true)
    [ -z "$n" ] && n=$(grep -o 'fuzz_launch: [0-9]* random inputs, ' "$logs/launch-$j.log" | grep -o '[0-9]*' | head -1 | tail -1 || true)
    n=$(( ${n:-0} + ${r:-0} ))
  fi
  done_runs=$(( done_runs + ${n:-0} ))
  grep -q -E 'ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error|Uncaught Python exception|FINDING|Fatal Python error' "$logs/launch-$j.log" \
    && { echo "fuzz-launch.sh: job $j found something: $logs/launch-$j.log"; failed=1; }
done
rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$logs"/launch-*.log | grep -o '[0-9]*$' | sort -n | tail -1 || true)
echo "fuzz-launch.sh: $done_runs executions in ${secs}s ($(( done_runs / (secs > 0 ? secs : 1) ))/s), peak RSS ${rss:-?} MB," \
     "findings in $findings: $(ls "$findings" | wc -l)"
exit $failed
