"""A kernel compiles wherever Python code can be written: at the interactive prompt, in a script
on standard input, in `python -c`, in a string given to exec(), in an IPython cell and in a
Jupyter cell. pyjitc compiles a kernel from its source text; each context keeps that text
somewhere else (readline's history, the file on standard input, sys.orig_argv, the audit hook's
texts, linecache). Each case runs in a process of its own, with this build's package and this
process's PYJITC_TARGET (the CPU executor in CI, the GPU on the GPU machine), launches kernels on
real data and checks the numbers against NumPy. Where the text truly cannot be found (a script
piped to standard input, a history cleared), the error is a SourceNotFoundError that says where
pyjitc looked and what to do."""
import importlib.util
import json
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import pyjitc

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(pyjitc.__file__)))
N = 300
MARK = "===RESULT"  # printed by the child before each result; the input echoed holds no such text

# The kernels every context defines: an axpy with a math call, a lambda device function, and a
# kernel made by a factory whose closure it reads.
IMPORTS = "import json, math\nimport numpy as np\nfrom pyjitc import cuda\n"
AXPB = """\
@cuda.jit
def axpb(a, x, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + b * math.sin(x[i])
"""
SQUARE = "square = cuda.jit(device=True)(lambda v: v * v + 1.0)\n"
FACTORY = """\
def make(scale):
    shift = scale / 2
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = square(x[i]) * scale + shift
    return k
"""
RUN = [
    f"x = np.linspace(0.0, 3.0, {N}); out = np.zeros({N})",
    f"axpb[({N} + 127) // 128, 128](2.5, x, -1.5, out); print('=' * 3 + 'RESULT axpb', json.dumps(out.tolist()))",
    "made = make(3.0)",
    f"made[({N} + 127) // 128, 128](x, out); print('=' * 3 + 'RESULT made', json.dumps(out.tolist()))",
]
SCRIPT = IMPORTS + AXPB + SQUARE + FACTORY + "\n".join(RUN) + "\n"


def expected():
    x = np.linspace(0.0, 3.0, N)
    return {"axpb": 2.5 * x - 1.5 * np.sin(x), "made": (x * x + 1.0) * 3.0 + 1.5}


def results(output, names=("axpb", "made")):
    """{name: array} of the results the child printed; each name must be there."""
    got = {}
    for m in re.finditer(MARK + r" (\w+) (\[[^\]]*\])", output):
        got[m.group(1)] = np.array(json.loads(m.group(2)))
    missing = [n for n in names if n not in got]
    assert not missing, f"no result for {missing} in the output:\n{output[-6000:]}"
    return got


def check(output, names=("axpb", "made")):
    got, want = results(output, names), expected()
    for name in names:
        np.testing.assert_allclose(got[name], want[name], rtol=1e-12, atol=1e-12, err_msg=name)


