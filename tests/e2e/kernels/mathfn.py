"""math.* functions, min/max/abs and int()/float() for test_language.py."""
import math

from numba import cuda


@cuda.jit
def unary_math(x, sqrt_, exp_, log_, sin_, cos_, fabs_):
    i = cuda.grid(1)
    if i < x.size:
        sqrt_[i] = math.sqrt(x[i])
        exp_[i] = math.exp(x[i])
        log_[i] = math.log(x[i])
        sin_[i] = math.sin(x[i])
        cos_[i] = math.cos(x[i])
        fabs_[i] = math.fabs(x[i])


@cuda.jit
def pow_math(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.pow(x[i], y[i])


@cuda.jit
def floor_ceil(x, lut, fl, ce, fl_f, picked, shifted):
    i = cuda.grid(1)
    if i < x.size:
        k = int(math.floor(x[i]))  # numba-cuda's floor returns a float: index with int()
        fl[i] = k
        ce[i] = math.ceil(x[i])
        fl_f[i] = math.floor(x[i]) / 4
        picked[i] = lut[k % lut.size]
        shifted[i] = 1 << (int(math.ceil(x[i])) % 8)


@cuda.jit
def minmax(x, y, z, mn, mx, mn3, mx3, ab):
    i = cuda.grid(1)
    if i < x.size:
        mn[i] = min(x[i], y[i])
        mx[i] = max(x[i], y[i])
        mn3[i] = min(x[i], y[i], z[i])
        mx3[i] = max(x[i], y[i], z[i])
        ab[i] = abs(x[i])


@cuda.jit
def casts(x, a, to_int, to_float, int_half, float_div):
    i = cuda.grid(1)
    if i < x.size:
        to_int[i] = int(x[i])
        to_float[i] = float(a[i])
        int_half[i] = int(x[i]) // 2
        float_div[i] = float(a[i]) // 3
