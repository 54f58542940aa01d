# Recursion whose return type cannot be inferred, reported in numba's words as well as pyjitc's:
# a function that recurses before any return that does not, and one whose return type grows with
# each call (a tuple holding the previous call's result).
# ARGS: --emit=types --sig "void(int64[:], int64)"
from numba import cuda


@cuda.jit(device=True)
def runaway(x):
    return runaway(x)  # expect error@12: cannot type infer runaway recursion: the return type of recursive function 'runaway'


@cuda.jit(device=True)
def growing(n):
    if n <= 0:
        return None
    return (n, growing(n - 1))  # expect error@5: Return type of recursive function does not converge


@cuda.jit
def k(a, n):
    a[0] = runaway(n)  # expect error@12: in the call of device function 'runaway' from here
    g = growing(n)  # expect error@9: in the call of device function 'growing' from here
