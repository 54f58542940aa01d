"""Kernels in the styles numba-cuda users write, which numba's typing makes 64-bit: Python-int
arguments (int64) as loop bounds and sizes, array extents from `.shape` (int64), counters stepped
as `i = i + 1`, `while True` loops left by `break`, a device function returning from inside its
`range` loop, 2-D and 3-D indexing through `.shape`. Each has a CUDA C counterpart written the way
a CUDA programmer would (32-bit `int` counters and indices, `long` offsets). bench/suite.py runs
them under pyjitc, numba-cuda and nvcc on the same buffers (its "user styles" table)."""
import numpy as np

PYTHON_STYLES = '''
import math
import numpy as np
from {module} import cuda

X0 = np.float32(-2.0)
Y0 = np.float32(-1.5)
SPAN = np.float32(3.0)
FOUR = np.float32(4.0)
TWO = np.float32(2.0)
WEIGHT = np.float32(0.25)
C0 = np.float32(0.4)
C1 = np.float32(0.1)


@cuda.jit
def mandel_step(out, max_iter):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        cr = X0 + SPAN * np.float32(x) / np.float32(w)
        ci = Y0 + SPAN * np.float32(y) / np.float32(h)
        zr = np.float32(0.0)
        zi = np.float32(0.0)
        i = 0
        while i < max_iter:
            if zr * zr + zi * zi > FOUR:
                break
            t = zr * zr - zi * zi + cr
            zi = TWO * zr * zi + ci
            zr = t
            i = i + 1
        out[y, x] = i


@cuda.jit
def mandel_true(out, max_iter):
    x, y = cuda.grid(2)
    if x >= out.shape[1] or y >= out.shape[0]:
        return
    cr = X0 + SPAN * np.float32(x) / np.float32(out.shape[1])
    ci = Y0 + SPAN * np.float32(y) / np.float32(out.shape[0])
    zr = np.float32(0.0)
    zi = np.float32(0.0)
    n = 0
    while True:
        if n >= max_iter or zr * zr + zi * zi > FOUR:
            break
        zr, zi = zr * zr - zi * zi + cr, TWO * zr * zi + ci
        n += 1
    out[y, x] = n


@cuda.jit(device=True)
def escape(cr, ci, max_iter):
    zr = np.float32(0.0)
    zi = np.float32(0.0)
    for i in range(max_iter):
        if zr * zr + zi * zi > FOUR:
            return i
        zr, zi = zr * zr - zi * zi + cr, TWO * zr * zi + ci
    return max_iter


@cuda.jit
def mandel_device(out, max_iter):
    x, y = cuda.grid(2)
    h, w = out.shape
    if x < w and y < h:
        out[y, x] = escape(X0 + SPAN * np.float32(x) / np.float32(w), Y0 + SPAN * np.float32(y) / np.float32(h),
                           max_iter)


@cuda.jit(device=True)
def escape_complex(x, y, iters):
    c = complex(x, y)
    z = 0.0j
    for k in range(iters):
        z = z * z + c
        if z.real * z.real + z.imag * z.imag >= 4:
            return k
    return iters


@cuda.jit
def mandel_complex(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]
    dx = (max_x - min_x) / width
    dy = (max_y - min_y) / height
    x0 = cuda.blockDim.x * cuda.blockIdx.x + cuda.threadIdx.x
    y0 = cuda.blockDim.y * cuda.blockIdx.y + cuda.threadIdx.y
    sx = cuda.gridDim.x * cuda.blockDim.x
    sy = cuda.gridDim.y * cuda.blockDim.y
    for x in range(x0, width, sx):
        re = min_x + x * dx
        for y in range(y0, height, sy):
            image[y, x] = escape_complex(re, min_y + y * dy, iters)


@cuda.jit
def jacobi_shape(a, b):
    j, i = cuda.grid(2)
    if i > 0 and j > 0 and i < a.shape[0] - 1 and j < a.shape[1] - 1:
        b[i, j] = WEIGHT * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@cuda.jit
def stencil3d(a, b):
    x, y, z = cuda.grid(3)
    nz, ny, nx = a.shape
    if 0 < x < nx - 1 and 0 < y < ny - 1 and 0 < z < nz - 1:
        b[z, y, x] = C0 * a[z, y, x] + C1 * (a[z, y, x - 1] + a[z, y, x + 1] + a[z, y - 1, x] + a[z, y + 1, x]
                                             + a[z - 1, y, x] + a[z + 1, y, x])


@cuda.jit
def colsum_n(a, out, n):
    j = cuda.grid(1)
    if j < out.shape[0]:
        acc = np.float32(0.0)
        for r in range(n):
            acc += a[r, j]
        out[j] = acc


@cuda.jit
def saxpy_n(a, x, y, out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a * x[i] + y[i]


@cuda.jit
def scale_stride_n(x, out, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        out[i] = TWO * x[i]
        i += stride
'''

