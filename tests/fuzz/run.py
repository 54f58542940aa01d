#!/usr/bin/env python3
"""Runs the libFuzzer targets of tests/fuzz (README.md there) from a build made with PJ_FUZZ:

    python3 tests/fuzz/run.py --build build-fuzz --target compile --runs 1000000 --jobs 1

It makes each target's seed corpus (every kernel file of examples/ and tests/ for fuzz_compile;
.npy files of every dtype and the argument syntax's forms for fuzz_values; the signatures the tests
use for fuzz_signature) and the dictionary of the language's words, then runs the target over a
corpus kept in BUILD/fuzz/corpus/TARGET, so later runs go on from where earlier ones stopped.
Inputs that crash, leak, hang or time out are written to BUILD/fuzz/findings/TARGET. It prints
the executions done and the findings; the exit status is 1 when there are findings."""
import argparse, glob, hashlib, io, keyword, os, re, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def put(corpus, data):
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()
    path = os.path.join(corpus, name)
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)


def seeds_compile(corpus):
    files = glob.glob(os.path.join(ROOT, "examples", "*.py"))
    for sub in ("errors", "codegen", "e2e/kernels", "python"):
        files += glob.glob(os.path.join(ROOT, "tests", sub, "*.py"))
    for path in files:
        with open(path, "rb") as f:
            text = f.read()
        if b"cuda.jit" in text and len(text) < 200000:
            put(corpus, text)
    return len(files)


def npy_bytes(array):
    import numpy as np
    buf = io.BytesIO()
    np.save(buf, array)
    return buf.getvalue()


def seeds_values(corpus):
    import numpy as np
    n = 0
    rng = np.random.default_rng(1)
    for dt in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
               "float32", "float64", "complex64", "complex128", ">f4", ">i8"):
        for shape in ((), (0,), (5,), (3, 4), (2, 1, 3)):
            a = (rng.random(shape) * 100).astype(dt)
            put(corpus, b"\0" + npy_bytes(a))
            n += 1
        put(corpus, b"\0" + npy_bytes(np.asfortranarray((rng.random((3, 4)) * 9).astype(dt))))
    for spec in ("2.0", "3", "True", "-7", "float32(2.0)", "uint8(7)", "int64(-1)", "complex(1, 2)", "1e300",
                 "zeros(8,float32)", "ones((3,4),int32)", "arange(10,int64)", "rand(16,float64,7)",
                 "full(5,2.5,float32)", "zeros((2,3,4),uint8)", "empty(4,float16)", "arange(0,int8)",
                 "rand((4,4),float32)", "full((2,2),-1,int16)", "float16(0.5)", "bool(1)"):
        put(corpus, b"\1" + spec.encode())
        n += 1
    return n


def seeds_signature(corpus):
    sigs = set()
    for path in glob.glob(os.path.join(ROOT, "tests", "**", "*.py"), recursive=True):
        with open(path, errors="replace") as f:
            text = f.read()
        sigs.update(re.findall(r"[\"']((?:void|float32|float64|int32|int64|uint8|boolean)\([^\"'\n]*\))[\"']", text))
    sigs.update(["(float32, float32[:])", "void(float32[:, ::1], float64[::1, :], int8[:, :, :])",
                 "void(complex128[:], uint64, float16[:])", "void(CPointer(float32), intp)"])
    for s in sigs:
        put(corpus, s)
    return len(sigs)


def dictionary(path):
    words = list(keyword.kwlist)
    with open(os.path.join(ROOT, "stdlib", "builtins.def")) as f:
        words += sorted(set(re.findall(r'"([A-Za-z_][A-Za-z0-9_.]*)"', f.read())))
    words += ["cuda.jit", "@cuda.jit", "@cuda.jit(device=True)", "from numba import cuda", "import math",
              "import numpy as np", "cuda.grid(1)", "cuda.shared.array", "cuda.local.array", "range(", "\n    ",
              "\t", ":\n", "[:]", "[:, :]", "void(", "float32[:]", "int64[:, ::1]", "**", "//", "<<", "+=", "!="]
    seen = []
    for w in words:
        if w not in seen:
            seen.append(w)
    with open(path, "w") as f:
        for w in seen:
            f.write('"' + "".join(c if " " <= c <= "~" and c not in '\\"' else f"\\x{ord(c):02x}" for c in w) + '"\n')


