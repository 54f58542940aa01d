"""The kernels of the performance suite, each written with the same algorithm and launch
configuration as a numba-style Python kernel (PYTHON, for pyjitc and numba-cuda with only the
import line differing), again in numba's other common style (PYTHON_NP: module-level
np.float32 constants and NumPy casts; numba-cuda 0.30 under NumPy 2.5 compiles no np.sqrt in kernels), a
third time with sizes and float32 scalars passed as arguments and `for` loops (PYTHON_ARGS: int32
sizes as the CUDA C kernels take them, grid-stride `for` loops over range(cuda.grid(1), n,
cuda.gridsize(1)), an early return, a `for` loop left with `break`, the block size read from
cuda.blockDim) and as CUDA C for nvcc (CUDA_C)."""

PYTHON = '''
import math
from {module} import cuda
from {module} import float32, int32, uint8

TILE = 16
BLOCK = 256


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def jacobi(src, dst):
    j, i = cuda.grid(2)
    n = src.shape[0]
    if i >= 1 and i < n - 1 and j >= 1 and j < src.shape[1] - 1:
        dst[i, j] = float32(0.25) * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@cuda.jit
def matmul(A, B, C):
    j, i = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        acc = float32(0.0)
        for k in range(A.shape[1]):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc


@cuda.jit
def matmul_tiled(A, B, C):
    sA = cuda.shared.array((TILE, TILE), float32)
    sB = cuda.shared.array((TILE, TILE), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    col = cuda.blockIdx.x * TILE + tx
    row = cuda.blockIdx.y * TILE + ty
    acc = float32(0.0)
    for t in range(A.shape[1] // TILE):
        sA[ty, tx] = A[row, t * TILE + tx]
        sB[ty, tx] = B[t * TILE + ty, col]
        cuda.syncthreads()
        for k in range(TILE):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()
    C[row, col] = acc


@cuda.jit
def reduce_sum(x, total):
    tile = cuda.shared.array(BLOCK, float32)
    t = cuda.threadIdx.x
    acc = float32(0.0)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        acc += x[i]
        i += stride
    tile[t] = acc
    cuda.syncthreads()
    s = BLOCK // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


@cuda.jit
def histogram(data, bins):
    local = cuda.shared.array(256, int32)
    t = cuda.threadIdx.x
    local[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < data.size:
        cuda.atomic.add(local, data[i], 1)
        i += stride
    cuda.syncthreads()
    cuda.atomic.add(bins, t, local[t])


@cuda.jit
def black_scholes(S, K, T, call, put, r, v):
    i = cuda.grid(1)
    if i < S.size:
        sqrt_t = math.sqrt(T[i])
        d1 = (math.log(S[i] / K[i]) + (r + float32(0.5) * v * v) * T[i]) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        cnd1 = float32(0.5) * (float32(1.0) + math.erf(d1 * float32(0.70710678)))
        cnd2 = float32(0.5) * (float32(1.0) + math.erf(d2 * float32(0.70710678)))
        disc = K[i] * math.exp(-r * T[i])
        call[i] = S[i] * cnd1 - disc * cnd2
        put[i] = disc * (float32(1.0) - cnd2) - S[i] * (float32(1.0) - cnd1)


@cuda.jit
def mandelbrot(out, max_iter):
    x, y = cuda.grid(2)
    w = out.shape[1]
    h = out.shape[0]
    if x < w and y < h:
        cr = float32(-2.0) + float32(3.0) * float32(x) / float32(w)
        ci = float32(-1.5) + float32(3.0) * float32(y) / float32(h)
        zr = float32(0.0)
        zi = float32(0.0)
        n = 0
        while n < max_iter and zr * zr + zi * zi <= float32(4.0):
            t = zr * zr - zi * zi + cr
            zi = float32(2.0) * zr * zi + ci
            zr = t
            n += 1
        out[y, x] = n
'''

