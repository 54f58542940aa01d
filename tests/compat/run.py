#!/usr/bin/env python3
"""How much of numba-cuda's own test suite (numba/cuda/tests/cudapy, numba-cuda 0.30.4) passes
under pyjitc, counted as a numba-cuda user's install would run it.

    python3 tests/compat/run.py [--target cpu|cuda] [--only FILE...] [--out PATH] [--jobs N]

Each test file runs unchanged in its own process (worker.py) with what a numba-cuda user has:
numba itself and numba-cuda's (test) dependencies, pip-installed at pinned versions into a scratch
site (.deps/compat-site-pyXY, made on first use), and `numba.cuda` redirected to pyjitc by the
product's pyjitc.numba; numba-cuda's suite modules (numba.cuda.testing, numba.cuda.tests.support)
are the stand-in's (standin/). A test is passed, failed, skipped (by its own decorators or
skipTest, as on a GPU install) or not applicable (listed in not_applicable.txt: tests of numba's
internals). A file that does not import fails all its tests; a hang or crash fails only the test
that caused it (the file's process is restarted after it). Prints a table and writes it as
markdown to --out (default docs/compat.md).

Exit status: 0 when the runner worked, whatever the tests did; 2 when it is broken (numba-cuda or
the scratch site could not be installed, the stand-in does not load, no results)."""
import argparse
import ast
import collections
import concurrent.futures
import datetime
import fnmatch
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGE = "numba.cuda.tests.cudapy"
PYVER = f"py{sys.version_info[0]}{sys.version_info[1]}"

# What a numba-cuda 0.30.4 user's test environment has besides NumPy (the machine's, which pyjitc
# uses too), pinned: numba-cuda's requirements (numba >= 0.60, cuda-bindings >= 12.9.1 and < 14,
# cuda-core >= 0.5.1 and < 2, cuda-pathfinder >= 1.4 and < 2) and the test dependencies its suite
# imports (its `test` dependency group: ml_dtypes, cffi, filecheck; pytest and psutil are the
# machine's), each with what it requires (numba: llvmlite; cffi: pycparser). The versions are those
# pip picks for `pip install numba-cuda==0.30.4` today; numba-cuda itself is never installed.
SITE_PINS = ("numba==0.68.1", "llvmlite==0.50.0", "cuda-bindings==13.5.0", "cuda-core==1.2.2",
             "cuda-pathfinder==1.9.1", "ml_dtypes==0.6.0", "cffi==2.0.0", "pycparser==2.23", "filecheck==1.0.6")


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", choices=("cpu", "cuda"), default=os.environ.get("PYJITC_TARGET", "cpu"),
                    help="where pyjitc runs the kernels (default: $PYJITC_TARGET or cpu)")
    ap.add_argument("--only", nargs="+", metavar="FILE", help="run only these test files (test_x or test_x.py)")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "compat.md"), help="markdown report (default docs/compat.md)")
    ap.add_argument("--json", help="also write every test's result as JSON here")
    ap.add_argument("--jobs", type=int, default=2, help="test files run at once (default 2)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per test file (default 120)")
    ap.add_argument("--test-timeout", type=float, default=60, help="seconds per test (default 60)")
    ap.add_argument("--budget", type=float, default=0, help="seconds for the whole run; files not started "
                    "by then are reported as not run (default: no limit)")
    ap.add_argument("--pyjitc", default=os.environ.get("PYJITC_PYTHONPATH", os.path.join(ROOT, "build", "python")),
                    help="folder holding the pyjitc package (default build/python)")
    ap.add_argument("--deps", default=os.path.join(ROOT, ".deps", "numba-cuda"),
                    help="numba-cuda's extracted files (default .deps/numba-cuda)")
    ap.add_argument("--site", default=os.path.join(ROOT, ".deps", f"compat-site-{PYVER}"),
                    help="the scratch site holding numba and numba-cuda's test dependencies (default "
                    f".deps/compat-site-{PYVER}; pip-installed there on first use)")
    ap.add_argument("--no-site", action="store_true", help="no scratch site: use the packages the interpreter has "
                    "(numba, llvmlite, cuda-bindings, cuda-core, ml_dtypes, cffi, filecheck must be installed)")
    ap.add_argument("--no-fetch", action="store_true", help="never download (numba-cuda into --deps, the scratch "
                    "site's packages): fail if they are not there")
    ap.add_argument("--na", default=os.path.join(HERE, "not_applicable.txt"), help="the not-applicable list")
    ap.add_argument("--causes", default=os.path.join(HERE, "causes.txt"), help="failure causes (regular expressions)")
    ap.add_argument("--python", default=sys.executable, help="interpreter for the test processes")
    ap.add_argument("--from-json", metavar="PATH", help="run nothing: write the report of an earlier run's --json "
                    "(after a change of causes.txt)")
    return ap.parse_args(argv)