SEEDS = {"compile": seeds_compile, "values": seeds_values, "signature": seeds_signature}
MAX_LEN = {"compile": 65536, "values": 8192, "signature": 1024}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build-fuzz"))
    ap.add_argument("--target", choices=sorted(SEEDS), action="append")
    ap.add_argument("--runs", type=int, default=100000, help="executions per target (per job)")
    ap.add_argument("--time", type=int, default=0, help="seconds per target, 0: no limit")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=10, help="seconds an input may take: a hang past it is a finding")
    ap.add_argument("--max-len", type=int, default=0, help="the longest input, bytes (default: the target's own)")
    ap.add_argument("--keep-going", action="store_true",
                    help="fork mode: go on after a timeout (kept as a finding; replay it alone to tell a hang from a "
                         "starved machine); crashes still stop the run")
    args = ap.parse_args()
    total_findings = 0
    for target in args.target or sorted(SEEDS):
        exe = os.path.join(args.build, f"fuzz_{target}")
        if not os.path.exists(exe):
            sys.exit(f"{exe} missing: cmake -S . -B {args.build} -DCMAKE_C_COMPILER=clang-19 -DPJ_FUZZ=ON && "
                     f"cmake --build {args.build} --target fuzz_{target}")
        work = os.path.join(args.build, "fuzz")
        corpus, seeds, findings = (os.path.join(work, d, target) for d in ("corpus", "seeds", "findings"))
        for d in (corpus, seeds, findings):
            os.makedirs(d, exist_ok=True)
        nseeds = SEEDS[target](seeds)
        cmd = [exe, corpus, seeds, f"-max_len={args.max_len or MAX_LEN[target]}", f"-timeout={args.timeout}", "-rss_limit_mb=4096",
               f"-artifact_prefix={findings}/", "-print_final_stats=1"]
        if target == "compile":
            dict_path = os.path.join(work, "python.dict")
            dictionary(dict_path)
            cmd.append(f"-dict={dict_path}")
        if args.keep_going:  # fork mode runs the jobs itself
            cmd += [f"-fork={args.jobs}", "-ignore_timeouts=1", "-ignore_ooms=0", "-ignore_crashes=0"]
        if args.runs:
            cmd.append(f"-runs={args.runs}")
        if args.time:
            cmd.append(f"-max_total_time={args.time}")
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:"
                   + os.environ.get("ASAN_OPTIONS", ""), UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
        before = set(os.listdir(findings))
        t0 = time.time()
        logs = []
        if args.jobs > 1 and not args.keep_going:
            procs = []
            for j in range(args.jobs):
                log = os.path.join(work, f"{target}-{j}.log")
                logs.append(log)
                procs.append(subprocess.Popen(cmd + [f"-seed={j + 1}"], stdout=subprocess.DEVNULL,
                                              stderr=open(log, "w"), env=env))
            for p in procs:
                p.wait()
        else:
            log = os.path.join(work, f"{target}-0.log")
            logs.append(log)
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=open(log, "w"), env=env)
        execs = 0
        for log in logs:
            with open(log, errors="replace") as f:
                text = f.read()
            m = re.findall(r"stat::number_of_executed_units:\s*(\d+)", text) or re.findall(r"^#(\d+):", text, re.M)
            execs += int(m[-1]) if m else 0
        new = sorted(set(os.listdir(findings)) - before)
        total_findings += len(new)
        print(f"fuzz_{target}: {execs} executions in {time.time() - t0:.0f} s ({nseeds} seeds, corpus "
              f"{len(os.listdir(corpus))}); findings: {len(new)}" + "".join(f"\n  {findings}/{n}" for n in new))
        if new:
            print(f"  log: {logs[0]}")
    sys.exit(1 if total_findings else 0)


if __name__ == "__main__":
    main()
