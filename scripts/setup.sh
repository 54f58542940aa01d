#!/usr/bin/env bash
# Installs what pyjitc needs on Debian 12, then fetches and verifies the sources of the
# tree-sitter runtime and of the tree-sitter-python grammar into .deps/ (ignored; or
# $PYJITC_DEPS). Safe to run again: it only does what is missing.
#   scripts/setup.sh              what building needs (scripts/run-example.sh, scripts/wheel.sh)
#   scripts/setup.sh --test       and what the tests need (scripts/test.sh): FileCheck, valgrind,
#                                 pytest, Dask, MPI, IPython and Jupyter's kernel
#   scripts/setup.sh --fuzz       and clang 19 with libFuzzer (scripts/fuzz.sh), atheris (scripts/fuzz-launch.sh)
#   scripts/setup.sh --deps-only  only the parser's sources (CMake runs this when they are missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deps=${PYJITC_DEPS:-$root/.deps}
mode=${1:-}
py=${PYTHON:-python3}

if [ "$mode" != "--deps-only" ]; then
apt_pkgs=(cmake make patch gcc g++ llvm-19-dev libzstd-dev zlib1g-dev python3 python3-pip python3-dev python3-venv)
# --test: FileCheck (llvm-19-tools) for the codegen tests, valgrind for tests/valgrind
if [ "$mode" = "--test" ] || [ "$mode" = "--fuzz" ]; then apt_pkgs+=(llvm-19-tools valgrind); fi
# --fuzz: also clang 19 and its libFuzzer runtime (tests/fuzz, scripts/fuzz.sh); clang 19 because the
# core's float16 helpers use _Float16, which older clangs reject on x86.
if [ "$mode" = "--fuzz" ]; then apt_pkgs+=(clang-19 libclang-rt-19-dev); fi
missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

pip_install() { # what is missing of the packages given, for $py
  "$py" -m pip install --quiet "$@" 2>/dev/null || "$py" -m pip install --quiet --break-system-packages "$@"
}
# building and running a kernel: NumPy
"$py" -c 'import numpy' 2>/dev/null || { echo "setup: installing numpy for $py"; pip_install numpy; }
if [ "$mode" = "--test" ] || [ "$mode" = "--fuzz" ]; then
  # dask and distributed: tests/python/test_dask.py runs kernels on a LocalCluster of processes;
  # mpi4py and mpich (MPICH's own wheel: the library and mpiexec): tests/python/test_mpi.py;
  # ipykernel (with IPython and jupyter_client): tests/python/test_source_anywhere.py runs kernels in
  # IPython cells and in a real Jupyter kernel
  py_pkgs=(pytest "dask[array]" distributed mpi4py mpich ipykernel)
  if ! "$py" -c 'import pytest, dask.array, distributed, mpi4py.MPI, ipykernel, jupyter_client' 2>/dev/null; then
    echo "setup: installing ${py_pkgs[*]} for $py"
    pip_install "${py_pkgs[@]}"
  fi
fi
if [ "$mode" = "--fuzz" ]; then
  # atheris: the coverage-guided fuzzer of Python code that drives tests/fuzz/fuzz_launch.py
  # (scripts/fuzz-launch.sh); 3.0.0 has wheels for CPython 3.11
  "$py" -c 'import atheris' 2>/dev/null || { echo "setup: installing atheris for $py"; pip_install "atheris==3.0.0"; }
fi
fi

# The parser: the tree-sitter runtime and the tree-sitter-python grammar, both built from pinned,
# checksum-verified source releases of the Python package registry (CMakeLists.txt compiles them).
# - the runtime: the tree-sitter 0.26.1 source distribution vendors tree-sitter's C core under
#   tree_sitter/core/lib (src/lib.c, the whole library in one file, and include/tree_sitter/api.h);
#   it loads grammars of ABI 13 to 15.
# - the grammar: tree-sitter-python 0.25.0 (ABI 15), parser.c and the headers it includes
#   (src/tree_sitter/parser.h, array.h, alloc.h). Its source distribution lacks src/scanner.c, the
#   external scanner (indentation, strings, comments: a packaging slip, tree-sitter-python's issue
#   325), so the scanner comes from tree-sitter-python 0.23.6, the last release that ships it,
#   written for the same twelve external tokens in the same order (checked below).
fetch() { # name version sha256 dest: a folder holding exactly that release, verified
  local name=$1 ver=$2 sum=$3 dest=$4
  if [ "$(cat "$dest/.verified" 2>/dev/null)" = "$name $ver $sum" ]; then return 0; fi
  local tmp; tmp=$(mktemp -d)
  "$py" -m pip download --quiet --no-binary :all: --no-deps --no-build-isolation "$name==$ver" -d "$tmp" 2>/dev/null \
    || "$py" -m pip download --quiet --no-binary :all: --no-deps "$name==$ver" -d "$tmp"
  local f; f=$(ls "$tmp"/*.tar.gz)
  echo "$sum  $f" | sha256sum -c --quiet - || { echo "setup: checksum mismatch for $f" >&2; exit 1; }
  rm -rf "$dest"; mkdir -p "$dest"
  tar xzf "$f" -C "$dest" --strip-components=1
  echo "$name $ver $sum" > "$dest/.verified"; rm -rf "$tmp"
}
fetch tree-sitter 0.26.1 9919cbaf02d17fa9a4cd0e6da496aecf901b758e6eacf122eee393e3ef08aacd "$deps/tree-sitter"
fetch tree-sitter-python 0.25.0 b13e090f725f5b9c86aa455a268553c65cadf325471ad5b65cd29cac8a1a68ac "$deps/tree-sitter-python"
fetch tree-sitter-python 0.23.6 354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9 "$deps/tree-sitter-python-0.23.6"
# the scanner was written for 0.23.6's parser.c: 0.25.0's must declare the same external tokens
externals() { sed -n '/^enum ts_external_scanner_symbol_identifiers/,/^};/p' "$1/src/parser.c"; }
if [ -z "$(externals "$deps/tree-sitter-python")" ] ||
   [ "$(externals "$deps/tree-sitter-python")" != "$(externals "$deps/tree-sitter-python-0.23.6")" ]; then
  echo "setup: tree-sitter-python 0.25.0's external tokens differ from 0.23.6's: its scanner does not fit" >&2; exit 1
fi
# the scanner as built: 0.23.6's with pyjitc's change (scripts/patches/: runs of comment lines
# parse in linear time), rewritten only when it changes
scanner="$deps/tree-sitter-python-scanner"
mkdir -p "$scanner"
cp "$deps/tree-sitter-python-0.23.6/src/scanner.c" "$scanner/scanner.c.new"
patch --quiet --no-backup-if-mismatch -p2 "$scanner/scanner.c.new" < "$root/scripts/patches/tree-sitter-python-scanner.patch"
if cmp -s "$scanner/scanner.c.new" "$scanner/scanner.c"; then rm "$scanner/scanner.c.new"; else mv "$scanner/scanner.c.new" "$scanner/scanner.c"; fi
rm -rf "$deps/grammar-include" # the headers of tree-sitter 0.23.2 that grammar 0.23.6 needed