CUDA_C_STYLES = r'''
extern "C" __global__ void mandel_step(int *out, int h, int w, int max_iter) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float cr = -2.0f + 3.0f * (float)x / (float)w, ci = -1.5f + 3.0f * (float)y / (float)h;
    float zr = 0.0f, zi = 0.0f;
    int i = 0;
    for (; i < max_iter; i++) {
      if (zr * zr + zi * zi > 4.0f) break;
      float t = zr * zr - zi * zi + cr;
      zi = 2.0f * zr * zi + ci;
      zr = t;
    }
    out[(long)y * w + x] = i;
  }
}

extern "C" __global__ void mandel_complex(double min_x, double max_x, double min_y, double max_y,
                                          unsigned char *image, int height, int width, int iters) {
  double dx = (max_x - min_x) / width, dy = (max_y - min_y) / height;
  for (int x = blockDim.x * blockIdx.x + threadIdx.x; x < width; x += gridDim.x * blockDim.x) {
    double re = min_x + x * dx;
    for (int y = blockDim.y * blockIdx.y + threadIdx.y; y < height; y += gridDim.y * blockDim.y) {
      double cr = re, ci = min_y + y * dy, zr = 0.0, zi = 0.0;
      int k = 0;
      for (; k < iters; k++) {
        double t = zr * zr - zi * zi + cr;
        zi = zr * zi + zi * zr + ci;
        zr = t;
        if (zr * zr + zi * zi >= 4.0) break;
      }
      image[(long)y * width + x] = (unsigned char)k;
    }
  }
}

extern "C" __global__ void jacobi_shape(const float *a, float *b, int n, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < n - 1 && j < m - 1)
    b[(long)i * m + j] = 0.25f * (a[(long)(i - 1) * m + j] + a[(long)(i + 1) * m + j] + a[(long)i * m + j - 1] +
                                  a[(long)i * m + j + 1]);
}

extern "C" __global__ void stencil3d(const float *a, float *b, int nz, int ny, int nx) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y,
      z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < nx - 1 && y > 0 && y < ny - 1 && z > 0 && z < nz - 1) {
    long p = ((long)z * ny + y) * nx + x, plane = (long)ny * nx;
    b[p] = 0.4f * a[p] + 0.1f * (a[p - 1] + a[p + 1] + a[p - nx] + a[p + nx] + a[p - plane] + a[p + plane]);
  }
}

extern "C" __global__ void colsum_n(const float *a, float *out, int n, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    float acc = 0.0f;
    for (int r = 0; r < n; r++) acc += a[(long)r * m + j];
    out[j] = acc;
  }
}

extern "C" __global__ void saxpy_n(float a, const float *x, const float *y, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}

extern "C" __global__ void scale_stride_n(const float *x, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = 2.0f * x[i];
}
'''

# mandel_true and mandel_device compute what mandel_step does: nvcc's one kernel serves all three
NVCC_NAME = {"mandel_true": "mandel_step", "mandel_device": "mandel_step"}


def mandel_reference(w, h, rows, max_iter):
    ys = rows[:, None].astype(np.float32)
    xs = np.arange(w, dtype=np.float32)[None, :]
    cr = np.float32(-2.0) + np.float32(3.0) * xs / np.float32(w)
    ci = np.float32(-1.5) + np.float32(3.0) * ys / np.float32(h)
    zr, zi = np.zeros_like(cr * ci), np.zeros_like(cr * ci)
    n_it = np.zeros(zr.shape, np.int32)
    for _ in range(max_iter):
        live = zr * zr + zi * zi <= np.float32(4.0)
        t = zr * zr - zi * zi + cr
        zi = np.where(live, np.float32(2.0) * zr * zi + ci, zi)
        zr = np.where(live, t, zr)
        n_it += live
    return n_it


def assert_agrees(got, want, what):
    # near the set's edge the orbit is chaotic: fused multiply-adds change a few points' counts
    agree = np.mean(got == want)
    assert agree > 0.99 and abs(int(got.sum()) - int(want.sum())) < 0.01 * max(int(want.sum()), 1), \
        f"{what} differs from NumPy ({agree:.4f} of the points agree)"


