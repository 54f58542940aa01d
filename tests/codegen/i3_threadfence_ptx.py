# threadfence, threadfence_block and threadfence_system are membar.gl, membar.cta and
# membar.sys, in program order.
# ARGS: --emit=ptx --sig "void(int32[:])"
from numba import cuda


@cuda.jit
def fences(a):
    i = cuda.grid(1)
    a[i] = 1
    cuda.threadfence()
    a[i] = 2
    cuda.threadfence_block()
    a[i] = 3
    cuda.threadfence_system()
    a[i] = 4

# PTX-LABEL: .visible .entry fences(
# PTX: st.global.u32 [[[P:%rd[0-9]+]]], {{%r[0-9]+}};
# PTX-NEXT: membar.gl;
# PTX: st.global.u32 [[[P]]], {{%r[0-9]+}};
# PTX-NEXT: membar.cta;
# PTX: st.global.u32 [[[P]]], {{%r[0-9]+}};
# PTX-NEXT: membar.sys;
# PTX: st.global.u32 [[[P]]], {{%r[0-9]+}};
# PTX: ret;
