# A while loop that walks an index up to a bound (backend/walks.c): `i` starts at cuda.grid(1) and
# only ever steps by cuda.gridsize(1) while below x.size, so it is never negative and the loop
# ends. On the CPU executor the loop runs in chunks with a poll for an interrupt between them, not
# in every iteration, and x[i] needs no wraparound of a negative index: the loop is a load, an
# add, a step and a compare, as a C loop's. This is bench/cpu_executor.py's block sum.
# ARGS: --target cpu --emit=llvm -O3 --sig "void(float32[::1], float32[::1])"
from numba import cuda
from numba import float32


@cuda.jit
def reduce_sum(x, total):
    tile = cuda.shared.array(256, float32)
    t = cuda.threadIdx.x
    acc = float32(0.0)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        acc += x[i]
        i += stride
    tile[t] = acc
    cuda.syncthreads()
    s = 128
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])

# LLVM-LABEL: define void @pj_cpu_reduce_sum(
# LLVM: while.body:
# LLVM-NOT: interrupt
# LLVM-NOT: select
# LLVM: load float
# LLVM-NOT: interrupt
# LLVM-NOT: select
# LLVM: fadd
# LLVM-NOT: interrupt
# LLVM-NOT: select
# LLVM: br i1 %{{.*}}, label %while.body, label %while.chunk.end
# LLVM: while.poll:
# LLVM: load atomic i32
