"""Debug information (debug=True) and line tables (lineinfo=True) as numba-cuda's users inspect
them: inspect_llvm() shows the GPU's module on both targets, with its debug metadata laid out as
numba's (llvmlite's) IR has it; the PTX carries the DWARF; the kernels still compute the same
numbers; a function compiled from a string warns that no debugger can open its file."""
import os
import re
import warnings

import numpy as np
import pytest

from pyjitc import cuda, float32, float64, int32, int64, types
from pyjitc._dispatcher import _llvmlite_layout
from pyjitc.errors import NumbaDebugInfoWarning

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


@cuda.jit(device=True, debug=True, opt=False)
def weigh(v, w):
    p = v * w
    return p + 1.0


@cuda.jit(debug=True, opt=False)
def mixed(x, out, z, flag, n):
    i = cuda.grid(1)
    pair = (i, 0.5)
    acc = 0.0
    for j in range(n):
        acc += weigh(x[i], j)
    if flag:
        acc += z.real * pair[1]
    out[i] = acc


def mixed_reference(x, z, flag, n):
    acc = sum(x * j + 1.0 for j in range(n))
    return acc + (z.real * 0.5 if flag else 0.0)


SIG = (float64[:], float64[:], types.complex64, types.boolean, int64)


def test_debug_kernel_computes_the_same_numbers():
    x = np.linspace(-2.0, 3.0, 16)
    for flag in (True, False):
        out = np.zeros_like(x)
        mixed[1, 16](x, out, np.complex64(4 - 1j), flag, 5)
        np.testing.assert_allclose(out, mixed_reference(x, np.complex64(4 - 1j), flag, 5), rtol=1e-12)


def _node(ir, name):
    """The metadata node !N = ...(..., name: "name", ...)."""
    m = re.search(r'^(![0-9]+) = (.*name: "' + re.escape(name) + r'".*)$', ir, re.M)
    assert m, f"no node named {name!r} in:\n{ir}"
    return m.group(2)


def _target(ir, ref):
    m = re.search("^" + re.escape(ref) + r" = (.*)$", ir, re.M)
    assert m, f"no node {ref} in:\n{ir}"
    return m.group(1)


def test_variables_and_their_types_in_the_llvm():
    ir = mixed.inspect_llvm(SIG)
    assert 'target triple = "nvptx64-nvidia-cuda"' in ir  # the GPU's module, on the CPU executor too
    cu = re.search(r"distinct !DICompileUnit\((.*)\)", ir).group(1)
    assert "emissionKind: FullDebug" in cu and "isOptimized: false" in cu and "language: DW_LANG_C_plus_plus" in cu
    # the kernel's subprogram: its def line, and (no result, the parameters' types)
    sp = re.search(r'distinct !DISubprogram\((.*name: "mixed".*)\)', ir).group(1)
    assert f"line: {mixed.py_func.__code__.co_firstlineno + 1}" in sp
    types_ref = re.search(r"types: (![0-9]+)", _target(ir, re.search(r"type: (![0-9]+)", sp).group(1))).group(1)
    items = re.fullmatch(r"!\{ (.*) \}", _target(ir, types_ref)).group(1).split(", ")
    assert items[0] == "null" and len(items) == 6
    assert "DW_ATE_boolean" in _target(ir, items[4]) and 'name: "int64"' in _target(ir, items[5])
    # parameters are numbered; locals not; each with its type
    for argno, name in enumerate(("x", "out", "z", "flag", "n"), start=1):
        assert f"arg: {argno}," in _node(ir, name)
    for name in ("i", "pair", "acc", "j"):
        assert "arg:" not in _node(ir, name)
    flag_type = _target(ir, re.search(r"type: (![0-9]+)", _node(ir, "flag")).group(1))
    assert flag_type == '!DIBasicType(encoding: DW_ATE_boolean, name: "bool", size: 8)'
    acc_type = _target(ir, re.search(r"type: (![0-9]+)", _node(ir, "acc")).group(1))
    assert acc_type == '!DIBasicType(encoding: DW_ATE_float, name: "float64", size: 64)'
    x_type = _target(ir, re.search(r"type: (![0-9]+)", _node(ir, "x")).group(1))
    assert 'name: "array(float64, 1d, A)"' in x_type and "size: 192" in x_type  # data, shape, strides
    members = [_target(ir, m) for m in re.fullmatch(r"!\{ (.*) \}", _target(ir, re.search(
        r"elements: (![0-9]+)", x_type).group(1))).group(1).split(", ")]
    assert [re.search(r'name: "(\w+)"', m).group(1) for m in members] == ["data", "shape", "strides"]
    z_type = _target(ir, re.search(r"type: (![0-9]+)", _node(ir, "z")).group(1))
    assert 'name: "complex64"' in z_type and "size: 64" in z_type
    # the device function: its own subprogram, its result type first
    dsp = re.search(r'distinct !DISubprogram\((.*name: "weigh".*)\)', ir).group(1)
    dtypes = _target(ir, re.search(r"types: (![0-9]+)", _target(ir, re.search(r"type: (![0-9]+)", dsp).group(1))).group(1))
    assert dtypes.startswith("!{ !") and "null" not in dtypes
    assert re.search(r"call void @llvm\.dbg\.declare\(metadata ptr %acc,", ir)
    assert not re.search(r'DILocalVariable\(.*name: "\$', ir)  # the compiler's own variables


