#!/usr/bin/env python3
"""scripts/codegen-snapshot.py on a small corpus (--limit 5: the first five codegen files, bench
kernels of each module and examples), twice into a temporary folder: the two snapshots must hold
the same files with the same bytes, or a refactoring's before/after comparison would show noise.

    run_snapshot_twice.py PYJITC"""
import filecmp
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(top):
    return sorted(os.path.relpath(os.path.join(d, f), top) for d, _, fs in os.walk(top) for f in fs)


def main():
    pyjitc = sys.argv[1]
    script = os.path.join(ROOT, "scripts", "codegen-snapshot.py")
    with tempfile.TemporaryDirectory() as tmp:
        runs = [os.path.join(tmp, name) for name in ("a", "b")]
        for out in runs:
            subprocess.run([sys.executable, script, out, "--pyjitc", pyjitc, "--limit", "5"], check=True)
        a, b = (files(out) for out in runs)
        if a != b:
            sys.exit(f"the two snapshots hold different files: {sorted(set(a) ^ set(b))}")
        kinds = {os.path.dirname(f) for f in a}
        if not {"codegen", "bench"} <= kinds or len(a) < 40:
            sys.exit(f"the snapshot is smaller than expected ({len(a)} files in {sorted(kinds)})")
        _, differ, errors = filecmp.cmpfiles(*runs, a, shallow=False)
        if differ or errors:
            sys.exit(f"the two snapshots differ in {differ + errors}")
    print(f"1 passed, 0 failed: two snapshots of {len(a)} files are identical")


main()
