# break and continue outside any loop (a break inside a loop is fine).
# ARGS: --emit=types --sig "void(float64[:], int64)"
from numba import cuda


@cuda.jit
def k(a, n):
    for j in range(n):
        if j > 2:
            break
    if n > 0:
        break  # expect error@9: 'break' outside a loop
    continue  # expect error@5: 'continue' outside a loop
