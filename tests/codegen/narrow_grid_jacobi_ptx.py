# A Jacobi step indexed by `j, i = cuda.grid(2)` (j the x axis) with `0 < j < n - 1` bounds. With
# --narrow the launch has fewer than 2**31 threads along x, so j fits in int32: it is one 32-bit
# multiply-add of the thread registers, compared in 32 bits with the extents less one (no 64-bit
# compare left), as i along y always was. (Without --narrow j's compares are 64-bit:
# narrow_grid_x_wide_llvm.py.)
# ARGS: --emit=ptx --narrow --noalias --sig "void(float64[:,::1], float64[:,::1])"
from numba import cuda


@cuda.jit
def jacobi(a, anew):
    j, i = cuda.grid(2)
    n = a.shape[0]
    m = a.shape[1]
    if 0 < j < n - 1 and 0 < i < m - 1:
        anew[j, i] = 0.25 * (a[j, i + 1] + a[j, i - 1] + a[j - 1, i] + a[j + 1, i])

# PTX-LABEL: .visible .entry jacobi(
# PTX-NOT: setp.{{[a-z]+}}.{{[su]}}64
# PTX: mov.u32 {{%r[0-9]+}}, %ntid.x;
# PTX: mad.lo.s32 [[J:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
# PTX-NEXT: setp.gt.s32 {{%p[0-9]+}}, [[J]], 0;
# PTX-NOT: setp.{{[a-z]+}}.{{[su]}}64
# PTX: st.global.f64
# PTX: ret;
