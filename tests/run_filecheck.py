#!/usr/bin/env python3
"""Runs one tests/codegen/ file: its `# ARGS:` line gives pyjitc's options (e.g. --emit=ptx
--sig "void(float32[:])"), and its `# PTX:` / `# LLVM:` (and -NEXT/-NOT/-DAG/-LABEL) lines are
checked against the output with LLVM's FileCheck, the file itself being the check file."""
import os, re, shlex, subprocess, sys

def main():
    pyjitc, filecheck, path = sys.argv[1:4]
    text = open(path).read()
    m = re.search(r"^# ARGS:(.*)$", text, re.M)
    if not m:
        sys.exit(f"{path}: no '# ARGS:' line")
    args = shlex.split(m.group(1))
    prefixes = sorted(set(re.findall(r"^# (PTX|LLVM|TYPES|AST)(?:-[A-Z]+)?:", text, re.M)))
    if not prefixes:
        sys.exit(f"{path}: no check lines")
    proc = subprocess.run([pyjitc, path] + args, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        sys.exit(f"{path}: pyjitc exited with {proc.returncode}")
    fc = subprocess.run([filecheck, path, "--check-prefixes=" + ",".join(prefixes),
                         "--comment-prefixes=NOTE"], input=proc.stdout, capture_output=True, text=True)
    if fc.returncode != 0:
        sys.stderr.write(fc.stderr)
        sys.exit(1)
    print(f"1 passed, 0 failed: {os.path.basename(path)}")

main()
