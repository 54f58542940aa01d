"""A kernel's errors as the Python exceptions numba raises: a compile's errors (a kernel that returns
a value, a bad alignment=, a typing error with numba's summary after pyjitc's diagnostics), and the
exceptions a kernel compiled with debug=True raises, reported by its launch."""
import ast
import builtins
import copy
import re

from . import _core
from .errors import KernelReturnError


def _name_in(py_func, name):
    """What `name` means in py_func: a variable of its closure, else a global; None if neither."""
    code, cells = getattr(py_func, "__code__", None), getattr(py_func, "__closure__", None) or ()
    for var, cell in zip(code.co_freevars if code else (), cells):
        if var == name:
            try:
                return cell.cell_contents
            except ValueError:
                return None
    return getattr(py_func, "__globals__", {}).get(name)


def _numba_trailer(diagnostics, py_func):
    """numba's summary of a typing error, after pyjitc's located diagnostics: the Python exception
    an undefined name is ("NameError: name 'floor' is not defined") and, for each device function
    the error is in, numba's "During: resolving callee type: type(CUDADispatcher(<function ...>))"
    and "During: typing of call at FILE (LINE)" lines."""
    lines = []
    first = diagnostics[0].get("message", "") if diagnostics else ""
    m = re.match(r"name '([^']+)' is not defined", first)
    if m:
        lines.append(f"NameError: name '{m.group(1)}' is not defined")
    for d in diagnostics[1:]:
        m = re.match(r"in the call of device function '([^']+)' from here", d.get("message", ""))
        if not m:
            continue
        fn = _name_in(py_func, m.group(1))
        fn = getattr(fn, "py_func", fn)
        shown = repr(fn) if callable(fn) else f"<function {m.group(1)}>"
        lines.append(f"During: resolving callee type: type(CUDADispatcher({shown}))")
        lines.append(f"During: typing of call at {d.get('file')} ({d.get('line')})")
    return "\n".join(lines)


def _kernel_error(e, py_func=None):
    """A kernel that returns a value: numba raises TypeError ("must have void return type"); an
    alignment= that is no positive power of two (a multiple of 8): ValueError. A typing error gets
    numba's summary after its diagnostics (_numba_trailer)."""
    if any("must have void return type" in d.get("message", "") for d in getattr(e, "diagnostics", ())):
        err = KernelReturnError(*e.args)
        err.diagnostics = e.diagnostics
        return err
    if any(d.get("message", "").startswith("Alignment must be") for d in getattr(e, "diagnostics", ())):
        err = ValueError(*e.args)  # an invalid alignment= of a local/shared array: numba's ValueError
        err.diagnostics = e.diagnostics
        return err
    trailer = _numba_trailer(getattr(e, "diagnostics", ()), py_func) if e.args else ""
    if trailer:
        err = copy.copy(e)  # the same class and fields (function, filename, looked), its text extended
        err.args = (e.args[0].rstrip("\n") + "\n\n" + trailer + "\n",) + e.args[1:]
        return err
    return e


# ---- exceptions raised in kernels (debug=True) ----------------------------------------------------
# A kernel compiled with debug=True records where it failed; the launch reports it as
# "file:line:col: what in kernel 'name' (thread (x, y, z), block (x, y, z))" and _kernel_raised
# makes the Python exception numba raises: IndexError, ZeroDivisionError, or the user's own
# (`raise MyError("text")`: the class and its constant arguments read from the statement there,
# in the globals of the function compiled from that text), with numba's message.

_RAISE_SOURCES = {}  # path -> {unit text: (its column offset, the globals of its function)}
_RAISE_SOURCES_PER_PATH = 256  # the most recent texts kept for a path: a process making kernels
                               # without end (exec() in a loop) keeps a bounded number of them


def _remember_raise_source(path, text, indent, globs):
    texts = _RAISE_SOURCES.setdefault(path, {})
    texts.pop(text, None)  # the newest last
    texts[text] = (indent, globs)
    while len(texts) > _RAISE_SOURCES_PER_PATH:
        del texts[next(iter(texts))]
_RAISED = re.compile(r"(?s)^(?:kernel '[^']*': )?(.*):(\d+):(\d+): (.*?) in kernel '([^']*)' \(thread \((\d+), (\d+), (\d+)\), "
                     r"block \((\d+), (\d+), (\d+)\)\)$")


def _raise_statement(path, line, col, kernel=None):
    """(function name, ast.Raise, globals) of the raise statement at path:line:col, or None. Texts
    of one path (many exec() texts are "<string>") are tried newest first, the kernel's own first."""
    texts = list(reversed(_RAISE_SOURCES.get(path, {}).items()))
    if kernel:
        texts.sort(key=lambda item: f"def {kernel}(" not in item[0])  # stable: newest first within
    for text, (indent, globs) in texts:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            found = [n for n in ast.walk(fn) if isinstance(n, ast.Raise) and n.lineno == line]
            if found:
                exact = [n for n in found if n.col_offset + indent + 1 == col]
                return fn.name, (exact or found)[0], globs
    return None


def _kernel_raised(message):
    m = _RAISED.match(message)
    if not m:
        return RuntimeError(message)
    path, line, col, what, kernel = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)
    tid, ctaid = list(map(int, m.groups()[5:8])), list(map(int, m.groups()[8:11]))
    where = f"{path}:{line}:{col} (kernel '{kernel}', thread {tuple(tid)}, block {tuple(ctaid)})"
    if what.startswith("index "):
        return IndexError(message)
    if what == "tuple index out of range":
        return IndexError(f"tuple index out of range at {where}")
    if what == "maximum recursion depth exceeded":  # the CPU executor's thread stack, as Python's limit
        return RecursionError(f"{what} at {where}: a recursive device function went deeper than the CPU "
                              "executor's thread stack holds")
    if what == "division by zero":
        return ZeroDivisionError(f"division by zero at {where}")
    if what in ("total size of new array must be unchanged", "multiple negative shape values"):
        return ValueError(f"{what} at {where}")
    found = _raise_statement(path, line, col, kernel)
    if found is None:
        return RuntimeError(message)
    fname, node, globs = found
    exc, args = node.exc, []
    try:
        if isinstance(exc, ast.Call):
            args = [ast.literal_eval(a) for a in exc.args]
            exc = exc.func
        env = dict(vars(builtins))
        env.update(globs)
        cls = eval(builtins.compile(ast.Expression(exc), path, "eval"), env)
    except Exception as e:  # the name is gone or not an exception: say so with the place
        return RuntimeError(f"{where}: the kernel raised {ast.unparse(node.exc)}, which cannot be built here ({e})")
    if not (isinstance(cls, type) and issubclass(cls, BaseException)):
        return TypeError(f"{where}: exceptions must derive from BaseException, not {ast.unparse(exc)}")
    text = f"In function '{fname}', file {path}, line {line}, tid={tid} ctaid={ctaid}"
    if args:
        text += ": " + ", ".join(str(a) for a in args)
    return cls(text)


_core.set_raise_hook(_kernel_raised)