PYTHON_NP = '''
import math
import numpy as np
from {module} import cuda

TILE = 16
BLOCK = 256
ZERO = np.float32(0.0)
QUARTER = np.float32(0.25)
HALF = np.float32(0.5)
ONE = np.float32(1.0)
TWO = np.float32(2.0)
FOUR = np.float32(4.0)
INV_SQRT2 = np.float32(0.70710678)
X0 = np.float32(-2.0)
Y0 = np.float32(-1.5)
SPAN = np.float32(3.0)


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def jacobi(src, dst):
    j, i = cuda.grid(2)
    n, m = src.shape
    if 1 <= i < n - 1 and 1 <= j < m - 1:
        dst[i, j] = QUARTER * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@cuda.jit
def matmul(A, B, C):
    j, i = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        acc = ZERO
        for k in range(A.shape[1]):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc


@cuda.jit
def matmul_tiled(A, B, C):
    sA = cuda.shared.array((TILE, TILE), np.float32)
    sB = cuda.shared.array((TILE, TILE), np.float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    col = cuda.blockIdx.x * TILE + tx
    row = cuda.blockIdx.y * TILE + ty
    acc = ZERO
    for t in range(A.shape[1] // TILE):
        sA[ty, tx] = A[row, t * TILE + tx]
        sB[ty, tx] = B[t * TILE + ty, col]
        cuda.syncthreads()
        for k in range(TILE):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()
    C[row, col] = acc


@cuda.jit
def reduce_sum(x, total):
    tile = cuda.shared.array(BLOCK, np.float32)
    t = cuda.threadIdx.x
    acc = ZERO
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        acc += x[i]
        i += stride
    tile[t] = acc
    cuda.syncthreads()
    s = BLOCK // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


@cuda.jit
def histogram(data, bins):
    local = cuda.shared.array(256, np.int32)
    t = cuda.threadIdx.x
    local[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < data.size:
        cuda.atomic.add(local, data[i], 1)
        i += stride
    cuda.syncthreads()
    cuda.atomic.add(bins, t, local[t])


@cuda.jit
def black_scholes(S, K, T, call, put, r, v):
    i = cuda.grid(1)
    if i < S.size:
        sqrt_t = math.sqrt(T[i])
        d1 = (math.log(S[i] / K[i]) + (r + HALF * v * v) * T[i]) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        cnd1 = HALF * (ONE + math.erf(d1 * INV_SQRT2))
        cnd2 = HALF * (ONE + math.erf(d2 * INV_SQRT2))
        disc = K[i] * math.exp(-r * T[i])
        call[i] = S[i] * cnd1 - disc * cnd2
        put[i] = disc * (ONE - cnd2) - S[i] * (ONE - cnd1)


@cuda.jit
def mandelbrot(out, max_iter):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        cr = X0 + SPAN * np.float32(x) / np.float32(w)
        ci = Y0 + SPAN * np.float32(y) / np.float32(h)
        zr = ZERO
        zi = ZERO
        n = 0
        while n < max_iter and zr * zr + zi * zi <= FOUR:
            t = zr * zr - zi * zi + cr
            zi = TWO * zr * zi + ci
            zr = t
            n += 1
        out[y, x] = n
'''

PYTHON_ARGS = '''
import math
import numpy as np
from {module} import cuda

TILE = 16
BLOCK = 256


@cuda.jit
def saxpy(a, x, y, out, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


@cuda.jit
def jacobi(src, dst, n, m, w):
    j, i = cuda.grid(2)
    if i >= 1 and i < n - 1 and j >= 1 and j < m - 1:
        dst[i, j] = w * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@cuda.jit
def matmul(A, B, C, n, kk, m):
    j, i = cuda.grid(2)
    if i < n and j < m:
        acc = np.float32(0)
        for k in range(kk):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc


@cuda.jit
def matmul_tiled(A, B, C, n, kk, m):
    sA = cuda.shared.array(shape=(TILE, TILE), dtype=np.float32)
    sB = cuda.shared.array(shape=(TILE, TILE), dtype=np.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row, col = cuda.blockIdx.y * TILE + ty, cuda.blockIdx.x * TILE + tx
    acc = np.float32(0)
    for t in range(kk // TILE):
        sA[ty, tx] = A[row, t * TILE + tx]
        sB[ty, tx] = B[t * TILE + ty, col]
        cuda.syncthreads()
        for k in range(TILE):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()
    if row < n and col < m:
        C[row, col] = acc


@cuda.jit
def reduce_sum(x, total, n):
    tile = cuda.shared.array(BLOCK, dtype=np.float32)
    t = cuda.threadIdx.x
    acc = np.float32(0)
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        acc += x[i]
    tile[t] = acc
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        cuda.atomic.add(total, 0, tile[0])


@cuda.jit
def histogram(data, bins, n):
    local = cuda.shared.array(256, dtype=np.int32)
    t = cuda.threadIdx.x
    local[t] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        cuda.atomic.add(local, data[i], 1)
    cuda.syncthreads()
    cuda.atomic.add(bins, t, local[t])


@cuda.jit
def black_scholes(S, K, T, call, put, r, v, n):
    i = cuda.grid(1)
    if i >= n:
        return
    half, one = np.float32(0.5), np.float32(1.0)
    sqrt_t = math.sqrt(T[i])
    d1 = (math.log(S[i] / K[i]) + (r + half * v * v) * T[i]) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    cnd1 = half * (one + math.erf(d1 * np.float32(0.70710678)))
    cnd2 = half * (one + math.erf(d2 * np.float32(0.70710678)))
    disc = K[i] * math.exp(-r * T[i])
    call[i] = S[i] * cnd1 - disc * cnd2
    put[i] = disc * (one - cnd2) - S[i] * (one - cnd1)


@cuda.jit
def mandelbrot(out, w, h, max_iter):
    x, y = cuda.grid(2)
    if x >= w or y >= h:
        return
    cr = np.float32(-2.0) + np.float32(3.0) * np.float32(x) / np.float32(w)
    ci = np.float32(-1.5) + np.float32(3.0) * np.float32(y) / np.float32(h)
    zr = np.float32(0)
    zi = np.float32(0)
    count = max_iter
    for n in range(max_iter):
        if zr * zr + zi * zi > np.float32(4.0):
            count = n
            break
        t = zr * zr - zi * zi + cr
        zi = np.float32(2.0) * zr * zi + ci
        zr = t
    out[y, x] = count
'''

