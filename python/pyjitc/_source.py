"""Where a kernel's source text comes from. pyjitc compiles a function from its text, not its
bytecode, and finds the text where the function was defined:
- a file: read through linecache, which also holds what IPython and Jupyter register for their
  cells ("<ipython-input-N-HASH>", "/tmp/ipykernel_PID/HASH.py") and what Python 3.13's prompt
  registers ("<python-input-N>");
- exec() or compile() of a string: the texts compiled under names like "<string>", kept by an
  audit hook (python/sources.c);
- `python -c CODE`: the command line, in sys.orig_argv;
- `python - < script.py`: standard input, when it is a file, read again from its start;
- the basic prompt ("<stdin>", Python 3.12 and older): readline's history (Python 3.13's prompts,
  the new one and the basic one of PYTHON_BASIC_REPL, keep what was typed in linecache, and the
  history is looked at only where that is gone).
A text found anywhere but a file is compiled and kept only if its code is the function's code, so a
wrong text is never used. Where none is found, SourceNotFoundError says where pyjitc looked."""
import ast
import builtins
import importlib.util
import inspect
import io
import itertools
import linecache
import os
import re
import stat
import sys
import types as pytypes

from . import _core
from .errors import SourceNotFoundError

_TEXT_MAX = 8 << 20  # a standard input larger than this is no script to read again
_STDIN_NAME = re.compile(r"<stdin>(-\d+)?")  # what is read from standard input is compiled under
                                            # (3.13's basic prompt numbers its statements)


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
    lines = _found_lines(fn) or linecache.getlines(path, getattr(fn, "__globals__", None))
    node = _lambda_node(fn, lines) if lines else None
    if node is None:
        raise _not_found(fn) from None
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


def _holds(module, code, exact=False):
    """Whether a function's code is module's code or nested in it, compared by what runs (exact:
    also by the lines and columns of each instruction, for a text that is the one compiled)."""
    stack = [module]
    while stack:
        c = stack.pop()
        if exact and c == code or not exact and \
                (c.co_name, c.co_firstlineno, c.co_code, c.co_names, c.co_consts) == \
                (code.co_name, code.co_firstlineno, code.co_code, code.co_names, code.co_consts):
            return True
        stack.extend(k for k in c.co_consts if isinstance(k, pytypes.CodeType))
    return False


def _split(text):
    """A text's lines, each with its newline, cut where Python's tokenizer cuts them (\\n, \\r\\n,
    \\r; not at the form feeds and other separators str.splitlines also cuts at)."""
    return io.StringIO(text, newline=None).readlines()


def _compiles(text, name):
    """text compiled as a module under name, or None where it is no Python."""
    try:
        return builtins.compile(text, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, OverflowError, MemoryError, RecursionError):
        return None


def _needle(code):
    """What a text that defines code holds: `def NAME` or `lambda`."""
    return "lambda" if code.co_name == "<lambda>" else "def " + code.co_name


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
    needle = _needle(code)
    for name, text in reversed(_core.exec_sources()):
        if name != path or (needle.encode() if isinstance(text, bytes) else needle) not in text:
            continue
        done = _EXEC_COMPILED.get(id(text))
        if done is None or done[0] is not text:
            done = (text, _compiles(text, name))
            if len(_EXEC_COMPILED) > 256:
                _EXEC_COMPILED.clear()
            _EXEC_COMPILED[id(text)] = done
        if done[1] is not None and _holds(done[1], code):
            if isinstance(text, bytes):
                text = text.decode("utf-8", errors="replace")
            return _split(text)
    return None


def _command_line_text():
    """The CODE of `python -c CODE`, or None."""
    argv = getattr(sys, "orig_argv", [])
    return argv[argv.index("-c") + 1] if "-c" in argv[:-1] else None


