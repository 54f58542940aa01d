"""The warnings numba-cuda gives, and the config switches that turn them on and off
(pyjitc.cuda.config, numba.cuda.config): a grid too small for the GPU, host arrays copied at each
launch, @cuda.jit options that do not go together. Each kernel's result is checked too: a
warning never changes what the kernel computes."""
import contextlib
import warnings

import numpy as np
import pytest

from pyjitc import cuda
from pyjitc.errors import NumbaInvalidConfigWarning, NumbaPerformanceWarning, NumbaWarning

config = cuda.config


@contextlib.contextmanager
def switches(**values):
    old = {k: getattr(config, k) for k in values}
    for k, v in values.items():
        setattr(config, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(config, k, v)


@contextlib.contextmanager
def no_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught
    assert [str(w.message) for w in caught] == []


def add_one(r, x):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = x[i] + 1


def test_classes_and_config_module():
    assert issubclass(NumbaPerformanceWarning, NumbaWarning) and issubclass(NumbaWarning, Warning)
    assert issubclass(NumbaInvalidConfigWarning, NumbaWarning)
    import pyjitc.cuda.config as by_import
    assert by_import is config
    assert config.OPT == 3 and isinstance(config._OptLevel("max"), int) and config._OptLevel("max").is_opt_max
    with pytest.raises(ValueError):
        config._OptLevel(4)


@pytest.mark.parametrize("grid, blocks", [(1, 1), ((4, 2), 8), ((127,), 127), ((2, 3, 5), 30)])
def test_low_occupancy_warns_with_the_grid_size(grid, blocks):
    k = cuda.jit(add_one)
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=1, DISABLE_PERFORMANCE_WARNINGS=0):
        with pytest.warns(NumbaPerformanceWarning, match=rf"Grid size {blocks} will likely result in GPU "
                                                         "under-utilization due to low occupancy") as rec:
            launch = k[grid, 4]
    assert rec[0].filename == __file__  # points at the user's line
    r, x = np.zeros(4, np.float32), cuda.to_device(np.arange(4, dtype=np.float32))
    d = cuda.to_device(r)
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=0):
        launch(d, x)
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(4, dtype=np.float32) + 1)


def test_large_grids_and_switches_do_not_warn():
    k = cuda.jit(add_one)
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=1, DISABLE_PERFORMANCE_WARNINGS=0), no_warnings():
        k[128, 32]
        k[(16, 8), 32]
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=0), no_warnings():
        k[1, 32]
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=1, DISABLE_PERFORMANCE_WARNINGS=1), no_warnings():
        k[1, 32]


def test_host_array_warns_and_device_arrays_do_not():
    k = cuda.jit(add_one)
    x = np.arange(10, dtype=np.float64)
    with switches(CUDA_WARN_ON_IMPLICIT_COPY=1, CUDA_LOW_OCCUPANCY_WARNINGS=0, DISABLE_PERFORMANCE_WARNINGS=0):
        r = np.zeros(10)
        with pytest.warns(NumbaPerformanceWarning, match=r"Host array used in CUDA kernel will incur copy overhead "
                                                         r"to/from device \(arguments 1, 2 of kernel 'add_one'"):
            k[1, 32](r, x)
        np.testing.assert_array_equal(r, x + 1)
        d, dx = cuda.device_array(10), cuda.to_device(x)
        with no_warnings():
            k[1, 32](d, dx)
        np.testing.assert_array_equal(d.copy_to_host(), x + 1)
        m = cuda.mapped_array(10, dtype=np.float64)
        with no_warnings():
            k[1, 32](m, dx)
            cuda.synchronize()
        np.testing.assert_array_equal(m, x + 1)
        with no_warnings():  # told once per kernel and launch configuration: launches stay cheap
            k[1, 32](r, x)
        p = cuda.pinned_array(10, dtype=np.float64)  # a host array all the same: copied
        with pytest.warns(NumbaPerformanceWarning, match=r"argument 1 of kernel 'add_one'"):
            k[(1, 1), 32](p, dx)
        np.testing.assert_array_equal(p, x + 1)
    with switches(CUDA_WARN_ON_IMPLICIT_COPY=0, CUDA_LOW_OCCUPANCY_WARNINGS=0), no_warnings():
        r = np.zeros(10)
        k[1, 32](r, x)
    np.testing.assert_array_equal(r, x + 1)


