#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang 19 into build-fuzz/ and runs them:
#   bash scripts/fuzz.sh --runs 1000000            every target, a million executions each
#   bash scripts/fuzz.sh --target compile --time 600
# The options go to tests/fuzz/run.py. Installs clang 19 first when it is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --fuzz
cmake -S "$root" -B "$root/build-fuzz" -DCMAKE_C_COMPILER=clang-19 -DPJ_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$root/build-fuzz" -j "$(nproc)" --target fuzz_compile fuzz_values fuzz_signature
exec python3 "$root/tests/fuzz/run.py" --build "$root/build-fuzz" "$@"
