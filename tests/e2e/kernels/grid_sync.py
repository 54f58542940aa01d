from numba import cuda, int64


@cuda.jit
def heat(x, u, v, steps):
    """Explicit heat steps on a rod with fixed ends; the rod is spread over every thread of the
    grid, and each step reads the neighbours that other blocks wrote in the step before."""
    g = cuda.cg.this_grid()
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    n = x.size
    for i in range(start, n, stride):
        u[i] = x[i]
    g.sync()
    for s in range(steps):
        for i in range(start, n, stride):
            if i == 0 or i == n - 1:
                v[i] = u[i]
            else:
                v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1])
        g.sync()
        for i in range(start, n, stride):
            u[i] = v[i]
        g.sync()


@cuda.jit
def cumsum(x, sums, out):
    """An inclusive scan: each block scans its tile in shared memory (block barriers), publishes its
    total, and after the grid barrier adds the totals of the blocks before it."""
    s = cuda.shared.array(128, int64)
    t = cuda.threadIdx.x
    b = cuda.blockIdx.x
    i = cuda.grid(1)
    s[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    d = 1
    while d < cuda.blockDim.x:
        v = s[t - d] if t >= d else 0
        cuda.syncthreads()
        s[t] += v
        cuda.syncthreads()
        d *= 2
    if t == cuda.blockDim.x - 1:
        sums[b] = s[t]
    cuda.cg.this_grid().sync()
    before = 0
    for k in range(b):
        before += sums[k]
    if i < x.size:
        out[i] = s[t] + before
