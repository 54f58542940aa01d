"""The README as a new user reads it: its first commands are the example and the tests (.ci/run
runs the test command it names), and the kernel it shows is examples/saxpy.py, whole."""
import os
import re
import sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
readme = open(os.path.join(root, "README.md")).read()
blocks = re.findall(r"```(\w*)\n(.*?)```", readme, re.S)
first_sh = next(body for lang, body in blocks if lang == "sh")
commands = [line.split("#")[0].strip() for line in first_sh.splitlines() if line.strip()]
assert commands[:2] == ["bash scripts/run-example.sh", "bash scripts/test.sh"], commands
ci = open(os.path.join(root, ".ci", "run")).read()
assert "scripts/test.sh" in ci, ci
shown = next(body for lang, body in blocks if lang == "python" and body.startswith("# examples/saxpy.py\n"))
example = open(os.path.join(root, "examples", "saxpy.py")).read()
if shown[len("# examples/saxpy.py\n"):] != example:
    sys.exit("README.md's examples/saxpy.py differs from the file")
print("README: the first commands and examples/saxpy.py as they are")
