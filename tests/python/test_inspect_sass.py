"""inspect_sass / inspect_sass_cfg: the kernel's PTX assembled by ptxas and disassembled by nvdisasm,
found as numba-cuda finds nvdisasm; without nvdisasm, numba's RuntimeError "nvdisasm was not found".
Where the tools are installed (a CUDA toolkit) the SASS is checked; elsewhere the error is."""
import os

import numpy as np
import pytest

from pyjitc import cuda, float32, int32
from pyjitc._dispatcher import _find_cuda_tool

SIG = (float32[::1], int32[::1])


@cuda.jit(SIG)
def scale(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = y[i] * 2


def have_tools():
    return _find_cuda_tool("nvdisasm") is not None and _find_cuda_tool("ptxas") is not None


def test_the_kernel_runs():
    x, y = np.zeros(64, np.float32), np.arange(64, dtype=np.int32)
    scale[1, 64](x, y)
    np.testing.assert_array_equal(x, y * 2)


@pytest.mark.skipif(have_tools(), reason="checks the error where nvdisasm is missing (the SASS test runs instead)")
def test_without_nvdisasm_the_error_is_numbas():
    with pytest.raises(RuntimeError, match="nvdisasm was not found"):
        scale.inspect_sass(SIG)
    with pytest.raises(RuntimeError, match="nvdisasm was not found"):
        scale.inspect_sass_cfg(SIG)


@pytest.mark.skipif(not have_tools(), reason="needs CUDA's ptxas and nvdisasm (the error test runs instead)")
def test_sass_of_the_kernel():
    sass = scale.inspect_sass(SIG)
    assert "scale" in sass
    assert any(op in sass for op in ("STG", "ST.E")), sass  # the store of x[i]
    assert isinstance(scale.inspect_sass(), dict) and len(scale.inspect_sass()) == 1
    assert "digraph" in scale.inspect_sass_cfg(SIG)


def test_device_functions_have_no_sass():
    @cuda.jit(device=True)
    def twice(v):
        return v * 2
    with pytest.raises(RuntimeError, match="device function"):
        twice.inspect_sass()


def test_a_bad_cuda_home_is_not_a_tool(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_HOME", str(tmp_path))
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "nvdisasm").write_text("not executable")
    found = _find_cuda_tool("nvdisasm")
    assert found is None or os.path.realpath(found) != os.path.realpath(tmp_path / "bin" / "nvdisasm")