def _command_line_lines(fn):
    """A function written in `python -c CODE` has no file: its text is the command line's, which
    Python keeps in sys.orig_argv."""
    text = _command_line_text()
    if text is None or _needle(fn.__code__) not in text:
        return None
    module = _EXEC_COMPILED.get(id(text))
    if module is None or module[0] is not text:
        module = _EXEC_COMPILED[id(text)] = (text, _compiles(text, "<string>"))
    return _split(text) if module[1] is not None and _holds(module[1], fn.__code__) else None


_STDIN = {}  # "key": the identity of the file on standard input last read, "lines", "module"


def _stdin_file():
    """os.stat_result of standard input where it is a regular file pyjitc may read, else None."""
    try:
        st = os.fstat(0)
    except (OSError, ValueError):
        return None
    return st if stat.S_ISREG(st.st_mode) and 0 < st.st_size <= _TEXT_MAX and hasattr(os, "pread") else None


def _stdin_lines(fn):
    """`python3 - < script.py` (or `python3 < script.py`): Python compiled the script read from
    standard input under the name "<stdin>" and keeps no text, but a file on standard input can be
    read again from its start (os.pread leaves its offset alone). A pipe cannot: what Python read
    from it is gone. Under `python3 -i < script.py` the statements were compiled one at a time,
    as at the prompt, and are looked for so."""
    st = _stdin_file()
    if st is None:
        return None
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if _STDIN.get("key") != key:
        try:
            data = os.pread(0, st.st_size, 0)
        except OSError:
            return None
        try:
            text = importlib.util.decode_source(data)
        except (SyntaxError, UnicodeDecodeError, LookupError):
            return None
        _STDIN.update(key=key, lines=_split(text), module=_compiles(data, "<stdin>"))
    code = fn.__code__
    if _STDIN["module"] is not None and _holds(_STDIN["module"], code, exact=True):
        return _STDIN["lines"]
    return _statement_lines(code, [line.rstrip("\n") for line in _STDIN["lines"]], "<stdin>")


def _history():
    """The lines readline keeps of what was typed at the prompt, oldest first, or None where
    readline is not loaded (`python3 -S`, `-I`, or no readline module)."""
    rl = sys.modules.get("readline")
    if rl is None or not hasattr(rl, "get_history_item"):
        return None
    try:
        n = rl.get_current_history_length()
        items = [rl.get_history_item(i) for i in range(max(1, n - 20000 + 1), n + 1)]
    except Exception:  # a readline stand-in that differs
        return None
    return [item if isinstance(item, str) else "" for item in items]


def _prompt_lines(fn):
    """A function typed at the basic prompt (Python 3.12 and older): the prompt compiles each
    statement alone under the name "<stdin>", its lines numbered from 1, and keeps no text;
    readline's history keeps the lines typed. (3.13's basic prompt names them "<stdin>-N" and
    keeps them in linecache; the history serves there where linecache was cleared.)"""
    lines = _history()
    return _statement_lines(fn.__code__, lines, "<stdin>") if lines else None


_CANDIDATES = 32  # statements tried, newest first, before giving up
_REPEATS = 2      # of which the newest are also tried with lines typed twice in a row


def _statement_lines(code, lines, name):
    """The lines (each ending in a newline) of the statement among `lines`, typed one statement
    at a time, whose compiled code holds `code` exactly, or None. A statement starts at column 0;
    the function's first line is its line co_firstlineno; newest first."""
    first = code.co_firstlineno
    lam = code.co_name == "<lambda>"
    defines = re.compile(r"\s*(async\s+)?def\s+" + re.escape(code.co_name) + r"\b")
    tried = 0
    for s in range(len(lines) - first, -1, -1):
        if not lines[s][:1].strip() or lines[s].startswith("#"):
            continue  # no statement starts here
        f = d = s + first - 1
        if lam:
            if "lambda" not in lines[f]:
                continue
        else:
            while d < len(lines) and d < f + 64 and not defines.match(lines[d]):
                d += 1
            if d == len(lines) or d == f + 64 or not (d == f or lines[f].lstrip().startswith("@")):
                continue
        tried += 1
        if tried > _CANDIDATES:
            return None
        found = _statement_at(code, lines, s, d, name, tried <= _REPEATS)
        if found:
            return found
    return None