def style_cases(cp, quick, Case):
    """The Case objects (bench/suite.py's class) of the user styles: python_args are what a numba
    user passes (Python ints and floats, CuPy arrays), c_args what the CUDA C kernel takes."""
    rng = np.random.default_rng(29)
    out = []
    w = 1024 if quick else 4096
    rows = np.arange(0, w, 97)

    def check_mandel(o):
        assert_agrees(cp.asnumpy(o["img"])[rows], mandel_reference(w, w, rows, 256), "mandelbrot")
    for name in ("mandel_step", "mandel_true", "mandel_device"):
        out.append(Case(name, (w // 16, w // 16), (16, 16), lambda: {"img": cp.zeros((w, w), cp.int32)},
                        lambda o: (o["img"], 256), lambda o: (o["img"], np.int32(w), np.int32(w), np.int32(256)),
                        check_mandel))
    cw, ch = (768, 512) if quick else (3072, 2048)

    def check_complex(o):
        got = cp.asnumpy(o["image"])
        rs = np.arange(0, ch, 61)
        re = -2.0 + np.arange(cw) * (3.0 / cw)
        im = -1.0 + rs * (2.0 / ch)
        c = re[None, :] + 1j * im[:, None]
        z = np.zeros_like(c)
        k = np.full(c.shape, 20, np.int64)
        done = np.zeros(c.shape, bool)
        for it in range(20):
            z = np.where(done, z, z * z + c)
            esc = ~done & (z.real * z.real + z.imag * z.imag >= 4)
            k[esc] = it
            done |= esc
        assert_agrees(got[rs].astype(np.int64), k, "complex mandelbrot")
    # numba's documented example: 32 x 16 blocks of 32 x 8 threads, each thread many pixels
    out.append(Case("mandel_complex", (32, 16), (32, 8), lambda: {"image": cp.zeros((ch, cw), cp.uint8)},
                    lambda o: (-2.0, 1.0, -1.0, 1.0, o["image"], 20),
                    lambda o: (np.float64(-2.0), np.float64(1.0), np.float64(-1.0), np.float64(1.0), o["image"],
                               np.int32(ch), np.int32(cw), np.int32(20)), check_complex))
    m = 2048 if quick else 8192
    src = cp.asarray(rng.random((m, m), np.float32))

    def check_jacobi(o):
        s, d = cp.asnumpy(src), cp.asnumpy(o["dst"])
        want = np.float32(0.25) * (s[:-2, 1:-1] + s[2:, 1:-1] + s[1:-1, :-2] + s[1:-1, 2:])
        np.testing.assert_allclose(d[1:-1, 1:-1], want, rtol=1e-5)
    out.append(Case("jacobi_shape", ((m + 31) // 32, (m + 7) // 8), (32, 8), lambda: {"dst": cp.zeros((m, m), cp.float32)},
                    lambda o: (src, o["dst"]), lambda o: (src, o["dst"], np.int32(m), np.int32(m)), check_jacobi))
    v = 128 if quick else 384
    vol = cp.asarray(rng.random((v, v, v), np.float32))

    def check_3d(o):
        a, b = cp.asnumpy(vol)[:40], cp.asnumpy(o["b"])[:40]
        inner = a[1:-1, 1:-1, 1:-1]
        want = np.float32(0.4) * inner + np.float32(0.1) * (
            a[1:-1, 1:-1, :-2] + a[1:-1, 1:-1, 2:] + a[1:-1, :-2, 1:-1] + a[1:-1, 2:, 1:-1] + a[:-2, 1:-1, 1:-1]
            + a[2:, 1:-1, 1:-1])
        np.testing.assert_allclose(b[1:-1, 1:-1, 1:-1], want, rtol=1e-5)
    out.append(Case("stencil3d", (v // 32, v // 4, v // 2), (32, 4, 2), lambda: {"b": cp.zeros((v, v, v), cp.float32)},
                    lambda o: (vol, o["b"]), lambda o: (vol, o["b"], np.int32(v), np.int32(v), np.int32(v)), check_3d))
    rn, cm = (1024, 1 << 14) if quick else (4096, 1 << 16)
    mat = cp.asarray(rng.random((rn, cm), np.float32))
    out.append(Case("colsum_n", ((cm + 255) // 256,), (256,), lambda: {"s": cp.zeros(cm, cp.float32)},
                    lambda o: (mat, o["s"], rn), lambda o: (mat, o["s"], np.int32(rn), np.int32(cm)),
                    lambda o: np.testing.assert_allclose(cp.asnumpy(o["s"]),
                                                         cp.asnumpy(mat).astype(np.float64).sum(axis=0), rtol=1e-4)))
    n = 1 << (22 if quick else 26)
    x, y = cp.asarray(rng.random(n, np.float32)), cp.asarray(rng.random(n, np.float32))
    out.append(Case("saxpy_n", ((n + 255) // 256,), (256,), lambda: {"out": cp.empty(n, cp.float32)},
                    lambda o: (np.float32(2.5), x, y, o["out"], n),
                    lambda o: (np.float32(2.5), x, y, o["out"], np.int32(n)),
                    lambda o: np.testing.assert_allclose(cp.asnumpy(o["out"]),
                                                         np.float32(2.5) * cp.asnumpy(x) + cp.asnumpy(y), rtol=1e-6)))
    out.append(Case("scale_stride_n", (132 * 8,), (256,), lambda: {"out": cp.empty(n, cp.float32)},
                    lambda o: (x, o["out"], n), lambda o: (x, o["out"], np.int32(n)),
                    lambda o: np.testing.assert_array_equal(cp.asnumpy(o["out"]), np.float32(2.0) * cp.asnumpy(x))))
    return out

