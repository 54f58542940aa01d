"""Float arithmetic and mixed-type promotion for test_language.py."""
from numba import cuda


@cuda.jit
def fbinops(x, y, add, sub, mul, div, fdiv, mod):
    i = cuda.grid(1)
    if i < x.size:
        add[i] = x[i] + y[i]
        sub[i] = x[i] - y[i]
        mul[i] = x[i] * y[i]
        div[i] = x[i] / y[i]
        fdiv[i] = x[i] // y[i]
        mod[i] = x[i] % y[i]


@cuda.jit
def fneg(x, neg, lnot):
    i = cuda.grid(1)
    if i < x.size:
        neg[i] = -x[i]
        lnot[i] = not x[i]


@cuda.jit
def mixed(a, b, add, mul, div):
    i = cuda.grid(1)
    if i < a.size:
        add[i] = a[i] + b[i]
        mul[i] = a[i] * b[i]
        div[i] = a[i] / b[i]


@cuda.jit
def literals(x, mul3, add_tenth, div3, add_big, mul_half):
    i = cuda.grid(1)
    if i < x.size:
        mul3[i] = x[i] * 3
        add_tenth[i] = x[i] + 0.1
        div3[i] = x[i] / 3
        add_big[i] = x[i] + 16777217
        mul_half[i] = x[i] * 0.5


@cuda.jit
def fpow(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] ** y[i]


@cuda.jit
def store(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = src[i]


@cuda.jit
def rounding(x, k, out_int, out_f, out_k):
    # Python's round: to the nearest, ties to even; with ndigits a float stays a float, an
    # integer is rounded to tens for negative ndigits
    i = cuda.grid(1)
    if i < x.size:
        out_int[i] = round(x[i])
        out_f[i, 0] = round(x[i], 1)
        out_f[i, 1] = round(x[i], 2)
        out_f[i, 2] = round(x[i], -1)
        out_k[i, 0] = round(k[i], -2)
        out_k[i, 1] = round(k[i], 1)
        out_k[i, 2] = round(k[i])
