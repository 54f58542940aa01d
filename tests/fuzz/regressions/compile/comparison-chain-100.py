from numba import cuda

@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = 1.0 if a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] < a[i] else 0.0
