#!/usr/bin/env python3
"""Runs one tests/errors/ file: a program pyjitc must reject. Each line carrying
`# expect error: TEXT` must get an error diagnostic on that line whose message contains TEXT
(`# expect error@COL: TEXT` also pins the column); no other error may appear, and pyjitc must
exit with status 1 (rejected), never crash. An `# ARGS:` line gives extra options (--sig)."""
import json, os, re, shlex, subprocess, sys

def main():
    pyjitc, path = sys.argv[1:3]
    lines = open(path).read().splitlines()
    expected = []
    args = ["--emit=types"]
    for n, line in enumerate(lines, 1):
        m = re.search(r"# expect error(?:@(\d+))?: (.*)$", line)
        if m:
            expected.append((n, int(m.group(1)) if m.group(1) else None, m.group(2).strip()))
        m = re.match(r"^# ARGS:(.*)$", line)
        if m:
            args = shlex.split(m.group(1))
    if not expected:
        sys.exit(f"{path}: no '# expect error:' line")
    proc = subprocess.run([pyjitc, path, "--diagnostics=json"] + args, capture_output=True, text=True)
    if proc.returncode != 1:
        sys.stderr.write(proc.stdout + proc.stderr)
        sys.exit(f"{path}: pyjitc exited with {proc.returncode}, expected 1 (rejected)")
    diags = [json.loads(l) for l in proc.stderr.splitlines() if l.startswith("{")]
    errors = [d for d in diags if d["severity"] == "error"]
    failed = 0
    for line, col, text in expected:
        hit = [d for d in errors if d["line"] == line and text in d["message"] and (col is None or d["col"] == col)]
        if not hit:
            failed += 1
            print(f"{path}:{line}: expected error containing {text!r}" + (f" at column {col}" if col else ""))
        for d in hit:
            errors.remove(d)
    for d in errors:
        failed += 1
        print(f"{path}:{d['line']}:{d['col']}: unexpected error: {d['message']}")
    print(f"{len(expected) - min(failed, len(expected))} passed, {failed} failed: {os.path.basename(path)}")
    sys.exit(1 if failed else 0)

main()
