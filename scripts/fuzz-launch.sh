#!/usr/bin/env bash
# Fuzzes launches through the Python API with tests/fuzz/fuzz_launch.py (atheris; README there):
#   bash scripts/fuzz-launch.sh --runs 1000000 --jobs 16     the ordinary build (build/)
#   bash scripts/fuzz-launch.sh --runs 100000 --asan         build-asan/, ASan+UBSan preloaded into CPython
#   bash scripts/fuzz-launch.sh --installed --runs 100000    the pyjitc that python3 imports (a wheel)
# --runs is the total over the jobs; --time S stops the jobs after S seconds; --build DIR picks the
# build. Each job runs atheris processes of --chunk executions (20000) one after another over the
# shared corpus BUILD/fuzz/corpus/launch, each with its own seed: a process keeps every kernel
# specialization it compiled (about 0.7 MB each on the CPU executor), so a fresh one now and then
# keeps the memory of long runs bounded. Findings (crash-*, timeout-*, oom-*, finding-*) go to
# BUILD/fuzz/findings/launch, logs to BUILD/fuzz/logs/launch-JOB-CHUNK.log; a job stops at its
# first finding. Under --asan atheris would get no coverage (the preloaded ASan runtime takes
# libFuzzer's coverage callbacks), so those jobs run random inputs (fuzz_launch.py --random), the
# first replaying the ordinary runs' corpus (build/fuzz/corpus/launch) first.
# atheris comes from scripts/setup.sh --fuzz, or offline from a wheel in .deps/wheels/ (pip download
# atheris==3.0.0 -d .deps/wheels); without it (or with --random) the jobs run random inputs. The
# exit status is 1 when a job found something.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=100000 jobs=1 time=0 asan=0 installed=0 build="" seed=1 timeout=30 chunk=20000 force_random=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --chunk) chunk=$2; shift 2 ;;
    --asan) asan=1; shift ;;
    --random) force_random=1; shift ;;
    --installed) installed=1; shift ;;
    --build) build=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "fuzz-launch.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
py=${PYTHON:-python3}
random=$asan
[ $force_random = 1 ] && random=1
if [ $random = 0 ] && ! "$py" -c 'import atheris' 2>/dev/null; then  # --random needs no atheris (an offline machine)
  wheel=$(ls "$root"/.deps/wheels/atheris-*.whl 2>/dev/null | head -1 || true)
  if [ -n "$wheel" ]; then
    "$py" -m pip install --quiet --no-index "$wheel" 2>/dev/null ||
      "$py" -m pip install --quiet --no-index --break-system-packages "$wheel" || true
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
{ [ $installed = 1 ] && ! mkdir -p "$work" 2>/dev/null; } && work=${TMPDIR:-/tmp}/pyjitc-fuzz
corpus=$work/corpus/launch findings=$work/findings/launch logs=$work/logs
mkdir -p "$corpus" "$findings" "$logs"
rm -f "$logs"/launch-*.log
if [ $asan = 1 ]; then
  env_add+=("LD_PRELOAD=$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
            ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1)
fi
per=$(( (runs + jobs - 1) / jobs ))
start=$(date +%s)
deadline=0
[ "$time" != 0 ] && deadline=$(( start + time ))
fuzz=$root/tests/fuzz/fuzz_launch.py
found='ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error|Uncaught Python exception|FINDING|Fatal Python error'

executed() { # the executions a chunk's log reports
  local log=$1 n
  if [ $random = 1 ]; then
    n=$(grep -o '^fuzz_launch: [0-9]* random inputs' "$log" | grep -o '[0-9]*' | tail -1 || true)
    local r; r=$(grep -o '^fuzz_launch: [0-9]* inputs replayed' "$log" | grep -o '[0-9]*' | tail -1 || true)
    echo $(( ${n:-0} + ${r:-0} ))
  else
    n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    [ -z "$n" ] && n=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)
    echo "${n:-0}"
  fi
}

job() { # job number: chunks until its share is done, the time is up or something is found
  local j=$1 left=$per c=0
  while [ "$left" -gt 0 ]; do
    local n=$(( left < chunk ? left : chunk )) log="$logs/launch-$j-$c.log" s=$(( seed + 1000 * j + c )) t=0
    if [ "$deadline" != 0 ]; then
      t=$(( deadline - $(date +%s) ))
      [ "$t" -le 0 ] && break
    fi
    set +e
    if [ $random = 1 ]; then
      if [ "$j" = 1 ] && [ "$c" = 0 ] && [ -n "$(ls "$root/build/fuzz/corpus/launch" 2>/dev/null)" ]; then
        env "${env_add[@]}" "$py" "$fuzz" --replay "$root/build/fuzz/corpus/launch"/* > "$log.replay" 2>&1
      fi
      [ "$t" != 0 ] && n=$(( n < t * 20 ? n : t * 20 )) # random mode has no clock: about 20 a second at least
      env "${env_add[@]}" "$py" "$fuzz" --random "$n" --seed "$s" --findings "$findings" --timeout "$timeout" > "$log" 2>&1
      [ -f "$log.replay" ] && { cat "$log.replay" >> "$log"; rm "$log.replay"; }
    else
      local tt=(); [ "$t" != 0 ] && tt=("-max_total_time=$t")
      env "${env_add[@]}" "$py" "$fuzz" "$corpus" -max_len=256 -len_control=0 "-timeout=$timeout" -rss_limit_mb=4096 \
        "-artifact_prefix=$findings/" -print_final_stats=1 "-runs=$n" "-seed=$s" "${tt[@]}" > "$log" 2>&1
    fi
    set -e
    grep -q -E "$found" "$log" && break
    local done_n; done_n=$(executed "$log")
    [ "$done_n" -le 0 ] && break
    left=$(( left - done_n )) c=$(( c + 1 ))
  done
}

echo "fuzz-launch.sh: $jobs job(s), $per runs each in chunks of $chunk, $([ $asan = 1 ] && echo 'ASan+UBSan, ')$([ $random = 1 ] && echo 'random inputs' || echo "corpus $corpus")"
pids=()
for j in $(seq 1 "$jobs"); do job "$j" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || true; done
secs=$(( $(date +%s) - start ))
total=0 failed=0
for log in "$logs"/launch-*.log; do
  [ -f "$log" ] || continue
  total=$(( total + $(executed "$log") ))
  grep -q -E "$found" "$log" && { echo "fuzz-launch.sh: found something: $log"; failed=1; }
done
rss=$(grep -h -o 'stat::peak_rss_mb: *[0-9]*' "$logs"/launch-*.log 2>/dev/null | grep -o '[0-9]*$' | sort -n | tail -1 || true)
echo "fuzz-launch.sh: $total executions in ${secs}s ($(( total / (secs > 0 ? secs : 1) ))/s), peak RSS ${rss:-?} MB," \
     "findings in $findings: $(ls "$findings" | grep -v '^current-' | wc -l)"
exit $failed