CUDA_C = r'''
#define TILE 16
#define BLOCK 256

extern "C" __global__ void saxpy(float a, const float *x, const float *y, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}

extern "C" __global__ void jacobi(const float *src, float *dst, int n, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= 1 && i < n - 1 && j >= 1 && j < m - 1)
    dst[(long)i * m + j] = 0.25f * (src[(long)(i - 1) * m + j] + src[(long)(i + 1) * m + j] +
                                    src[(long)i * m + j - 1] + src[(long)i * m + j + 1]);
}

extern "C" __global__ void matmul(const float *A, const float *B, float *C, int n, int kk, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) {
    float acc = 0.0f;
    for (int k = 0; k < kk; k++) acc += A[(long)i * kk + k] * B[(long)k * m + j];
    C[(long)i * m + j] = acc;
  }
}

extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int n, int kk, int m) {
  __shared__ float sA[TILE][TILE], sB[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * TILE + tx, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < kk / TILE; t++) {
    sA[ty][tx] = A[(long)row * kk + t * TILE + tx];
    sB[ty][tx] = B[(long)(t * TILE + ty) * m + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += sA[ty][k] * sB[k][tx];
    __syncthreads();
  }
  C[(long)row * m + col] = acc;
}

extern "C" __global__ void reduce_sum(const float *x, float *total, long n) {
  __shared__ float tile[BLOCK];
  int t = threadIdx.x;
  float acc = 0.0f;
  for (long i = blockIdx.x * (long)blockDim.x + t; i < n; i += (long)gridDim.x * blockDim.x) acc += x[i];
  tile[t] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (t < s) tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(total, tile[0]);
}

extern "C" __global__ void histogram(const unsigned char *data, int *bins, long n) {
  __shared__ int local[256];
  int t = threadIdx.x;
  local[t] = 0;
  __syncthreads();
  for (long i = blockIdx.x * (long)blockDim.x + t; i < n; i += (long)gridDim.x * blockDim.x) atomicAdd(&local[data[i]], 1);
  __syncthreads();
  atomicAdd(&bins[t], local[t]);
}

extern "C" __global__ void black_scholes(const float *S, const float *K, const float *T, float *call, float *put,
                                         float r, float v, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) {
    float sqrt_t = sqrtf(T[i]);
    float d1 = (logf(S[i] / K[i]) + (r + 0.5f * v * v) * T[i]) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float cnd1 = 0.5f * (1.0f + erff(d1 * 0.70710678f));
    float cnd2 = 0.5f * (1.0f + erff(d2 * 0.70710678f));
    float disc = K[i] * expf(-r * T[i]);
    call[i] = S[i] * cnd1 - disc * cnd2;
    put[i] = disc * (1.0f - cnd2) - S[i] * (1.0f - cnd1);
  }
}

extern "C" __global__ void mandelbrot(int *out, int h, int w, int max_iter) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float cr = -2.0f + 3.0f * x / w, ci = -1.5f + 3.0f * y / h;
    float zr = 0.0f, zi = 0.0f;
    int n = 0;
    while (n < max_iter && zr * zr + zi * zi <= 4.0f) {
      float t = zr * zr - zi * zi + cr;
      zi = 2.0f * zr * zi + ci;
      zr = t;
      n++;
    }
    out[(long)y * w + x] = n;
  }
}

extern "C" __global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}
'''
