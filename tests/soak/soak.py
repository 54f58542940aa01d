#!/usr/bin/env python3
"""A soak of the Python package: many launches, and many distinct kernels, in one process, with
the process's resident memory (and on a GPU the device's used memory) sampled as it goes. It
fails when memory grows past the bound: after a warm-up, resident memory may grow by at most
--rss-bound MiB over the whole phase (device memory: --device-bound MiB).

    python3 tests/soak/soak.py --launches 100000 --kernels 10000    (the full soak)
    python3 tests/soak/soak.py --launches 5000 --kernels 300        (the CTest one)

Phases (each checked against NumPy at its end, and every 1000th launch on the way):
  numpy:   NumPy arrays, copied in and out at each launch
  device:  device arrays (cuda.to_device / device_array), results copied back at the end
  stream:  device arrays on a stream, copies and launches queued, synchronised every 100
  cupy:    CuPy arrays through __cuda_array_interface__ (GPU only, where CuPy is installed)
  kernels: distinct kernels (each its own function, made by exec), each compiled, launched
           once, checked, and dropped
"""
import argparse, gc, json, os, sys, time, warnings

import numpy as np

from pyjitc import cuda

warnings.simplefilter("ignore")  # the performance hints of small grids and host arrays, every launch


def rss_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def device_used_mib():
    if os.environ.get("PYJITC_TARGET") == "cpu" or not cuda.is_available():
        return None
    free, total = cuda.current_context().get_memory_info()
    return (total - free) / 2**20


@cuda.jit
def axpb(x, out, a, b):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + b


class Phase:
    def __init__(self, name, total):
        self.name, self.total, self.samples, self.t0 = name, total, [], time.perf_counter()

    def sample(self, done):
        self.samples.append((done, rss_mib(), device_used_mib()))

    def report(self, warm):
        base = [s for s in self.samples if s[0] >= warm] or self.samples
        rss = [s[1] for s in base]
        dev = [s[2] for s in base if s[2] is not None]
        return {"phase": self.name, "count": self.total, "seconds": round(time.perf_counter() - self.t0, 2),
                "rss_start_mib": round(rss[0], 1), "rss_max_mib": round(max(rss), 1), "rss_end_mib": round(rss[-1], 1),
                "rss_growth_mib": round(max(rss) - rss[0], 2),
                "device_growth_mib": round(max(dev) - dev[0], 2) if dev else None}


def launches(style, n, every):
    x = np.linspace(-1, 1, 4096).astype(np.float32)
    want = lambda k: np.float32(2.0) * x + np.float32(k % 7)
    ph = Phase(style, n)
    if style == "numpy":
        out = np.zeros_like(x)
        for k in range(n):
            axpb[16, 256](x, out, np.float32(2.0), np.float32(k % 7))
            if k % 1000 == 0:
                np.testing.assert_allclose(out, want(k), rtol=1e-6)
            if k % every == 0:
                ph.sample(k)
    elif style in ("device", "stream"):
        stream = cuda.stream() if style == "stream" else 0
        dx = cuda.to_device(x, stream=stream)
        dout = cuda.device_array_like(x, stream=stream)
        host = np.zeros_like(x)
        for k in range(n):
            axpb[16, 256, stream](dx, dout, np.float32(2.0), np.float32(k % 7))
            if style == "stream" and k % 100 == 0:
                dout.copy_to_host(host, stream=stream)
                stream.synchronize()
            if k % 1000 == 0:
                dout.copy_to_host(host, stream=stream)
                if stream:
                    stream.synchronize()
                np.testing.assert_allclose(host, want(k), rtol=1e-6)
            if k % every == 0:
                ph.sample(k)
    elif style == "cupy":
        import cupy
        cx = cupy.asarray(x)
        cout = cupy.zeros_like(cx)
        for k in range(n):
            axpb[16, 256](cx, cout, np.float32(2.0), np.float32(k % 7))
            if k % 1000 == 0:
                np.testing.assert_allclose(cupy.asnumpy(cout), want(k), rtol=1e-6)
            if k % every == 0:
                ph.sample(k)
    return ph


TEMPLATE = """
def k_{n}(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * {n} + {m}.0
"""


def kernels(n, every):
    ph = Phase("kernels", n)
    x = np.arange(64, dtype=np.float64)
    out = np.zeros_like(x)
    for k in range(n):
        ns = {}
        exec(TEMPLATE.format(n=k, m=k % 13), {"cuda": cuda}, ns)
        kern = cuda.jit(ns[f"k_{k}"])
        kern[1, 64](x, out)
        if k % 50 == 0:
            np.testing.assert_array_equal(out, x * k + k % 13)
        del kern, ns
        if k % every == 0:
            gc.collect()
            ph.sample(k)
    return ph


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--launches", type=int, default=100000)
    ap.add_argument("--kernels", type=int, default=10000)
    ap.add_argument("--rss-bound", type=float, default=32.0)
    ap.add_argument("--device-bound", type=float, default=16.0)
    ap.add_argument("--json")
    args = ap.parse_args()
    on_gpu = os.environ.get("PYJITC_TARGET") != "cpu" and cuda.is_available()
    styles = ["numpy", "device", "stream"]
    if on_gpu:
        try:
            import cupy  # noqa: F401
            styles.append("cupy")
        except ImportError:
            print("soak: CuPy not installed: no cupy phase")
    results, failed = [], False
    every = max(args.launches // 50, 1)
    for style in styles:
        ph = launches(style, args.launches, every)
        results.append(ph.report(warm=args.launches // 10))
    if args.kernels:
        ph = kernels(args.kernels, max(args.kernels // 50, 1))
        results.append(ph.report(warm=args.kernels // 10))
    for r in results:
        bad = r["rss_growth_mib"] > args.rss_bound or (r["device_growth_mib"] or 0) > args.device_bound
        failed |= bad
        print(("FAIL " if bad else "ok   ") + json.dumps(r))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"target": "cuda" if on_gpu else "cpu", "results": results}, f, indent=1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
