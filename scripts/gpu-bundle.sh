#!/usr/bin/env bash
# Makes bundle/ (ignored by git, well under the 64 MiB a GPU-machine call may carry): the CLI,
# the core library stripped, the GPU test programs and the Python package (bundle/python), all
# finding the library through $ORIGIN. Also fetches the wheels of pytest, dask, distributed, dask-cuda, mpi4py and mpich into .whl/ for a machine that has numpy but no pytest.
# Then on the GPU machine: bash scripts/gpu-test.sh   (carry: bundle, .whl); other commands there
# unpack the library first: xz -dk bundle/libpyjitc.so.xz
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" >/dev/null
rm -rf "$root/bundle"
mkdir -p "$root/bundle"
cp "$root/build/pyjitc" "$root/build/launch_floor" "$root/build/launch_c" "$root/bundle/"
strip -o "$root/bundle/libpyjitc.so" "$root/build/libpyjitc.so"
# compressed (42 -> 13 MiB) so that bundle/ and .whl/ (20 MiB of wheels) fit the 64 MiB a call
# carries; scripts/gpu-test.sh (or `xz -dk bundle/libpyjitc.so.xz`) unpacks it there
xz -T2 -2 -f "$root/bundle/libpyjitc.so"
mkdir -p "$root/bundle/python/pyjitc"   # the Python package: its rpath $ORIGIN/../.. finds the library
cp "$root"/build/python/pyjitc/*.py "$root/bundle/python/pyjitc/"
strip -o "$root/bundle/python/pyjitc/_core.abi3.so" "$root/build/python/pyjitc/_core.abi3.so"
for t in "$root"/build/test_*; do
  [ -x "$t" ] && cp "$t" "$root/bundle/"
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
