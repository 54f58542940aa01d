"""Every block of a grid runs once with its own blockIdx, for grids of one to three dimensions
whose sizes are not multiples of anything: on the CPU executor the workers take chunks of blocks
and count their indices through x, then y, then z (runtime/cpu.c)."""
import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # occupancy warnings of small grids


@cuda.jit
def record(out):
    b = cuda.blockIdx.x + cuda.gridDim.x * (cuda.blockIdx.y + cuda.gridDim.y * cuda.blockIdx.z)
    if cuda.threadIdx.x == 0:
        out[b, 0] = cuda.blockIdx.x
        out[b, 1] = cuda.blockIdx.y
        out[b, 2] = cuda.blockIdx.z
    cuda.atomic.add(out, (b, 3), 1)


@pytest.mark.parametrize("grid", [(1, 1, 1), (5, 3, 7), (130, 1, 1), (1, 200, 3), (3, 1, 300), (67, 13, 5), (1000, 7, 1)])
def test_every_block_once(grid):
    n = grid[0] * grid[1] * grid[2]
    out = np.full((n, 4), -1, np.int64)
    out[:, 3] = 0
    record[grid, 3](out)
    want = np.array([(x, y, z, 3) for z in range(grid[2]) for y in range(grid[1]) for x in range(grid[0])])
    np.testing.assert_array_equal(out, want)
