"""Python's arithmetic in a kernel: floor division and modulo on negative operands (the result
takes the sign of the divisor), over int64 and float64, and a while loop with break and
continue. Each thread i computes, for its pair (a[i], b[i]) and (x[i], y[i]):

    qi[i], ri[i] = a // b, a % b      (int64; 0 and 0 when b == 0, numba's numpy error model)
    qf[i], rf[i] = x // y, x % y      (float64)
    steps[i]     = the number of Collatz steps from |a[i]| % 10007 down to 1, at most 1000
"""
from numba import cuda


@cuda.jit
def python_arith(a, b, x, y, qi, ri, qf, rf, steps):
    i = cuda.grid(1)
    if i >= a.size:
        return
    qi[i] = a[i] // b[i]
    ri[i] = a[i] % b[i]
    qf[i] = x[i] // y[i]
    rf[i] = x[i] % y[i]
    n = abs(a[i]) % 10007
    count = 0
    while True:
        if n <= 1:
            break
        count += 1
        if count >= 1000:
            break
        if n % 2 == 1:
            n = 3 * n + 1
            continue
        n = n // 2
    steps[i] = count
