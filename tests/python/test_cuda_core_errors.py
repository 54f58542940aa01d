"""numba-cuda 0.30 raises cuda-core's CUDAError for a launch the driver refuses (a block larger
than the kernel's launch_bounds allow). Where the program has imported cuda-core's module holding
CUDAError, pyjitc's CudaAPIError is also an instance of it; pyjitc itself never imports cuda-core.
The mechanism is keyed by the module's name, so a stand-in module tests it where cuda-core is not
installed; the real one is tested where it is."""
import os
import pickle
import subprocess
import sys
import types

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import CudaAPIError, CudaError


@cuda.jit(launch_bounds=64)
def bounded(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i * 2


def _launch_over_bounds():
    out = np.zeros(256, dtype=np.int64)
    bounded[2, 64](out)  # within the bounds: runs
    np.testing.assert_array_equal(out[:128], np.arange(128) * 2)
    bounded[1, 128](out)


@pytest.fixture
def stand_in_cuda_core(monkeypatch):
    class CUDAError(Exception):
        pass
    mod = types.ModuleType("cuda.core._utils.cuda_utils")
    mod.CUDAError = CUDAError
    monkeypatch.setitem(sys.modules, "cuda.core._utils.cuda_utils", mod)
    return CUDAError


def test_launch_error_is_cuda_cores_class_where_imported(stand_in_cuda_core):
    with pytest.raises(stand_in_cuda_core, match="CUDA_ERROR_INVALID_VALUE") as e:
        _launch_over_bounds()
    err = e.value
    assert isinstance(err, CudaAPIError) and isinstance(err, CudaError)
    assert err.code == 1 and err.code.name == "CUDA_ERROR_INVALID_VALUE" and "launch_bounds" in str(err)
    assert type(err).__name__ == "CudaAPIError"
    again = pickle.loads(pickle.dumps(err))
    assert isinstance(again, stand_in_cuda_core) and isinstance(again, CudaAPIError) and str(again) == str(err)


def test_beyond_the_device_still_a_value_error_too(stand_in_cuda_core):
    out = np.zeros(4)
    with pytest.raises(stand_in_cuda_core, match="CUDA_ERROR_INVALID_VALUE") as e:
        bounded[1, 2048](out)
    assert isinstance(e.value, ValueError) and isinstance(e.value, CudaAPIError)


def test_plain_class_without_cuda_core(monkeypatch):
    for name in ("cuda.core._utils.cuda_utils", "cuda.core.experimental._utils.cuda_utils"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(CudaAPIError) as e:
        _launch_over_bounds()
    assert type(e.value) is CudaAPIError


def test_pyjitc_does_not_import_cuda_core():
    code = ("import sys, numpy as np\n"
            "from pyjitc import cuda\n"
            "@cuda.jit(launch_bounds=32)\n"
            "def k(a):\n"
            "    a[0] = 1\n"
            "a = np.zeros(1)\n"
            "try:\n"
            "    k[1, 64](a)\n"
            "except cuda.cudadrv.driver.CudaAPIError:\n"
            "    pass\n"
            "print(sorted(m for m in sys.modules if m == 'cuda' or m.startswith('cuda.')))\n")
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_with_the_real_cuda_core():
    cuda_utils = pytest.importorskip("cuda.core._utils.cuda_utils")
    with pytest.raises(cuda_utils.CUDAError, match="CUDA_ERROR_INVALID_VALUE") as e:
        _launch_over_bounds()
    assert isinstance(e.value, CudaAPIError)
