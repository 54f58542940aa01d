"""Every kernel in examples/ launched on real data on the test target (PYJITC_TEST_TARGET) and
checked element by element against NumPy or plain Python. Outputs start as poison (NaN, or a
value the kernel never writes) so that an element the launch leaves unwritten fails the test."""
import glob
import math
import os

import numpy as np
import pytest

from pjrun import example, launch

EPS32 = float(np.finfo(np.float32).eps)
EPS64 = float(np.finfo(np.float64).eps)


def assert_mul_add_close(got, ref, scale, eps):
    """got == ref up to two roundings of the terms' size: a*b+c may be fused into one
    multiply-add (LLVM contracts on both targets), which changes the result by up to an ulp of
    a*b, not of the (possibly much smaller) sum."""
    assert got.shape == ref.shape
    assert not np.isnan(got).any(), f"elements left unwritten (NaN) at {np.argwhere(np.isnan(got))[:5].ravel()}"
    err = np.abs(got.astype(np.float64) - ref.astype(np.float64))
    tol = 2 * eps * np.abs(scale) + 1e-300
    bad = np.argwhere(err > tol).ravel()
    assert bad.size == 0, f"{bad.size} elements differ, e.g. [{bad[0]}]: got {got[bad[0]]!r}, want {ref[bad[0]]!r}"


