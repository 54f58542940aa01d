# lineinfo=True: the PTX names the source file and marks statements with their lines (.loc).
# ARGS: --emit=ptx --sig "void(float32[:])"
from numba import cuda


@cuda.jit(device=True)
def twice(v):
    return v * 2


@cuda.jit(lineinfo=True)
def k(a):
    i = cuda.grid(1)
    a[i] = twice(a[i])

# PTX-DAG: .loc {{[0-9]+}} 13 5
# PTX-DAG: .loc {{[0-9]+}} 14 5
# PTX-DAG: .file {{[0-9]+}} "{{.*}}lineinfo_ptx.py"