def child_env(tmp_path, **more):
    """This process's environment (PYJITC_TARGET included) with this build's package first on
    the path, a home of its own (the prompt's history file goes there) and no user start-up."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_DIR] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["HOME"] = str(tmp_path)
    env["PYTHON_HISTORY"] = str(tmp_path / ".python_history")
    env["PYTHONWARNINGS"] = "ignore"  # the low-occupancy warnings of small grids: noise here
    env["INPUTRC"] = os.devnull       # readline's defaults, not the user's
    env.pop("PYTHONSTARTUP", None)
    env.pop("PYTHONINSPECT", None)
    env.update(more)
    return env


def run(argv, tmp_path, env=None, **kw):
    """argv run to its end (at most 3 minutes), its output captured."""
    return subprocess.run(argv, capture_output=True, text=True, env=env or child_env(tmp_path), cwd=tmp_path,
                          timeout=180, **kw)


needs_pty = pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="no pseudo-terminals")
needs_readline = pytest.mark.skipif(importlib.util.find_spec("readline") is None,
                                    reason="a Python without readline: its prompt keeps no history")


# ---- a pseudo-terminal ------------------------------------------------------------------------

_ESCAPES = re.compile(r"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")


class Terminal:
    """A program on a pseudo-terminal of its own, as a person at a terminal runs it: lines typed
    one at a time, each when the program asks for it, what it prints read as it comes. Every wait
    has a deadline, and close() kills the program's whole session, so a test never hangs."""

    def __init__(self, argv, env, cwd):
        import fcntl
        import struct
        import termios
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))
        try:
            self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                                         start_new_session=True, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.fd, self.raw = master, b""

    def text(self, start=0):
        """What the program printed (from byte `start` on), escape sequences and carriage
        returns taken out."""
        return _ESCAPES.sub("", self.raw[start:].decode("utf-8", errors="replace")).replace("\r", "")

    def wait_for(self, done, timeout=90, what="output", start=0):
        """Reads until done(what was printed from byte `start` on) holds."""
        deadline = time.monotonic() + timeout
        while not done(self.text(start)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}; the terminal shows:\n{self.text()[-6000:]}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if not ready:
                continue
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:  # EIO: the program closed the terminal
                data = b""
            if not data:
                raise AssertionError(f"the program ended ({self.proc.poll()}) while waiting for {what}; "
                                     f"the terminal shows:\n{self.text()[-6000:]}")
            self.raw += data

    def prompt(self, start=0, timeout=90):
        """Waits until the program asks for a line: a prompt ends what it printed from `start` on."""
        self.wait_for(lambda t: t.endswith((">>> ", "... ")), timeout, "a prompt", start)

    def type(self, line, timeout=90):
        """Types a line once the program has asked for it, and waits until it asks again."""
        start = len(self.raw)
        os.write(self.fd, line.encode() + b"\n")
        self.prompt(start, timeout)

    def type_statement(self, statement):
        """Types each line of a statement at the basic prompt; a compound one ends with an
        empty line, as at the prompt."""
        lines = statement.rstrip("\n").split("\n")
        for line in lines:
            self.type(line)
        if len(lines) > 1 or lines[0].rstrip().endswith(":"):
            self.type("")

    def finish(self, timeout=90):
        """Types a line that prints a mark, and waits for the mark: all typed before it has run."""
        start = len(self.raw)
        os.write(self.fd, b"print('=' * 3 + 'DONE')\n")
        self.wait_for(lambda t: "===DONE\n" in t, timeout, "the last line's output", start)

    def close(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.proc.wait(timeout=30)
        finally:
            os.close(self.fd)


def statements(text):
    """The top-level statements of a text, each with its lines (no empty lines inside)."""
    out, current = [], []
    for line in text.rstrip("\n").split("\n"):
        if line and not line[0].isspace() and current and not line.startswith(("else", "elif", "except", "finally")) \
                and not current[-1].lstrip().startswith("@"):
            out.append("\n".join(current))
            current = []
        if line.strip():
            current.append(line)
    out.append("\n".join(current))
    return out


def basic_prompt(argv, tmp_path, text, **env):
    """Runs argv on a terminal (the basic prompt: PYTHON_BASIC_REPL for 3.13 and later), types
    the statements of text, and returns what the terminal showed."""
    term = Terminal(argv, child_env(tmp_path, PYTHON_BASIC_REPL="1", TERM="dumb", **env), tmp_path)
    try:
        term.prompt()
        for statement in statements(text):
            term.type_statement(statement)
        term.finish()
        return term.text()
    finally:
        term.close()


def test_statements_split_as_typed():
    assert statements(IMPORTS + AXPB + SQUARE) == [
        "import json, math", "import numpy as np", "from pyjitc import cuda", AXPB.rstrip("\n"), SQUARE.rstrip("\n")]


# ---- the interactive prompt ---------------------------------------------------------------------

@needs_pty
@needs_readline
def test_kernel_typed_at_the_prompt(tmp_path):
    """The basic prompt compiles each statement alone under the name "<stdin>" and keeps no text:
    pyjitc finds it in readline's history and uses it once it compiles to the kernel's code."""
    shown = basic_prompt([sys.executable, "-q"], tmp_path, SCRIPT)
    check(shown)
    assert "Error" not in shown, shown


@needs_pty
@needs_readline
def test_prompt_lines_typed_twice_in_a_row(tmp_path):
    """readline keeps one of two identical lines typed in a row; the kernel's code says how many
    lines are missing, and the text with them restored is the one that compiles to it. (Python
    3.13's basic prompt keeps its statements in linecache: cleared here, so that the history is
    what is read there too.)"""
    twice = """\
@cuda.jit
def twice(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + 1.0
        out[i] = out[i] * x[i]
        out[i] = out[i] * x[i]
"""
    text = IMPORTS + twice + RUN[0] + "\nimport linecache; linecache.clearcache()\n" + \
        f"twice[3, 128](x, out); print('=' * 3 + 'RESULT twice', json.dumps(out.tolist()))\n"
    got = results(basic_prompt([sys.executable, "-q"], tmp_path, text), ("twice",))["twice"]
    x = np.linspace(0.0, 3.0, N)
    np.testing.assert_allclose(got, (x + 1.0) * x * x, rtol=1e-12)


@needs_pty
@needs_readline
def test_kernel_typed_at_the_prompt_after_a_script(tmp_path):
    """`python3 -i script.py`: the script's names are there at the prompt, and a kernel typed
    there compiles as at the plain prompt."""
    (tmp_path / "setup_names.py").write_text(IMPORTS + SQUARE)
    text = AXPB + FACTORY + "\n".join(RUN) + "\n"
    check(basic_prompt([sys.executable, "-q", "-i", str(tmp_path / "setup_names.py")], tmp_path, text))


@needs_pty
@needs_readline
def test_cleared_history_says_where_pyjitc_looked(tmp_path):
    """Where the prompt's text is gone (the history cleared; in 3.13, linecache too), the error
    is a SourceNotFoundError, an OSError and no TypingError, that names the places tried."""
    text = IMPORTS + "from pyjitc.errors import SourceNotFoundError, TypingError\n" + AXPB + """\
import linecache, readline; readline.clear_history(); linecache.clearcache()
try:
    axpb[1, 32](1.0, np.zeros(4), 1.0, np.zeros(4))
except Exception as e:
    print('=' * 3 + 'CAUGHT', type(e).__name__, isinstance(e, OSError), isinstance(e, TypingError)); print(e)
"""
    shown = basic_prompt([sys.executable, "-q"], tmp_path, text)
    assert "===CAUGHT SourceNotFoundError True False" in shown, shown
    assert re.search(r"cannot find the source text of 'axpb' \(<stdin>(-\d+)?, line 1\)", shown), shown
    assert "the prompt's readline history" in shown and "standard input, a terminal" in shown, shown
    assert "Type the definition again at the prompt" in shown, shown


@needs_pty
@pytest.mark.skipif(sys.version_info < (3, 13), reason="Python 3.13's new prompt")
def test_kernel_pasted_at_the_new_prompt(tmp_path):
    """Python 3.13's prompt keeps what was typed in linecache ("<python-input-N>"). A block is
    pasted (bracketed paste), as its auto-indentation would indent typed lines twice."""
    term = Terminal([sys.executable, "-q"], child_env(tmp_path, TERM="xterm"), tmp_path)
    try:
        term.prompt()
        for statement in statements(SCRIPT):
            start = len(term.raw)
            os.write(term.fd, b"\x1b[200~" + statement.encode() + b"\n\x1b[201~")
            time.sleep(0.1)
            os.write(term.fd, b"\n")
            term.wait_for(lambda t: t.endswith(">>> "), 90, "the prompt", start)
        term.finish()
        check(term.text())
    finally:
        term.close()


# ---- standard input, -c, exec() ---------------------------------------------------------------

def test_script_redirected_from_a_file(tmp_path):
    """`python3 - < script.py`: standard input is a file, which pyjitc reads again."""
    (tmp_path / "script.py").write_text(SCRIPT)
    with open(tmp_path / "script.py") as f:
        r = run([sys.executable, "-"], tmp_path, stdin=f)
    assert r.returncode == 0, r.stderr
    check(r.stdout)


def test_script_redirected_to_an_interactive_python(tmp_path):
    """`python3 -i < script.py`: the statements are compiled one at a time, as at the prompt,
    and are found in the file so (an empty line ends a compound statement there)."""
    (tmp_path / "script.py").write_text("\n\n".join(statements(SCRIPT)) + "\n")
    with open(tmp_path / "script.py") as f:
        r = run([sys.executable, "-q", "-i"], tmp_path, stdin=f)
    assert r.returncode == 0, r.stderr
    check(r.stdout)


def test_script_piped_says_what_to_do(tmp_path):
    """`cat script.py | python3 -`: Python read the text from the pipe and kept none; nothing can
    read it again. The error says so and what works instead."""
    script = IMPORTS + "from pyjitc.errors import SourceNotFoundError, TypingError\n" + AXPB + """
try:
    axpb[1, 32](1.0, np.zeros(4), 1.0, np.zeros(4))
except Exception as e:
    print('=' * 3 + 'CAUGHT', type(e).__name__, isinstance(e, OSError), isinstance(e, TypingError)); print(e)
"""
    r = run([sys.executable, "-"], tmp_path, input=script)
    assert r.returncode == 0, r.stderr
    assert "===CAUGHT SourceNotFoundError True False" in r.stdout, r.stdout
    assert "cannot find the source text of 'axpb' (<stdin>, line 5)" in r.stdout, r.stdout
    assert "standard input, a pipe" in r.stdout and "python3 - < file.py" in r.stdout, r.stdout
    assert "TypingError" not in r.stderr, r.stderr


def test_uncaught_not_found_is_no_typing_error(tmp_path):
    r = run([sys.executable, "-"], tmp_path, input=IMPORTS + AXPB + "axpb[1, 32](1.0, np.zeros(4), 1.0, np.zeros(4))\n")
    assert r.returncode == 1
    assert "pyjitc.errors.SourceNotFoundError: cannot find the source text of 'axpb'" in r.stderr, r.stderr


def test_python_dash_c(tmp_path):
    r = run([sys.executable, "-c", SCRIPT], tmp_path)
    assert r.returncode == 0, r.stderr
    check(r.stdout)


def test_exec_of_a_string(tmp_path):
    """exec() of a text, and compile() of one under a name of its own, in a script."""
    script = IMPORTS + textwrap.dedent(f"""
        ns = {{"cuda": cuda, "math": math}}
        exec({AXPB + SQUARE!r}, ns)
        exec(compile({FACTORY!r}, "<made by a generator>", "exec"), ns)
        axpb, make = ns["axpb"], ns["make"]
        """) + "\n".join(RUN) + "\n"
    (tmp_path / "uses_exec.py").write_text(script)
    r = run([sys.executable, str(tmp_path / "uses_exec.py")], tmp_path)
    assert r.returncode == 0, r.stderr
    check(r.stdout)


# ---- IPython and Jupyter --------------------------------------------------------------------------

def test_ipython_cells(tmp_path):
    """IPython keeps each cell's text in linecache ("<ipython-input-N-HASH>"); a kernel defined
    in one cell launches in the next."""
    pytest.importorskip("IPython")
    cells = [IMPORTS + AXPB + SQUARE, FACTORY, "\n".join(RUN)]
    driver = textwrap.dedent(f"""
        import sys
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        for cell in {cells!r}:
            if not shell.run_cell(cell).success:
                sys.exit(1)
        """)
    r = run([sys.executable, "-c", driver], tmp_path, env=child_env(tmp_path, IPYTHONDIR=str(tmp_path / "ipython")))
    assert r.returncode == 0, r.stdout + r.stderr
    check(r.stdout)


def test_ipython_command_line(tmp_path):
    pytest.importorskip("IPython")
    r = run([sys.executable, "-m", "IPython", "--no-banner", "-c", SCRIPT], tmp_path,
            env=child_env(tmp_path, IPYTHONDIR=str(tmp_path / "ipython")))
    assert r.returncode == 0, r.stdout + r.stderr
    check(r.stdout)


def test_jupyter_cells(tmp_path):
    """A real Jupyter kernel (ipykernel, driven by jupyter_client as a notebook front end drives
    it): cells are compiled under "/tmp/ipykernel_PID/HASH.py" and kept in linecache."""
    pytest.importorskip("ipykernel")
    pytest.importorskip("jupyter_client")
    cells = [IMPORTS + AXPB + SQUARE, FACTORY, "\n".join(RUN)]
    driver = textwrap.dedent(f"""
        import sys
        from jupyter_client.manager import start_new_kernel
        km, kc = start_new_kernel(kernel_name="python3", startup_timeout=120)
        failed = []
        def hook(msg):
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                sys.stdout.write(msg["content"]["text"])
            elif kind == "error":
                failed.append(msg["content"]["ename"] + ": " + msg["content"]["evalue"])
                sys.stdout.write("\\n".join(msg["content"]["traceback"]) + "\\n")
        try:
            for cell in {cells!r}:
                reply = kc.execute_interactive(cell, timeout=120, output_hook=hook)
                if reply["content"]["status"] != "ok" or failed:
                    print("cell failed:", failed)
                    sys.exit(1)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
        """)
    env = child_env(tmp_path, IPYTHONDIR=str(tmp_path / "ipython"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
                    JUPYTER_PLATFORM_DIRS="1")
    r = run([sys.executable, "-c", driver], tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    check(r.stdout)