def poison(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return np.full(shape, np.nan, dtype)
    return np.full(shape, -12345, dtype) if dtype.kind == "i" else np.full(shape, 12345, dtype)


def blocks(n, block):
    return (n + block - 1) // block


def test_every_example_has_a_test():
    tested = {"saxpy.py", "add_one_2d.py", "mul_add.py", "grid_stride_copy.py", "matmul.py", "python_arith.py"}
    present = {os.path.basename(p) for p in glob.glob(example("*.py"))}
    assert present <= tested, f"examples without a test: {sorted(present - tested)}"


# ---- saxpy -------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1 << 20, 1, 255, 257, 1000, 4099])
def test_saxpy(n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    a = np.float32(2.5)
    out, _ = launch(example("saxpy.py"), blocks(n, 256), 256, a, x, y, poison(n, np.float32))
    ref = a * x + y
    assert out["out"].dtype == np.float32
    assert_mul_add_close(out["out"], ref, np.abs(a * x) + np.abs(y), EPS32)
    # inputs are left as they were
    np.testing.assert_array_equal(out["x"], x)
    np.testing.assert_array_equal(out["y"], y)


def test_saxpy_grid_larger_than_array():
    n = 100
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    out, _ = launch(example("saxpy.py"), 8, 32, np.float32(-1.0), x, y, poison(n, np.float32))
    np.testing.assert_array_equal(out["out"], 1.0 - x)


# ---- add_one_2d --------------------------------------------------------------------------------

@pytest.mark.parametrize("grid,block", [((3, 4), (16, 16)), ((5, 7), (16, 16)), ((37, 53), (1, 1)), ((10, 2), (4, 32))])
def test_add_one_2d(grid, block):
    rng = np.random.default_rng(7)
    A = rng.standard_normal((37, 53)).astype(np.float32)
    out, _ = launch(example("add_one_2d.py"), grid, block, A)
    assert out["A"].shape == (37, 53) and out["A"].dtype == np.float32
    np.testing.assert_array_equal(out["A"], A + np.float32(1))


def test_add_one_2d_int_and_float64():
    A = np.arange(37 * 53, dtype=np.int32).reshape(37, 53) - 1000
    out, _ = launch(example("add_one_2d.py"), (3, 4), (16, 16), A)
    np.testing.assert_array_equal(out["A"], A + 1)
    B = np.linspace(-3, 3, 37 * 53).reshape(37, 53)
    out, _ = launch(example("add_one_2d.py"), (3, 4), (16, 16), B)
    np.testing.assert_array_equal(out["A"], B + 1.0)


def test_add_one_2d_grid_too_small_leaves_the_rest():
    # a grid covering only part of the array changes only that part
    A = np.zeros((37, 53), dtype=np.float32)
    out, _ = launch(example("add_one_2d.py"), (2, 3), (8, 8), A)
    ref = A.copy()
    ref[:16, :24] += 1
    np.testing.assert_array_equal(out["A"], ref)


# ---- mul_add -----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [4096, 1001])
def test_mul_add_float32_with_float64_scalar(n):
    rng = np.random.default_rng(3)
    x1 = rng.standard_normal(n).astype(np.float32)
    x2 = rng.standard_normal(n).astype(np.float32)
    B = 0.1  # a Python float is float64: x1 * x2 (float32) + B computes in float64 (numba)
    out, _ = launch(example("mul_add.py"), blocks(n, 128), 128, x1, x2, B, poison(n, np.float32))
    ref = ((x1 * x2).astype(np.float64) + B).astype(np.float32)
    assert out["y"].dtype == np.float32
    assert_mul_add_close(out["y"], ref, np.abs(x1 * x2) + abs(B), EPS32)


def test_mul_add_float64():
    n = 3000
    rng = np.random.default_rng(4)
    x1 = rng.standard_normal(n)
    x2 = rng.standard_normal(n)
    out, _ = launch(example("mul_add.py"), blocks(n, 256), 256, x1, x2, -2.75, poison(n, np.float64))
    assert_mul_add_close(out["y"], x1 * x2 - 2.75, np.abs(x1 * x2) + 2.75, EPS64)


def test_mul_add_int():
    n = 2000
    x1 = np.arange(n, dtype=np.int32) - 1000
    x2 = np.arange(n, dtype=np.int32) * 3
    out, _ = launch(example("mul_add.py"), blocks(n, 64), 64, x1, x2, np.int32(7), poison(n, np.int64))
    np.testing.assert_array_equal(out["y"], x1.astype(np.int64) * x2 + 7)


# ---- grid-stride copy --------------------------------------------------------------------------

@pytest.mark.parametrize("n,grid,block", [(10007, 3, 64), (5000, 1, 1), (4096, 16, 256), (100, 4, 64), (1, 2, 32)])
def test_grid_stride_copy(n, grid, block):
    src = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    out, _ = launch(example("grid_stride_copy.py"), grid, block, src, poison(n, np.float32))
    np.testing.assert_array_equal(out["dst"], src)


def test_grid_stride_copy_int64_bits():
    n = 3333
    src = np.random.default_rng(1).integers(-(2**63), 2**63 - 1, n, dtype=np.int64)
    out, _ = launch(example("grid_stride_copy.py"), 5, 32, src, poison(n, np.int64))
    np.testing.assert_array_equal(out["dst"], src)


# ---- matmul ------------------------------------------------------------------------------------

def test_matmul_256():
    rng = np.random.default_rng(256)
    A = rng.random((256, 256), dtype=np.float32)
    B = rng.random((256, 256), dtype=np.float32)
    out, _ = launch(example("matmul.py"), (16, 16), (16, 16), A, B, poison((256, 256), np.float32))
    C = out["C"]
    assert C.shape == (256, 256) and C.dtype == np.float32
    assert not np.isnan(C).any(), "elements left unwritten"
    # sums of 256 products: compare with float32 A @ B within a float32 sum's error
    np.testing.assert_allclose(C, A @ B, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(C, A.astype(np.float64) @ B.astype(np.float64), rtol=1e-5, atol=1e-5)


def test_matmul_rectangular_overshooting_grid():
    rng = np.random.default_rng(5)
    A = rng.standard_normal((37, 29)).astype(np.float32)
    B = rng.standard_normal((29, 41)).astype(np.float32)
    out, _ = launch(example("matmul.py"), (3, 4), (16, 16), A, B, poison((37, 41), np.float32))
    np.testing.assert_allclose(out["C"], A.astype(np.float64) @ B.astype(np.float64), rtol=1e-5, atol=1e-5)


def test_matmul_float64():
    rng = np.random.default_rng(6)
    A = rng.standard_normal((64, 48))
    B = rng.standard_normal((48, 40))
    out, _ = launch(example("matmul.py"), (8, 5), (8, 8), A, B, poison((64, 40), np.float64))
    np.testing.assert_allclose(out["C"], A @ B, rtol=1e-12, atol=1e-12)


# ---- python_arith ------------------------------------------------------------------------------

def py_floordiv_int(a, b):
    return 0 if b == 0 else a // b  # numba's numpy error model: no exception, 0


def py_mod_int(a, b):
    return 0 if b == 0 else a % b


def py_mod_float(x, y):
    return math.nan if y == 0 else x % y  # fmod(x, 0) is NaN


def collatz(a):
    n = abs(a) % 10007
    count = 0
    while n > 1 and count < 1000:
        count += 1
        n = 3 * n + 1 if n % 2 else n // 2
    return count


def same_float(got, want):
    """Equal as Python floats: NaN matches NaN, and the sign of a zero matters."""
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1.0, got) == math.copysign(1.0, want)


def arith_inputs():
    rng = np.random.default_rng(11)
    ints = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 100, -100, 2**62, -(2**62), 2**63 - 1, -(2**63) + 1]
    pairs = [(a, b) for a in ints for b in ints]
    n_rand = 3000
    pairs += list(zip(rng.integers(-1000, 1000, n_rand).tolist(), rng.integers(-40, 40, n_rand).tolist()))
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    fl = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 3.0, -3.0, 7.25, -7.25, 1e300, -1e300, 1e-300,
          math.inf, -math.inf]
    fpairs = [(x, y) for x in fl for y in fl]  # x // 0.0 is left out of the check below
    m = len(a)
    xs = [p[0] for p in fpairs] + (rng.standard_normal(m) * 100).tolist()
    ys = [p[1] for p in fpairs] + (rng.standard_normal(m) * 10).tolist()
    x = np.array(xs[:m], dtype=np.float64)
    y = np.array(ys[:m], dtype=np.float64)
    return a, b, x, y


