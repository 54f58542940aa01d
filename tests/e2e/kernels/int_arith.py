"""Integer arithmetic for test_language.py: each thread applies the operators to one pair of
elements. The dtypes of the inputs and outputs are chosen by the test, so the same kernel checks
numba's typing for every pair (computing at 64 bits, signed if either operand is signed) and the
conversion on storing into the output array."""
from numba import cuda


@cuda.jit
def binops(a, b, add, sub, mul, fdiv, mod, tdiv):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        add[i] = x + y
        sub[i] = x - y
        mul[i] = x * y
        fdiv[i] = x // y
        mod[i] = x % y
        tdiv[i] = x / y


@cuda.jit
def unary(a, neg, inv, lnot, pos):
    i = cuda.grid(1)
    if i < a.size:
        neg[i] = -a[i]
        inv[i] = ~a[i]
        lnot[i] = not a[i]
        pos[i] = +a[i]


@cuda.jit
def bitops(a, b, band, bor, bxor):
    i = cuda.grid(1)
    if i < a.size:
        band[i] = a[i] & b[i]
        bor[i] = a[i] | b[i]
        bxor[i] = a[i] ^ b[i]


@cuda.jit
def shifts(a, s, shl, shr):
    i = cuda.grid(1)
    if i < a.size:
        shl[i] = a[i] << s[i]
        shr[i] = a[i] >> s[i]


@cuda.jit
def shift_const(a, shr1, shr60, shl3):
    i = cuda.grid(1)
    if i < a.size:
        shr1[i] = a[i] >> 1
        shr60[i] = a[i] >> 60
        shl3[i] = a[i] << 3


@cuda.jit
def power(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] ** b[i]


@cuda.jit
def augmented(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        x += b[i]
        x *= 3
        x -= 7
        x //= 2
        x %= 1000
        x **= 2
        x <<= 2
        x >>= 1
        x &= 0xFFFF
        x |= 1
        x ^= 0x55
        out[i] = x


@cuda.jit
def aug_element(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b[i]
        a[i] *= 2
        a[i] -= 1
        a[i] //= 3
