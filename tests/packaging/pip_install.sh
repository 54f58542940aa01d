#!/usr/bin/env bash
# `pip install .` builds the package with scikit-build-core (pyproject.toml) into a fresh virtual
# environment, which then imports it and runs a kernel checked against NumPy.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --no-deps "$src"
cd "$tmp"
PYJITC_TARGET=cpu "$tmp/venv/bin/python" - <<'PY'
import numpy as np
import pyjitc
from pyjitc import cuda
assert pyjitc.__file__.startswith(__import__("sys").prefix), pyjitc.__file__
import textwrap, importlib.util
open("k.py", "w").write(textwrap.dedent("""
    from pyjitc import cuda
    @cuda.jit
    def axpy(a, x, y):
        i = cuda.grid(1)
        if i < y.size:
            y[i] += a * x[i]
"""))
spec = importlib.util.spec_from_file_location("k", "k.py")
k = importlib.util.module_from_spec(spec)
spec.loader.exec_module(k)
x, y = np.arange(1000, dtype=np.float32), np.ones(1000, np.float32)
k.axpy[4, 256](np.float32(3.0), x, y)
assert np.array_equal(y, 1 + 3 * np.arange(1000, dtype=np.float32)), y[:5]
print("installed pyjitc ran a kernel:", pyjitc.__file__)
PY
