# Sourced by the GPU machine's scripts (gpu-test.sh, gpu-sanitize.sh), after scripts/gpu-bundle.sh
# here: installs bundle/'s wheel as a user would, into a fresh virtual environment over the
# machine's own packages (NumPy, numba-cuda, CuPy, PyTorch stay visible), and the carried wheels
# of the test dependencies (.whl/) beside it. Sets:
#   PJ_VENV  the environment (/tmp/pyjitc-venv); PJ_PY its python
#   PJ_LIB   the installed package's folder (its library, for the C test programs)
#   PYJITC   the installed `pyjitc` command (tests/e2e runs it)
# and PATH / PYTHONPATH / MPI4PY_LIBMPI for the test dependencies.
root=${root:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
PJ_VENV=/tmp/pyjitc-venv
rm -rf "$PJ_VENV"
python3 -m venv --system-site-packages "$PJ_VENV"
PJ_PY="$PJ_VENV/bin/python"
# the machine's python3 may itself be a virtual environment (/opt/torch/.venv), whose packages
# --system-site-packages does not reach (it gives the base installation's): a .pth adds them as
# site directories (their own .pth files run too: numba-cuda's import redirector), after the new
# environment's own, so that the installed pyjitc comes first
python3 -c 'import site; print("import site; " + "; ".join(f"site.addsitedir({d!r})" for d in site.getsitepackages()))' \
  > "$("$PJ_PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/_pyjitc_machine.pth"
"$PJ_PY" -m pip install --quiet --no-index --no-deps "$root"/bundle/pyjitc-*.whl
PJ_LIB=$(cd /tmp && "$PJ_PY" -c 'import os, pyjitc; print(os.path.dirname(pyjitc.__file__))')
PYJITC="$PJ_VENV/bin/pyjitc"
if [ -d "$root/.whl" ]; then  # the carried wheels, but not pytest's where the machine has its own (and its plugins)
  wheels=()
  has_pytest=$("$PJ_PY" -c 'import pytest' 2>/dev/null && echo yes || true)
  for w in "$root"/.whl/*.whl; do
    case $(basename "$w") in pytest-*|pluggy-*|iniconfig-*|packaging-*) [ -n "$has_pytest" ] && continue ;; esac
    wheels+=("$w")
  done
  rm -rf /tmp/pyjitc-site
  "$PJ_PY" -m pip install -q --no-index --no-deps --no-compile --target /tmp/pyjitc-site "${wheels[@]}" >/dev/null
  export PYTHONPATH=/tmp/pyjitc-site${PYTHONPATH:+:$PYTHONPATH}
  # pip --target leaves out the mpich wheel's lib/ (libmpi and the libraries it loads from
  # $ORIGIN/mpich): take it from the wheel, and tell mpi4py where libmpi is
  "$PJ_PY" -c 'import glob, os, sys, zipfile
for whl in glob.glob(os.path.join(sys.argv[1], ".whl", "mpich-*.whl")):
    z = zipfile.ZipFile(whl)
    for n in z.namelist():
        rel = n.split("/data/lib/", 1)[1] if "/data/lib/" in n else ""
        if rel and not n.endswith("/"):
            dest = os.path.join("/tmp/pyjitc-site/lib", rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            open(dest, "wb").write(z.read(n))' "$root"
  [ -e /tmp/pyjitc-site/lib/libmpi.so.12 ] && export MPI4PY_LIBMPI=/tmp/pyjitc-site/lib/libmpi.so.12
fi
export PATH="$PJ_VENV/bin:/tmp/pyjitc-site/bin:$PATH" PYJITC PJ_VENV PJ_PY PJ_LIB
echo "gpu-env: $(basename "$root"/bundle/pyjitc-*.whl) installed in $PJ_VENV ($("$PYJITC" --version | head -1))"
