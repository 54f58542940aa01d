"""Device functions compiled alone (cuda.compile_ptx(device=True), cuda.compile, compile_all,
compile_for_current_device): the PTX .func each ABI gives (numba's: an int32 status, the result
through a pointer passed first; C's: the result returned, named by abi_info), the result types
inferred or declared, the compile options seen in the PTX, and the mistakes a user can make.
The same functions run through kernels against plain Python on both targets; on the GPU their
PTX is also linked into kernels (cuda.declare_device) and called."""
import math
import os
import re

import numpy as np
import pytest

from pyjitc import CudaError, TypingError, cuda
from pyjitc.cuda import (boolean, compile, compile_all, compile_for_current_device, compile_ptx, complex128, float16,
                         float32, float64, int8, int16, int32, int64, uint8, uint32, uint64, void)

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


def hyp(x, y):
    return math.sqrt(x * x + y * y)


def add(x, y):
    return x + y


def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


def same(a, b):
    return a == b


def nothing(x):
    pass


def steps(n):
    """Collatz steps of n, a loop with an early return."""
    k = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        k += 1
        if k > 1000:
            return -1
    return k


FUNC = re.compile(r"\.visible\s+\.func\s+(\(\.param\s+\.(\w+)\s+func_retval0\)\s+)?([\w$]+)\(([^)]*)\)")


def header(ptx):
    """(result .param type or None, name, [parameter .param types]) of the one visible .func."""
    found = FUNC.findall(ptx)
    assert len(found) == 1, ptx
    _, ret, name, params = found[0]
    return ret or None, name, re.findall(r"\.param\s+\.(\w+)", params)


# ---- the PTX of each ABI ---------------------------------------------------------------------

@pytest.mark.parametrize("sig, width", [((float32, float32), "b32"), ((float64, float64), "b64"),
                                        ((int32, int32), "b32"), ((int16, int16), "b32")])
def test_numba_abi_status_and_result_pointer(sig, width):
    ptx, resty = compile_ptx(hyp if sig[0].name.startswith("float") else add, sig, device=True)
    ret, name, params = header(ptx)
    assert ret == "b32"                        # the status
    assert params[0] == "b64"                  # the result's address
    assert params[1:] == [width] * 2           # narrow integers travel as .b32, as C's
    assert name in ("hyp", "add")
    assert ".entry" not in ptx


@pytest.mark.parametrize("sig, ret_width", [(int32(int32, int32), "b32"), (int64(int64, int64), "b64"),
                                            (float64(float64, float64), "b64"), (float32(float32, float32), "b32")])
def test_c_abi_result_returned(sig, ret_width):
    ptx, resty = compile_ptx(add, sig, device=True, abi="c")
    ret, name, params = header(ptx)
    assert (ret, name, len(params)) == (ret_width, "add", 2)
    assert resty == sig.return_type


def test_c_abi_name_and_lambda():
    ptx, _ = compile_ptx(clamp, int32(int32, int32, int32), device=True, abi="c", abi_info={"abi_name": "_Z5clampiii"})
    assert header(ptx)[:2] == ("b32", "_Z5clampiii")
    ptx, resty = compile_ptx(lambda x: x * 3, (int32,), device=True, abi="c", abi_info={"abi_name": "triple"})
    assert header(ptx) == ("b64", "triple", ["b32"])
    assert resty == int64  # int32 * literal int: numba's int64


def test_void_functions():
    ptx, resty = compile_ptx(nothing, (float32,), device=True)
    assert resty == void and header(ptx)[0] == "b32" and len(header(ptx)[2]) == 2
    ptx, resty = compile_ptx(nothing, void(float32), device=True, abi="c")
    assert resty == void and header(ptx) == (None, "nothing", ["b32"])


# ---- result types: inferred as numba types them, or as declared -------------------------------