def test_debug_information_reaches_the_ptx():
    ptx = mixed.inspect_asm(SIG)
    assert re.search(r"\.target sm_\d+a?, debug", ptx) and ".section\t.debug_info" in ptx
    section = ptx[ptx.index(".section\t.debug_info"):]
    section = section[:section.index("}")]
    data = bytes(int(b) for b in re.findall(r"^\.b8 (\d+)$", section, re.M))
    for name in (b"mixed", b"weigh", b"flag", b"pair", b"acc", b"array(float64, 1d, A)"):
        assert name + b"\0" in data, name
    assert re.search(r"^\s*\.loc\s+\d+ %d \d+" % (mixed.py_func.__code__.co_firstlineno + 6), ptx, re.M)


def test_lineinfo_is_line_tables_only():
    @cuda.jit(lineinfo=True)
    def scale(a, s):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = a[i] * s

    sig = (float32[::1], float32)
    ir, ptx = scale.inspect_llvm(sig), scale.inspect_asm(sig)
    assert "emissionKind: DebugDirectivesOnly" in ir and "DILocalVariable" not in ir and "dbg.declare" not in ir
    assert ".debug_info" not in ptx and not re.search(r"\.target sm_\d+a?, debug", ptx)
    line = scale.py_func.__code__.co_firstlineno + 4
    assert re.search(r"^\s*\.loc\s+\d+ %d \d+" % line, ptx, re.M)
    a = np.arange(8, dtype=np.float32)
    scale[1, 8](a, np.float32(1.5))
    np.testing.assert_array_equal(a, np.arange(8, dtype=np.float32) * np.float32(1.5))


def test_no_debug_information_without_debug():
    @cuda.jit
    def plain(a):
        a[0] = 1

    ir = plain.inspect_llvm((int32[::1],))
    assert "DICompileUnit" not in ir and "dbg" not in ir


def test_overloads_inspect_for_a_compute_capability():
    @cuda.jit("void(float64[::1], float64[::1])", lineinfo=True)
    def absolute(r, x):
        r[0] = abs(x[0])

    cc = cuda.get_current_device().compute_capability
    overload = absolute.overloads[absolute.signatures[0]]
    ptx = overload.inspect_asm(cc)
    assert ".target sm_%d%d" % cc[:2] in ptx and ".target sm_%d%d, debug" % cc[:2] not in ptx
    assert ".target sm_75\n" in overload.inspect_asm((7, 5))
    assert "emissionKind: DebugDirectivesOnly" in overload.inspect_llvm(cc)
    r, x = np.zeros(1), np.array([-2.5])
    absolute[1, 1](r, x)
    assert r[0] == 2.5 and overload.times["total"] >= 0  # the compiled kernel's own attributes too


