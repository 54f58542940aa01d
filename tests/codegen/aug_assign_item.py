# Augmented assignment to an array element (a[i] += v, a[i, j] *= v) is a load, the operation in
# the element's type, and a store back to the same address.
# ARGS: --emit=ptx --sig "void(float32[:], float64[:,:], float32)"
from numba import cuda


@cuda.jit
def scale(a, m, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += s
        m[i, 1] *= 2.0

# PTX-LABEL: .visible .entry scale(
# PTX: ld.global.f32 [[A:%f[0-9]+]], [[[P:%rd[0-9]+]]];
# PTX: add.rn.f32 [[S:%f[0-9]+]], [[A]], {{%f[0-9]+}};
# PTX: st.global.f32 [[[P]]], [[S]];
# PTX: ld.global.f64 [[M:%fd[0-9]+]], [[[Q:%rd[0-9]+]]{{\+8}}];
# PTX: {{add|mul}}.rn.f64 [[T:%fd[0-9]+]], [[M]], {{%fd[0-9]+|0d4000000000000000}};
# PTX: st.global.f64 [[[Q]]{{\+8}}], [[T]];
# PTX: ret;
