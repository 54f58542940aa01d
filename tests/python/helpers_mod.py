"""Device functions and constants used from another module by test_api.py."""
import numpy as np

from pyjitc import cuda

SCALE = 3.0
OFFSETS = np.array([1.0, 2.0, 4.0, 8.0], dtype=np.float32)


@cuda.jit(device=True)
def scaled_plus(x, y):
    return x * SCALE + y


@cuda.jit(device=True)
def table_lookup(i):
    return OFFSETS[i % 4]
