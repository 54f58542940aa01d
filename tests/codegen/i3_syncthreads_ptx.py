# cuda.syncthreads() is bar.sync 0 (llvm.nvvm.barrier0): once after filling the shared array
# and once inside the halving loop, whose trip count depends on blockDim so it stays a loop.
# Nothing duplicates or drops a barrier: exactly two in the kernel.
# ARGS: --emit=ptx --sig "void(float32[:], float32[:])"
from numba import cuda, float32


@cuda.jit
def reduce(a, out):
    s = cuda.shared.array(1024, float32)
    t = cuda.threadIdx.x
    s[t] = a[cuda.grid(1)]
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            s[t] += s[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        out[cuda.blockIdx.x] = s[0]

# PTX-LABEL: .visible .entry reduce(
# PTX-NOT: bar.sync
# PTX: st.shared.f32
# PTX: bar.sync 0;
# PTX: bar.sync 0;
# PTX-NOT: bar.sync
# PTX-NOT: barrier
# PTX: }
