"""A Jacobi stencil over a 2-D grid split into slabs of rows, one MPI rank per GPU.

    mpiexec -n 2 python examples/scale/mpi_jacobi.py [--n 8192] [--steps 100] [--check]

Each rank selects GPU `rank % len(cuda.gpus)` (the machine's GPUs in turn; on the CPU executor,
where there is none, its own worker threads), keeps its slab of rows and two halo rows in device
memory, and after each step exchanges its boundary rows with the ranks above and below. With
--buffers device the rows go to MPI as they are, device arrays (their __cuda_array_interface__:
for a CUDA-aware MPI, and on the CPU executor, whose device memory is the host's); with --buffers
host through host buffers (copy_to_host of one row, MPI Sendrecv, copy_to_device into the halo);
auto (the default) takes device buffers on the CPU executor and where the MPI library says it is
CUDA-aware (Open MPI's MPIX_Query_cuda_support, MPICH's MPIX_GPU_query_support), host buffers
otherwise. The grid's outer rows and columns stay fixed. --check gathers the slabs on rank 0 and compares them with
NumPy (float64 sums) and writes nothing else; --save PATH saves the gathered grid (.npy)."""
import argparse
import ctypes
import time

import numpy as np
from mpi4py import MPI

from jacobi_common import agrees, initial_grid, max_error
from pyjitc import cuda  # numba's `from numba import cuda`: the kernel below is unchanged numba code


@cuda.jit
def jacobi_slab(src, dst, top_fixed, bottom_fixed):
    """dst's rows 1..n-2 from src's (rows 0 and n-1 are halos); a fixed row or column is copied."""
    i, j = cuda.grid(2)
    n, m = src.shape
    if 1 <= i < n - 1 and j < m:
        if j == 0 or j == m - 1 or (top_fixed and i == 1) or (bottom_fixed and i == n - 2):
            dst[i, j] = src[i, j]
        else:
            dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


def mpi_cuda_aware():
    """Whether the MPI library in this process says it takes CUDA device memory; False when it
    says no or cannot be asked (the safe answer: host buffers)."""
    lib = None
    try:
        with open("/proc/self/maps") as maps:  # the MPI library mpi4py loaded (not always global)
            for line in maps:
                path = line.split()[-1]
                if "/libmpi" in path and ".so" in path:
                    lib = ctypes.CDLL(path)
                    break
        lib = lib or ctypes.CDLL(None)
    except OSError:
        return False
    query = getattr(lib, "MPIX_Query_cuda_support", None)  # Open MPI
    if query is not None:
        query.restype = ctypes.c_int
        return query() == 1
    query = getattr(lib, "MPIX_GPU_query_support", None)  # MPICH 4: (MPIX_GPU_SUPPORT_CUDA = 0, &flag)
    if query is not None:
        flag = ctypes.c_int(0)
        return query(0, ctypes.byref(flag)) == 0 and flag.value == 1
    return False


def rows_of(rank, size, n):
    """This rank's rows [lo, hi) of the grid: as even a split as n allows."""
    base, extra = divmod(n, size)
    lo = rank * base + min(rank, extra)
    return lo, lo + base + (1 if rank < extra else 0)


def run(comm, n, steps, buffers="auto"):
    """The stencil on this rank's slab, its halos through `buffers` (device, host or auto);
    returns (seconds of the steps on the slowest rank, the gathered grid on rank 0 or None, the
    device used, the buffers used)."""
    rank, size = comm.Get_rank(), comm.Get_size()
    if len(cuda.gpus) > 1:  # counted without opening one: each rank then selects its own
        cuda.select_device(rank % len(cuda.gpus))
    dev = cuda.get_current_device()
    if buffers == "auto":
        buffers = "device" if not cuda.is_available() or mpi_cuda_aware() else "host"
    lo, hi = rows_of(rank, size, n)
    slab = np.zeros((hi - lo + 2, n), np.float32)  # halo rows 0 and -1
    slab[1:-1] = initial_grid(n)[lo:hi]
    src, dst = cuda.to_device(slab), cuda.to_device(slab)
    up, down = rank - 1 if rank > 0 else MPI.PROC_NULL, rank + 1 if rank < size - 1 else MPI.PROC_NULL
    send, recv = np.empty(n, np.float32), np.empty(n, np.float32)
    rows = hi - lo + 2
    grid = ((rows + 15) // 16, (n + 15) // 16)
    comm.Barrier()
    t0 = time.perf_counter()
    for _ in range(steps):
        # halos: my first row goes up and the row above comes into halo 0; my last row goes down
        # and the row below comes into the last halo
        if buffers == "device":
            cuda.synchronize()  # the last step's rows written before MPI reads them
            comm.Sendrecv(src[1], dest=up, recvbuf=src[rows - 1], source=down)
            comm.Sendrecv(src[rows - 2], dest=down, recvbuf=src[0], source=up)
            jacobi_slab[grid, (16, 16)](src, dst, rank == 0, rank == size - 1)
            src, dst = dst, src
            continue
        src[1].copy_to_host(send)
        comm.Sendrecv(send, dest=up, recvbuf=recv, source=down)
        if down != MPI.PROC_NULL:
            src[rows - 1].copy_to_device(recv)
        src[rows - 2].copy_to_host(send)
        comm.Sendrecv(send, dest=down, recvbuf=recv, source=up)
        if up != MPI.PROC_NULL:
            src[0].copy_to_device(recv)
        jacobi_slab[grid, (16, 16)](src, dst, rank == 0, rank == size - 1)
        src, dst = dst, src
    cuda.synchronize()
    elapsed = comm.allreduce(time.perf_counter() - t0, op=MPI.MAX)
    mine = src.copy_to_host()[1:-1]
    parts = comm.gather(mine, root=0)
    return elapsed, (np.concatenate(parts) if rank == 0 else None), dev, buffers


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--buffers", choices=["auto", "device", "host"], default="auto",
                   help="how halo rows go to MPI: device arrays (a CUDA-aware MPI), host copies, or auto")
    p.add_argument("--check", action="store_true")
    p.add_argument("--save")
    a = p.parse_args()
    comm = MPI.COMM_WORLD
    elapsed, grid, dev, buffers = run(comm, a.n, a.steps, a.buffers)
    names = comm.gather(f"{dev.id}:{dev.name.decode()}", root=0)
    if comm.Get_rank() == 0:
        print(f"{a.n}x{a.n} float32, {a.steps} steps on {comm.Get_size()} ranks ({', '.join(names)}), halos "
              f"through {buffers} buffers: {elapsed * 1e3:.1f} ms")
        if a.save:
            np.save(a.save, grid)
        if a.check and not agrees(max_error(grid, initial_grid(a.n), a.steps)):
            comm.Abort(1)


if __name__ == "__main__":
    main()
