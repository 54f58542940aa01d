#!/usr/bin/env bash
# The wheel as a user gets it: scripts/wheel.sh builds it (from the sdist), then it is installed
# into a fresh virtual environment (no system site-packages, nothing of the build tree on any path;
# NumPy from the package registry) and used from a folder of its own:
#   - a kernel launched from Python on the CPU executor, checked against NumPy;
#   - the `pyjitc` command and `python -m pyjitc`: --version, a --launch whose saved output is
#     checked against NumPy, and --help and --emit=ptx byte for byte the build tree's;
#   - the installed libraries need nothing but glibc and libgcc_s, and point nowhere outside;
#   - pyjitc[cu12] installs NVIDIA's wheel, whose libdevice is found before CUDA_HOME's, and a GPU
#     kernel calling math.exp compiles with it; with none anywhere, the error names the extras.
# Usage: tests/packaging/wheel.sh [BUILD_TREE_CLI]   (the build tree's pyjitc, for the comparisons)
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
tree_cli=$(realpath "${1:-$src/build/pyjitc}")
wheel=$(bash "$src/scripts/wheel.sh" | tail -n 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

case $(basename "$wheel") in
  pyjitc-*-cp311-abi3-manylinux_2_*_x86_64.whl) echo "wheel: $(basename "$wheel"), $(du -k "$wheel" | cut -f1) KiB" ;;
  *) fail "wheel name $(basename "$wheel")" ;;
esac
[ "$(du -k "$wheel" | cut -f1)" -le $((30 * 1024)) ] || fail "the wheel is over 30 MiB"

python3 -m venv "$tmp/venv"
env -u PYTHONPATH "$tmp/venv/bin/python" -m pip install --quiet "$wheel"
cd "$tmp"
export -n PYTHONPATH
unset PYTHONPATH PYJITC
bin="$tmp/venv/bin"
site=$("$bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')

# the libraries: glibc, libgcc_s and the loader only; no run path outside the package
for so in "$site"/pyjitc/libpyjitc.so "$site"/pyjitc/_core.abi3.so "$site"/pyjitc/bin/pyjitc; do
  needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
  for lib in $needed; do
    case $lib in libc.so.6|libm.so.6|libgcc_s.so.1|ld-linux-x86-64.so.2|libpyjitc.so|libdl.so.2|libpthread.so.0) ;;
      *) fail "$so needs $lib" ;;
    esac
  done
  if readelf -d "$so" | grep -E 'R(UN)?PATH' | grep -v '\$ORIGIN' | grep -q .; then fail "$so has a run path outside the package"; fi
done

# Python: a kernel on the CPU executor, against NumPy
PYJITC_TARGET=cpu "$bin/python" - "$site" <<'PY'
import sys
import numpy as np
import pyjitc
from pyjitc import cuda
assert pyjitc.__file__.startswith(sys.argv[1]), pyjitc.__file__
src = '''
from pyjitc import cuda
@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] += a * x[i]
'''
open("k.py", "w").write(src)
import importlib.util
spec = importlib.util.spec_from_file_location("k", "k.py")
k = importlib.util.module_from_spec(spec)
spec.loader.exec_module(k)
x, y = np.arange(5000, dtype=np.float32), np.ones(5000, np.float32)
k.axpy[20, 256](np.float32(3.0), x, y)
assert np.array_equal(y, 1 + 3 * np.arange(5000, dtype=np.float32)), y[:5]
print("python: a kernel from the installed wheel on the CPU executor matches NumPy")
PY

# the command: `pyjitc` and `python -m pyjitc`
cp "$src/examples/saxpy.py" saxpy.py
"$bin/pyjitc" --version | grep -q '^pyjitc [0-9]' || fail "pyjitc --version"
"$bin/python" -m pyjitc --version | grep -q '^pyjitc [0-9]' || fail "python -m pyjitc --version"
for run in "$bin/pyjitc" "$bin/python -m pyjitc"; do
  rm -f out.npy
  $run saxpy.py --launch --target cpu --grid 8 --block 128 -- 1.5 'arange(1000,float32)' 'ones(1000,float32)' \
    'zeros(1000,float32)' --save out=out.npy > launch.txt
  "$bin/python" -c '
import numpy as np
out = np.load("out.npy")
assert np.array_equal(out, np.float32(1.5) * np.arange(1000, dtype=np.float32) + 1), out[:4]'
  echo "$run --launch: the saved output matches NumPy"
done
"$bin/pyjitc" --help > help.txt
"$tree_cli" --help > help-tree.txt
cmp help.txt help-tree.txt || fail "--help differs from the build tree's"
sig='void(float32, float32[:], float32[:], float32[:])'
"$bin/python" -m pyjitc saxpy.py --emit=ptx --sig "$sig" > ptx.txt
"$tree_cli" saxpy.py --emit=ptx --sig "$sig" > ptx-tree.txt
grep -q '\.entry' ptx.txt && cmp ptx.txt ptx-tree.txt || fail "--emit=ptx differs from the build tree's"
set +e
"$bin/pyjitc" missing.py > /dev/null 2> err.txt; rc=$?
set -e
[ "$rc" -ne 0 ] && grep -q "cannot read 'missing.py'" err.txt || fail "a missing file: status $rc, $(cat err.txt)"
echo "the command: --version, --launch, --help, --emit=ptx and a failure as the build tree's"

