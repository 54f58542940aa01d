"""The `pyjitc` command of an installed package (and `python -m pyjitc`): the command line
program installed inside the package (pyjitc/bin/pyjitc; in the build tree, a link to the build's
`pyjitc`), run in this process's place with the same arguments, so that its options, output and
exit status are the program's own. A module of its own, outside the package: finding the program
does not import pyjitc (and NumPy), which would make every command 150 ms slower."""
import importlib.util
import os
import sys


def program():
    """The command line program's path inside the installed package, or None."""
    spec = importlib.util.find_spec("pyjitc")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        exe = os.path.join(folder, "bin", "pyjitc")
        if os.access(exe, os.X_OK):
            return exe
    return None


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    exe = program()
    if exe is None:
        sys.stderr.write("pyjitc: this installation of the pyjitc package has no command line program "
                         "(pyjitc/bin/pyjitc); reinstall it\n")
        return 1
    env = dict(os.environ)
    # where this Python's packages are, so that the program finds an NVIDIA wheel's libdevice
    # (pyjitc[cu12], pyjitc[cu13]) wherever pip put it (pj_libdevice_find reads PYJITC_SITE_DIRS)
    env.setdefault("PYJITC_SITE_DIRS", os.pathsep.join(p for p in sys.path if p and os.path.isdir(p)))
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(exe, ["pyjitc", *args], env)


if __name__ == "__main__":
    sys.exit(main())
