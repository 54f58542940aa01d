"""Kernels that once gave wrong answers, hung or crashed (each test in test_regressions.py)."""
import math
from numba import cuda

N = 3
N += 1
S = 2
S *= 1.5
A = B = 5
C, D = 1, 2
X = 1 // 0.1


@cuda.jit(device=True)
def bump(c):
    c[0] += 1
    return c[0]


@cuda.jit
def range_near_limits(out, m, e, s, u):
    d = 0
    for j in range(m, e, s):
        d += 1
    out[0] = d
    t = 0
    for j in range(u, 0, -1):
        t += j
    out[1] = t


@cuda.jit
def aug_index_once(a, c):
    a[bump(c)] += 10


@cuda.jit
def chain_short_circuit(x, c):
    if 5 < 3 < bump(c):
        x[0] = 1.0
    if x[1] > 0 > cuda.atomic.add(c, 1, 1):
        x[0] = 2.0


@cuda.jit
def module_values(out):
    out[0] = N
    out[1] = S
    out[2] = A + B + C + D
    out[3] = X


@cuda.jit
def casts_keep_width(u, f, out):
    out[0] = int(u[0]) / 2
    out[1] = int(u[0]) > 0
    out[2] = float(f[0]) + f[1]


@cuda.jit
def float_int_power(a, n, out):
    out[0] = a[0] ** n
    out[1] = a[0] ** -n
    out[2] = a[0] ** 100


@cuda.jit
def shape_tuple(a, out, n):
    s = a.shape if n > 0 else (1, 2)
    out[0] = s[0] * 10 + s[1]


@cuda.jit
def tuple_of_arrays(a, b, out):
    # an array taken out of a tuple, then indexed (once an internal error)
    t = (a, b)
    out[0] = t[0][1] + t[1][2]
    u = t[1]
    out[1] = u[-1]


@cuda.jit
def short_tuple_index(a, out):
    # a[t] with a tuple value of fewer integers than axes is a view (once an internal error)
    t = (1,)
    out[0] = a[t][3]
    v = a[t]
    out[1] = v[2]
    w = (2, -1)
    out[2] = a[w]
