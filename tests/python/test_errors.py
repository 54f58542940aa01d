"""Diagnostics: typing errors point at this file's line and column with a caret; misuse of the
API raises; debug=True reports out-of-bounds indexing with the kernel and the line."""
import inspect
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pyjitc
from pyjitc import cuda

THIS_FILE = os.path.abspath(__file__)


def line_of(fn, marker):
    """(line number, 1-based column) in this file of the first line of fn holding marker."""
    lines, first = inspect.getsourcelines(fn)
    for k, line in enumerate(lines):
        if marker in line:
            return first + k, line.index(marker) + 1, line.rstrip("\n")
    raise AssertionError(f"{marker!r} not in {fn.__name__}")


def check_diagnostic(exc, fn, marker, col_marker=None):
    msg = str(exc)
    line, col, text = line_of(fn, marker)
    if col_marker is not None:
        col = text.index(col_marker) + 1
    assert THIS_FILE in msg or os.path.basename(THIS_FILE) in msg, msg
    assert f"{os.path.basename(THIS_FILE)}:{line}:" in msg, msg
    m = re.search(re.escape(os.path.basename(THIS_FILE)) + r":(\d+):(\d+)", msg)
    assert m, msg
    assert int(m.group(1)) == line
    assert "^" in msg, msg
    # the caret sits under the reported column of the echoed source line
    msg_lines = msg.splitlines()
    caret_lines = [i for i, l in enumerate(msg_lines) if l.lstrip().startswith("^")]
    assert caret_lines, msg
    ci = caret_lines[0]
    src_line = msg_lines[ci - 1]
    assert src_line.strip() == text.strip(), msg
    caret_col = msg_lines[ci].index("^")
    # columns are 1-based positions in the file's line; the echoed line may be re-indented
    shift = len(text) - len(text.lstrip()) - (len(src_line) - len(src_line.lstrip()))
    assert caret_col + shift + 1 == int(m.group(2)) == col, (msg, col)
    return msg


# ---------------------------------------------------------------- typing errors

def test_typing_error_class():
    assert pyjitc.TypingError is cuda.TypingError
    assert issubclass(pyjitc.TypingError, Exception)


@cuda.jit
def bad_types(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] & 1.5


def test_type_error_location():
    with pytest.raises(pyjitc.TypingError) as ei:
        bad_types[1, 32](np.zeros(8))
    msg = check_diagnostic(ei.value, bad_types.py_func, "a[i] & 1.5")
    assert "&" in msg and "float64" in msg


@cuda.jit
def string_in_kernel(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] + "text"


def test_unsupported_construct_location():
    with pytest.raises(pyjitc.TypingError) as ei:
        string_in_kernel[1, 32](np.zeros(8))
    check_diagnostic(ei.value, string_in_kernel.py_func, '"text"')


