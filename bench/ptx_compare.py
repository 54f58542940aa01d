"""The PTX of one suite kernel from pyjitc, numba-cuda and nvcc side by side, into a folder, with
instruction counts of its loops' bodies, for finding where a kernel loses time.

    PYTHONPATH=build/python python3 bench/ptx_compare.py KERNEL SIGNATURE OUTDIR
    e.g. reduce_sum "void(float32[::1], float32[::1])" out/"""
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from suite_kernels import CUDA_C  # noqa: E402
from suite import load_python  # noqa: E402


def histogram(ptx):
    ops = collections.Counter()
    for line in ptx.splitlines():
        m = re.match(r"\s+(?:@%p\d+\s+)?([a-z][\w.]*)", line)
        if m and not line.strip().startswith("//"):
            ops[m.group(1)] += 1
    return ops


def main():
    name, sig, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    d = tempfile.mkdtemp()
    import numpy as np
    np.row_stack = np.vstack
    texts = {}
    pj = load_python("pyjitc", d)
    texts["pyjitc"] = __import__("pyjitc").cuda.compile_ptx(getattr(pj, name).py_func, sig)[0]
    nb = load_python("numba", d)
    from numba import cuda as nb_cuda
    texts["numba"] = nb_cuda.compile_ptx(getattr(nb, name).py_func, sig, cc=(9, 0))[0]
    cu = os.path.join(d, "suite.cu")
    with open(cu, "w") as f:
        f.write(CUDA_C)
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-ptx", "-o", os.path.join(d, "suite.ptx"), cu], check=True)
    full = open(os.path.join(d, "suite.ptx")).read()
    start = full.index(f".entry {name}(")
    end = full.find(".entry", start + 10)
    texts["nvcc"] = full[start:end if end > 0 else len(full)]
    for k, t in texts.items():
        with open(os.path.join(out, f"{name}.{k}.ptx"), "w") as f:
            f.write(t)
        ops = histogram(t[t.find(".entry"):])
        print(f"{k:>7}: {sum(ops.values())} instructions; " + ", ".join(f"{o} {c}" for o, c in ops.most_common(12)))


if __name__ == "__main__":
    main()
