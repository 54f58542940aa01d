"""Fortran-ordered arguments (from .npy files in Fortran order): indexed through their strides,
giving the same numbers as C-ordered ones; an eager signature's layout is enforced at launch."""
import os
import subprocess

import numpy as np

from pjrun import PYJITC, TARGET, here, launch

K = here(__file__, "kernels/layouts.py")


def want_scale(a):
    i = np.arange(a.shape[0])[:, None]
    return a * 10 + i + a[:, -1:] * 0.5 + a[0:1, :]


def test_fortran_and_c_inputs_give_the_same_numbers():
    a = np.arange(35, dtype=np.float64).reshape(5, 7) ** 1.25
    for arg in (a, np.asfortranarray(a)):
        out, _ = launch(K, (1, 1), (8, 8), arg, np.zeros((5, 7)), kernel="scale_rows")
        np.testing.assert_allclose(out["out"], want_scale(a), rtol=1e-15)


def test_signature_layouts():
    a = np.asfortranarray(np.arange(12, dtype=np.float64).reshape(3, 4) ** 2)
    out, _ = launch(K, (1, 1), (4, 4), a, np.zeros((3, 4)), kernel="fortran_only")
    np.testing.assert_array_equal(out["out"], a - a[0:1, :])
    proc = subprocess.run([PYJITC, K, "--launch", "--target", TARGET, "--kernel", "fortran_only", "--grid", "1,1",
                           "--block", "4,4", "--", "ones((3,4),float64)", "zeros((3,4),float64)"],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "has layout 'C' but kernel 'fortran_only' was compiled for layout 'F'" in proc.stderr, proc.stderr
