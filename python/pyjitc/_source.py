"""Where a kernel's source text comes from. pyjitc compiles a function from its text, not its
bytecode: the text is read from the function's file through linecache (which also holds what
IPython and Jupyter cells register), from the texts given to exec() or compile() (kept by an audit
hook, python/sources.c), or from `python -c`'s command line."""
import ast
import builtins
import inspect
import linecache
import sys
import types as pytypes

from . import _core
from .errors import TypingError


def _block_by_indent(fn, lines=None):
    """(lines, first line number) of fn's definition, read from its file (or the given lines of
    its text) by indentation, or
    None when that reading cannot be trusted. inspect.getsourcelines tokenizes the file (and, the
    first time in a process, compiles tokenize's regular expressions: milliseconds); this finds
    the block from the indentation and keeps it only if it parses as Python on its own, so a
    block cut early (a dedented line inside a string or brackets) falls back to inspect."""
    code = fn.__code__
    path = code.co_filename
    if lines is None:
        lines = linecache.getlines(path, getattr(fn, "__globals__", None))
    first = code.co_firstlineno
    if not lines or first < 1 or first > len(lines):
        return None
    k = first - 1
    while k < len(lines) and lines[k].lstrip().startswith("@"):
        k += 1
    if k >= len(lines) or not lines[k].lstrip().startswith(("def ", "async def ")):
        return None
    indent = len(lines[k]) - len(lines[k].lstrip())
    end = k + 1
    last = k
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            if len(line) - len(line.lstrip()) <= indent:
                break
            last = end
        end += 1
    block = lines[first - 1:last + 1]
    try:
        ast.parse("".join(line[min(indent, len(line) - len(line.lstrip(" \t"))):] if line.strip() else "\n"
                          for line in block), path if not path.startswith("<") else "<pyjitc>")
    except (SyntaxError, ValueError):
        return None
    return block, first


_PARSED = {}  # path -> (the lines linecache gave, their parse): the files lambdas were read from


def _lambda_node(fn, lines):
    """The ast.Lambda of fn in its file: on its first line, with its parameters, and (when the line
    holds several) the one whose body starts where fn's code says its instructions are."""
    code = fn.__code__
    path = code.co_filename
    cached = _PARSED.get(path)
    if cached is None or cached[0] is not lines:
        try:
            cached = (lines, ast.parse("".join(lines)))
        except (SyntaxError, ValueError):
            cached = (lines, None)
        _PARSED[path] = cached
    if cached[1] is None:
        return None
    params = list(code.co_varnames[:code.co_argcount])
    found = [n for n in ast.walk(cached[1]) if isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno
             and [a.arg for a in n.args.args] == params]
    starts = {(p[0], p[2]) for p in code.co_positions() if p[0] is not None}
    exact = [n for n in found if (n.body.lineno, n.body.col_offset) in starts]
    return (exact or found or [None])[0]


def _lambda_source(fn):
    """(path, text, column offset) of a lambda as a unit: `def pj_lambda(params): return (` on the
    line above its body, and the body at its own lines and columns, so that diagnostics point at
    the user's line and column."""
    path = fn.__code__.co_filename
    lines = linecache.getlines(path, getattr(fn, "__globals__", None))
    node = _lambda_node(fn, lines) if lines else None
    if node is None:
        raise TypingError(f"cannot read the source of the lambda at {path}:{fn.__code__.co_firstlineno}; "
                          "give a function defined with def") from None
    body = node.body
    raw = [line.encode() for line in lines[body.lineno - 1:body.end_lineno]]
    raw[-1] = raw[-1][:body.end_col_offset]
    lead = len(raw[0][:body.col_offset].decode(errors="replace"))  # the body's column, in characters
    raw[0] = raw[0][body.col_offset:]
    expr = b"".join(raw).decode(errors="replace")
    header = f"def pj_lambda({ast.unparse(node.args)}): return ("
    if body.lineno >= 2:
        text = "\n" * (body.lineno - 2) + header + "\n" + " " * lead + expr + ")\n"
        offset = 0
    else:  # the file's first line: header and body share it, columns shifted back by the offset
        text = header + expr + ")\n"
        offset = lead - len(header)
    return path, text, offset


