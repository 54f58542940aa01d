# In LLVM the kernel is a ptx_kernel (or nvvm.annotations "kernel") function whose arguments are
# the scalars with their LLVM types and, per array, a pointer and one i64 extent per dimension.
# ARGS: --emit=llvm --sig "void(int8, uint16, int32, int64, float32, float64, bool, float64[:], float32[:,:,:])"
from numba import cuda


@cuda.jit
def scalars(a, b, c, d, e, f, g, out, t):
    out[0] = a + b + c + d + e + f
    if g:
        out[1] = t[1, 2, 3]

# LLVM: target triple = "nvptx64-nvidia-cuda"
# LLVM: define {{(ptx_kernel )?}}void @scalars(i8 {{[^,]*}}, i16 {{[^,]*}}, i32 {{[^,]*}}, i64 {{[^,]*}}, float {{[^,]*}}, double {{[^,]*}}, i8 {{[^,]*}}, ptr {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,]*}}, ptr {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,]*}}, i64 range(i64 0, 140737488355328) {{[^,)]*}})
# LLVM: ret void
# LLVM: !nvvm.annotations
# LLVM: !{ptr @scalars, !"kernel", i32 1}