def test_python_arith():
    a, b, x, y = arith_inputs()
    n = a.size
    outs = [poison(n, np.int64), poison(n, np.int64), poison(n, np.float64), poison(n, np.float64),
            poison(n, np.int64)]
    out, _ = launch(example("python_arith.py"), blocks(n, 128), 128, a, b, x, y, *outs)
    bad = []
    for i in range(n):
        ai, bi, xi, yi = int(a[i]), int(b[i]), float(x[i]), float(y[i])
        if out["qi"][i] != py_floordiv_int(ai, bi):
            bad.append(f"{ai} // {bi}: got {out['qi'][i]}, want {py_floordiv_int(ai, bi)}")
        if out["ri"][i] != py_mod_int(ai, bi):
            bad.append(f"{ai} % {bi}: got {out['ri'][i]}, want {py_mod_int(ai, bi)}")
        # x // 0.0 differs by design (docs/language.md): only its remainder is checked
        if yi != 0.0:
            want = xi // yi
            if not same_float(float(out["qf"][i]), want):
                bad.append(f"{xi!r} // {yi!r}: got {out['qf'][i]!r}, want {want!r}")
        want = py_mod_float(xi, yi)
        if not same_float(float(out["rf"][i]), want):
            bad.append(f"{xi!r} % {yi!r}: got {out['rf'][i]!r}, want {want!r}")
        if out["steps"][i] != collatz(ai):
            bad.append(f"steps({ai}): got {out['steps'][i]}, want {collatz(ai)}")
    assert not bad, f"{len(bad)} wrong elements, the first ones:\n" + "\n".join(bad[:25])


def test_python_arith_zero_divisor_int():
    # numba's numpy error model: integer x // 0 and x % 0 give 0, no exception
    a = np.array([5, -5, 0, 2**63 - 1, -(2**63) + 1], dtype=np.int64)
    b = np.zeros(5, dtype=np.int64)
    x = np.array([1.0, -1.0, 0.5, 2.0, -2.0])
    y = np.array([0.0, 0.0, 0.0, -0.0, -0.0])
    outs = [poison(5, np.int64), poison(5, np.int64), poison(5, np.float64), poison(5, np.float64), poison(5, np.int64)]
    out, _ = launch(example("python_arith.py"), 1, 32, a, b, x, y, *outs)
    np.testing.assert_array_equal(out["qi"], 0)
    np.testing.assert_array_equal(out["ri"], 0)
    assert np.isnan(out["rf"]).all(), out["rf"]
    np.testing.assert_array_equal(out["steps"], [collatz(int(v)) for v in a])
