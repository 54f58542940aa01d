"""The performance suite on the GPU machine, one command: every kernel of suite_kernels.py under
pyjitc, numba-cuda and nvcc (CUDA C, -O3 -arch=sm_90, loaded through CuPy), on the same device
buffers. Each result is checked against NumPy before it is timed; kernel times are CUDA-event
medians of 25 launches, each queued behind a spin kernel so that host launch cost stays out.
Writes bench/results/<date>-<gpu>.md (h100, h200: the device's name) and a PNG chart.

    PYTHONPATH=build/python python3 bench/suite.py [--quick] [--out bench/results]"""
import argparse
import datetime
import importlib.util
import math
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from suite_kernels import CUDA_C, PYTHON, PYTHON_ARGS, PYTHON_NP  # noqa: E402
from suite_styles import (CUDA_C_STYLES, NVCC_NAME, PYTHON_STYLES, assert_agrees, mandel_reference,  # noqa: E402
                          style_cases)

IMPLS = ("pyjitc", "numba", "nvcc", "pyjitc_np", "numba_np", "pyjitc_args", "numba_args")


def load_python(module, directory, text=PYTHON, tag=""):
    path = os.path.join(directory, f"suite_{module}{tag}.py")
    with open(path, "w") as f:
        f.write(text.format(module=module))
    spec = importlib.util.spec_from_file_location(f"suite_{module}{tag}", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


class Case:
    """One kernel: its inputs (CuPy arrays), an output factory, how each framework launches it,
    and a check of the output against NumPy."""

    def __init__(self, name, grid, block, make, python_args, c_args, check, reset=None, flops_bytes=None,
                 args_style=None):
        self.name, self.grid, self.block = name, grid, block
        self.make, self.python_args, self.c_args, self.check, self.reset = make, python_args, c_args, check, reset
        self.flops_bytes = flops_bytes
        self.args_style = args_style  # the arguments of PYTHON_ARGS's kernel: int32 sizes, float32 scalars


def cases(cp, quick):
    rng = np.random.default_rng(2026)
    out = []
    n = 1 << (22 if quick else 26)
    x, y = cp.asarray(rng.random(n, np.float32)), cp.asarray(rng.random(n, np.float32))
    out.append(Case("saxpy", ((n + 255) // 256,), (256,),
                    lambda: {"out": cp.empty(n, cp.float32)},
                    lambda o: (np.float32(2.5), x, y, o["out"]),
                    lambda o: (np.float32(2.5), x, y, o["out"], np.int64(n)),
                    lambda o: np.testing.assert_allclose(cp.asnumpy(o["out"]), 2.5 * cp.asnumpy(x) + cp.asnumpy(y), rtol=1e-6),
                    flops_bytes=(2 * n, 12 * n), args_style=lambda o: (np.float32(2.5), x, y, o["out"], np.int32(n))))
    m = 2048 if quick else 8192
    src = cp.asarray(rng.random((m, m), np.float32))

    def check_jacobi(o):
        s, d = cp.asnumpy(src), cp.asnumpy(o["dst"])
        want = 0.25 * (s[:-2, 1:-1] + s[2:, 1:-1] + s[1:-1, :-2] + s[1:-1, 2:])
        np.testing.assert_allclose(d[1:-1, 1:-1], want, rtol=1e-5)
    out.append(Case("jacobi", ((m + 31) // 32, (m + 7) // 8), (32, 8),
                    lambda: {"dst": cp.zeros((m, m), cp.float32)},
                    lambda o: (src, o["dst"]), lambda o: (src, o["dst"], np.int32(m), np.int32(m)), check_jacobi,
                    flops_bytes=(4 * m * m, 8 * m * m),
                    args_style=lambda o: (src, o["dst"], np.int32(m), np.int32(m), np.float32(0.25))))
    k = 1024 if quick else 2048
    A, B = cp.asarray(rng.random((k, k), np.float32)), cp.asarray(rng.random((k, k), np.float32))
    want_mm = []

    def check_mm(o):
        if not want_mm:
            want_mm.append(cp.asnumpy(A).astype(np.float64) @ cp.asnumpy(B).astype(np.float64))
        np.testing.assert_allclose(cp.asnumpy(o["C"]), want_mm[0], rtol=1e-4)
    for name in ("matmul", "matmul_tiled"):
        out.append(Case(name, (k // 16, k // 16), (16, 16), lambda: {"C": cp.zeros((k, k), cp.float32)},
                        lambda o: (A, B, o["C"]), lambda o: (A, B, o["C"], np.int32(k), np.int32(k), np.int32(k)),
                        check_mm, flops_bytes=(2 * k ** 3, 12 * k * k),
                        args_style=lambda o: (A, B, o["C"], np.int32(k), np.int32(k), np.int32(k))))
    xr = cp.asarray(rng.random(n, np.float32))
    out.append(Case("reduce_sum", (132 * 16,), (256,), lambda: {"total": cp.zeros(1, cp.float32)},
                    lambda o: (xr, o["total"]), lambda o: (xr, o["total"], np.int64(n)),
                    lambda o: np.testing.assert_allclose(float(cp.asnumpy(o["total"])[0]),
                                                         float(cp.asnumpy(xr).astype(np.float64).sum()), rtol=1e-4),
                    reset=lambda o: o["total"].fill(0), flops_bytes=(n, 4 * n),
                    args_style=lambda o: (xr, o["total"], np.int32(n))))
    data = cp.asarray(rng.integers(0, 256, n, dtype=np.uint8))
    out.append(Case("histogram", (132 * 16,), (256,), lambda: {"bins": cp.zeros(256, cp.int32)},
                    lambda o: (data, o["bins"]), lambda o: (data, o["bins"], np.int64(n)),
                    lambda o: np.testing.assert_array_equal(cp.asnumpy(o["bins"]),
                                                            np.bincount(cp.asnumpy(data), minlength=256)),
                    reset=lambda o: o["bins"].fill(0), flops_bytes=(n, n),
                    args_style=lambda o: (data, o["bins"], np.int32(n))))
    nb = 1 << (20 if quick else 24)
    S = cp.asarray(rng.uniform(5, 30, nb).astype(np.float32))
    K = cp.asarray(rng.uniform(1, 100, nb).astype(np.float32))
    T = cp.asarray(rng.uniform(0.25, 10, nb).astype(np.float32))
    r, v = np.float32(0.02), np.float32(0.30)

    def check_bs(o):
        s, kk, t = (cp.asnumpy(a)[:20000].astype(np.float64) for a in (S, K, T))
        sq = np.sqrt(t)
        d1 = (np.log(s / kk) + (0.02 + 0.5 * 0.3 * 0.3) * t) / (0.3 * sq)
        d2 = d1 - 0.3 * sq
        erf = np.vectorize(math.erf)
        c1, c2 = 0.5 * (1 + erf(d1 / math.sqrt(2))), 0.5 * (1 + erf(d2 / math.sqrt(2)))
        disc = kk * np.exp(-0.02 * t)
        np.testing.assert_allclose(cp.asnumpy(o["call"])[:20000], s * c1 - disc * c2, rtol=1e-3, atol=1e-3)
        np.testing.assert_allclose(cp.asnumpy(o["put"])[:20000], disc * (1 - c2) - s * (1 - c1), rtol=1e-3, atol=1e-3)
    out.append(Case("black_scholes", ((nb + 255) // 256,), (256,),
                    lambda: {"call": cp.empty(nb, cp.float32), "put": cp.empty(nb, cp.float32)},
                    lambda o: (S, K, T, o["call"], o["put"], r, v),
                    lambda o: (S, K, T, o["call"], o["put"], r, v, np.int64(nb)), check_bs,
                    flops_bytes=(60 * nb, 20 * nb),
                    args_style=lambda o: (S, K, T, o["call"], o["put"], r, v, np.int32(nb))))
    w = 1024 if quick else 4096

    def check_mandel(o):
        rows = np.arange(0, w, 97)
        assert_agrees(cp.asnumpy(o["img"])[rows], mandel_reference(w, w, rows, 256), "mandelbrot")
    out.append(Case("mandelbrot", (w // 16, w // 16), (16, 16), lambda: {"img": cp.zeros((w, w), cp.int32)},
                    lambda o: (o["img"], 256), lambda o: (o["img"], np.int32(w), np.int32(w), np.int32(256)),
                    check_mandel, flops_bytes=(None, None),
                    args_style=lambda o: (o["img"], np.int32(w), np.int32(w), np.int32(256))))
    return out


def checked_time(cp, spin, case, launch):
    """case's kernel launched by `launch` on fresh outputs, checked against NumPy, then timed."""
    o = case.make()
    if case.reset:
        case.reset(o)
    launch(o)
    cp.cuda.Device().synchronize()
    case.check(o)   # correct before it is timed
    return time_kernel(cp, spin, lambda: launch(o), (lambda: case.reset(o)) if case.reset else None)


def time_kernel(cp, spin, launch, reset, reps=25):
    times = []
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(reps + 3):
        if reset:
            reset()
        spin((1,), (1,), (np.int64(400_000),))   # ~0.2 ms of GPU time ahead of the timed launch
        start.record()
        launch()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    return statistics.median(times[3:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--only", help="comma-separated kernel names (for profiling; no results file)")
    ap.add_argument("--styles", choices=("yes", "no", "only"), default="yes",
                    help="also (or only) the user-style kernels of suite_styles.py under pyjitc, numba and nvcc")
    ap.add_argument("--impl", default=",".join(IMPLS),
                    help="comma-separated subset of " + ",".join(IMPLS) + " (_np, _args: the kernels in PYTHON_NP's and "
                         "PYTHON_ARGS's styles)")
    opts = ap.parse_args()
    only = set(opts.only.split(",")) if opts.only else None
    chosen = opts.impl.split(",")
    import cupy as cp
    np.row_stack = np.vstack  # numba-cuda 0.30 still calls it (GPU.md)
    from numba import cuda as nb_cuda
    from pyjitc import cuda as pj_cuda

    d = tempfile.mkdtemp()
    cu = os.path.join(d, "suite.cu")
    with open(cu, "w") as f:
        f.write(CUDA_C + CUDA_C_STYLES)
    cubin = os.path.join(d, "suite.cubin")
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", "-o", cubin, cu], check=True)
    mod_c = cp.RawModule(path=cubin)
    pj = load_python("pyjitc", d)
    nb = load_python("numba", d)
    pj_np = load_python("pyjitc", d, PYTHON_NP, "_np")
    nb_np = load_python("numba", d, PYTHON_NP, "_np")
    pj_args = load_python("pyjitc", d, PYTHON_ARGS, "_args")
    nb_args = load_python("numba", d, PYTHON_ARGS, "_args")
    spin = mod_c.get_function("spin")
    rows = []
    for case in (cases(cp, opts.quick) if opts.styles != "only" else []):
        if only and case.name not in only:
            continue
        row = {"kernel": case.name}
        impls = {
            "pyjitc": lambda o, c=case: getattr(pj, c.name)[c.grid, c.block](*c.python_args(o)),
            "numba": lambda o, c=case: getattr(nb, c.name)[c.grid, c.block](*c.python_args(o)),
            "nvcc": lambda o, c=case: mod_c.get_function(c.name)(c.grid, c.block, c.c_args(o)),
            "pyjitc_np": lambda o, c=case: getattr(pj_np, c.name)[c.grid, c.block](*c.python_args(o)),
            "numba_np": lambda o, c=case: getattr(nb_np, c.name)[c.grid, c.block](*c.python_args(o)),
            "pyjitc_args": lambda o, c=case: getattr(pj_args, c.name)[c.grid, c.block](*c.args_style(o)),
            "numba_args": lambda o, c=case: getattr(nb_args, c.name)[c.grid, c.block](*c.args_style(o)),
        }
        for impl, launch in impls.items():
            if impl in chosen:
                row[impl] = checked_time(cp, spin, case, launch)
        rows.append(row)
        print(f"{case.name:>14}: " + "  ".join(f"{k} {row[k]:.4f} ms" for k in chosen), flush=True)
    if rows and not only and {"pyjitc", "numba", "nvcc"} <= set(chosen):
        name = cp.cuda.runtime.getDeviceProperties(0)["name"]
        name = name.decode() if isinstance(name, bytes) else name  # "NVIDIA H100 80GB HBM3", "NVIDIA H200"
        gpu = next((w for w in name.split() if w[:1] in "ABHLV" and w[1:].isdigit()), name.split()[-1])
        write_results(rows, opts, [i for i in IMPLS if i in chosen and i != "nvcc"], gpu)
    if opts.styles != "no":
        style_rows = run_styles(cp, spin, mod_c, d, opts, only)
        if not only:
            write_styles(style_rows, opts)


def run_styles(cp, spin, mod_c, d, opts, only):
    """The user-style kernels (suite_styles.py): pyjitc and numba-cuda launched with what a numba
    user passes (Python ints as sizes and bounds), nvcc's CUDA C with int32 sizes."""
    pj = load_python("pyjitc", d, PYTHON_STYLES, "_styles")
    nb = load_python("numba", d, PYTHON_STYLES, "_styles")
    rows = []
    for case in style_cases(cp, opts.quick, Case):
        if only and case.name not in only:
            continue
        row = {"kernel": case.name}
        impls = {
            "pyjitc": lambda o, c=case: getattr(pj, c.name)[c.grid, c.block](*c.python_args(o)),
            "numba": lambda o, c=case: getattr(nb, c.name)[c.grid, c.block](*c.python_args(o)),
            "nvcc": lambda o, c=case: mod_c.get_function(NVCC_NAME.get(c.name, c.name))(c.grid, c.block, c.c_args(o)),
        }
        for impl, launch in impls.items():
            row[impl] = checked_time(cp, spin, case, launch)
        rows.append(row)
        print(f"{case.name:>14}: " + "  ".join(f"{k} {row[k]:.4f} ms" for k in impls)
              + f"  pyjitc/nvcc {row['pyjitc'] / row['nvcc']:.3f}  numba/nvcc {row['numba'] / row['nvcc']:.3f}", flush=True)
    return rows


def write_styles(rows, opts):
    gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))  # noqa: E731
    lines = ["", "## User styles (bench/suite_styles.py)", "",
             "Python-int sizes and bounds (int64 under numba's typing), extents from `.shape`, counters stepped as "
             "`i = i + 1`, `while True` loops left by `break`, a device function returning from its loop, "
             "numba's documented complex Mandelbrot; nvcc's CUDA C uses int counters.", "",
             "| kernel | pyjitc ms | numba ms | nvcc -O3 ms | pyjitc / nvcc | numba / nvcc |", "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['kernel']} | {r['pyjitc']:.4f} | {r['numba']:.4f} | {r['nvcc']:.4f} | "
                     f"{r['pyjitc'] / r['nvcc']:.3f} | {r['numba'] / r['nvcc']:.3f} |")
    lines.append("| geometric mean | | | | " + f"{gm([r['pyjitc'] / r['nvcc'] for r in rows]):.3f} | "
                 + f"{gm([r['numba'] / r['nvcc'] for r in rows]):.3f} |")
    print("\n".join(lines))
    os.makedirs(opts.out, exist_ok=True)
    with open(os.path.join(opts.out, f"styles-{datetime.date.today().isoformat()}{'-quick' if opts.quick else ''}.md"),
              "w") as f:
        f.write("\n".join(lines) + "\n")


def write_results(rows, opts, impls, gpu):
    os.makedirs(opts.out, exist_ok=True)
    date = datetime.date.today().isoformat()
    stem = os.path.join(opts.out, f"{date}-{gpu.lower()}{'-quick' if opts.quick else ''}")
    gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))  # noqa: E731
    lines = [f"# Kernel times on the {gpu}, {date}", "",
             "CUDA-event medians of 25 launches, each behind a spin kernel (host launch cost excluded); every "
             "output checked against NumPy first. Same device buffers for all three.", "",
             "The _np columns run the same kernels in numba's other common style (module-level np.float32 "
             "constants and NumPy casts: bench/suite_kernels.py PYTHON_NP); the _args columns with int32 sizes and "
             "float32 scalars as arguments and `for` loops (PYTHON_ARGS).", "",
             "| kernel | " + " | ".join(f"{i} ms" for i in impls) + " | nvcc -O3 ms | "
             + " | ".join(f"{i} / nvcc" for i in impls) + " |",
             "|---" * (2 * len(impls) + 2) + "|"]
    for r in rows:
        lines.append(f"| {r['kernel']} | " + " | ".join(f"{r[i]:.4f}" for i in impls) + f" | {r['nvcc']:.4f} | "
                     + " | ".join(f"{r[i] / r['nvcc']:.3f}" for i in impls) + " |")
    lines.append("| geometric mean | " + " | " * len(impls) + " | "
                 + " | ".join(f"{gm([r[i] / r['nvcc'] for r in rows]):.3f}" for i in impls) + " |")
    with open(stem + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(9, 4))
        names = [r["kernel"] for r in rows]
        xs = np.arange(len(rows))
        for k, impl in enumerate(("pyjitc", "numba", "nvcc")):
            ax.bar(xs + (k - 1) * 0.27, [r[impl] / r["nvcc"] for r in rows], 0.27, label=impl)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xticks(xs, names, rotation=20)
        ax.set_ylabel("kernel time / nvcc")
        ax.set_title(f"{gpu} kernel times relative to nvcc -O3 ({date})")
        ax.legend()
        fig.tight_layout()
        fig.savefig(stem + ".png", dpi=110)
    except ImportError:
        pass


if __name__ == "__main__":
    main()
