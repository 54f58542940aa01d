# tests/e2e/test_annotated_types.py prints this file's kernel with --emit=types: its source, each
# line under the types of the names and calls on it.
import math

from numba import cuda


@cuda.jit(device=True)
def norm(x, y):
    return math.sqrt(x * x + y * y)


@cuda.jit
def lengths(xs, ys, out, n):
    i = cuda.grid(1)
    if i < out.size:
        total = 0.0
        for k in range(n):
            total += norm(xs[i], ys[k])

        # one thread's sum, added atomically
        cuda.atomic.add(out, i, total)
