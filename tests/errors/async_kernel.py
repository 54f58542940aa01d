# An async def (a coroutine) is no kernel.
# ARGS: --sig void(float32[:])
from numba import cuda


@cuda.jit
async def k(a):  # expect error@11: 'k' is an async function (a coroutine)
    a[0] = 1.0
