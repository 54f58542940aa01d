"""Loops and early returns for test_language.py: for over range with every form of bounds and
negative steps, the loop variable after the loop and reassigned inside it, nested loops,
while with break and continue, return from inside a loop."""
from numba import cuda


@cuda.jit
def ranges(start, stop, step, count, total, last):
    i = cuda.grid(1)
    if i < start.size:
        c = 0
        s = 0
        k = -999
        for k in range(start[i], stop[i], step[i]):
            c += 1
            s += k
        count[i] = c
        total[i] = s
        last[i] = k


@cuda.jit
def range_forms(n, out):
    i = cuda.grid(1)
    if i < n.size:
        m = n[i]
        s = 0
        for k in range(m):
            s += k
        out[i, 0] = s
        s = 0
        for k in range(3, m):
            s += k * k
        out[i, 1] = s
        s = 0
        for k in range(m, -1, -1):
            s = (s * 3 + k) % 1000003
        out[i, 2] = s
        s = 0
        for k in range(10, 0, -3):
            s = s * 100 + k
        out[i, 3] = s
        s = 0
        for k in range(m):
            s += k
            k = 100
            s += k
        out[i, 4] = s
        out[i, 5] = k
        s = 0
        for k in range(-m, m, 4):
            s += k
        out[i, 6] = s
        s = 0
        for k in range(m, m):
            s += 1
        for k in range(m, 0):
            s += 1
        out[i, 7] = s


@cuda.jit
def nested(a, out):
    i = cuda.grid(1)
    if i < out.size:
        t = 0
        for j in range(a.shape[1]):
            if a[i, j] < 0:
                continue
            if a[i, j] > 90:
                break
            for k in range(j):
                if k > 3:
                    break
                if k == 1:
                    continue
                t += k
            t += a[i, j]
        out[i] = t


@cuda.jit
def whiles(a, first, gcd, steps):
    i = cuda.grid(1)
    if i < a.shape[0]:
        j = 0
        found = -1
        while j < a.shape[1]:
            v = a[i, j]
            j += 1
            if v % 2 == 0:
                continue
            if v > 50:
                found = j - 1
                break
        first[i] = found
        x = a[i, 0]
        y = a[i, 1]
        while y != 0:
            x, y = y, x % y
        gcd[i] = x
        n = a[i, 2]
        count = 0
        while True:
            if n <= 1:
                break
            count += 1
            if n % 2 == 0:
                n //= 2
                continue
            n = 3 * n + 1
        steps[i] = count


@cuda.jit
def early_return(a, out):
    i = cuda.grid(1)
    if i >= a.size:
        return
    if i % 3 == 0:
        return
    if a[i] < 0:
        out[i] = -1
        return
    for k in range(100):
        if k * k >= a[i]:
            out[i] = k
            return
    out[i] = 100


STEPS = (1, 2, 4, 8)


@cuda.jit
def iterate(a, m, t_idx, out):
    # for over a tuple literal, a module tuple, a tuple variable, arr.shape, a 1D array and a 2D
    # array's rows; a tuple indexed at run time (negative from the end)
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    s = 0
    for w in (3, 5, 7):
        s = s * 10 + w
    out[i, 0] = s
    s = 0
    for w in STEPS:
        if w == 4:
            continue
        s += w * a[i]
    out[i, 1] = s
    pair = (a[i], -a[i], 2 * a[i])
    s = 0
    for v in pair:
        s = s * 3 + v
    out[i, 2] = s
    s = 1
    for d in m.shape:
        s = s * 100 + d
    out[i, 3] = s
    s = 0
    for v in a:
        if v > a[i]:
            break
        s += v
    out[i, 4] = s
    s = 0
    for row in m:
        s += row[i % m.shape[1]]
    for v in m[i % m.shape[0], 1:]:
        s += 1000 * v
    out[i, 5] = s
    out[i, 6] = pair[t_idx[i]]


@cuda.jit
def enumerate_zip(a, b, out):
    # enumerate over an array (with a start), zip over two arrays of different lengths, and
    # zip of an array with a tuple
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    s = 0
    for j, v in enumerate(a):
        s += j * v
    out[i, 0] = s
    s = 0
    for j, v in enumerate(b, 10):
        s += j * v
    out[i, 1] = s
    s = 0
    for v, w in zip(a, b):
        s += v * w + i
    out[i, 2] = s
    s = 0
    for v, w in zip(b, (2, 3, 5)):
        s += v * w
    out[i, 3] = s
