# cuda.activemask() in both branches of an if stays in each branch: LLVM may not merge the two
# identical calls into one above the branch, which would give every lane the whole warp's mask
# (numba-cuda's test_activemask: even lanes must see ...0101, odd lanes ...1010).
# ARGS: --emit=ptx --sig "void(uint32[::1])"
from numba import cuda


@cuda.jit
def use_activemask(x):
    i = cuda.grid(1)
    if (i % 2) == 0:
        x[i] = cuda.activemask()
    else:
        x[i] = cuda.activemask()

# PTX: bra
# PTX: activemask.b32
# PTX: bra
# PTX: activemask.b32
# PTX: st.global.u32
