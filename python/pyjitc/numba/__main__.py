"""python -m pyjitc.numba: runs a numba-cuda program with numba.cuda resolved to pyjitc.

    python -m pyjitc.numba script.py [args]     the script, as `python script.py [args]` runs it
    python -m pyjitc.numba -m module [args]     a module, as `python -m module [args]` (-m pytest too)
    python -m pyjitc.numba -c code [args]       a program given as text, as `python -c`"""
import os
import runpy
import sys

USAGE = """usage: python -m pyjitc.numba script.py [args ...]
       python -m pyjitc.numba -m module [args ...]
       python -m pyjitc.numba -c code [args ...]

Runs a numba-cuda program with `numba.cuda` resolved to pyjitc (the GPU, or pyjitc's CPU
executor where there is none; PYJITC_TARGET=cpu forces it). Other numba modules stay numba's
where numba is installed; without numba, a stand-in provides numba.cuda, the type names,
numba.types and njit. See docs/numba.md."""


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    if argv[0] in ("-m", "-c") and len(argv) < 2:
        print(f"python -m pyjitc.numba: {argv[0]} needs an argument\n\n{USAGE}", file=sys.stderr)
        return 2
    if argv[0].startswith("-") and argv[0] not in ("-m", "-c"):
        print(f"python -m pyjitc.numba: unknown option {argv[0]}\n\n{USAGE}", file=sys.stderr)
        return 2

    from . import install
    install()
    if argv[0] == "-m":  # sys.path[0] stays the current directory, as with python -m
        sys.argv = [argv[1]] + argv[2:]  # run_module puts the module's file in argv[0]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    elif argv[0] == "-c":
        sys.argv = ["-c"] + argv[2:]
        sys.path[0] = ""
        main_globals = {"__name__": "__main__", "__builtins__": __builtins__}
        exec(compile(argv[1], "<string>", "exec"), main_globals)
    else:
        script = argv[0]
        if not os.path.exists(script):
            print(f"python -m pyjitc.numba: can't open file {os.path.abspath(script)!r}: "
                  "[Errno 2] No such file or directory", file=sys.stderr)
            return 2
        sys.argv = argv
        sys.path[0] = os.path.dirname(os.path.realpath(script))  # the script's folder, as `python script.py`
        runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
