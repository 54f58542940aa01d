#!/usr/bin/env bash
# Runs fuzz_compile on a machine with more cores but no clang or LLVM (the lent GPU machine):
#   here:  bash scripts/fuzz-pack.sh pack                 builds build-fuzz/ (scripts/fuzz.sh's build)
#                                                        and packs build-fuzzpack/ (ignored by git):
#                                                        the target without debug information, xz-
#                                                        compressed, and the corpus grown so far
#   there: bash scripts/fuzz-pack.sh run SECONDS JOBS     (carry: build-fuzzpack) unpacks it into
#                                                        build-fuzzremote/, runs tests/fuzz/run.py in
#                                                        fork mode, and writes the log, the findings
#                                                        and the corpus's new inputs under $OUT
#   here:  bash scripts/fuzz-pack.sh merge DIR            adds DIR/corpus-new.tar.xz to the local corpus
# The target links LLVM and the sanitizers' runtimes statically: it needs only libc, libstdc++,
# libz and libzstd where it runs. Crash reports there are not symbolized; replay the input here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack="$root/build-fuzzpack" remote="$root/build-fuzzremote"
case "${1:-}" in
  pack)
    bash "$root/scripts/setup.sh" --fuzz
    cmake -S "$root" -B "$root/build-fuzz" -DCMAKE_C_COMPILER=clang-19 -DPJ_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$root/build-fuzz" -j "$(nproc)" --target fuzz_compile >/dev/null
    rm -rf "$pack"; mkdir -p "$pack" "$root/build-fuzz/fuzz/corpus/compile"
    strip --strip-debug -o "$pack/fuzz_compile" "$root/build-fuzz/fuzz_compile"
    xz -T0 -6 "$pack/fuzz_compile"
    tar -C "$root/build-fuzz/fuzz/corpus" -cJf "$pack/corpus.tar.xz" compile
    du -sh "$pack" ;;
  run)
    secs=${2:?seconds} jobs=${3:?jobs} out=${OUT:?OUT: where the results go}
    rm -rf "$remote"; mkdir -p "$remote/fuzz/corpus"
    python3 -c 'import lzma, shutil, sys
with lzma.open(sys.argv[1]) as i, open(sys.argv[2], "wb") as o: shutil.copyfileobj(i, o)' \
      "$pack/fuzz_compile.xz" "$remote/fuzz_compile"
    chmod +x "$remote/fuzz_compile"
    tar -C "$remote/fuzz/corpus" -xJf "$pack/corpus.tar.xz"
    ls "$remote/fuzz/corpus/compile" | sort > "$remote/corpus-before.txt"
    status=0
    python3 "$root/tests/fuzz/run.py" --build "$remote" --target compile --runs 0 --time "$secs" --jobs "$jobs" \
      --keep-going "${@:4}" > "$out/fuzz-summary.txt" 2>&1 || status=$?
    cat "$out/fuzz-summary.txt"
    cp "$remote/fuzz/compile-0.log" "$out/fuzz-log.txt"
    mkdir -p "$out/findings"; cp -r "$remote/fuzz/findings/compile/." "$out/findings/" 2>/dev/null || true
    ls "$remote/fuzz/corpus/compile" | sort | comm -13 "$remote/corpus-before.txt" - > "$remote/corpus-new.txt"
    tar -C "$remote/fuzz/corpus/compile" -cJf "$out/corpus-new.tar.xz" -T "$remote/corpus-new.txt"
    echo "fuzz-pack: $(wc -l < "$remote/corpus-new.txt") new corpus inputs"
    exit $status ;;
  merge)
    tar -C "$root/build-fuzz/fuzz/corpus/compile" -xJf "${2:?folder holding corpus-new.tar.xz}/corpus-new.tar.xz" ;;
  *) echo "usage: fuzz-pack.sh pack | run SECONDS JOBS [run.py options] | merge DIR" >&2; exit 2 ;;
esac
