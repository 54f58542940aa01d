#!/usr/bin/env bash
# Installs what pyjitc needs on Debian 12, then fetches and verifies the tree-sitter-python grammar
# sources into .deps/ (ignored; or $PYJITC_DEPS). Safe to run again: it only does what is missing.
#   scripts/setup.sh              what building needs (scripts/run-example.sh, scripts/wheel.sh)
#   scripts/setup.sh --test       and what the tests need (scripts/test.sh): FileCheck, valgrind,
#                                 pytest, Dask, MPI, IPython and Jupyter's kernel, numba's simulator
#   scripts/setup.sh --fuzz       and clang 19 with libFuzzer (scripts/fuzz.sh)
#   scripts/setup.sh --deps-only  only the grammar sources (CMake runs this when they are missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deps=${PYJITC_DEPS:-$root/.deps}
mode=${1:-}
py=${PYTHON:-python3}

if [ "$mode" != "--deps-only" ]; then
apt_pkgs=(cmake make gcc g++ llvm-19-dev libtree-sitter-dev libzstd-dev zlib1g-dev python3 python3-pip python3-dev python3-venv)
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
fi

# The grammar: tree-sitter-python 0.23.6 (ABI 14, the newest that libtree-sitter 0.20.7 loads).
# Its source distribution carries parser.c and scanner.c but not the headers they include
# (tree_sitter/parser.h, array.h, alloc.h); those come from the tree-sitter 0.23.2 source
# distribution, the generator version that wrote this parser.c.
fetch() { # name version sha256 dest
  local name=$1 ver=$2 sum=$3 dest=$4
  if [ -f "$dest/.verified" ]; then return 0; fi
  local tmp; tmp=$(mktemp -d)
  "$py" -m pip download --quiet --no-binary :all: --no-deps --no-build-isolation "$name==$ver" -d "$tmp" 2>/dev/null \
    || "$py" -m pip download --quiet --no-binary :all: --no-deps "$name==$ver" -d "$tmp"
  local f; f=$(ls "$tmp"/*.tar.gz)
  echo "$sum  $f" | sha256sum -c --quiet - || { echo "setup: checksum mismatch for $f" >&2; exit 1; }
  rm -rf "$dest"; mkdir -p "$dest"
  tar xzf "$f" -C "$dest" --strip-components=1
  touch "$dest/.verified"; rm -rf "$tmp"
}
fetch tree-sitter-python 0.23.6 354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9 "$deps/tree-sitter-python"
fetch tree-sitter 0.23.2 66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450 "$deps/tree-sitter"
inc="$deps/grammar-include/tree_sitter"
mkdir -p "$inc"
for h in parser.h array.h alloc.h ts_assert.h; do
  cp "$deps/tree-sitter/tree_sitter/core/lib/src/$h" "$inc/$h"
done