def _statement_at(code, lines, s, d, name, repeats):
    """The statement starting at lines[s], holding the definition whose `def` (or lambda) is at
    lines[d], if it compiles to code exactly. It ends where the lines at column 0 start again
    (tried first), or at any line from the definition's on (a line typed and rejected, or a
    bracket closing at column 0, makes the first guess wrong). With repeats, readline's habit of
    keeping one of two identical lines typed in a row is undone too: up to two lines of the
    definition, where its code says lines are missing."""
    end = d + 1
    while end < len(lines) and not (lines[end][:1].strip() and not lines[end].startswith("#")):
        end += 1
    for e in [end] + [e for e in range(d + 1, min(len(lines), end + 64) + 1) if e != end]:
        text = "\n".join(lines[s:e]) + "\n"
        module = _compiles(text, name)
        if module is not None and _holds(module, code, exact=True):
            return _split(text)
    if not repeats:
        return None
    block = lines[s:end]
    module = _compiles("\n".join(block) + "\n", name)
    typed = _named(module, code) if module is not None else None
    missing = _last_line(code) - _last_line(typed) if typed is not None else 0
    if missing not in (1, 2):
        return None
    for again in itertools.combinations_with_replacement(range(d - s + 1, len(block)), missing):
        text = list(block)
        for j in reversed(again):
            text.insert(j, block[j])
        text = "\n".join(text) + "\n"
        module = _compiles(text, name)
        if module is not None and _holds(module, code, exact=True):
            return _split(text)
    return None


def _named(module, code):
    """The code object in module with code's name and first line, or None."""
    stack = [module]
    while stack:
        c = stack.pop()
        if c.co_name == code.co_name and c.co_firstlineno == code.co_firstlineno:
            return c
        stack.extend(k for k in c.co_consts if isinstance(k, pytypes.CodeType))
    return None


def _last_line(code):
    """The last line that code or the code nested in it has instructions on."""
    last, stack = code.co_firstlineno, [code]
    while stack:
        c = stack.pop()
        last = max([last] + [line for _, _, line in c.co_lines() if line is not None])
        stack.extend(k for k in c.co_consts if isinstance(k, pytypes.CodeType))
    return last


def _found_lines(fn):
    """The lines of the text fn was made from where its file name names no file (exec(),
    `python -c`, standard input, the prompt), each text checked against fn's code; or None."""
    path = fn.__code__.co_filename
    if not path.startswith("<"):
        return None
    lines = _exec_lines(fn)
    if lines is None and path == "<string>":
        lines = _command_line_lines(fn)
    if lines is None and _STDIN_NAME.fullmatch(path) and not linecache.getlines(path):
        lines = _stdin_lines(fn)
        if lines is None:
            lines = _prompt_lines(fn)
    return lines


