#!/usr/bin/env bash
# The test command: set-up, build, then the whole suite with CTest. Tests labelled `gpu` run
# only where a GPU is present; elsewhere they are excluded by label (never passed by doing nothing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh"
cd "$root/build"
if bash "$root/scripts/has-gpu.sh"; then
  ctest --output-on-failure -j "$(nproc)" "$@"
else
  echo "test.sh: no GPU here: running every test but those labelled gpu"
  ctest --output-on-failure -j "$(nproc)" -LE gpu "$@"
fi
