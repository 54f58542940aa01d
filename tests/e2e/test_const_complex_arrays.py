"""Module-level complex arrays (np.array of complex literals, or of reals with a complex dtype)
folded by the command line from the source: each element's real and imaginary parts as NumPy
computes them, in the array's dtype; `1 + 2j` is never read as 3. A module-level complex number
the command line cannot fold is an error at the line that reads it, not a wrong value."""
import numpy as np

from pjrun import compile_only, here, launch

K = here(__file__, "kernels/const_complex_arrays.py")
TABLE = np.array([[1 + 2j, 3 - 4j, 0.5j], [2, -1j, 7 + 0.25j]], dtype=np.complex64)
WIDE = np.array([1 + 1j, 2 - 3j, 0.125j, -4])
REALS = np.array([1, 2.5, -3], dtype=np.complex128)


def test_complex_constant_arrays():
    out, _ = launch(K, 1, (2, 3), np.zeros((2, 3), np.complex64), np.zeros(3, np.complex128),
                    np.zeros(3, np.complex128))
    np.testing.assert_array_equal(out["out"], TABLE)
    np.testing.assert_array_equal(out["wide"], WIDE[:3] * 2)
    np.testing.assert_array_equal(out["reals"], REALS + 1j)
    assert np.signbit(out["out"][1, 1].real)  # -1j is (-0.0 - 1j), as in Python and NumPy


def test_a_complex_scalar_it_cannot_fold_is_an_error(tmp_path):
    src = tmp_path / "k.py"
    src.write_text("from numba import cuda\n\nC = 1 + 2j\n\n\n@cuda.jit\ndef k(out):\n    out[0] = C\n")
    proc = compile_only(str(src), "--emit=ptx", "--sig", "void(complex128[::1])")
    assert proc.returncode != 0
    assert "k.py:8:14: error: global 'C' is not a compile-time constant" in proc.stderr, proc.stderr
