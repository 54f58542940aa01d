"""Module-level NumPy scalars read by the command line (no Python runs the module): their
dtypes, NumPy 2's promotion of module-level arithmetic on them, and folded shapes, checked
against NumPy computing the same expressions."""
import math
import re
import subprocess

import numpy as np

from pjrun import PYJITC, here, launch

K = here(__file__, "kernels/typed_constants.py")


def test_module_level_numpy_scalars():
    x = np.arange(1, 9, dtype=np.float32)
    out, _ = launch(K, 1, 8, x, np.zeros((7, 8)), kernel="consts")
    o = out["out"]
    f32 = np.float32
    half, big, third = f32(0.5), f32(2 ** 24), f32(1) / 3
    assert third.dtype == np.float32
    wide = f32(0.5) * np.float64(3)
    with np.errstate(over="ignore"):
        wrap = np.int8(100) + np.int8(100)
        neg = -np.uint8(1)
    mixed = np.int16(3) * 2.5
    u16 = np.uint16(65535) + np.int8(1)
    assert (int(wrap), int(neg), float(mixed), int(u16)) == (-56, 255, 7.5, 65536)
    np.testing.assert_array_equal(o[0], big + x)  # float32: 2**24 + 1 rounds to 2**24
    assert o[0][0] == 2 ** 24
    np.testing.assert_allclose(o[1], x * half + third, rtol=1e-7)
    np.testing.assert_array_equal(o[2], wide * x.astype(np.float64))
    np.testing.assert_array_equal(o[3], 7 * x.astype(np.float64) - 56)
    np.testing.assert_array_equal(o[4], np.full(8, 255 + 7.5 + 65536))
    np.testing.assert_allclose(o[5], [math.erf(v * 0.5) for v in x], rtol=1e-6)
    np.testing.assert_array_equal(o[6], f32(1.25) * x - 4)


def test_module_level_scalar_types():
    r = subprocess.run([PYJITC, K, "--kernel", "consts", "--emit=typed-ir", "--sig",
                        "void(float32[:], float64[:, :])"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # the constants as the kernel sees them (a Cast of the literal to the scalar's dtype)
    casts = re.findall(r"Cast : (\w+)\s+@\d+:\d+\n\s+(?:Float|Int) ", r.stdout)
    for dtype in ("float32", "float64", "int32", "int8", "uint8", "int32"):
        assert dtype in casts, (dtype, casts)


def test_folded_shapes():
    x = np.arange(8, dtype=np.float32)
    out, _ = launch(K, 1, 8, x, np.zeros(8, np.float32), kernel="shapes")
    np.testing.assert_array_equal(out["out"], x * 10 + 10000)
