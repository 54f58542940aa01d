"""Comparisons (also chained and of mixed types), `and`/`or`/`not` with Python's values,
conditional expressions and if/elif/else, for test_language.py. Boolean results are stored into
int8 outputs (0 or 1), so that an unwritten element keeps the test's poison value."""
from numba import cuda


@cuda.jit
def compare(a, b, c, lt, le, eq, ne, gt, ge, chain, chain3):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        z = c[i]
        lt[i] = x < y
        le[i] = x <= y
        eq[i] = x == y
        ne[i] = x != y
        gt[i] = x > y
        ge[i] = x >= y
        chain[i] = x < y <= z
        chain3[i] = x <= y < z != x


@cuda.jit
def andor(a, b, x, and_v, or_v, not_v, and_f, or_f, cond_v, cond_f):
    i = cuda.grid(1)
    if i < a.size:
        and_v[i] = a[i] and b[i]
        or_v[i] = a[i] or b[i]
        not_v[i] = not a[i]
        and_f[i] = a[i] and x[i]
        or_f[i] = x[i] or a[i]
        cond_v[i] = a[i] if a[i] > b[i] else b[i] * 2
        cond_f[i] = a[i] if a[i] > b[i] else x[i]


@cuda.jit
def branches(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        if x < 0:
            r = -1
        elif x == 0:
            r = 0
        elif x < b[i]:
            r = 1
        elif x == b[i]:
            r = 2
        else:
            r = 3
        if x > 5 and b[i] > 5 or x == -7:
            r += 10
        if not (x % 2 == 0):
            r += 100
        if x > 0:
            if b[i] > 0:
                r += 1000
            else:
                r += 2000
        out[i] = r