# a numba-cuda program unchanged (python -m pyjitc.numba, no numba in this venv), and a kernel read
# from standard input (python - < file)
cat > numba_prog.py <<'PY'
import sys
import numpy as np
import numba
from numba import cuda

@cuda.jit
def scale(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = numba.float32(2.5) * x[i]

x = np.arange(int(sys.argv[1]), dtype=np.float32)
out = np.zeros_like(x)
scale[4, 64](x, out)
assert np.array_equal(out, np.float32(2.5) * x), out[:4]
print("numba program:", out.size, "elements as NumPy's")
PY
PYJITC_TARGET=cpu PYTHONWARNINGS=ignore "$bin/python" -m pyjitc.numba numba_prog.py 200 | grep -q "numba program: 200 elements" \
  || fail "python -m pyjitc.numba from the wheel"
sed 's/^from numba import cuda$/from pyjitc import cuda/; s/^import numba$/from pyjitc import float32/; s/numba.float32/float32/' \
  numba_prog.py > stdin_prog.py
PYJITC_TARGET=cpu PYTHONWARNINGS=ignore "$bin/python" - 100 < stdin_prog.py | grep -q "numba program: 100 elements" \
  || fail "a kernel read from standard input"
echo "python -m pyjitc.numba and python - < file: as NumPy"

# libdevice: pyjitc[cu12] brings NVIDIA's wheel, found before CUDA_HOME (set to a real toolkit or not)
cat > mexp.py <<'EOF'
import math
from numba import cuda

@cuda.jit
def k(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.exp(x[i])
EOF
"$bin/python" -m pip install --quiet "$wheel[cu12]"
nvcc_bc="$site/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"
[ -f "$nvcc_bc" ] || fail "pyjitc[cu12] did not bring $nvcc_bc"
"$bin/pyjitc" --version | grep -qF "libdevice: $nvcc_bc (an NVIDIA wheel)" || fail "pyjitc --version: $("$bin/pyjitc" --version)"
CUDA_HOME=/usr/local/cuda "$bin/pyjitc" mexp.py --sig 'void(float32[:])' | grep -q 'ex2\.approx' || fail "math.exp with the wheel's libdevice"
cat > compile_exp.py <<'PY'
import math
import sys
from pyjitc import cuda
from pyjitc.cuda.cudadrv.libs import get_libdevice
assert get_libdevice() == sys.argv[1], (get_libdevice(), sys.argv[1])
def k(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.exp(x[i])
ptx, _ = cuda.compile_ptx(k, "void(float32[:])")
assert "ex2.approx" in ptx, ptx[:300]
print("python: math.exp compiled for the GPU with libdevice from", sys.argv[1])
PY
CUDA_HOME=/usr/local/cuda "$bin/python" compile_exp.py "$nvcc_bc"
# the wheel in another folder on sys.path (a --user install, a venv over the system's packages)
"$bin/python" -m pip uninstall --quiet --yes nvidia-cuda-nvcc-cu12
"$bin/python" -m pip install --quiet --target "$tmp/extra" nvidia-cuda-nvcc-cu12
extra_bc="$tmp/extra/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"
PYTHONPATH="$tmp/extra" "$bin/python" compile_exp.py "$extra_bc"
PYTHONPATH="$tmp/extra" "$bin/pyjitc" --version | grep -qF "libdevice: $extra_bc (an NVIDIA wheel)" \
  || fail "pyjitc --version with the wheel on PYTHONPATH: $(PYTHONPATH="$tmp/extra" "$bin/pyjitc" --version)"
# nowhere: no wheel, no CUDA_HOME, and the toolkit's folders hidden (a private mount namespace;
# where one cannot be made, tests/unit/test_libdevice_find.c covers the search that finds nothing)
if unshare -rm true 2>/dev/null; then
  set +e
  env -u CUDA_HOME unshare -rm sh -c 'for d in /usr/local/cuda /usr/lib/nvidia-cuda-toolkit /usr/lib/cuda; do
      [ -d "$d" ] && mount -t tmpfs none "$d"; done; "$1" mexp.py --sig "void(float32[:])"' sh "$bin/pyjitc" \
    > /dev/null 2> err.txt
  rc=$?
  set -e
  [ "$rc" -ne 0 ] && grep -qF "pip install 'pyjitc[cu12]' (or 'pyjitc[cu13]')" err.txt && grep -q 'mexp.py:' err.txt \
    || fail "no libdevice anywhere: status $rc, $(cat err.txt)"
  echo "no libdevice anywhere: the error names the extras"
else
  echo "no mount namespace here: the no-libdevice message is checked by unit.test_libdevice_find only"
fi
echo "packaging.wheel: passed"
