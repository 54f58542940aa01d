#!/usr/bin/env bash
# The test command: set-up (what building and the tests need), build, then the whole suite with CTest. Tests labelled `gpu` run
# only where a GPU is present; elsewhere they are excluded by label (never passed by doing nothing).
# Then a second pass in build-asan/: the project's own code built with AddressSanitizer and
# UndefinedBehaviorSanitizer (LLVM and tree-sitter uninstrumented), every report fatal, over the
# tests that drive the library: unit, errors, codegen, the fuzz regressions and e2e (the command
# line launching kernels on the CPU executor), leaks included; and the Python group, with the
# sanitizers' runtimes preloaded into CPython and leak detection off there (CPython's own
# allocations would read as leaks: tests/tests.cmake). PJ_SANITIZED_PASS=0 skips the pass.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --test
bash "$root/scripts/build.sh"
cd "$root/build"
if bash "$root/scripts/has-gpu.sh"; then
  ctest --output-on-failure -j "$(nproc)" "$@"
else
  echo "test.sh: no GPU here: running every test but those labelled gpu"
  ctest --output-on-failure -j "$(nproc)" -LE gpu "$@"
fi
if [ "${PJ_SANITIZED_PASS:-1}" = 1 ]; then
  echo "test.sh: the sanitized pass (ASan + UBSan) in build-asan/"
  cmake -S "$root" -B "$root/build-asan" -DPJ_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$root/build-asan" -j "$(nproc)"
  cd "$root/build-asan"
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --output-on-failure -j "$(nproc)" -L 'unit|errors|codegen|fuzz|e2e|python' -LE 'gpu|valgrind'
fi
