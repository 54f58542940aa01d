#!/usr/bin/env python3
"""Checks the library's layering (the layers table of the project's design notes, issue 30): each
layer includes only what it may, and no layer below api/ uses a function that api/ defines.

Layers, bottom to top: ir -> frontend, stdlib -> backend -> runtime -> api. What each file may
include, by its folder:
  ir/        ir/ and libc
  frontend/  ir/, stdlib/ (the builtin tables), <tree_sitter/...>
  stdlib/    ir/
  backend/   ir/, stdlib/, <llvm-c/...>
  runtime/   ir/
  api/       every layer
and everywhere the public header <pyjitc.h> (the shared vocabulary: dtypes, statuses, argument
types). Never LLVM (<llvm-c/...>, <llvm/...>) outside backend/, never tree-sitter outside frontend/,
never a CUDA header (<cuda*.h>, runtime/cuda_driver.h, the driver API's stand-in) outside runtime/.

Usage: check_layers.py [ROOT]  (ROOT: the source tree, by default this file's parent's parent).
Prints each violation as `file:line: message` and exits 1 when there is any.

Limits (it reads text, it does not preprocess):
- Comments are skipped; `#if` is not: an include under a false condition still counts.
- An include spelled through a macro (`#include NAME`) is not seen.
- System headers other than tree-sitter's, LLVM's and CUDA's are not checked: that ir/ includes
  libc only is not enforced beyond those three libraries.
- api/'s functions are found by a regex for definitions at the start of a line (`type name(...)
  {`, parameter lists with at most one level of nested parentheses); static ones are skipped, as
  no other file can call them. A use is any mention of such a name in code (comments and string
  literals skipped) that is not a member access: a call, a declaration, or its address taken
  (a struct field or local variable of the same name is reported too).
  Calls through function pointers handed down at run time are not seen (nor are they upward
  calls in the sense checked here: the caller chose them).
- Files under cli/ and python/ (the front doors) are not read.
"""
import os
import re
import sys

LAYERS = ("ir", "frontend", "stdlib", "backend", "runtime", "api")
MAY_INCLUDE = {
    "ir": {"ir"},
    "frontend": {"ir", "frontend", "stdlib"},
    "stdlib": {"ir", "stdlib"},
    "backend": {"ir", "stdlib", "backend"},
    "runtime": {"ir", "runtime"},
    "api": set(LAYERS),
}
# Foreign libraries: the prefix of their headers, and the one layer that may include them.
FOREIGN = (
    (re.compile(r"^tree_sitter/"), "frontend", "tree-sitter"),
    (re.compile(r"^llvm(-c)?/"), "backend", "LLVM"),
    (re.compile(r"^(cuda\w*\.h|runtime/cuda_driver\.h)$"), "runtime", "a CUDA header"),
)
SOURCE_SUFFIXES = (".c", ".h", ".def")

# Comments, string and character literals, in one pass so that each hides the others' markers.
TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)
DEFINITION = re.compile(
    r"^(?!static\b)(?!typedef\b)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)[ \t]*"
    r"\((?:[^()]|\([^()]*\))*\)\s*\{", re.M)


def blank(text, strings):
    """The text with comments (and string literals too when `strings`) blanked, newlines kept."""
    def repl(m):
        t = m.group(0)
        if t.startswith("/"):
            return re.sub(r"[^\n]", " ", t)
        return t[0] * 2 if strings else t
    return TOKENS.sub(repl, text)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def sources(root, layer):
    for dirpath, _, names in os.walk(os.path.join(root, layer)):
        for name in sorted(names):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(dirpath, name)


def resolve(root, path, quoted, name):
    """The included file's name from the root when it is the project's (a quoted name is looked
    for beside the including file first, as the compiler does), else the name as written."""
    beside = os.path.join(os.path.dirname(path), name)
    if quoted and os.path.exists(beside):
        return os.path.relpath(beside, root)
    return name


def included_layer(name):
    """The layer of a resolved include, "public" for <pyjitc.h>, or None for a foreign header."""
    head = name.split("/", 1)[0]
    if "/" in name and head in LAYERS:
        return head
    if name in ("pyjitc.h", "include/pyjitc.h"):
        return "public"
    return None


def check_includes(root, layer, path, text, out):
    rel = os.path.relpath(path, root)
    for m in INCLUDE.finditer(text):
        name = resolve(root, path, m.group(1) == '"', m.group(2).strip())
        where = f"{rel}:{line_of(text, m.start())}"
        for pattern, owner, what in FOREIGN:
            if pattern.search(name) and layer != owner:
                out.append(f"{where}: {layer}/ includes {what} ({name}): only {owner}/ may")
        target = included_layer(name)
        if target in LAYERS and target not in MAY_INCLUDE[layer]:
            out.append(f"{where}: {layer}/ includes {name}, of {target}/: {layer}/ may include only "
                       + ", ".join(sorted(MAY_INCLUDE[layer])))


def api_functions(root):
    names = {}
    for path in sources(root, "api"):
        if not path.endswith(".c"):
            continue
        code = blank(open(path, encoding="utf-8").read(), strings=True)
        for m in DEFINITION.finditer(code):
            names.setdefault(m.group(1), os.path.relpath(path, root))
    return names


def check_uses(root, layer, path, code, api, out):
    if not api:
        return
    rel = os.path.relpath(path, root)
    use = re.compile(r"(?<![\w.])(?<!->)\b(" + "|".join(map(re.escape, sorted(api))) + r")\b")
    for m in use.finditer(code):
        out.append(f"{rel}:{line_of(code, m.start())}: {layer}/ uses {m.group(1)}, a function of "
                   f"{api[m.group(1)]}: api/ calls the layers below it, never the other way")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    api = api_functions(root)
    if not api:
        sys.exit(f"check_layers: no function definitions found under {root}/api")
    out, files = [], 0
    for layer in LAYERS:
        for path in sources(root, layer):
            files += 1
            text = open(path, encoding="utf-8").read()
            check_includes(root, layer, path, blank(text, strings=False), out)
            if layer != "api":
                check_uses(root, layer, path, blank(text, strings=True), api, out)
    for line in out:
        print(line)
    if out:
        print(f"check_layers: {len(out)} violation(s) of the layers", file=sys.stderr)
        return 1
    print(f"check_layers: {files} files of {len(LAYERS)} layers, {len(api)} functions of api/: no violation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
