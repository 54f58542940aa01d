"""pyjitc kernels under MPI, unchanged: examples/scale/mpi_jacobi.py run by mpiexec (MPICH, from
the mpich and mpi4py wheels) with one, two and three ranks on the test's target (each rank a
process with its own device: the CPU executor in CI, a GPU of the GPU machine), its slabs'
halos exchanged through host buffers, or handed to MPI as device arrays (where the device's
memory is the host's: the CPU executor; a GPU would need a CUDA-aware MPI, which MPICH's wheel is
not). The gathered grid must match NumPy, and the runs over several ranks the one-rank run bit
for bit (each element is the same four-term sum)."""
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata

import numpy as np
import pytest

from conftest import ON_CUDA

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "examples", "scale", "mpi_jacobi.py")


def mpich_file(name):
    """A file the mpich wheel installed (wherever pip's scheme put it), or None."""
    try:
        for f in metadata.files("mpich") or []:
            if f.name == name and os.path.exists(f.locate()):
                return os.path.normpath(str(f.locate()))
    except metadata.PackageNotFoundError:
        pass
    return None


def mpiexec():
    """MPICH's launcher (mpiexec.hydra: a machine's own OpenMPI mpiexec may come first on the PATH,
    and refuses root): on the PATH, from the mpich wheel's files, or beside this Python."""
    for p in (shutil.which("mpiexec.hydra"), mpich_file("mpiexec.hydra"),
              os.path.join(sysconfig.get_path("scripts"), "mpiexec.hydra"),
              os.path.join(os.path.dirname(sys.executable), "mpiexec.hydra")):
        if p and os.path.exists(p):
            return p
    raise AssertionError("MPICH's mpiexec.hydra not found: scripts/setup.sh installs the mpich and mpi4py wheels")


def run(ranks, n, steps, tmp_path, buffers="host"):
    out = tmp_path / f"grid_{ranks}_{buffers}.npy"
    env = dict(os.environ, PYJITC_TARGET="cuda" if ON_CUDA else "cpu", PYTHONWARNINGS="ignore")
    # the wheel's libmpi for mpi4py: under /usr/local (Debian's pip) it is in no loader path until
    # ldconfig runs
    libmpi = os.environ.get("MPI4PY_LIBMPI") or mpich_file("libmpi.so.12")
    if libmpi:
        env["MPI4PY_LIBMPI"] = libmpi
    proc = subprocess.run([mpiexec(), "-n", str(ranks), sys.executable, EXAMPLE, "--n", str(n), "--steps",
                           str(steps), "--check", "--save", str(out), "--buffers", buffers], capture_output=True,
                          text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "max abs error against NumPy" in proc.stdout, proc.stdout
    assert f"on {ranks} ranks" in proc.stdout and f"through {buffers} buffers" in proc.stdout, proc.stdout
    return np.load(out)


@pytest.mark.parametrize("n,steps", [(96, 12), (257, 30)])
def test_mpi_jacobi_matches_one_rank(tmp_path, n, steps):
    one = run(1, n, steps, tmp_path)
    for ranks in (2, 3):
        many = run(ranks, n, steps, tmp_path)
        assert many.shape == (n, n)
        np.testing.assert_array_equal(many, one, err_msg=f"{ranks} ranks")


@pytest.mark.skipif(ON_CUDA, reason="device buffers need a CUDA-aware MPI on a GPU")
def test_mpi_jacobi_device_buffers(tmp_path):
    one = run(1, 130, 20, tmp_path)
    for ranks in (2, 3):
        np.testing.assert_array_equal(run(ranks, 130, 20, tmp_path, "device"), one, err_msg=f"{ranks} ranks")
