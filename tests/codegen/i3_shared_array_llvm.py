# A shared array is an addrspace(3) global of the element type and the shape's element count,
# one per cuda.shared.array call; a local array is the thread's own (no addrspace(3)).
# ARGS: --emit=llvm -O0 --sig "void(float32[:], float64[:])"
from numba import cuda, float32, float64, int32


@cuda.jit
def arrays(a, out):
    s = cuda.shared.array((8, 4), dtype=float32)
    c = cuda.shared.array(3, int32)
    loc = cuda.local.array(5, float64)
    t = cuda.threadIdx.x
    s[t % 8, t % 4] = a[t]
    c[t % 3] = t
    loc[t % 5] = a[t]
    cuda.syncthreads()
    out[t] = s[0, 0] + c[0] + loc[t % 5]

# LLVM-DAG: addrspace(3) global [32 x float]
# LLVM-DAG: addrspace(3) global [3 x i32]
# LLVM-NOT: addrspace(3) global [5 x double]
# LLVM: define {{.*}}void @arrays(
# LLVM: call void @llvm.nvvm.barrier0()
# LLVM: ret void
