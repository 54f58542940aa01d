# float64 atomic add is the GPU's own instruction from sm_60 on (atom.global.add.f64), not a
# compare-and-swap loop (which LLVM makes for sm_50). The kernel is numba-cuda's
# atomic_add_double_global. Its test looks for '(red|atom).add.f64', the generic-address form
# numba's PTX has; pyjitc knows the array is in global memory and says so (atom.global), which
# spares the GPU the generic address's translation.
# ARGS: --emit=ptx --arch=sm_60 --sig "void(int64[:], float64[:])"
from numba import cuda


@cuda.jit
def atomic_add_double_global(idx, ary):
    tid = cuda.threadIdx.x
    bin = int(idx[tid] % 32)
    cuda.atomic.add(ary, bin, 1.0)

# PTX: .target sm_60
# PTX-LABEL: .visible .entry atomic_add_double_global(
# PTX-NOT: atom.global.cas
# PTX: atom.global.add.f64 {{%fd[0-9]+}}, [{{%rd[0-9]+}}], 0d3FF0000000000000;
# PTX-NOT: atom.global.cas
# PTX: ret;
