"""What the stencil examples share: the starting grid, NumPy's answer (float64 sums) and the check
against it."""
import numpy as np


def initial_grid(n):
    return np.random.default_rng(7).random((n, n), dtype=np.float32)


def reference(grid, steps):
    """`steps` Jacobi steps of the grid's interior, its outer rows and columns fixed."""
    g = grid.astype(np.float64)
    for _ in range(steps):
        nxt = g.copy()
        nxt[1:-1, 1:-1] = 0.25 * (g[:-2, 1:-1] + g[2:, 1:-1] + g[1:-1, :-2] + g[1:-1, 2:])
        g = nxt
    return g


def max_error(got, grid, steps):
    """The largest difference between `got` and `steps` steps of `grid` done by NumPy."""
    return float(np.abs(got.astype(np.float64) - reference(grid, steps)).max())


def agrees(err):
    """Prints the error against NumPy; whether it is within float32 rounding."""
    print(f"max abs error against NumPy: {err:.3g}")
    return err < 1e-5