def _command_line_source(fn):
    """A function written in `python -c CODE` has no file: its text is the command line's, which
    Python keeps in sys.orig_argv; it goes to linecache under the function's file name."""
    path = fn.__code__.co_filename
    if path != "<string>" or linecache.getlines(path):
        return
    argv = getattr(sys, "orig_argv", [])
    if "-c" not in argv[:-1] or getattr(fn, "__module__", None) != "__main__":
        return
    text = argv[argv.index("-c") + 1]
    lines = text.splitlines(True)
    k = fn.__code__.co_firstlineno - 1
    if k < len(lines) and f"def {fn.__name__}" in "".join(lines[k:k + 8]):  # the text this code came from
        linecache.cache[path] = (len(text), None, lines, path)


def _holds(module, code):
    """Whether a function's code is module's code or nested in it (compared by what runs)."""
    stack = [module]
    while stack:
        c = stack.pop()
        if (c.co_name, c.co_firstlineno, c.co_code, c.co_names, c.co_consts) == \
                (code.co_name, code.co_firstlineno, code.co_code, code.co_names, code.co_consts):
            return True
        stack.extend(k for k in c.co_consts if isinstance(k, pytypes.CodeType))
    return False


if not getattr(_core, "hooked", False):  # once a process: audit hooks cannot be removed
    sys.addaudithook(_core.remember_compiled)
    _core.hooked = True

_EXEC_COMPILED = {}  # id(text) -> (text, its code): the texts of exec() checked so far


def _exec_lines(fn):
    """The lines of the text that exec() (or compile()) made fn from, or None. The C half keeps
    the recent texts compiled under names like "<string>" (an audit hook); the text whose
    compiled code holds fn's code is fn's, so a function renamed after exec() or a text executed
    twice is still told apart."""
    code = fn.__code__
    path = code.co_filename
    if not path.startswith("<"):
        return None
    for name, text in reversed(_core.exec_sources()):
        needle = "def " + code.co_name
        if name != path or (needle.encode() if isinstance(text, bytes) else needle) not in text:
            continue
        done = _EXEC_COMPILED.get(id(text))
        if done is None or done[0] is not text:
            try:
                done = (text, builtins.compile(text, name, "exec", dont_inherit=True))
            except (SyntaxError, ValueError):
                continue
            if len(_EXEC_COMPILED) > 256:
                _EXEC_COMPILED.clear()
            _EXEC_COMPILED[id(text)] = done
        if _holds(done[1], code):
            if isinstance(text, bytes):
                text = text.decode("utf-8", errors="replace")
            return text.splitlines(True)
    return None


def _source(fn):
    """(path, text at its own lines with earlier lines empty, columns dedented)."""
    generated = getattr(fn, "_pyjitc_source", None)
    if isinstance(generated, str):  # a kernel pyjitc wrote (vectorize, reduce), from its line 1
        return fn.__code__.co_filename, generated, 0
    if fn.__name__ == "<lambda>":
        return _lambda_source(fn)
    executed = _exec_lines(fn)
    if executed is None:
        _command_line_source(fn)
    try:
        found = _block_by_indent(fn, executed)
        if not found and executed:
            found = inspect.getblock(executed[fn.__code__.co_firstlineno - 1:]), fn.__code__.co_firstlineno
        lines, first = found if found else inspect.getsourcelines(fn)
        path = fn.__code__.co_filename if found else (inspect.getsourcefile(fn) or fn.__code__.co_filename)
    except (OSError, TypeError) as e:
        raise TypingError(f"cannot read the source of '{fn.__name__}': {e}") from None
    k = next(i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def ")))
    indent = len(lines[k]) - len(lines[k].lstrip())
    body = []
    for line in lines[k:]:
        lead = len(line) - len(line.lstrip(" \t"))
        body.append(line[min(indent, lead):] if line.strip() else "\n")
    return path, "\n" * (first - 1 + k) + "".join(body), indent
