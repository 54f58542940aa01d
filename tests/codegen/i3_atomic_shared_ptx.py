# Atomics on a shared array use the shared state space: atom.shared.add (uint32 and float32),
# atom.shared.max.s32, atom.shared.inc through a cas loop on shared memory; no generic or
# global atomics appear.
# ARGS: --emit=ptx --sig "void(uint32[:], float32[:])"
from numba import cuda, float32, int32, uint32


@cuda.jit
def shared_atomics(out_u, out_f):
    su = cuda.shared.array(4, uint32)
    sf = cuda.shared.array(4, dtype=float32)
    si = cuda.shared.array(4, int32)
    t = cuda.threadIdx.x
    if t < 4:
        su[t] = 0
        sf[t] = 0
        si[t] = 0
    cuda.syncthreads()
    out_u[t] = cuda.atomic.add(su, 0, 1)
    out_f[t] = cuda.atomic.add(sf, 1, float32(0.5))
    cuda.atomic.max(si, 2, t)
    cuda.atomic.inc(su, 3, 7)
    cuda.syncthreads()
    if t == 0:
        out_u[0] = su[0] + su[3] + si[2]

# PTX-LABEL: .visible .entry shared_atomics(
# PTX-DAG: .shared .align {{[0-9]+}} .b8 [[SU:[A-Za-z0-9_$.]+]][16];
# PTX-DAG: atom.shared.add.u32 {{%r[0-9]+}}, [{{.*}}], 1;
# PTX-DAG: atom.shared.add.f32 {{%f[0-9]+}}, [{{.*}}], 0f3F000000;
# PTX-DAG: atom.shared.max.s32
# PTX-DAG: atom.shared.cas.b32
# PTX-NOT: atom.global
# PTX-NOT: {{atom\.(add|max|cas)}}
# PTX: ret;
