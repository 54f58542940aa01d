#!/usr/bin/env bash
# Runs the tests labelled `gpu` from bundle/ on a machine with a GPU (see scripts/gpu-bundle.sh):
# the GPU unit programs, then every e2e test file against the GPU (PYJITC_TEST_TARGET=cuda), then
# the Python extension's tests (tests/python) with the bundled package.
# Prints a table and ends with "N passed, N failed". Logs go to $OUT (or /tmp) when set.
# GPU_TEST_SHARD=i/n runs only every n-th test program from the i-th (0 <= i < n), so that the
# whole set can be split over calls of the GPU machine that each have a time limit.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -e "$root/bundle/libpyjitc.so" ] || xz -dk "$root/bundle/libpyjitc.so.xz"  # gpu-bundle.sh carries it compressed
logs=${OUT:-/tmp/pyjitc-gpu-logs}
mkdir -p "$logs"
if [ -d .whl ]; then  # the carried wheels, but not pytest's where the machine has its own (and its plugins)
  wheels=()
  has_pytest=$(python3 -c 'import pytest' 2>/dev/null && echo yes || true)
  for w in .whl/*.whl; do
    case $(basename "$w") in pytest-*|pluggy-*|iniconfig-*|packaging-*) [ -n "$has_pytest" ] && continue ;; esac
    wheels+=("$w")
  done
  rm -rf /tmp/pyjitc-site
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/pyjitc-site "${wheels[@]}" >/dev/null
  export PYTHONPATH=/tmp/pyjitc-site${PYTHONPATH:+:$PYTHONPATH} PATH=/tmp/pyjitc-site/bin:$PATH  # mpiexec
  # pip --target leaves out the mpich wheel's lib/ (libmpi and the libraries it loads from
  # $ORIGIN/mpich): take it from the wheel, and tell mpi4py where libmpi is
  python3 -c 'import glob, os, zipfile
for whl in glob.glob(".whl/mpich-*.whl"):
    z = zipfile.ZipFile(whl)
    for n in z.namelist():
        rel = n.split("/data/lib/", 1)[1] if "/data/lib/" in n else ""
        if rel and not n.endswith("/"):
            dest = os.path.join("/tmp/pyjitc-site/lib", rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            open(dest, "wb").write(z.read(n))'
  [ -e /tmp/pyjitc-site/lib/libmpi.so.12 ] && export MPI4PY_LIBMPI=/tmp/pyjitc-site/lib/libmpi.so.12
fi
export PYJITC="$root/bundle/pyjitc" PYJITC_TEST_TARGET=cuda PYTHONDONTWRITEBYTECODE=1
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
for t in bundle/test_*cuda*; do run "unit.$(basename "$t")" "$t"; done
for f in tests/e2e/test_*.py; do run "e2e.cuda.$(basename "$f" .py)" python3 -m pytest -q -p no:cacheprovider "$f"; done
for f in tests/python/test_*.py; do
  [ -e "$f" ] && run "python.cuda.$(basename "$f" .py)" env PYTHONPATH="$root/bundle/python${PYTHONPATH:+:$PYTHONPATH}" \
    PYJITC_TARGET=cuda python3 -m pytest -q -p no:cacheprovider "$f"
done
for name in "${failed[@]}"; do echo "--- $name"; tail -n 30 "$logs/$name.log"; done | head -n 200
echo "gpu tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