class Broken(Exception):
    """The runner itself cannot work."""


# ---- set-up ------------------------------------------------------------------------------------

def tests_dir(deps):
    return os.path.join(deps, "numba_cuda", "numba", "cuda", "tests", "cudapy")


def ensure_deps(args):
    if args.no_fetch or os.path.isfile(os.path.join(args.deps, ".verified")):
        if not os.path.isdir(tests_dir(args.deps)):
            raise Broken(f"numba-cuda's tests are not in {args.deps}" + (" (and --no-fetch)" if args.no_fetch else ""))
        return
    print(f"compat: fetching numba-cuda into {args.deps}", flush=True)
    proc = subprocess.run(["bash", os.path.join(HERE, "fetch.sh"), args.deps])
    if proc.returncode != 0 or not os.path.isdir(tests_dir(args.deps)):
        raise Broken("fetching numba-cuda failed")


def site_ready(site):
    try:
        with open(os.path.join(site, ".pins"), encoding="utf-8") as f:
            return f.read().split() == list(SITE_PINS)
    except OSError:
        return False


def ensure_site(args):
    """The scratch site: SITE_PINS pip-installed into --site (without their dependencies, so that
    NumPy stays the machine's), once; redone when the pins change. Two runs at once wait for each
    other (a lock next to it)."""
    if args.no_site:
        return
    site = os.path.abspath(args.site)
    if site_ready(site):
        return
    if args.no_fetch:
        raise Broken(f"no scratch site at {site} (and --no-fetch): run once with network, or use --no-site")
    import fcntl
    os.makedirs(os.path.dirname(site), exist_ok=True)
    with open(site + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if site_ready(site):
            return
        print(f"compat: installing {' '.join(SITE_PINS)} into {site}", flush=True)
        tmp = site + ".new"
        subprocess.run(["rm", "-rf", tmp], check=False)
        t0 = time.monotonic()
        proc = subprocess.run([args.python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--no-input", "--no-deps", "--only-binary", ":all:", "--target", tmp, *SITE_PINS],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
            subprocess.run(["rm", "-rf", tmp], check=False)
            raise Broken("pip could not install the scratch site:\n  " + "\n  ".join(tail))
        with open(os.path.join(tmp, ".pins"), "w", encoding="utf-8") as f:
            f.write("\n".join(SITE_PINS) + "\n")
        subprocess.run(["rm", "-rf", site], check=False)
        os.rename(tmp, site)
        print(f"compat: scratch site ready ({time.monotonic() - t0:.0f} s)", flush=True)


def child_env(args):
    env = dict(os.environ)
    # the stand-in first (its sitecustomize installs it in every Python process, the ones the tests
    # start themselves too), then pyjitc, then the scratch site
    site = None if args.no_site else os.path.abspath(args.site)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (os.path.join(HERE, "standin"), os.path.abspath(args.pyjitc),
                                                    site, env.get("PYTHONPATH")) if p)
    env["PYJITC_COMPAT_SUITE"] = "1"
    env["PYJITC_TARGET"] = args.target
    env["PYJITC_TEST_TARGET"] = args.target
    env["PYJITC_COMPAT_DEPS"] = os.path.abspath(args.deps)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONFAULTHANDLER"] = "1"
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    return env


def check_standin(args):
    """The stand-in loads, numba is numba and numba.cuda is pyjitc.cuda; retried, as pyjitc may be
    being rebuilt."""
    last = ""
    for attempt in range(4):
        proc = subprocess.run([args.python, os.path.join(HERE, "worker.py"), "--check"], env=child_env(args),
                              capture_output=True, text=True, timeout=120, cwd=tempfile.gettempdir())
        if proc.returncode == 0:
            return proc.stdout.strip()
        last = (proc.stdout + proc.stderr).strip()
        if attempt < 3:
            time.sleep(5 * (attempt + 1))
    raise Broken(f"the numba stand-in does not load:\n{last}")


def load_na(path):
    """not_applicable.txt: `FILE[::PATTERN]  reason` lines; PATTERN matches `Class.method` (fnmatch).
    A FILE that is not a test_*.py is a helper module of the suite that exists only for n/a tests:
    the test processes get a missing module in its place (see standin/pyjitc_compat.py)."""
    whole, parts, helpers = {}, collections.defaultdict(list), {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip()
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split(None, 1)
            if len(fields) < 2:
                raise Broken(f"{path}:{n}: an entry needs a reason: {line.strip()!r}")
            key, reason = fields[0], fields[1].strip()
            file, _, pattern = key.partition("::")
            if not file.endswith(".py"):
                raise Broken(f"{path}:{n}: not a test file name: {file!r}")
            if not file.startswith("test_"):
                helpers[file] = reason
            elif pattern:
                parts[file].append((pattern, reason))
            else:
                whole[file] = reason
    return whole, parts, helpers


def load_causes(path):
    """causes.txt: `CAUSE<TAB>REGEX` lines, first match wins."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = [x for x in line.rstrip("\n").split("\t") if x.strip()]
            if len(fields) != 2:
                raise Broken(f"{path}:{n}: want CAUSE<TAB>REGEX")
            try:
                out.append((fields[0].strip(), re.compile(fields[1].strip())))
            except re.error as e:
                raise Broken(f"{path}:{n}: bad regular expression: {e}") from None
    return out


def static_tests(path):
    """The test ids of a file from its source (for files that are not run or do not import):
    test methods of classes deriving from a *TestCase (through the file's own classes too),
    including inherited ones, and module-level `test*()` functions without parameters."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}

    def base_names(c):
        for b in c.bases:
            yield b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""

    def is_case(c, seen=()):
        for b in base_names(c):
            if b.endswith("TestCase") or (b in classes and b not in seen and is_case(classes[b], seen + (b,))):
                return True
        return False

    def methods(c, seen=()):
        out = [f.name for f in c.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
               and f.name.startswith("test")]
        for b in base_names(c):
            if b in classes and b not in seen:
                out += [m for m in methods(classes[b], seen + (b,)) if m not in out]
        return out

    ids = [f"{c.name}.{m}" for c in classes.values() if is_case(c) for m in methods(c)]
    ids += [f.name for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test")
            and not f.args.args and not f.args.vararg and not f.args.kwonlyargs]
    return ids


# ---- running one file ----------------------------------------------------------------------------

_PATH = re.compile(r"(?:/[^\s:'\"]+/)([^/\s:'\"]+\.\w+)")


def tidy(message):
    """One line, absolute paths cut to the file name."""
    line = message.replace("\n", " ").strip()
    line = _PATH.sub(r"\1", line)
    return line[:200]


class FileRun:
    """Runs one test file in worker processes until every test has a result or time is out."""

    def __init__(self, args, file, na_patterns, deadline):
        self.args, self.file, self.na_patterns, self.deadline = args, file, na_patterns, deadline
        self.module = f"{PACKAGE}.{file[:-3]}"
        self.results = {}  # id -> (outcome, message)
        self.collected = None
        self.import_error = None
        self.module_skip = None
        self.notes = []
        self.fatal = None
        self.seconds = 0.0

    def run(self):
        t0 = time.monotonic()
        end = min(t0 + self.args.timeout, self.deadline) if self.deadline else t0 + self.args.timeout
        with tempfile.TemporaryDirectory(prefix="pyjitc-compat-") as tmp:
            for attempt in range(50):
                if not self.one_process(tmp, attempt, end):
                    break
        if self.collected is not None:
            for tid in self.collected:
                if tid not in self.results:
                    self.results[tid] = ("fail", "not run: the file's time ran out (--timeout)")
        self.seconds = time.monotonic() - t0
        return self

    def one_process(self, tmp, attempt, end):
        """Runs a worker; True when it must be started again (a test hung or crashed)."""
        events_path = os.path.join(tmp, f"events{attempt}.jsonl")
        skip_path = os.path.join(tmp, f"skip{attempt}.json")
        with open(skip_path, "w") as f:
            json.dump(sorted(self.results), f)
        log = open(os.path.join(tmp, f"log{attempt}.txt"), "w+")
        cmd = [self.args.python, os.path.join(HERE, "worker.py"), "--module", self.module, "--events", events_path,
               "--skip", skip_path, "--missing-module", *self.args.missing_modules,
               "--na", *[p for p, _ in self.na_patterns]]
        proc = subprocess.Popen(cmd, env=child_env(self.args), stdout=log, stderr=subprocess.STDOUT,
                                cwd=tmp, start_new_session=True)
        reader = _EventReader(events_path)
        current, started = None, time.monotonic()
        killed = None  # ("file" | "test", why)
        while True:
            rc = proc.poll()
            for ev in reader.read():
                current, started = self.handle(ev, current, started)
            if rc is not None:
                break
            now = time.monotonic()
            if now > end:
                killed = ("file", "timed out: the file's time (--timeout, or the run's --budget) ran out")
            elif current is not None and now - started > self.args.test_timeout:
                killed = ("test", f"timed out after {self.args.test_timeout:.0f} s (--test-timeout)")
            if killed:
                _kill(proc)
                break
            time.sleep(0.05)
        for ev in reader.read():
            current, started = self.handle(ev, current, started)
        log.seek(0)
        tail = log.read()[-4000:]
        log.close()
        if self.fatal:
            return False
        more_time = time.monotonic() < end
        if current is not None:  # a test was running when the process ended: it is the culprit
            if killed:
                self.results[current] = ("fail", killed[1])
            else:
                self.results[current] = ("fail", f"crashed the test process ({_status(proc.returncode)}): "
                                                 f"{_crash_line(tail)}")
            return killed is None or (killed[0] == "test" and more_time)
        if killed or reader.done:
            return False
        if self.collected is None:
            if self.import_error is None and self.module_skip is None:
                self.import_error = (f"the test process exited ({_status(proc.returncode)}) before collecting: "
                                     f"{_last_line(tail)}")
            return False
        rest = [t for t in self.collected if t not in self.results]
        if rest:  # it exited between tests (sys.exit, os._exit): the next test is blamed
            self.results[rest[0]] = ("fail", f"the test process exited ({_status(proc.returncode)}) "
                                             f"before this test: {_last_line(tail)}")
            return more_time
        return False

    def handle(self, ev, current, started):
        kind = ev.get("event")
        if kind == "collected":
            if self.collected is None:
                self.collected = ev["tests"]
        elif kind == "start":
            return ev["id"], time.monotonic()
        elif kind == "result":
            outcome = ev["outcome"]
            reason = ""
            if outcome == "na":
                reason = next((r for p, r in self.na_patterns if fnmatch.fnmatchcase(ev["id"], p)), "")
            self.results[ev["id"]] = (outcome, reason or tidy(ev.get("message", "")))
            return None, time.monotonic()
        elif kind == "import_error":
            self.import_error = self.import_error or tidy(ev["message"])
        elif kind == "module_skip":
            self.module_skip = tidy(ev["message"]) or "skipped by the module"
        elif kind == "fixture_error":
            for tid in self.collected or ():
                if tid not in self.results and (not ev.get("cls") or tid.startswith(ev["cls"] + ".")):
                    msg = ev["message"]
                    self.results[tid] = ("skip", msg[6:]) if msg.startswith("skip: ") else \
                        ("fail", "class set-up failed: " + tidy(msg))
        elif kind == "fatal":
            self.fatal = ev["message"]
        return current, started


class _EventReader:
    def __init__(self, path):
        self.path, self.pos, self.done, self.partial = path, 0, False, ""

    def read(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                f.seek(self.pos)
                data = f.read()
                self.pos = f.tell()
        except FileNotFoundError:
            return []
        data = self.partial + data
        lines = data.split("\n")
        self.partial = lines.pop()
        out = []
        for line in lines:
            if line.strip():
                ev = json.loads(line)
                if ev.get("event") == "done":
                    self.done = True
                out.append(ev)
        return out


def _kill(proc):
    import signal
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the worker's own session: it and what it started
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def _status(rc):
    """A process's exit status in words: the signal that killed it, or its exit code."""
    if rc is not None and rc < 0:
        import signal
        try:
            return f"killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exit status {rc}"


def _crash_line(text):
    """The line of a crashed process's output that says most: LLVM's or Python's fatal error."""
    for mark in ("LLVM ERROR", "Fatal Python error", "Assertion", "terminate called"):
        for ln in text.splitlines():
            if mark in ln:
                return tidy(ln.strip())
    return _last_line(text)


def _last_line(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return tidy(lines[-1]) if lines else "(no output)"


# ---- the whole run -------------------------------------------------------------------------------

class Row:
    def __init__(self, file):
        self.file = file
        self.tests = {}  # id -> (outcome, message)
        self.note = ""
        self.seconds = 0.0
        self.ran = True

    def count(self, outcome):
        return sum(1 for o, _ in self.tests.values() if o == outcome)

    def failures(self):
        return [(t, m) for t, (o, m) in sorted(self.tests.items()) if o == "fail"]


def run_all(args):
    ensure_deps(args)
    ensure_site(args)
    banner = check_standin(args)
    na_whole, na_parts, helpers = load_na(args.na)
    files = sorted(f for f in os.listdir(tests_dir(args.deps)) if f.startswith("test_") and f.endswith(".py"))
    for f in list(na_whole) + list(na_parts) + list(helpers):
        if not os.path.isfile(os.path.join(tests_dir(args.deps), f)):
            raise Broken(f"{args.na}: {f} is not a file of the test suite")
    for f, patterns in na_parts.items():  # a pattern that matches nothing is a typo, or the suite changed
        known = static_tests(os.path.join(tests_dir(args.deps), f))
        for p, _ in patterns:
            if not any(fnmatch.fnmatchcase(t, p) for t in known):
                raise Broken(f"{args.na}: {f}::{p} matches no test of {f}")
    args.missing_modules = [f"{PACKAGE}.{h[:-3]}" for h in sorted(helpers)]
    if args.only:
        want = {o if o.endswith(".py") else o + ".py" for o in (os.path.basename(x) for x in args.only)}
        unknown = want - set(files)
        if unknown:
            raise Broken(f"--only: no such test file: {', '.join(sorted(unknown))}")
        files = [f for f in files if f in want]

    t0 = time.monotonic()
    deadline = t0 + args.budget if args.budget else None
    rows = {f: Row(f) for f in files}
    todo = []
    for f in files:
        if f in na_whole:
            row = rows[f]
            row.tests = {t: ("na", na_whole[f]) for t in static_tests(os.path.join(tests_dir(args.deps), f))}
            row.note = "n/a: " + na_whole[f]
            row.ran = False
        else:
            todo.append(f)
    lock = threading.Lock()

    def work(f):
        row = rows[f]
        if deadline and time.monotonic() > deadline - 5:
            row.ran = False
            row.note = "not run: the run's time budget (--budget) ran out"
            return row
        for attempt in range(4):
            fr = FileRun(args, f, na_parts.get(f, []), deadline).run()
            transient = fr.fatal or (fr.collected is None and fr.import_error or "")
            if not ("ImportError" in transient and "pyjitc" in transient) or attempt == 3:
                break
            time.sleep(10 * (attempt + 1))  # the pyjitc build is being replaced: try again
        if fr.fatal:
            raise Broken(f"{f}: {fr.fatal}")
        row.seconds = fr.seconds
        if fr.module_skip is not None:
            statics = static_tests(os.path.join(tests_dir(args.deps), f))
            row.tests = {t: ("skip", fr.module_skip) for t in statics}
            row.note = "skipped: " + fr.module_skip
        elif fr.collected is None:
            statics = static_tests(os.path.join(tests_dir(args.deps), f))
            err = fr.import_error or "the test process collected nothing"
            row.tests = {}
            for t in statics:
                na = next((r for p, r in na_parts.get(f, []) if fnmatch.fnmatchcase(t, p)), None)
                row.tests[t] = ("na", na) if na else ("fail", "import failed: " + err)
            row.note = "import failed: " + err
        else:
            row.tests = dict(fr.results)
            if fr.import_error:
                row.note = fr.import_error
        with lock:
            p, fl, na, sk = (row.count(o) for o in ("pass", "fail", "na", "skip"))
            print(f"compat: {f:44s} {p:4d} passed {fl:4d} failed {na:4d} n/a {sk:4d} skipped  "
                  f"({row.seconds:.1f} s)", flush=True)
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(work, todo))
    elapsed = time.monotonic() - t0
    results = [rows[f] for f in files]
    if not any(r.ran and r.tests for r in results):
        raise Broken("no results: no test file produced any")
    return results, banner, elapsed


# ---- the report ----------------------------------------------------------------------------------

def normalise(message):
    """A failure message with the parts that vary between tests (places, numbers, names of
    types) masked, so equal causes count together."""
    m = re.sub(r"\S+\.py:\d+:\d+: ", "", message)
    m = re.sub(r"\b(u?int(8|16|32|64)|float(16|32|64)|complex(64|128)|bool)\b", "<type>", m)
    m = re.sub(r"\b\d+(\.\d+)?\b", "N", m)
    m = re.sub(r"'[^']*'", "'…'", m) if m.startswith(("AssertionError", "not run")) else m
    return m[:140]


def _commit():
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def report(args, results, banner, elapsed):
    tot = collections.Counter()
    for r in results:
        for o, _ in r.tests.values():
            tot[o] += 1
    tot["xfail"] += 0
    applicable = tot["pass"] + tot["fail"]
    pct = 100.0 * tot["pass"] / applicable if applicable else 0.0
    date = datetime.date.today().isoformat()

    # terminal
    width = max(len(r.file) for r in results)
    print()
    print(f"{'file':{width}s}  pass  fail   n/a  skip  first failure")
    for r in results:
        fails = r.failures()
        first = fails[0][1] if fails else r.note
        print(f"{r.file:{width}s} {r.count('pass'):5d} {r.count('fail'):5d} {r.count('na'):5d} "
              f"{r.count('skip') + r.count('xfail'):5d}  {first[:110]}")
    print(f"{'total':{width}s} {tot['pass']:5d} {tot['fail']:5d} {tot['na']:5d} {tot['skip'] + tot['xfail']:5d}")
    not_run = [r.file for r in results if r.note.startswith("not run")]
    unrun = f"; {len(not_run)} files NOT RUN (time budget)" if not_run else ""
    print(f"\ntarget {args.target}: passed {tot['pass']}, failed {tot['fail']}, skipped {tot['skip'] + tot['xfail']}, "
          f"not applicable {tot['na']}; passed / (passed + failed) = {tot['pass']} / {applicable} = {pct:.1f} %; "
          f"{elapsed:.0f} s{unrun}")

    rules = load_causes(args.causes)
    causes = collections.Counter()
    files_of = collections.defaultdict(set)
    by_cause = collections.Counter()
    cause_files = collections.defaultdict(set)
    for r in results:
        for t, m in r.failures():
            cause = next((name for name, rx in rules if rx.search(m)), None)
            if cause is None:
                key = normalise(m)
                causes[key] += 1
                files_of[key].add(r.file)
                cause = "other"
            by_cause[cause] += 1
            cause_files[cause].add(r.file)

    skipped = tot["skip"] + tot["xfail"]
    where = "the CPU executor" if args.target == "cpu" else "a CUDA GPU"
    env = banner.split("; packages: ")[-1].split("; device ")[0] if "; packages: " in banner else ""
    device = banner.split("; device ")[-1] if "; device " in banner else ""
    lines = [
        f"# numba-cuda's test suite under pyjitc: target `{args.target}`",
        "",
        "How many of numba-cuda's own tests (`numba/cuda/tests/cudapy` of numba-cuda 0.30.4, run unchanged)",
        f"pass under pyjitc on {where}, run as a numba-cuda user's install runs them: numba and numba-cuda's "
        "test dependencies installed, `numba.cuda` redirected to pyjitc by `pyjitc.numba`. "
        f"Made by `python3 tests/compat/run.py --target {args.target}` "
        "(how it counts: [tests/compat/README.md](../tests/compat/README.md)); CTest runs it as "
        f"`{'compat.report' if args.target == 'cpu' else 'compat.report_gpu'}`.",
        "",
        f"| target `{args.target}` | tests |",
        "|---|---:|",
        f"| passed | {tot['pass']} |",
        f"| failed (crashes, hangs and files that do not import included) | {tot['fail']} |",
        f"| skipped (by the tests themselves: skip decorators, skipTest, expected failures) | {skipped} |",
        "| not applicable (tests of numba's internals, listed in "
        f"[not_applicable.txt](../tests/compat/not_applicable.txt)) | {tot['na']} |",
        f"| **passed / (passed + failed)** | **{tot['pass']} / {applicable} = {pct:.1f} %** |",
        "",
        f"- date: {date}; pyjitc commit {_commit()}; device: {device}; {elapsed:.0f} s with {args.jobs} jobs"
        + (f"; **{len(not_run)} files not run** (the run's time budget ran out)" if not_run else ""),
        f"- installed: {env}" if env else "- installed: (unknown)",
        "",
        "| file | passed | failed | n/a | skipped | first failure |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in results:
        fails = r.failures()
        first = fails[0][1] if fails else r.note
        first = first.replace("|", "\\|")[:160]
        lines.append(f"| {r.file} | {r.count('pass')} | {r.count('fail')} | {r.count('na')} | "
                     f"{r.count('skip') + r.count('xfail')} | {first} |")
    lines.append(f"| **total** | **{tot['pass']}** | **{tot['fail']}** | **{tot['na']}** | "
                 f"**{tot['skip'] + tot['xfail']}** | |")
    lines += ["", "## Failures by cause", "",
              "Each failure's first line matched against [tests/compat/causes.txt](../tests/compat/causes.txt) "
              "(first match wins): what pyjitc lacks or does differently, by the number of tests it fails.", "",
              "| tests | files | cause |", "|---:|---:|---|"]
    for cause, n in by_cause.most_common():
        if cause != "other":
            lines.append(f"| {n} | {len(cause_files[cause])} | {cause} |")
    if by_cause["other"]:
        lines.append(f"| {by_cause['other']} | {len(cause_files['other'])} | other (below) |")
    lines += ["", "## Other failure messages", "",
              "Failures no cause matched, grouped by their first line (places, numbers and type names masked).", "",
              "| tests | files | message |", "|---:|---:|---|"]
    for key, n in causes.most_common(40):
        lines.append(f"| {n} | {len(files_of[key])} | {key.replace('|', chr(92) + '|')} |")
    if not causes:
        lines.append("| 0 | 0 | (none: every failure matched a cause) |")
    lines += ["", "## Every failure", ""]
    for r in results:
        fails = r.failures()
        if fails:
            lines.append(f"- **{r.file}**")
            for t, m in fails:
                lines.append(f"  - `{t}`: {m.replace('|', chr(92) + '|')}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"compat: wrote {args.out}")
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"target": args.target, "date": date, "banner": banner, "seconds": round(elapsed, 1),
                       "jobs": args.jobs, "files": {
                r.file: {t: {"outcome": o, "message": m} for t, (o, m) in sorted(r.tests.items())}
                for r in results}}, f, indent=1)


def load_json(args):
    """The results of an earlier run (its --json), for --from-json."""
    try:
        with open(args.from_json, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise Broken(f"--from-json: {e}") from None
    args.target, args.jobs = data["target"], data.get("jobs", args.jobs)
    results = []
    for file, tests in sorted(data["files"].items()):
        row = Row(file)
        row.tests = {t: (v["outcome"], tidy(v["message"])) for t, v in tests.items()}
        outcomes = {o for o, _ in row.tests.values()}
        if row.tests and outcomes in ({"na"}, {"skip"}):
            row.note = ("n/a: " if outcomes == {"na"} else "skipped: ") + next(iter(row.tests.values()))[1]
        results.append(row)
    return results, data.get("banner", ""), data.get("seconds", 0.0)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not os.path.isdir(args.pyjitc):
        print(f"compat: error: no pyjitc package folder {args.pyjitc} (--pyjitc)", file=sys.stderr)
        return 2
    try:
        if args.from_json:
            results, banner, elapsed = load_json(args)
        else:
            results, banner, elapsed = run_all(args)
    except Broken as e:
        print(f"compat: error: {e}", file=sys.stderr)
        return 2
    report(args, results, banner, elapsed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