def test_host_array_warning_as_error_stops_the_launch():
    k = cuda.jit(add_one)
    r, x = np.zeros(4), np.arange(4.0)
    with switches(CUDA_WARN_ON_IMPLICIT_COPY=1, CUDA_LOW_OCCUPANCY_WARNINGS=0), warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        with pytest.raises(NumbaPerformanceWarning):
            k[1, 4](r, x)
    np.testing.assert_array_equal(r, np.zeros(4))


def test_debug_with_opt_warns():
    with pytest.warns(NumbaInvalidConfigWarning, match="debug=True with opt=True is not supported by CUDA"):
        cuda.jit(debug=True, opt=True)
    with switches(OPT=config._OptLevel(3)):
        with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
            cuda.jit(debug=True)  # opt defaults to config.OPT != 0
    with switches(CUDA_DEBUGINFO_DEFAULT=1, OPT=config._OptLevel("max")):
        with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
            cuda.jit()  # debug defaults to config.CUDA_DEBUGINFO_DEFAULT
    with switches(CUDA_DEBUGINFO_DEFAULT=1, OPT=config._OptLevel(0)), no_warnings():
        cuda.jit()
    with no_warnings():
        cuda.jit(debug=True, opt=False)
        cuda.jit()
        cuda.jit(lineinfo=True)


def test_debug_with_lineinfo_warns():
    with pytest.warns(NumbaInvalidConfigWarning, match="debug and lineinfo are mutually exclusive"):
        k = cuda.jit(debug=True, lineinfo=True, opt=False)(add_one)
    r, x = cuda.device_array(3), cuda.to_device(np.array([1.0, 2.0, 3.0]))
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=0):
        k[1, 4](r, x)
    np.testing.assert_array_equal(r.copy_to_host(), [2.0, 3.0, 4.0])


def test_compile_ptx_debug_default_from_config():
    def f(a):
        a[0] = 1.0
    with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
        cuda.compile_ptx(f, "void(float64[:])", debug=True)
    with no_warnings():
        ptx, _ = cuda.compile_ptx(f, "void(float64[:])", debug=True, opt=False)
    assert ".entry" in ptx


def test_launch_dims_are_checked():
    k = cuda.jit(add_one)
    with pytest.raises(ValueError, match=r"griddim must be a sequence of 1, 2 or 3 integers, got \[1, 2, 3, 4\]"):
        k[(1, 2, 3, 4), 1]
    with pytest.raises(ValueError, match=r"blockdim must be a sequence of 1, 2 or 3 integers, got \[3, 4, 5, 6\]"):
        k[1, (3, 4, 5, 6)]
    with pytest.raises(TypeError, match=r"griddim must be a sequence of integers, got \[2.0\]"):
        k[2.0, 3]
    with pytest.raises(TypeError, match=r"blockdim must be a sequence of integers, got \[1, 3.0\]"):
        k[2, (1, 3.0)]


def test_forall_counts():
    k = cuda.jit(add_one)
    with pytest.raises(ValueError, match="Can't create ForAll with negative task count: -1"):
        k.forall(-1)
    r, x = cuda.to_device(np.full(5, 7.0)), cuda.to_device(np.arange(5.0))
    with switches(CUDA_LOW_OCCUPANCY_WARNINGS=0):
        k.forall(0)(r, x)  # launches nothing
        np.testing.assert_array_equal(r.copy_to_host(), np.full(5, 7.0))
        k.forall(5)(r, x)
    np.testing.assert_array_equal(r.copy_to_host(), np.arange(5.0) + 1)


def test_uninitialized_variable_on_some_paths_warns_and_reads_zero():
    """numba compiles a read of a variable that only other paths assign (its SSA gives it an
    undefined value); pyjitc too, with numba's NumbaWarning text, and the read gives 0."""
    @cuda.jit
    def k(result, n):
        if n:
            if n > 0:
                c = 5
            result[0] = c
        else:
            c += 1
            result[0] = c

    r = np.zeros(1, np.int64)
    with pytest.warns(NumbaWarning, match="Detected uninitialized variable c"):
        k[1, 1](r, 1)
    assert r[0] == 5
    k[1, 1](r, -1)  # n > 0 is false: c was never assigned
    assert r[0] == 0
    k[1, 1](r, 0)
    assert r[0] == 1
