#!/usr/bin/env bash
# Fetches numba-cuda 0.30.4 (only its files: it is never installed) into .deps/numba-cuda and
# verifies a pinned checksum. PyPI has no source archive of 0.30.x, only wheels; the wheel for
# CPython 3.11 on x86-64 Linux holds the same pure-Python test suite, so that one file is pinned
# and fetched for any local Python (--platform/--python-version/--abi), then unzipped.
# Usage: fetch.sh [DEST]   (default: <repo>/.deps/numba-cuda). Safe to run again.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dest=${1:-$root/.deps/numba-cuda}
py=${PYTHON:-python3}
ver=0.30.4
file=numba_cuda-0.30.4-cp311-cp311-manylinux_2_24_x86_64.manylinux_2_28_x86_64.whl
sum=59b0e895a4884a26323b9581ac6966b7b063b6f0ce87ac23d1192c95158f4d1e

if [ -f "$dest/.verified" ] && [ "$(cat "$dest/.verified")" = "$sum" ]; then exit 0; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" -m pip download --quiet --no-deps --only-binary :all: --platform manylinux_2_28_x86_64 \
  --python-version 3.11 --implementation cp --abi cp311 "numba-cuda==$ver" -d "$tmp"
[ -f "$tmp/$file" ] || { echo "fetch: pip did not download $file (got: $(ls "$tmp"))" >&2; exit 1; }
echo "$sum  $tmp/$file" | sha256sum -c --quiet - || { echo "fetch: checksum mismatch for $file" >&2; exit 1; }
rm -rf "$dest"; mkdir -p "$dest"
"$py" -m zipfile -e "$tmp/$file" "$dest"
[ -d "$dest/numba_cuda/numba/cuda/tests/cudapy" ] || { echo "fetch: no tests/cudapy in $file" >&2; exit 1; }
echo "$sum" > "$dest/.verified"
echo "fetch: numba-cuda $ver in $dest"
