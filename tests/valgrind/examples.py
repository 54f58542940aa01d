#!/usr/bin/env python3
"""valgrind (memcheck) over the command line's compile and launch of every example in examples/,
on the CPU executor: usage: examples.py PYJITC. Each example runs once under memcheck on real
data; a run fails on any memcheck error (an invalid read or write, a use of uninitialised memory,
a definite leak) and on outputs that differ from NumPy's. The cache is off, so each run compiles."""
import glob, os, subprocess, sys, tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
rng = np.random.default_rng(7)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def python_floordiv_mod(a, b):
    q = np.where(b != 0, np.floor_divide(a, np.where(b == 0, 1, b)), 0)
    return q, np.where(b != 0, a - q * b, 0)


def collatz(a):
    out = []
    for v in a:
        n, count = abs(int(v)) % 10007, 0
        while n > 1 and count < 1000:
            count += 1
            if count >= 1000:
                break
            n = 3 * n + 1 if n % 2 else n // 2
        out.append(count)
    return np.array(out)


# name: (grid, block, inputs (name -> array or scalar spec), check(outputs, inputs))
x, y, a2d, A, B = f32(1000), f32(1000), f32(20, 30), f32(64, 48), f32(48, 32)
ai, bi = rng.integers(-50, 50, 300), rng.integers(-7, 8, 300)
xf, yf = rng.standard_normal(300) * 10, rng.standard_normal(300) + 0.1
CASES = {
    "saxpy": ("4", "256", [("a", "float32(2.5)"), ("x", x), ("y", y), ("out", np.zeros(1000, np.float32))],
              lambda o: np.testing.assert_allclose(o["out"], np.float32(2.5) * x + y, rtol=1e-6, atol=1e-6)),
    "add_one_2d": ("2,2", "16,16", [("A", a2d)], lambda o: np.testing.assert_array_equal(o["A"], a2d + 1)),
    "grid_stride_copy": ("3", "32", [("src", x), ("dst", np.zeros(1000, np.float32))],
                         lambda o: np.testing.assert_array_equal(o["dst"], x)),
    "matmul": ("4,2", "16,16", [("A", A), ("B", B), ("C", np.zeros((64, 32), np.float32))],
               lambda o: np.testing.assert_allclose(o["C"], A @ B, rtol=1e-4, atol=1e-4)),
    "mul_add": ("4", "256", [("x1", x), ("x2", y), ("B", "float32(-0.75)"), ("y", np.zeros(1000, np.float32))],
                lambda o: np.testing.assert_allclose(o["y"], x * y - np.float32(0.75), rtol=1e-6, atol=1e-6)),
    "python_arith": ("3", "128", [("a", ai), ("b", bi), ("x", xf), ("y", yf), ("qi", np.zeros(300, np.int64)),
                                  ("ri", np.zeros(300, np.int64)), ("qf", np.zeros(300)), ("rf", np.zeros(300)),
                                  ("steps", np.zeros(300, np.int64))],
                     lambda o: (np.testing.assert_array_equal(o["qi"], python_floordiv_mod(ai, bi)[0]),
                                np.testing.assert_array_equal(o["ri"], python_floordiv_mod(ai, bi)[1]),
                                np.testing.assert_allclose(o["qf"], np.floor_divide(xf, yf)),
                                np.testing.assert_allclose(o["rf"], np.mod(xf, yf), atol=1e-12),
                                np.testing.assert_array_equal(o["steps"], collatz(ai)))),
}


def main():
    pyjitc = sys.argv[1]
    examples = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(ROOT, "examples", "*.py")))
    missing = [e for e in examples if e not in CASES]
    if missing:
        sys.exit(f"examples without a valgrind case: {missing}")
    failed = 0
    env = dict(os.environ, PYJITC_CACHE="0", PYJITC_TARGET="cpu")
    for name in examples:
        grid, block, inputs, check = CASES[name]
        with tempfile.TemporaryDirectory() as tmp:
            args = []
            for pname, value in inputs:
                if isinstance(value, str):
                    args.append(value)
                else:
                    path = os.path.join(tmp, f"in_{pname}.npy")
                    np.save(path, value)
                    args.append(path)
            out_dir = os.path.join(tmp, "out")
            os.mkdir(out_dir)
            cmd = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite",
                   "--show-leak-kinds=definite", "--track-origins=yes", pyjitc, os.path.join(ROOT, "examples", name + ".py"),
                   "--launch", "--target", "cpu", "--grid", grid, "--block", block, "--save-dir", out_dir, "--"] + args
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
            report = [l for l in proc.stderr.splitlines() if l.startswith("==")]
            ok = proc.returncode == 0 and not report
            if ok:
                outputs = {os.path.basename(p)[:-4]: np.load(p) for p in glob.glob(os.path.join(out_dir, "*.npy"))}
                try:
                    check(outputs)
                except AssertionError as e:
                    ok = False
                    report = [f"outputs differ from NumPy: {e}"]
            print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {proc.returncode}, {len(report)} report lines")
            if not ok:
                failed += 1
                print("\n".join(report[:60]) or proc.stderr[-3000:])
    print(f"valgrind: {len(examples) - failed} of {len(examples)} examples clean")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