@cuda.jit
def bad_store(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a


def test_store_array_into_element():
    with pytest.raises(pyjitc.TypingError) as ei:
        bad_store[1, 32](np.zeros(8))
    line, _, _ = line_of(bad_store.py_func, "a[i] = a")
    assert f"{os.path.basename(THIS_FILE)}:{line}:" in str(ei.value), str(ei.value)


@cuda.jit
def bad_index(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[1.5]


def test_float_index_error():
    with pytest.raises(cuda.TypingError) as ei:
        bad_index[1, 32](np.zeros(8))
    msg = str(ei.value)
    line, _, _ = line_of(bad_index.py_func, "a[1.5]")
    assert f"{os.path.basename(THIS_FILE)}:{line}:" in msg and "^" in msg, msg


@cuda.jit
def unknown_name(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = no_such_function(a[i])  # noqa: F821


def test_unknown_function_name():
    with pytest.raises(pyjitc.TypingError) as ei:
        unknown_name[1, 32](np.zeros(8))
    msg = check_diagnostic(ei.value, unknown_name.py_func, "no_such_function")
    assert "no_such_function" in msg


@cuda.jit(device=True)
def two_args(x, y):
    return x + y


@cuda.jit
def wrong_arity(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = two_args(a[i])


def test_wrong_number_of_arguments_to_device_function():
    with pytest.raises(pyjitc.TypingError) as ei:
        wrong_arity[1, 32](np.zeros(8))
    msg = str(ei.value)
    line, _, _ = line_of(wrong_arity.py_func, "two_args(a[i])")
    assert f"{os.path.basename(THIS_FILE)}:{line}:" in msg, msg
    assert "two_args" in msg and "^" in msg


def test_typing_error_does_not_poison_dispatcher():
    # a failed compile raises again, and never leaves a broken overload behind
    for _ in range(2):
        with pytest.raises(pyjitc.TypingError):
            bad_types[1, 32](np.zeros(8))
    assert len(bad_types.overloads) == 0


def test_eager_signature_type_error_at_decoration():
    with pytest.raises(pyjitc.TypingError) as ei:
        @cuda.jit("void(float32[:])")
        def eager_bad(a):
            a[0] = undefined_thing  # noqa: F821
    line, _, _ = line_of(test_eager_signature_type_error_at_decoration, "a[0] = undefined_thing")
    assert f"{os.path.basename(THIS_FILE)}:{line}:" in str(ei.value), str(ei.value)


# ---------------------------------------------------------------- API misuse

@cuda.jit
def simple(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 1


def test_kernel_call_without_launch_config():
    a = np.zeros(4)
    with pytest.raises(Exception) as ei:
        simple(a)
    assert "launch" in str(ei.value).lower() or "configur" in str(ei.value).lower()
    assert (a == 0).all()
    simple[1, 4](a)
    assert (a == 1).all()


def test_device_function_from_python():
    with pytest.raises(Exception):
        two_args(1, 2)


def test_device_function_cannot_be_launched():
    with pytest.raises(Exception):
        two_args[1, 1](1, 2)


def test_kernel_side_names_raise_on_host():
    with pytest.raises(TypeError):
        cuda.grid(1)
    with pytest.raises(TypeError):
        cuda.syncthreads()


def test_unsupported_argument_type():
    with pytest.raises(TypeError):
        simple[1, 1]("a string")


# ---------------------------------------------------------------- debug=True bounds checks

@cuda.jit(debug=True)
def oob_kernel(a):
    i = cuda.grid(1)
    a[i] = i * 2


def test_debug_out_of_bounds():
    a = np.zeros(10)
    with pytest.raises(Exception) as ei:
        oob_kernel[1, 16](a)
        cuda.synchronize()
    msg = str(ei.value)
    line, _, _ = line_of(oob_kernel.py_func, "a[i] = i * 2")
    assert "oob_kernel" in msg, msg
    assert f"{os.path.basename(THIS_FILE)}:{line}" in msg or f"line {line}" in msg, msg


@cuda.jit(debug=True)
def inbounds_debug(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * 2


def test_debug_in_bounds_runs():
    a = np.zeros(10)
    inbounds_debug[1, 16](a)
    np.testing.assert_array_equal(a, np.arange(10) * 2)


@cuda.jit(debug=True)
def oob_2d(a):
    i, j = cuda.grid(2)
    if i < a.shape[0]:
        a[i, j] = 1.0


def test_debug_out_of_bounds_second_axis():
    a = np.zeros((4, 3))
    with pytest.raises(Exception) as ei:
        oob_2d[(1, 1), (4, 4)](a)
        cuda.synchronize()
    msg = str(ei.value)
    line, _, _ = line_of(oob_2d.py_func, "a[i, j] = 1.0")
    assert "oob_2d" in msg and f":{line}" in msg, msg


@pytest.mark.skipif(os.environ.get("PYJITC_TEST_TARGET") != "cuda", reason="an asynchronous CUDA error")
def test_cuda_error_after_a_launch_names_the_kernel(tmp_path):
    """An illegal address is reported by the next call that waits for the GPU; the CudaError names
    the kernel launched last. (In a subprocess: CUDA cannot run anything after such an error.)"""
    script = tmp_path / "bad.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        from pyjitc import cuda, CudaError

        @cuda.jit
        def wild_store(a):
            i = cuda.grid(1)
            a[i + (1 << 50)] = 1.0  # 8 PB past the array: outside any mapping

        d = cuda.device_array(16)
        wild_store[1, 16](d)
        try:
            cuda.synchronize()
        except CudaError as e:
            print("CudaError:", e)
    """))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ))
    assert "CudaError:" in r.stdout and "wild_store" in r.stdout and "ILLEGAL_ADDRESS" in r.stdout, \
        f"exit {r.returncode}: " + \
        r.stdout + r.stderr


def test_kernel_names_outlive_the_compile():
    """A kernel's name and file in its error messages belong to the kernel, not to the source it
    was compiled from (freed after the compile): other compiles in between must not garble them."""
    @cuda.jit(debug=True)
    def keeps_its_name(a):
        a[cuda.grid(1) + 100] = 1.0

    a = np.zeros(4)
    with pytest.raises(Exception):
        keeps_its_name[1, 1](a)    # compiled now (and fails: index 100 of 4)
    for n in range(10):            # other compiles reuse the memory a freed source held
        @cuda.jit
        def churn(x):
            x[0] = 2.0
        churn[1, 1](np.zeros(1) + n)
    with pytest.raises(Exception) as e:
        keeps_its_name[1, 1](a)
    assert "keeps_its_name" in str(e.value) and os.path.basename(__file__) in str(e.value), str(e.value)


def test_numba_summary_after_the_diagnostics():
    # numba's wording of an undefined name in a device function (numba-cuda's test_typing_error):
    # pyjitc's located diagnostics first, then numba's "NameError" and "During:" lines
    @cuda.jit(device=True)
    def dev_func(x):
        return floor(x)  # noqa: F821

    @cuda.jit
    def kernel_func():
        dev_func(1.5)

    with pytest.raises(pyjitc.TypingError) as e:
        kernel_func[1, 1]()
    text = str(e.value)
    call = e.value.diagnostics[1]
    assert re.search(r"test_errors\.py:\d+:\d+: error: name 'floor' is not defined", text), text
    assert "\nNameError: name 'floor' is not defined\n" in text, text
    assert f"During: resolving callee type: type(CUDADispatcher({dev_func.py_func!r}))" in text, text
    assert f"During: typing of call at {call['file']} ({call['line']})" in text, text
    assert call["file"] == __file__ and "dev_func(1.5)" in open(__file__).read().splitlines()[call["line"] - 1]
    assert [d["message"] for d in e.value.diagnostics] == ["name 'floor' is not defined",
                                                          "in the call of device function 'dev_func' from here"]
