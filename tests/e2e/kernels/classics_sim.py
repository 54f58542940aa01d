"""Black-Scholes, mandelbrot and a Monte Carlo estimate of pi for test_classics.py."""
import math

import numpy as np
from numba import cuda, float32, int32, uint32, uint64

RISKFREE = 0.02
VOLATILITY = 0.30


@cuda.jit
def black_scholes_f64(call, put, price, strike, years):
    i = cuda.grid(1)
    if i < price.size:
        S = price[i]
        X = strike[i]
        T = years[i]
        sqrtT = math.sqrt(T)
        d1 = (math.log(S / X) + (RISKFREE + 0.5 * VOLATILITY * VOLATILITY) * T) / (VOLATILITY * sqrtT)
        d2 = d1 - VOLATILITY * sqrtT
        cnd1 = 0.5 * (1.0 + math.erf(d1 / math.sqrt(2.0)))
        cnd2 = 0.5 * (1.0 + math.erf(d2 / math.sqrt(2.0)))
        expRT = math.exp(-RISKFREE * T)
        call[i] = S * cnd1 - X * expRT * cnd2
        put[i] = X * expRT * (1.0 - cnd2) - S * (1.0 - cnd1)


@cuda.jit
def black_scholes_f32(call, put, price, strike, years):
    """The same in single precision: constants cast with float32() so that nothing widens."""
    i = cuda.grid(1)
    if i < price.size:
        r = float32(RISKFREE)
        v = float32(VOLATILITY)
        half = float32(0.5)
        one = float32(1.0)
        S = price[i]
        X = strike[i]
        T = years[i]
        sqrtT = math.sqrt(T)
        d1 = (math.log(S / X) + (r + half * v * v) * T) / (v * sqrtT)
        d2 = d1 - v * sqrtT
        rsqrt2 = float32(1.0 / math.sqrt(2.0))
        cnd1 = half * (one + math.erf(d1 * rsqrt2))
        cnd2 = half * (one + math.erf(d2 * rsqrt2))
        expRT = math.exp(-r * T)
        call[i] = S * cnd1 - X * expRT * cnd2
        put[i] = X * expRT * (one - cnd2) - S * (one - cnd1)


@cuda.jit
def mandelbrot(xs, ys, max_iter, iters):
    """Escape iteration count (int32) of c = xs[col] + 1j * ys[row], |z|^2 > 4 escaping."""
    col, row = cuda.grid(2)
    if row < iters.shape[0] and col < iters.shape[1]:
        cx = xs[col]
        cy = ys[row]
        x = 0.0
        y = 0.0
        n = int32(0)
        while n < max_iter:
            x2 = x * x
            y2 = y * y
            if x2 + y2 > 4.0:
                break
            y = 2.0 * x * y + cy
            x = x2 - y2 + cx
            n += 1
        iters[row, col] = n


@cuda.jit
def monte_carlo_pi64(seeds, steps, count, hits):
    """xorshift64 (13, 7, 17) per thread; a point is (s >> 38, s' >> 38) / 2**26, inside when
    x*x + y*y <= 1 (exact in float64 for 26-bit coordinates, fused or not)."""
    i = cuda.grid(1)
    if i < seeds.size:
        s = seeds[i]
        inside = 0
        scale = 1.0 / (1 << 26)
        for k in range(steps):
            s ^= s << 13
            s ^= s >> 7
            s ^= s << 17
            x = (s >> 38) * scale
            s ^= s << 13
            s ^= s >> 7
            s ^= s << 17
            y = (s >> 38) * scale
            if x * x + y * y <= 1.0:
                inside += 1
        hits[i] = inside
        seeds[i] = s
        cuda.atomic.add(count, 0, inside)


@cuda.jit
def monte_carlo_pi32(seeds, steps, count, hits):
    """xorshift32 (13, 17, 5) on a uint32 state kept at 32 bits with uint32(); the point is the
    state's two 16-bit halves, inside when a*a + b*b < 2**32 (integers, exact)."""
    i = cuda.grid(1)
    if i < seeds.size:
        s = seeds[i]
        inside = uint32(0)
        for k in range(steps):
            s = uint32(s ^ (s << 13))
            s = uint32(s ^ (s >> 17))
            s = np.uint32(s ^ (s << 5))
            a = s & 0xFFFF
            b = s >> 16
            if a * a + b * b < (1 << 32):
                inside += 1
        hits[i] = inside
        seeds[i] = s
        cuda.atomic.add(count, 0, inside)
