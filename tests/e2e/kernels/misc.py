"""Module-level constants, tuple unpacking and swapping, bool arrays and bool scalars, for
test_language.py."""
from numba import cuda

N = 4
SCALE = 2.5
OFFSET = -3
FLAG = True
BIG = 2**40


@cuda.jit
def constants(x, scaled, wrapped):
    i = cuda.grid(1)
    if i < x.size:
        scaled[i] = x[i] * SCALE + N + OFFSET
        wrapped[i] = (i % N) if FLAG else -1


@cuda.jit
def constant_expression(big):
    i = cuda.grid(1)
    if i < big.size:
        big[i] = BIG + i * N


@cuda.jit
def tuples(a, b, out_a, out_b, rot, grid_t):
    i = cuda.grid(1)
    if i < a.size:
        x, y = a[i], b[i]
        x, y = y, x
        out_a[i] = x
        out_b[i] = y
        p, q, r = 1, 2, 3
        p, q, r = q, r, p
        rot[i] = p * 100 + q * 10 + r
        t = cuda.grid(1), x
        u, v = t
        grid_t[i] = u * 10 + v


@cuda.jit
def swap_elements(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i], b[i] = b[i], a[i]


@cuda.jit
def bools(p, q, flag, and_, or_, xor_, not_, sum_, neg_, inv_, eq_flag, sel):
    i = cuda.grid(1)
    if i < p.size:
        and_[i] = p[i] and q[i]
        or_[i] = p[i] or q[i]
        xor_[i] = p[i] ^ q[i]
        not_[i] = not p[i]
        sum_[i] = p[i] + q[i]
        neg_[i] = -p[i]
        inv_[i] = ~p[i]
        eq_flag[i] = p[i] == flag
        if flag:
            sel[i] = 10 if p[i] else 20
        else:
            sel[i] = 30


@cuda.jit
def bool_out(x, t, positive, both):
    i = cuda.grid(1)
    if i < x.size:
        positive[i] = x[i] > t
        both[i] = x[i] > t and x[i] < 2 * t
