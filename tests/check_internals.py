"""Keeps docs/internals.md (the contributors' map) true: every file, C name and Python name it
writes in backquotes must exist in the tree. Run by CTest as unit.internals_map; exits 1 and
lists what it could not find.

What counts as a name, in a backquoted span:
- a word that starts with one of the repository's top folders and holds a slash (a path): the
  file or folder must exist;
- pj_*, Pj*, PJ_* and cu* words (C functions, types, enum values; the CUDA driver's functions):
  must occur as a whole word in a C source, header or table (.c, .h, .def) of the tree;
- a Python name written with (), or a dotted one whose head is a class (Dispatcher._subscript()):
  `def NAME` or `class NAME` for its last part in python/pyjitc; _core.NAME: a method of the
  extension's tables ({"NAME", ...} in python/*.c); a class name alone (Dispatcher, Launcher):
  `class NAME` in python/pyjitc or a type of the extension (pyjitc._core.NAME).
Anything else in backquotes (code, command lines, options) is left alone.

    python3 tests/check_internals.py [ROOT]"""
import os
import re
import sys

TOP = ("ir", "frontend", "stdlib", "backend", "runtime", "api", "cli", "python", "tests", "scripts",
       "bench", "docs", "include", "examples", "packaging")
C_DIRS = ("ir", "frontend", "stdlib", "backend", "runtime", "api", "cli", "python", "include", "tests")


def read_tree(root, dirs, exts):
    texts = {}
    for d in dirs:
        for base, _, files in os.walk(os.path.join(root, d)):
            for f in files:
                if f.endswith(exts):
                    path = os.path.join(base, f)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        texts[path] = fh.read()
    return texts


def problems(root):
    doc_path = os.path.join(root, "docs", "internals.md")
    with open(doc_path, encoding="utf-8") as f:
        doc = f.read()
    c_text = "\n".join(read_tree(root, C_DIRS, (".c", ".h", ".def")).values())
    py_text = "\n".join(read_tree(root, ("python/pyjitc",), (".py",)).values())
    ext_text = "\n".join(read_tree(root, ("python",), (".c",)).values())
    c_words = set(re.findall(r"\b(?:pj_|Pj|PJ_|cu)\w+", c_text))
    py_defs = set(re.findall(r"^\s*(?:def|class)\s+(\w+)", py_text, re.M))
    py_classes = set(re.findall(r"^\s*class\s+(\w+)", py_text, re.M))
    ext_types = set(re.findall(r'"pyjitc\._core\.(\w+)"', ext_text))
    ext_methods = set(re.findall(r'\{"(\w+)",\s*\(?\w', ext_text))
    missing = []
    spans = re.findall(r"`([^`\n]+)`", doc)
    for span in spans:
        for word in re.split(r"[\s,;()\[\]]+", span):
            word = word.strip(".:")
            if not word:
                continue
            if "/" in word and word.split("/", 1)[0] in TOP:
                path = word.rstrip("/")
                if not os.path.exists(os.path.join(root, path)):
                    missing.append(f"file or folder {path}")
            elif re.fullmatch(r"(?:pj_|Pj|PJ_)\w+|cu[A-Z]\w+", word):
                if word not in c_words:
                    missing.append(f"C name {word}")
        span = span.strip()
        m = re.fullmatch(r"_core\.(\w+)", span)
        if m:
            if m.group(1) not in ext_methods:
                missing.append(f"extension function _core.{m.group(1)}")
            continue
        m = re.fullmatch(r"(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)\(\)", span)
        if m:
            if m.group(2) not in py_defs:
                missing.append(f"Python function {span}")
            if m.group(1) and m.group(1)[0].isupper() and m.group(1) not in py_classes | ext_types:
                missing.append(f"Python class {m.group(1)}")
            continue
        m = re.fullmatch(r"([A-Z]\w*|_[A-Z]\w*)(?:\.(\w+))?", span)
        if m and not re.fullmatch(r"(?:Pj|PJ_)\w+", span) and not span.isupper():
            if m.group(1) not in py_classes | ext_types:
                missing.append(f"Python class {m.group(1)}")
            elif m.group(2) and m.group(2) not in py_text:
                missing.append(f"attribute {span}")
    return missing


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    missing = problems(root)
    for m in missing:
        print(f"docs/internals.md names {m}, which the tree does not have")
    if missing:
        print("update docs/internals.md (or restore what it names)")
        return 1
    print("docs/internals.md: every name it gives exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