def test_device_function_signatures_key_its_texts():
    @cuda.jit("int64(boolean, boolean)", device=True, debug=True, opt=False)
    def choice(a, b):
        if a and b:
            return 1
        return 2

    assert choice.signatures == [(types.boolean, types.boolean)]
    ir = choice.inspect_llvm()[choice.signatures[0]]
    assert re.search(r'DILocalVariable\(arg: 1, .*name: "a"', ir) and re.search(r'DILocalVariable\(arg: 2, .*name: "b"', ir)
    assert list(choice.inspect_asm()) == [(types.boolean, types.boolean)]


def test_source_from_a_string_warns_that_no_debugger_can_open_it():
    scope = {"cuda": cuda}
    exec("def from_text(a):\n    a[0] = 7\n", scope)
    for debug, lineinfo, expected in ((True, False, 1), (False, True, 1), (False, False, 0)):
        opts = {"debug": debug, "opt": False} if debug else {"lineinfo": lineinfo}
        k = cuda.jit(**opts)(scope["from_text"])
        a = np.zeros(1, np.int32)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            k[1, 1](a)
        found = [x for x in w if issubclass(x.category, NumbaDebugInfoWarning)]
        assert len(found) == expected, [str(x.message) for x in w]
        assert a[0] == 7
        if found:
            msg = str(found[0].message)
            assert "Could not find source for function" in msg and str(k.py_func) in msg and "'<string>'" in msg
    with warnings.catch_warnings():  # a function in a file: nothing to say
        warnings.simplefilter("error", NumbaDebugInfoWarning)
        mixed.inspect_llvm((float32[:], float32[:], types.complex64, types.boolean, int32))


def test_llvmlite_layout():
    text = "\n".join([
        "define void @k() {",
        '  call void @llvm.dbg.declare(metadata ptr %a, metadata !5, metadata !DIExpression()), !dbg !7',
        "}",
        "!llvm.dbg.cu = !{!0}",
        '!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "pyjitc", '
        "emissionKind: FullDebug)",
        '!1 = !DIFile(filename: "a, b: (c).py", directory: "/t\\22x")',
        "!2 = !{i32 2, !\"Debug Info Version\", i32 3}",
        "!3 = !{}",
        "!4 = distinct !DISubprogram(name: \"k\", scope: !1, spFlags: DISPFlagDefinition | DISPFlagOptimized, "
        "unit: !0)",
        "!5 = !DILocalVariable(name: \"a\", arg: 1, scope: !4, type: !6)",
        "!6 = !DIExpression(DW_OP_plus_uconst, 8)",
    ])
    out = _llvmlite_layout(text).split("\n")
    assert out[:4] == text.split("\n")[:4]  # the code and named metadata as they were
    assert out[4] == ('!0 = distinct !DICompileUnit(emissionKind: FullDebug, file: !1, language: DW_LANG_C_plus_plus, '
                      'producer: "pyjitc")')
    assert out[5] == '!1 = !DIFile(directory: "/t\\22x", filename: "a, b: (c).py")'
    assert out[6] == '!2 = !{ i32 2, !"Debug Info Version", i32 3 }'
    assert out[7] == "!3 = !{}"
    assert out[8] == ('!4 = distinct !DISubprogram(name: "k", scope: !1, spFlags: DISPFlagDefinition | '
                      "DISPFlagOptimized, unit: !0)")
    assert out[9] == '!5 = !DILocalVariable(arg: 1, name: "a", scope: !4, type: !6)'
    assert out[10] == text.split("\n")[10]  # operands, not fields: left alone



def test_a_debug_kernel_with_nothing_checked_launches():
    """A debug kernel whose body has no checked operation still has the error record that the
    launch reads afterwards (on the GPU its lookup failed with CUDA_ERROR_NOT_FOUND)."""
    @cuda.jit(debug=True, opt=False)
    def nothing():
        pass

    @cuda.jit(debug=True, opt=False)
    def store(a):
        a[0] = 7

    nothing[1, 1]()
    a = np.zeros(1, np.int64)
    store[1, 1](a)
    assert a[0] == 7
    assert "pj_error" in nothing.inspect_asm()[()]
