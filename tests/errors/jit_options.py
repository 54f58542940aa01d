# cuda.jit's keyword arguments: an unknown one is Python's TypeError's wording, max_registers a
# whole number 0 to 255; numba's private flags (a leading '_') reach device functions only.
# ARGS: --sig void(float32[:])
from numba import cuda


@cuda.jit(device=True, _dbg_optnone=True)
def helper(x):
    return x


@cuda.jit(banana=3,  # expect error@11: jit() got an unexpected keyword argument 'banana'
          max_registers=99999999999,  # expect error@25: max_registers must be a whole number
          _dbg_optnone=True)  # expect error@11: unexpected keyword argument '_dbg_optnone'
def k(a):
    a[0] = helper(1.0)


@cuda.jit(max_registers=-1)  # expect error@25: max_registers must be a whole number
def k2(a):
    a[0] = 1.0


@cuda.jit(max_registers=1.5)  # expect error@25: max_registers must be a whole number
def k3(a):
    a[0] = 1.0


@cuda.jit(max_registers=32, lto=False, lineinfo=False, opt=True, cache=False, fastmath=False)
def fine(a):
    a[0] = 1.0