def _source(fn):
    """(path, text at its own lines with earlier lines empty, columns dedented)."""
    generated = getattr(fn, "_pyjitc_source", None)
    if isinstance(generated, str):  # a kernel pyjitc wrote (vectorize, reduce), from its line 1
        return fn.__code__.co_filename, generated, 0
    if fn.__name__ == "<lambda>":
        return _lambda_source(fn)
    found_lines = _found_lines(fn)
    try:
        found = _block_by_indent(fn, found_lines)
        if not found and found_lines:
            found = inspect.getblock(found_lines[fn.__code__.co_firstlineno - 1:]), fn.__code__.co_firstlineno
        lines, first = found if found else inspect.getsourcelines(fn)
        path = fn.__code__.co_filename if found else (inspect.getsourcefile(fn) or fn.__code__.co_filename)
    except (OSError, TypeError, IndexError):
        raise _not_found(fn) from None
    k = next((i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def "))), None)
    if k is None:
        raise _not_found(fn)
    indent = len(lines[k]) - len(lines[k].lstrip())
    body = []
    for line in lines[k:]:
        lead = len(line) - len(line.lstrip(" \t"))
        body.append(line[min(indent, lead):] if line.strip() else "\n")
    return path, "\n" * (first - 1 + k) + "".join(body), indent


def _stdin_kind():
    """What standard input is, in words."""
    try:
        mode = os.fstat(0).st_mode
    except (OSError, ValueError):
        return "closed"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return "pipe"
    return "terminal" if os.isatty(0) else "other"


def _not_found(fn):
    """SourceNotFoundError for fn: where pyjitc looked, and what to do."""
    code = fn.__code__
    path = code.co_filename
    lam = code.co_name == "<lambda>"
    what = "the lambda" if lam else f"'{fn.__name__}'"
    looked = []
    advice = ("Define the kernel in a .py file and import or run it, or make it from a string with "
              "exec(), whose text pyjitc keeps.")
    if not path.startswith("<"):
        if os.path.exists(path):
            looked.append(f"its file {path!r}: line {code.co_firstlineno} does not start this "
                          f"{'lambda' if lam else 'definition'} (the file changed since it was run?)")
            advice = "Run or import the file again, so that the function and its file agree."
        else:
            looked.append(f"its file {path!r}: there is no such file (moved or deleted since it was run?)")
    else:
        advice = ("Define the kernel in a .py file and import or run it, or make it from a string with "
                  "exec() or compile(), whose text pyjitc keeps (compile() of an AST keeps none: give it "
                  "ast.unparse(tree) instead).")
        looked.append(f"linecache, where IPython, Jupyter and Python 3.13's prompt keep their cells: "
                      f"nothing under {path!r}" if not linecache.getlines(path) else
                      f"linecache under {path!r}: no definition there at line {code.co_firstlineno}")
        kept = sum(1 for name, _ in _core.exec_sources() if name == path)
        looked.append(f"the texts given to exec() or compile() under {path!r}: "
                      + (f"none of the {kept} kept (the latest 128 of any name) defines this function's code"
                         if kept else "none"))
        if path == "<string>" and _command_line_text() is not None:
            looked.append("the command line's `python -c` text: it does not define this function's code")
        if _STDIN_NAME.fullmatch(path):
            kind = _stdin_kind()
            looked.append({"file": "standard input, a file read again from its start: it does not define "
                                   "this function's code",
                           "pipe": "standard input, a pipe: Python read the script from it, and what is read "
                                   "from a pipe is gone",
                           "terminal": "standard input, a terminal (the prompt: see its history)",
                           }.get(kind, f"standard input ({kind}): not a file that can be read again"))
            history = _history()
            if history is None and kind == "terminal":
                looked.append("the prompt's readline history: readline is not loaded (python3 -S or -I, "
                              "or no readline), so nothing keeps what was typed")
            elif history is not None:
                looked.append(f"the prompt's readline history ({len(history)} lines): no statement there "
                              "compiles to this function's code (a cleared or edited history has lost the "
                              "text; so have more than two lines typed twice in a row, of which readline "
                              "keeps one)")
            if kind == "pipe":
                advice = ("Save the script to a file and run `python3 file.py`, or redirect it as a file "
                          "(`python3 - < file.py`): a file on standard input is read again, a pipe is not. "
                          "Or make the kernel from a string with exec(), whose text pyjitc keeps.")
            elif kind == "terminal":
                advice = ("Type the definition again at the prompt, define the kernel "
                          "in a .py file and import it, or make it from a string with exec(), whose text "
                          "pyjitc keeps.")
    if lam:
        advice += " A lambda can also be written as a function with def."
    message = (f"cannot find the source text of {what} ({path}, line {code.co_firstlineno}): pyjitc "
               "compiles a kernel from its Python source, not its bytecode, and looked in\n"
               + "".join(f"  - {place}\n" for place in looked) + advice)
    return SourceNotFoundError(message, fn.__name__, path, looked)
