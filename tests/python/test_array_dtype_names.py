"""cuda.shared.array / cuda.local.array with the dtype given by its NumPy name (dtype="int16"), as
numba accepts it: the array has that dtype (checked by what its elements hold), and a name NumPy
does not know is a TypingError in numba's words."""
import numpy as np
import pytest

import pyjitc
from pyjitc import cuda


def test_local_and_shared_arrays_of_named_dtypes():
    @cuda.jit
    def k(out_i, out_f):
        loc = cuda.local.array(4, dtype="int16")
        sh = cuda.shared.array((2, 3), "float32")
        for j in range(4):
            loc[j] = 32760 + j * 3  # wraps past int16's largest value
        sh[1, 2] = 1.0 / 3.0
        for j in range(4):
            out_i[j] = loc[j]
        out_f[0] = sh[1, 2]

    out_i, out_f = cuda.device_array(4, np.int64), cuda.device_array(1, np.float64)
    k[1, 1](out_i, out_f)
    expect = (np.int64(32760) + 3 * np.arange(4)).astype(np.int16).astype(np.int64)
    np.testing.assert_array_equal(out_i.copy_to_host(), expect)
    assert out_f.copy_to_host()[0] == float(np.float32(1.0) / np.float32(3.0))


def test_unknown_dtype_name():
    def k(x):
        s = cuda.shared.array(10, dtype="int33")
        x[0] = s[0]

    with pytest.raises(pyjitc.TypingError, match="Invalid NumPy dtype specified: 'int33'"):
        cuda.jit("void(int32[::1])")(k)