@pytest.mark.parametrize("func, sig, want", [
    (add, (int16, int16), int64), (add, (uint32, uint32), uint64),
    (add, (float32, float32), float32), (add, (float32, float64), float64), (same, (int32, int32), boolean),
    (same, (float32, float32), boolean), (hyp, (float32, float32), float32), (steps, (int64,), int64),
    (add, int16(int16, int16), int16), (add, "uint8(uint8, uint8)", uint8), (same, int8(int32, int32), int8),
])
def test_result_types(func, sig, want):
    _, resty = compile_ptx(func, sig, device=True)
    assert resty == want


# ---- compile, compile_all, compile_for_current_device ------------------------------------------

def test_compile_defaults_to_c_abi_ptx():
    ptx, resty = compile(add, int32(int32, int32))
    assert header(ptx) == ("b32", "add", ["b32", "b32"]) and resty == int32
    codes, resty = compile_all(add, int32(int32, int32), output="ptx")
    assert isinstance(codes, list) and len(codes) == 1 and header(codes[0])[1] == "add"
    codes, resty = compile_all(add, (float32, float32), abi="numba", output="ptx")
    assert header(codes[0])[2] == ["b64", "b32", "b32"] and resty == float32


def test_compile_kernels():
    def k(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = x[i] * 2

    for ptx, resty in (compile_ptx(k, (float32[:], float32[:])),
                       (lambda c: (c[0][0], c[1]))(compile_all(k, (float32[:], float32[:]), device=False,
                                                               abi="numba"))):
        assert ".visible .entry k(" in ptx and ".visible .func" not in ptx and resty == void


def test_compile_for_current_device_targets_its_arch():
    ptx, _ = compile_for_current_device(add, (float32, float32), device=True)
    arch = cuda.get_current_device().compute_capability if ON_CUDA else None
    target = re.search(r"\.target (sm_\d+)", ptx).group(1)
    if arch is not None and arch <= (9, 0):
        assert target == f"sm_{arch[0]}{arch[1]}"
    else:
        assert target == "sm_90"


def test_arch_specific_target():
    ptx, _ = compile_ptx(add, (float32, float32), device=True, cc=(9, 0, "a"))
    assert ".target sm_90a" in ptx


# ---- options seen in the PTX --------------------------------------------------------------------

def test_fastmath_and_opt():
    def f(x, y, z, d):
        return math.sqrt((x * y + z) / d)

    sig = (float32,) * 4
    precise, _ = compile_ptx(f, sig, device=True)
    fast, _ = compile_ptx(f, sig, device=True, fastmath=True)
    noopt, _ = compile_ptx(f, sig, device=True, opt=False)
    assert all(s in precise for s in ("fma.rn.f32", "div.rn.f32", "sqrt.rn.f32"))
    assert all(s in fast for s in ("fma.rn.ftz.f32", "div.approx.ftz.f32", "sqrt.approx.ftz.f32"))
    assert "fma." not in noopt and "div.rn.f32" in noopt


def test_lineinfo_and_debug_name_the_file():
    for kws in ({"lineinfo": True}, {"debug": True, "opt": False}):
        ptx, _ = compile_ptx(add, (float32, float32), device=True, **kws)
        assert re.search(r'\.file.*test_compile_api\.py"', ptx), kws
    assert ".file" not in compile_ptx(add, (float32, float32), device=True)[0]


def test_lineinfo_is_directives_only():
    # lineinfo=True: .loc lines and the file, without DWARF sections or ", debug" on .target
    # (numba's DebugDirectivesOnly); debug=True keeps them
    ptx, _ = compile_ptx(add, (float32, float32), device=True, lineinfo=True)
    assert re.search(r"\.loc\s+\d+\s+\d+\s+\d+", ptx)
    assert ".debug_info" not in ptx and not re.search(r"\.target\s+sm_\d+a?, debug", ptx)
    full, _ = compile_ptx(add, (float32, float32), device=True, debug=True, opt=False)
    assert ".debug_info" in full and re.search(r"\.target\s+sm_\d+a?, debug", full)


def test_compile_device_names_the_symbol():
    d = cuda.jit(device=True)(add)
    cres = d.compile_device((int32, int32))
    name = cres.fndesc.mangled_name
    assert "add" in name and cres.return_type == int64
    assert re.search(r"\.func\s*\(.*\)\s*" + re.escape(name) + r"\(", d.inspect_asm((int32, int32)))
    assert re.search(r"define .*@" + re.escape(name) + r"\(", d.inspect_llvm((int32, int32)))
    with pytest.raises(RuntimeError, match="is a kernel"):
        cuda.jit(lambda a: None).compile_device((int32,))


def test_device_function_sass_and_launch_are_errors():
    d = cuda.jit(device=True)(add)
    with pytest.raises(RuntimeError, match="Cannot inspect SASS of a device function"):
        d.inspect_sass((int32, int32))
    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        d[1, 1](1, 2)


def test_find_closest_arch_and_nvjitlink():
    from pyjitc.cuda.cudadrv import driver, nvrtc
    assert driver._have_nvjitlink() is False
    assert nvrtc.find_closest_arch((9, 0)) == (9, 0)
    assert nvrtc.find_closest_arch((8, 8)) == (8, 7)
    assert nvrtc.find_closest_arch((12, 0)) == (9, 0)  # newer GPUs run the newest PTX the compiler makes
    with pytest.raises(RuntimeError, match="older than"):
        nvrtc.find_closest_arch((2, 0))
    cc = cuda.get_current_device().compute_capability
    ptx, _ = compile_for_current_device(add, (float32, float32))
    assert ".target sm_%d%d" % nvrtc.find_closest_arch(cc) in ptx


def test_driver_error_names():
    """numba's driver errors, as programs catch them (numba.cuda.cudadrv.driver / .error)."""
    import pyjitc
    from pyjitc.cuda.cudadrv import driver
    from pyjitc.cuda.cudadrv.error import CudaDriverError, CudaSupportError
    assert issubclass(driver.CudaAPIError, pyjitc.CudaError) and CudaDriverError is pyjitc.CudaError
    assert driver.CudaSupportError is CudaSupportError is pyjitc.CudaSupportError


def test_device_dispatcher_inspect_asm():
    d = cuda.jit((float64, float64), device=True)(hyp)
    text = d.inspect_asm((float64, float64))
    assert header(text)[1] == "hyp" and "sqrt.rn.f64" in text
    assert list(d.inspect_asm()) == [(float64, float64)]
    with pytest.raises(TypeError, match="has no signature"):
        cuda.jit(device=True)(hyp).inspect_asm()


# ---- the same functions, run: through kernels on both targets, and linked from their PTX on the GPU --

hyp_d, clamp_d, steps_d, same_d = (cuda.jit(device=True)(f) for f in (hyp, clamp, steps, same))


@cuda.jit
def run_all(x, y, h, c, s, e):
    i = cuda.grid(1)
    if i < x.size:
        h[i] = hyp_d(x[i], y[i])
        c[i] = clamp_d(np.int32(x[i] * 10), np.int32(-3), np.int32(4))
        s[i] = steps_d(i + 1)
        e[i] = same_d(np.int32(x[i]), np.int32(y[i]))


def _data(n=200):
    rng = np.random.default_rng(11)
    return (rng.integers(-5, 6, n).astype(np.float64) * rng.choice([1.0, 0.5], n),
            rng.integers(-5, 6, n).astype(np.float64))


def _expected(x, y):
    n = x.size
    return (np.array([hyp(a, b) for a, b in zip(x, y)]),
            np.array([clamp(int(a * 10), -3, 4) for a in x], np.int32),
            np.array([steps(k + 1) for k in range(n)], np.int64),
            np.array([same(int(a), int(b)) for a, b in zip(x, y)]))


def test_device_functions_through_a_kernel():
    x, y = _data()
    h, c, s, e = np.zeros(x.size), np.zeros(x.size, np.int32), np.zeros(x.size, np.int64), np.zeros(x.size, bool)
    run_all[2, 128](x, y, h, c, s, e)
    want = _expected(x, y)
    np.testing.assert_allclose(h, want[0], rtol=1e-15)
    for got, w in zip((c, s, e), want[1:]):
        np.testing.assert_array_equal(got, w)


@pytest.mark.skipif(not ON_CUDA, reason="PTX runs on the GPU only")
def test_linked_from_their_ptx(tmp_path):
    files = {
        "hyp_numba": compile_ptx(hyp, float64(float64, float64), device=True, abi_info={"abi_name": "pjt_hyp"})[0],
        "clamp_c": compile_ptx(clamp, int32(int32, int32, int32), device=True, abi="c",
                               abi_info={"abi_name": "pjt_clamp"})[0],
        "steps_c": compile(steps, int64(int64), abi_info={"abi_name": "pjt_steps"})[0],
        "same_numba": compile_ptx(same, (int32, int32), device=True, abi_info={"abi_name": "pjt_same"})[0],
    }
    paths = {}
    for k, text in files.items():
        paths[k] = str(tmp_path / f"{k}.ptx")
        with open(paths[k], "w") as fh:
            fh.write(text)
    hyp_l = cuda.declare_device("pjt_hyp", "float64(float64, float64)", link=paths["hyp_numba"])
    clamp_l = cuda.declare_device("pjt_clamp", "int32(int32, int32, int32)", link=paths["clamp_c"], abi="c")
    steps_l = cuda.declare_device("pjt_steps", "int64(int64)", link=paths["steps_c"], abi="c")
    same_l = cuda.declare_device("pjt_same", "boolean(int32, int32)", link=paths["same_numba"])

    @cuda.jit
    def linked(x, y, h, c, s, e):
        i = cuda.grid(1)
        if i < x.size:
            h[i] = hyp_l(x[i], y[i])
            c[i] = clamp_l(np.int32(x[i] * 10), np.int32(-3), np.int32(4))
            s[i] = steps_l(i + 1)
            e[i] = same_l(np.int32(x[i]), np.int32(y[i]))

    x, y = _data()
    h, c, s, e = np.zeros(x.size), np.zeros(x.size, np.int32), np.zeros(x.size, np.int64), np.zeros(x.size, bool)
    linked[2, 128](x, y, h, c, s, e)
    want = _expected(x, y)
    np.testing.assert_allclose(h, want[0], rtol=1e-15)
    for got, w in zip((c, s, e), want[1:]):
        np.testing.assert_array_equal(got, w)


def set_first(a, v):
    a[0] = v


def corner_sum(a, i, j):
    return a[i, j] + a[j, i]


def test_array_arguments_as_numba_passes_them():
    """An array argument is its data model's members, one parameter each (numba's ArgPacker): meminfo,
    parent, nitems, itemsize, data, the extents, the strides; after numba's result pointer."""
    ptx, resty = compile_ptx(set_first, (float32[::1], float32), device=True, abi_info={"abi_name": "pjt_set"})
    assert resty == void
    assert header(ptx) == ("b32", "pjt_set", ["b64"] * 8 + ["b32"])
    assert re.search(r"ld\.param\.u64\s+(%rd\d+), \[pjt_set_param_5\];(.|\n)*st\.f32\s+\[\1\]", ptx), ptx
    ptx, resty = compile(corner_sum, (float64[:, :], int64, int64), abi_info={"abi_name": "pjt_corner"})
    assert resty == float64
    assert header(ptx) == ("b64", "pjt_corner", ["b64"] * 11)  # 5 + 2 extents + 2 strides, i, j
    # the strides (parameters 7 and 8) are read: a strided array's element addresses use them
    assert "[pjt_corner_param_7]" in ptx and "[pjt_corner_param_8]" in ptx


@pytest.mark.skipif(not ON_CUDA, reason="PTX runs on the GPU only")
def test_array_functions_linked_from_their_ptx(tmp_path):
    """The .func of a device function that takes an array, called from a kernel with numba's members
    passed one by one (the pointers as addresses)."""
    path = str(tmp_path / "corner.ptx")
    with open(path, "w") as fh:
        fh.write(compile(corner_sum, (float64[:, :], int64, int64), abi_info={"abi_name": "pjt_corner2"})[0])
    corner = cuda.declare_device("pjt_corner2", "float64(uint64, uint64, int64, int64, uint64, int64, int64, int64, "
                                 "int64, int64, int64)", link=path, abi="c")

    @cuda.jit
    def k(a, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = corner(0, 0, a.size, 8, a.ctypes.data, a.shape[0], a.shape[1], a.strides[0], a.strides[1],
                            i % 5, (i * 3) % 5)

    a = np.arange(50, dtype=np.float64).reshape(5, 10)[:, ::2]  # strided
    out = np.zeros(64)
    k[1, 64](a, out)
    want = [a[i % 5, (i * 3) % 5] + a[(i * 3) % 5, i % 5] for i in range(64)]
    np.testing.assert_array_equal(out, want)


# ---- mistakes ---------------------------------------------------------------------------------------

def test_abi_errors():
    with pytest.raises(NotImplementedError, match="Unsupported ABI: fastcall"):
        compile_ptx(add, (int32, int32), abi="fastcall")
    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        compile_ptx(add, (int32, int32), abi="c")
    with pytest.raises(NotImplementedError, match="Unsupported output type: cubin"):
        compile(add, (int32, int32), output="cubin")
    with pytest.raises(NotImplementedError, match="LTO-IR"):
        compile(add, (int32, int32), output="ltoir")
    with pytest.raises(ValueError, match="abi_name '1bad'"):
        compile(add, (int32, int32), abi_info={"abi_name": "1bad"})
    # numba-cuda: forced inlining is an LTO-IR option, refused before anything is compiled
    for fn in (compile, compile_ptx, compile_all):
        with pytest.raises(ValueError, match="Can only designate forced inlining in LTO-IR"):
            fn(set_first, (float32[::1], float32), device=True, forceinline=True)


def test_kernel_returning_a_value():
    def f(x, y):
        return x[0] + y[0]

    with pytest.raises(TypeError, match="must have void return type") as info:
        compile_ptx(f, (uint32[::1], uint32[::1]))
    assert isinstance(info.value, TypingError)
    with pytest.raises(TypeError, match="must have void return type"):
        compile_ptx(add, int32(int32, int32))


def test_device_function_mistakes():
    with pytest.raises(NotImplementedError, match=r"for numbers, arrays of numbers and pointers as arguments, not "
                                                  r"UniTuple\(int32, 2\)"):
        compile_ptx(nothing, (cuda.types.UniTuple(int32, 2),), device=True)
    with pytest.raises(TypingError, match="returns nothing, but its signature says it returns int32"):
        compile_ptx(nothing, int32(int32), device=True)
    with pytest.raises(TypingError, match="its signature says it returns nothing"):
        compile_ptx(add, void(int32, int32), device=True)
    with pytest.raises(TypingError, match="returns complex128, which cannot be converted"):
        compile_ptx(add, float64(complex128, complex128), device=True)
    with pytest.raises(TypingError, match="device function 'pair' returns"):
        def pair(x):
            return x, x
        compile_ptx(pair, (int32,), device=True)
    with pytest.raises(TypingError, match="takes 2 arguments, got 1"):
        compile_ptx(add, (int32,), device=True)


def test_float_of_float32_and_float16_keeps_the_type():
    def as_float(x):
        return float(x)

    ptx, resty = compile_ptx(as_float, (float32,), device=True)
    assert resty == float32 and re.search(r"st\.f32\s+\[%rd", ptx)  # stored through the result pointer
    ptx, resty = compile_ptx(as_float, (float16,), device=True)
    assert resty == float16 and re.search(r"st\.b16\s+\[%rd", ptx)
    assert compile_ptx(as_float, (int16,), device=True)[1] == float64


# ---- launch bounds ------------------------------------------------------------------------------

@pytest.mark.parametrize("bounds, lines", [
    (128, [".maxntid 128, 1, 1"]), ((64,), [".maxntid 64, 1, 1"]),
    ((128, 2), [".maxntid 128, 1, 1", ".minnctapersm 2"]),
    ((128, 2, 4), [".maxntid 128, 1, 1", ".minnctapersm 2", ".maxclusterrank 4"]),
])
def test_launch_bounds_in_ptx(bounds, lines):
    def k(a):
        a[cuda.grid(1)] = 1

    ptx, resty = compile_ptx(k, (int32[:],), launch_bounds=bounds, cc=(9, 0))
    assert isinstance(resty, cuda.NoneType)
    found = [ln.strip() for ln in ptx.splitlines() if re.match(r"\s*\.(maxntid|minnctapersm|maxclusterrank)", ln)]
    assert found == lines


def test_launch_bounds_mistakes():
    with pytest.raises(ValueError, match="Got 4 launch bounds"):
        compile_ptx(add, (int32, int32), device=True, launch_bounds=(128, 2, 4, 8))
    with pytest.raises(ValueError, match="each is a positive int"):
        cuda.jit(launch_bounds=(0,))


@cuda.jit(launch_bounds=(64, 1))
def bounded_square(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i]


def test_launch_bounds_launch():
    a = np.arange(-100, 100, dtype=np.int64)
    out = np.zeros_like(a)
    bounded_square[4, 64](a, out)
    np.testing.assert_array_equal(out, a * a)
    # as numba: the device refuses the launch (the CUDA driver with CUDA_ERROR_INVALID_VALUE)
    with pytest.raises(CudaError, match="CUDA_ERROR_INVALID_VALUE"):
        bounded_square[2, 128](a, out)
    with pytest.raises(CudaError, match="CUDA_ERROR_INVALID_VALUE"):
        bounded_square[1, (32, 3)](a, out)
    assert bounded_square.get_max_threads_per_block()[next(iter(bounded_square.overloads))] <= 64


def test_fastmath_tanh_is_the_hardware_approximation():
    """numba-cuda's fastmath float32 tanh is PTX tanh.approx.f32 (sm_75 and newer); without
    fastmath it is libdevice's exact tanhf. The kernel's numbers agree with NumPy either way."""
    import math
    from pyjitc import cuda, float32

    def k(r, x):
        i = cuda.grid(1)
        if i < x.size:
            r[i] = math.tanh(x[i])

    fast, _ = cuda.compile_ptx(k, (float32[::1], float32[::1]), fastmath=True)
    prec, _ = cuda.compile_ptx(k, (float32[::1], float32[::1]))
    old, _ = cuda.compile_ptx(k, (float32[::1], float32[::1]), fastmath=True, cc=(7, 0))
    assert "tanh.approx.f32 " in fast and "tanh.approx.f32" not in prec and "tanh.approx.f32" not in old
    x = np.linspace(-4, 4, 101, dtype=np.float32)
    r = np.zeros_like(x)
    cuda.jit(fastmath=True)(k)[1, 128](r, x)
    np.testing.assert_allclose(r, np.tanh(x), atol=2e-3)  # the approximation's error bound is about 2**-10.7


def _saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def test_ptx_same_across_threads_and_architectures():
    """Each thread keeps its target machines between compiles (backend/target.c): the PTX of a kernel
    compiled again and again, for seven architectures in turn (more than a thread keeps, so some
    are made afresh) and from four threads at once, is the PTX of its first compile, for the right
    architecture each time."""
    import threading
    sig = (float32, float32[::1], float32[::1], float32[::1])
    ccs = [(5, 0), (6, 0), (7, 0), (7, 5), (8, 0), (8, 6), (9, 0)]
    first = {cc: compile_ptx(_saxpy, sig, cc=cc)[0] for cc in ccs}
    for cc, ptx in first.items():
        assert f".target sm_{cc[0]}{cc[1]}" in ptx and "fma.rn.f32" in ptx
    assert first[(5, 0)] != first[(9, 0)]
    errors = []

    def work(k):
        try:
            for r in range(3):
                for cc in ccs[k % 2::2] + ccs[::-1]:
                    assert compile_ptx(_saxpy, sig, cc=cc)[0] == first[cc], (k, r, cc)
        except Exception as e:  # noqa: BLE001 - reported below, from the main thread
            errors.append(repr(e))
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for cc in ccs[::-1]:
        assert compile_ptx(_saxpy, sig, cc=cc)[0] == first[cc]
