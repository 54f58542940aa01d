# Atomics on global arrays become the matching atom.global instructions, with the old value
# used (not red.*): add on float32/float64/int32, signed max, unsigned min, exch, cas, and the
# 64-bit bitwise ops. Float max is numba's compare-and-swap loop (NaN rules), atom.global.cas.
# ARGS: --emit=ptx --sig "void(float32[:], float64[:], int32[:], uint32[:], int64[:], float64[:])"
from numba import cuda


@cuda.jit
def atomics(f32, f64, i32, u32, i64, out):
    i = cuda.grid(1)
    out[0] = cuda.atomic.add(f32, 0, f32[1])
    out[1] = cuda.atomic.add(f64, 0, 1.5)
    out[2] = cuda.atomic.add(i32, 0, 1)
    out[3] = cuda.atomic.max(i32, 1, i)
    out[4] = cuda.atomic.min(u32, 0, i)
    out[5] = cuda.atomic.exch(i32, 2, 5)
    out[6] = cuda.atomic.cas(i32, 3, 5, 6)
    out[7] = cuda.atomic.or_(i64, 0, 5)
    out[8] = cuda.atomic.and_(i64, 1, 5)
    out[9] = cuda.atomic.xor(i64, 2, 5)
    out[10] = cuda.atomic.max(f32, 2, f32[3])

# PTX-LABEL: .visible .entry atomics(
# PTX-DAG: atom.global.add.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}], {{%f[0-9]+}};
# PTX-DAG: atom.global.add.f64 {{%fd[0-9]+}}, [{{%rd[0-9]+}}], 0d3FF8000000000000;
# PTX-DAG: atom.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+(\+[0-9]+)?}}], 1;
# PTX-DAG: atom.global.max.s32
# PTX-DAG: atom.global.min.u32
# PTX-DAG: atom.global.exch.b32 {{%r[0-9]+}}, [{{%rd[0-9]+(\+[0-9]+)?}}], 5;
# PTX-DAG: atom.global.cas.b32 {{%r[0-9]+}}, [{{%rd[0-9]+(\+[0-9]+)?}}], 5, 6;
# PTX-DAG: atom.global.or.b64
# PTX-DAG: atom.global.and.b64
# PTX-DAG: atom.global.xor.b64
# PTX-DAG: atom.global.cas.b32
# PTX-NOT: red.
# PTX: ret;
