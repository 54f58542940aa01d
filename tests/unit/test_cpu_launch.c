/* The CPU executor through pj_device_open(PJ_TARGET_CPU) and pj_launch_code, with hand-written
 * entries in the PjCpuEntry form (ir/abi.h): results checked element by element against plain C
 * loops, every block run exactly once, scalar marshalling of every dtype, the messages of bad
 * configurations and mismatched arguments, and grid barriers (every block of a cooperative
 * launch at once, its size limit, a block that never arrives). Prints "N passed, N failed" last. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pyjitc.h>
#include "ir/abi.h"
#include "runtime/device.h"

#include "check.h"

#define CHECK_TEXT(got, want) CHECKF(strcmp(got, want) == 0, "got \"%s\"\n     want \"%s\"", got, want)

/* ---- values ----------------------------------------------------------------------------- */

static PjValue array2d(PjDtype dtype, int64_t rows, int64_t cols, size_t elem) {
  PjValue v = {.dtype = dtype, .ndim = 2, .shape = {rows, cols}};
  v.data = calloc((size_t)(rows * cols) + 1, elem);
  return v;
}

static PjValue array1d(PjDtype dtype, int64_t n, size_t elem) {
  PjValue v = {.dtype = dtype, .ndim = 1, .shape = {n}};
  v.data = calloc((size_t)n + 1, elem);
  return v;
}

static PjValue scalar_f(PjDtype dtype, double f) { return (PjValue){.dtype = dtype, .scalar.f = f}; }
static PjValue scalar_i(PjDtype dtype, int64_t i) { return (PjValue){.dtype = dtype, .scalar.i = i}; }
static PjValue scalar_u(PjDtype dtype, uint64_t u) { return (PjValue){.dtype = dtype, .scalar.u = u}; }

static PjDevice *open_cpu(const char *threads) {
  char err[256] = "";
  PjDevice *device = NULL;
  setenv("PYJITC_CPU_THREADS", threads, 1);
  PjStatus st = pj_device_open(PJ_TARGET_CPU, 0, &device, err, sizeof err);
  CHECKF(st == PJ_OK && device, "pj_device_open(CPU) failed: %s", err);
  return device;
}

/* ---- kernel 1: out[i, j] = a * x[i, j] + y[i, j] on a 2D grid (x: columns, y: rows) --------- */

static float saxpy_one(float a, float x, float y) { return a * x + y; }

static void saxpy2d_entry(void **p, const PjCpuGrid *g) {
  float a = *(float *)p[0];
  const float *x = *(float **)p[1];
  const float *y = *(float **)p[4];
  float *out = *(float **)p[7];
  int64_t rows = *(int64_t *)p[8], cols = *(int64_t *)p[9];
  for (uint32_t ty = 0; ty < g->block[1]; ty++) {
    for (uint32_t tx = 0; tx < g->block[0]; tx++) {
      int64_t i = (int64_t)g->block_idx[1] * g->block[1] + ty;
      int64_t j = (int64_t)g->block_idx[0] * g->block[0] + tx;
      if (i < rows && j < cols) out[i * cols + j] = saxpy_one(a, x[i * cols + j], y[i * cols + j]);
    }
  }
}

static const PjArgType saxpy2d_sig[] = {
    {PJ_FLOAT32, 0}, {PJ_FLOAT32, 2}, {PJ_FLOAT32, 2}, {PJ_FLOAT32, 2}};
static const PjKernelCode saxpy2d_code = {
    .target = PJ_TARGET_CPU, .name = "saxpy2d", .cpu_entry = saxpy2d_entry,
    .nargs = 4, .args = saxpy2d_sig};

typedef struct Saxpy {
  int64_t rows, cols;
  PjValue args[4];
} Saxpy;

static void saxpy_new(Saxpy *s, int64_t rows, int64_t cols) {
  s->rows = rows;
  s->cols = cols;
  s->args[0] = scalar_f(PJ_FLOAT32, 2.5);
  for (int k = 1; k < 4; k++) s->args[k] = array2d(PJ_FLOAT32, rows, cols, sizeof(float));
  float *x = s->args[1].data, *y = s->args[2].data, *out = s->args[3].data;
  for (int64_t i = 0; i < rows * cols; i++) {
    x[i] = (float)(i % 1013) * 0.25f - 17.0f;
    y[i] = (float)(i % 389) * -0.5f + 3.0f;
    out[i] = NAN;   /* poison: unwritten elements are caught */
  }
}

static void saxpy_delete(Saxpy *s) {
  for (int k = 1; k < 4; k++) free(s->args[k].data);
}

static int64_t saxpy_mismatches(const Saxpy *s) {
  const float *x = s->args[1].data, *y = s->args[2].data, *out = s->args[3].data;
  float a = (float)s->args[0].scalar.f;
  int64_t bad = 0;
  for (int64_t i = 0; i < s->rows * s->cols; i++)
    if (!(out[i] == saxpy_one(a, x[i], y[i]))) bad++;
  return bad;
}

static PjLaunchConfig saxpy_config(const Saxpy *s, uint32_t bx, uint32_t by) {
  return (PjLaunchConfig){
      .grid = {(uint32_t)((s->cols + bx - 1) / bx), (uint32_t)((s->rows + by - 1) / by), 1},
      .block = {bx, by, 1}};
}

static void test_saxpy2d(const char *threads) {
  PjDevice *device = open_cpu(threads);
  if (!device) return;
  Saxpy s;
  saxpy_new(&s, 1000, 777);
  PjLaunchConfig config = saxpy_config(&s, 16, 8);
  PjLaunchTimes times;
  char err[256] = "";
  PjStatus st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, &times, err, sizeof err);
  CHECKF(st == PJ_OK, "saxpy2d launch failed (%d): %s", st, err);
  int64_t bad = saxpy_mismatches(&s);
  CHECKF(bad == 0, "saxpy2d with %s threads: %lld of %lld elements wrong", threads, (long long)bad,
        (long long)(s.rows * s.cols));
  CHECKF(times.runs == 1 && times.kernel_ms >= 0 && times.load_ms == 0 && times.transfer_in_ms == 0,
        "times: runs %d kernel %g load %g", times.runs, times.kernel_ms, times.load_ms);
  saxpy_delete(&s);
  pj_device_close(device);
}

/* An interrupt inside a span opened by pj_cpu_interruptible_begin stops a launch made after it
 * (the Ctrl-C that lands between a caller's last check and its launch): the launch returns
 * "interrupted" without running a block; after the span closes, launches run again. Outside a
 * span, an interrupt with no launch in progress is dropped. */
static void test_interrupt_before_launch(void) {
  PjDevice *device = open_cpu("4");
  if (!device) return;
  Saxpy s;
  saxpy_new(&s, 100, 100);
  PjLaunchConfig config = saxpy_config(&s, 16, 8);
  char err[256] = "";
  pj_cpu_interruptible_begin();
  pj_cpu_interrupt();
  PjStatus st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE && strstr(err, "interrupted"), "launch after an interrupt in a span: %d %s", st, err);
  CHECKF(saxpy_mismatches(&s) == s.rows * s.cols, "a block ran after the interrupt");
  st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE, "a second launch in the same span: %d", st);
  pj_cpu_interruptible_end();
  st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_OK && saxpy_mismatches(&s) == 0, "launch after the span closed: %d %s", st, err);
  pj_cpu_interrupt(); /* no span, no launch: nothing to stop, and nothing left pending */
  st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "an interrupt outside any span stopped a later launch: %d %s", st, err);
  saxpy_delete(&s);
  pj_device_close(device);
}

/* Several threads launching on one device at once. */
typedef struct Concurrent {
  PjDevice *device;
  PjStatus status;
  int64_t bad;
} Concurrent;

static void *concurrent_main(void *arg) {
  Concurrent *c = arg;
  Saxpy s;
  saxpy_new(&s, 300, 301);
  PjLaunchConfig config = saxpy_config(&s, 32, 4);
  c->status = pj_launch_code(c->device, &saxpy2d_code, &config, s.args, 4, NULL, NULL, 0);
  c->bad = saxpy_mismatches(&s);
  saxpy_delete(&s);
  return NULL;
}

static void test_concurrent_launches(void) {
  PjDevice *device = open_cpu("4");
  if (!device) return;
  pthread_t threads[4];
  Concurrent runs[4];
  for (int t = 0; t < 4; t++) {
    runs[t] = (Concurrent){.device = device};
    pthread_create(&threads[t], NULL, concurrent_main, &runs[t]);
  }
  for (int t = 0; t < 4; t++) {
    pthread_join(threads[t], NULL);
    CHECKF(runs[t].status == PJ_OK && runs[t].bad == 0, "concurrent launch %d: status %d, %lld wrong",
          t, runs[t].status, (long long)runs[t].bad);
  }
  pj_device_close(device);
}

/* ---- kernel 2: counts[block] += 1, and the grid the entry sees ------------------------------ */

static void count_entry(void **p, const PjCpuGrid *g) {
  int32_t *counts = *(int32_t **)p[0];
  int32_t *shape_ok = *(int32_t **)p[2];
  uint64_t b = g->block_idx[0] + (uint64_t)g->grid[0] * (g->block_idx[1] + (uint64_t)g->grid[1] * g->block_idx[2]);
  __atomic_fetch_add(&counts[b], 1, __ATOMIC_RELAXED);
  if (g->grid[0] != 5 || g->grid[1] != 4 || g->grid[2] != 3 || g->block[0] != 2 ||
      g->block[1] != 3 || g->block[2] != 4)
    __atomic_store_n(shape_ok, 0, __ATOMIC_RELAXED);
}

static const PjArgType count_sig[] = {{PJ_INT32, 1}, {PJ_INT32, 1}};
static const PjKernelCode count_code = {
    .target = PJ_TARGET_CPU, .name = "count", .cpu_entry = count_entry, .nargs = 2, .args = count_sig};

static void test_every_block_once(void) {
  PjDevice *device = open_cpu("3");
  if (!device) return;
  CHECK_TEXT(pj_device_name(device), "CPU (3 threads)");
  CHECKF(pj_device_target(device) == PJ_TARGET_CPU, "target %d", pj_device_target(device));
  CHECKF(pj_device_arch(device) == NULL, "the CPU has an arch");
  PjValue args[2] = {array1d(PJ_INT32, 60, sizeof(int32_t)), array1d(PJ_INT32, 1, sizeof(int32_t))};
  ((int32_t *)args[1].data)[0] = 1;
  PjLaunchConfig config = {.grid = {5, 4, 3}, .block = {2, 3, 4}, .repeat = 7};
  PjLaunchTimes times;
  char err[256] = "";
  PjStatus st = pj_launch_code(device, &count_code, &config, args, 2, &times, err, sizeof err);
  CHECKF(st == PJ_OK, "count launch: %s", err);
  int wrong = 0;
  for (int b = 0; b < 60; b++) wrong += ((int32_t *)args[0].data)[b] != 7;
  CHECKF(wrong == 0, "%d of 60 blocks did not run exactly 7 times", wrong);
  CHECKF(((int32_t *)args[1].data)[0] == 1, "the entry saw a wrong grid or block");
  CHECKF(times.runs == 7, "runs %d", times.runs);
  CHECKF(times.kernel_min_ms <= times.kernel_ms && times.kernel_ms <= times.kernel_max_ms,
        "min %g median %g max %g", times.kernel_min_ms, times.kernel_ms, times.kernel_max_ms);
  free(args[0].data);
  free(args[1].data);
  pj_device_close(device);
}

/* ---- kernel 3: every scalar dtype, written out as float64 ---------------------------------- */

static void scalars_entry(void **p, const PjCpuGrid *g) {
  (void)g;
  double *out = *(double **)p[11];
  out[0] = *(uint8_t *)p[0];
  out[1] = *(int8_t *)p[1];
  out[2] = *(int16_t *)p[2];
  out[3] = *(int32_t *)p[3];
  out[4] = (double)*(int64_t *)p[4];
  out[5] = *(uint8_t *)p[5];
  out[6] = *(uint16_t *)p[6];
  out[7] = *(uint32_t *)p[7];
  out[8] = (double)*(uint64_t *)p[8];
  out[9] = *(float *)p[9];
  out[10] = *(double *)p[10];
  out[11] = (double)*(int64_t *)p[12];   /* the extent of out */
}

static const PjArgType scalars_sig[] = {
    {PJ_BOOL, 0},   {PJ_INT8, 0},   {PJ_INT16, 0},  {PJ_INT32, 0},   {PJ_INT64, 0},   {PJ_UINT8, 0},
    {PJ_UINT16, 0}, {PJ_UINT32, 0}, {PJ_UINT64, 0}, {PJ_FLOAT32, 0}, {PJ_FLOAT64, 0}, {PJ_FLOAT64, 1}};
static const PjKernelCode scalars_code = {
    .target = PJ_TARGET_CPU, .name = "scalars", .cpu_entry = scalars_entry, .nargs = 12,
    .args = scalars_sig};

static void test_scalars(void) {
  PjDevice *device = open_cpu("2");
  if (!device) return;
  PjValue args[12] = {
      scalar_i(PJ_BOOL, 1),          scalar_i(PJ_INT8, -5),         scalar_i(PJ_INT16, -300),
      scalar_i(PJ_INT32, -70000),    scalar_i(PJ_INT64, -5000000000LL), scalar_u(PJ_UINT8, 200),
      scalar_u(PJ_UINT16, 60000),    scalar_u(PJ_UINT32, 4000000000u), scalar_u(PJ_UINT64, 1ull << 40),
      scalar_f(PJ_FLOAT32, 0.1),     scalar_f(PJ_FLOAT64, 0.1),     array1d(PJ_FLOAT64, 12, sizeof(double))};
  double want[12] = {1, -5, -300, -70000, -5e9, 200, 60000, 4e9, 1099511627776.0, (double)0.1f, 0.1, 12};
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
  char err[256] = "";
  PjStatus st = pj_launch_code(device, &scalars_code, &config, args, 12, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "scalars launch: %s", err);
  const double *out = args[11].data;
  for (int i = 0; i < 12; i++) CHECKF(out[i] == want[i], "scalar %d: got %.17g want %.17g", i, out[i], want[i]);
  free(args[11].data);
  pj_device_close(device);
}

/* ---- rejected launches -------------------------------------------------------------------- */

static void expect_config_error(PjDevice *device, Saxpy *s, PjLaunchConfig config, const char *want) {
  char err[256] = "";
  float *out = s->args[3].data;
  out[0] = NAN;
  PjStatus st = pj_launch_code(device, &saxpy2d_code, &config, s->args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "status %d for \"%s\"", st, want);
  CHECK_TEXT(err, want);
  CHECKF(isnan(out[0]), "the kernel ran despite \"%s\"", want);
}

static void test_bad_configs(void) {
  PjDevice *device = open_cpu("2");
  if (!device) return;
  Saxpy s;
  saxpy_new(&s, 4, 4);
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 1, 1}, .block = {2048, 1, 1}},
                      "block (2048,1,1) has 2048 threads; the device allows at most 1024 per block (CUDA_ERROR_INVALID_VALUE)");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 1, 1}, .block = {64, 64, 1}},
                      "block (64,64,1) has 4096 threads; the device allows at most 1024 per block (CUDA_ERROR_INVALID_VALUE)");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 1, 1}, .block = {1, 1, 128}},
                      "block (1,1,128) has z = 128; the device allows at most 64 (CUDA_ERROR_INVALID_VALUE)");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 1, 1}, .block = {0, 1, 1}},
                      "block (0,1,1) has a zero dimension; each must be at least 1");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {4, 0, 1}, .block = {1, 1, 1}},
                      "grid (4,0,1) has a zero dimension; each must be at least 1");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 65536, 1}, .block = {1, 1, 1}},
                      "grid (1,65536,1) has y = 65536; the device allows at most 65535 (CUDA_ERROR_INVALID_VALUE)");
  expect_config_error(device, &s, (PjLaunchConfig){.grid = {1, 1, 1}, .block = {1, 1, 1}, .shared_bytes = 65536},
                      "65536 bytes of shared memory per block; the device allows at most 49152 (CUDA_ERROR_INVALID_VALUE)");
  saxpy_delete(&s);
  pj_device_close(device);
}

static void expect_arg_error(PjDevice *device, const PjKernelCode *code, PjValue *args, int nargs,
                             const char *want) {
  char err[256] = "";
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {4, 4, 1}};
  PjStatus st = pj_launch_code(device, code, &config, args, nargs, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "status %d for \"%s\"", st, want);
  CHECK_TEXT(err, want);
}

static void test_bad_args(void) {
  PjDevice *device = open_cpu("2");
  if (!device) return;
  Saxpy s;
  saxpy_new(&s, 4, 4);
  expect_arg_error(device, &saxpy2d_code, s.args, 3, "kernel 'saxpy2d' takes 4 arguments but 3 were given");
  PjValue args[4];
  memcpy(args, s.args, sizeof args);
  args[1].dtype = PJ_FLOAT64;
  expect_arg_error(device, &saxpy2d_code, args, 4,
                   "argument 2 of 4 is float64[:, :] but kernel 'saxpy2d' was compiled for float32[:, :]");
  memcpy(args, s.args, sizeof args);
  args[2].ndim = 1;
  expect_arg_error(device, &saxpy2d_code, args, 4,
                   "argument 3 of 4 is float32[:] but kernel 'saxpy2d' was compiled for float32[:, :]");
  memcpy(args, s.args, sizeof args);
  args[0] = scalar_i(PJ_INT64, 2);
  expect_arg_error(device, &saxpy2d_code, args, 4,
                   "argument 1 of 4 is int64 but kernel 'saxpy2d' was compiled for float32");
  memcpy(args, s.args, sizeof args);
  args[3].shape[0] = -1;
  expect_arg_error(device, &saxpy2d_code, args, 4,
                   "argument 4 of 4 has a negative extent (-1) in dimension 0");
  memcpy(args, s.args, sizeof args);
  args[3].data = NULL;
  expect_arg_error(device, &saxpy2d_code, args, 4, "argument 4 of 4 is an array with no data");
  PjKernelCode gpu_code = saxpy2d_code;
  gpu_code.target = PJ_TARGET_CUDA;
  expect_arg_error(device, &gpu_code, s.args, 4,
                   "kernel 'saxpy2d' was compiled for CUDA but the device is CPU (2 threads)");
  char err[128] = "";
  PjStatus st = pj_launch(device, NULL, NULL, NULL, 0, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT && strstr(err, "NULL"), "pj_launch(NULL kernel): %d %s", st, err);
  saxpy_delete(&s);
  pj_device_close(device);
}

/* Arrays with no elements are fine: the entry sees the extents. */
static void test_empty_arrays(void) {
  PjDevice *device = open_cpu("2");
  if (!device) return;
  Saxpy s;
  saxpy_new(&s, 0, 5);
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {8, 8, 1}};
  char err[256] = "";
  PjStatus st = pj_launch_code(device, &saxpy2d_code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "empty arrays: %s", err);
  saxpy_delete(&s);
  pj_device_close(device);
}

/* ---- kernel 4: grid barriers (a kernel with grid_sync: every block at once) ------------------ */

/* ring(vals: int64[:], rounds: int64, broken: int32[:]): one value per block; each round every block
 * reads its right neighbour's value, waits for the grid, adds it to its own, and waits again. A
 * negative `rounds` makes block 0 finish at once: the others then find the barrier broken and
 * mark broken[block]. */
static void ring_entry(void **p, const PjCpuGrid *g) {
  int64_t *vals = *(int64_t **)p[0];
  int64_t rounds = *(int64_t *)p[2];
  int32_t *broken = *(int32_t **)p[3];
  uint64_t blocks = (uint64_t)g->grid[0] * g->grid[1] * g->grid[2];
  uint64_t b = g->block_idx[0] + (uint64_t)g->grid[0] * (g->block_idx[1] + (uint64_t)g->grid[1] * g->block_idx[2]);
  if (rounds < 0 && b == 0) return;
  for (int64_t r = 0; r < (rounds < 0 ? 1 : rounds); r++) {
    int64_t right = vals[(b + 1) % blocks];
    if (g->grid_sync(g->sync)) {
      broken[b] = 1;
      return;
    }
    vals[b] += right;
    if (g->grid_sync(g->sync)) {
      broken[b] = 2;
      return;
    }
  }
}

static const PjArgType ring_sig[] = {{PJ_INT64, 1}, {PJ_INT64, 0}, {PJ_INT32, 1}};
static const PjKernelCode ring_code = {.target = PJ_TARGET_CPU, .name = "ring", .cpu_entry = ring_entry, .nargs = 3,
                                       .args = ring_sig, .grid_sync = true};

static void test_grid_barrier(void) {
  PjDevice *device = open_cpu("3");
  if (!device) return;
  /* 3 threads stand for 3 multiprocessors of 2048 threads in 32 blocks: 96 blocks of 64 threads */
  enum { BLOCKS = 96, ROUNDS = 20 };
  PjValue args[3] = {array1d(PJ_INT64, BLOCKS, sizeof(int64_t)), scalar_i(PJ_INT64, ROUNDS),
                     array1d(PJ_INT32, BLOCKS, sizeof(int32_t))};
  int64_t want[BLOCKS], next[BLOCKS];
  for (int b = 0; b < BLOCKS; b++) want[b] = ((int64_t *)args[0].data)[b] = b % 7 - 3;
  for (int r = 0; r < ROUNDS; r++) {
    for (int b = 0; b < BLOCKS; b++) next[b] = want[b] + want[(b + 1) % BLOCKS];
    memcpy(want, next, sizeof want);
  }
  PjLaunchConfig config = {.grid = {4, 4, 6}, .block = {64, 1, 1}};
  char err[512] = "";
  PjStatus st = pj_launch_code(device, &ring_code, &config, args, 3, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "ring launch: %s", err);
  int wrong = 0, broken = 0;
  for (int b = 0; b < BLOCKS; b++) {
    wrong += ((int64_t *)args[0].data)[b] != want[b];
    broken += ((int32_t *)args[2].data)[b] != 0;
  }
  CHECKF(wrong == 0 && broken == 0, "%d of %d values wrong, %d blocks found the barrier broken", wrong, BLOCKS, broken);

  /* one block more than can run at once */
  config.grid[2] = 7;
  st = pj_launch_code(device, &ring_code, &config, args, 3, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE, "112 blocks of 64 threads: status %d", st);
  CHECK_TEXT(err, "kernel 'ring' synchronises its whole grid (g.sync()), so all its blocks must run at once: grid "
                  "(4,4,7) has 112 blocks, but at most 96 blocks of (64,1,1) threads can run at once on the CPU "
                  "executor (3 threads) (see max_cooperative_grid_blocks)");
  /* bigger blocks and shared memory leave room for fewer: 8 of 256 threads, 5 of 40 KiB, per thread */
  config = (PjLaunchConfig){.grid = {25, 1, 1}, .block = {16, 16, 1}};
  st = pj_launch_code(device, &ring_code, &config, args, 3, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE && strstr(err, "at most 24 blocks of (16,16,1) threads can run"), "%d %s", st, err);
  config = (PjLaunchConfig){.grid = {16, 1, 1}, .block = {32, 1, 1}, .shared_bytes = 40 << 10};
  st = pj_launch_code(device, &ring_code, &config, args, 3, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE && strstr(err, "at most 15 blocks of (32,1,1) threads with 40960 bytes of dynamic "
                                             "shared memory"), "%d %s", st, err);

  /* block 0 finishes without arriving: every other block is told, nothing hangs */
  args[1] = scalar_i(PJ_INT64, -1);
  config = (PjLaunchConfig){.grid = {BLOCKS, 1, 1}, .block = {64, 1, 1}};
  st = pj_launch_code(device, &ring_code, &config, args, 3, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "ring launch with a block gone: %s", err);
  broken = 0;
  for (int b = 1; b < BLOCKS; b++) broken += ((int32_t *)args[2].data)[b] == 1;
  CHECKF(broken == BLOCKS - 1 && ((int32_t *)args[2].data)[0] == 0, "%d of %d blocks found the barrier broken", broken,
         BLOCKS - 1);
  free(args[0].data);
  free(args[2].data);
  pj_device_close(device);
}

/* ---- opening -------------------------------------------------------------------------------- */

static void test_open(void) {
  char err[256] = "";
  PjDevice *device = NULL;
  setenv("PYJITC_CPU_THREADS", "1", 1);
  setenv("PYJITC_TARGET", "cpu", 1);
  PjStatus st = pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err);
  CHECKF(st == PJ_OK && device && pj_device_target(device) == PJ_TARGET_CPU,
        "PYJITC_TARGET=cpu: %d %s", st, err);
  if (device) CHECK_TEXT(pj_device_name(device), "CPU (1 thread)");
  pj_device_close(device);

  setenv("PYJITC_TARGET", "tpu", 1);
  st = pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT && device == NULL, "PYJITC_TARGET=tpu gave %d", st);
  CHECK_TEXT(err, "PYJITC_TARGET=tpu: expected cpu, cuda or auto");
  unsetenv("PYJITC_TARGET");

  setenv("PYJITC_CPU_THREADS", "zero", 1);
  st = pj_device_open(PJ_TARGET_CPU, 0, &device, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT && device == NULL, "PYJITC_CPU_THREADS=zero gave %d", st);
  CHECK_HAS(err, "PYJITC_CPU_THREADS=zero: expected a whole number");
  unsetenv("PYJITC_CPU_THREADS");

  st = pj_device_open(PJ_TARGET_CPU, 0, &device, err, sizeof err);
  CHECKF(st == PJ_OK && strncmp(pj_device_name(device), "CPU (", 5) == 0, "default threads: %s", err);
  pj_device_close(device);
  st = pj_device_open(PJ_TARGET_CPU, -1, &device, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "ordinal -1 gave %d", st);
}

/* ---- what only a GPU has: external streams, CUDA IPC ----------------------------------------- */

static void test_gpu_only_memory_api(void) {
  char err[256] = "";
  PjDevice *device = open_cpu("1");
  /* a stream made elsewhere: on the CPU its handle only names it (all work is done in order) */
  PjStream *stream = NULL, *other = NULL;
  PjStatus st = pj_stream_wrap(device, 0x1234, &stream, err, sizeof err);
  CHECKF(st == PJ_OK && stream && pj_stream_get_handle(stream) == 0x1234, "pj_stream_wrap on the CPU gave %d", st);
  CHECK(pj_stream_synchronize(stream, err, sizeof err) == PJ_OK);
  pj_stream_delete(stream);
  /* a stream of its own: a handle of its own, never 0 (the CUDA Array Interface's "no stream") */
  st = pj_stream_new(device, &stream, err, sizeof err);
  CHECK(st == PJ_OK && stream && pj_stream_get_handle(stream) != 0);
  CHECK(pj_stream_new(device, &other, err, sizeof err) == PJ_OK);
  CHECK(pj_stream_get_handle(other) != pj_stream_get_handle(stream));
  pj_stream_delete(other);
  pj_stream_delete(stream);
  CHECK(pj_stream_get_handle(NULL) == 0);
  /* events: timing ones measure, others refuse as the driver does; query and wait are immediate */
  PjEvent *t0 = NULL, *t1 = NULL, *quiet = NULL;
  double ms = -1;
  int done = 0;
  CHECK(pj_event_new(device, 1, &t0, err, sizeof err) == PJ_OK && pj_event_new(device, 1, &t1, err, sizeof err) == PJ_OK);
  CHECK(pj_event_new(device, 0, &quiet, err, sizeof err) == PJ_OK);
  CHECK(pj_event_query(t0, &done, err, sizeof err) == PJ_OK && done == 1); /* never recorded: done */
  err[0] = 0;
  CHECK(pj_event_elapsed_ms(t0, t1, &ms, err, sizeof err) == PJ_ERROR_DEVICE);
  CHECK_HAS(err, "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE (the start event was never recorded)");
  CHECK(pj_event_record(t0, NULL, err, sizeof err) == PJ_OK && pj_event_record(quiet, NULL, err, sizeof err) == PJ_OK);
  CHECK(pj_event_wait(t0, NULL, err, sizeof err) == PJ_OK);
  CHECK(pj_event_record(t1, NULL, err, sizeof err) == PJ_OK);
  CHECK(pj_event_elapsed_ms(t0, t1, &ms, err, sizeof err) == PJ_OK && ms >= 0);
  err[0] = 0;
  CHECK(pj_event_elapsed_ms(t0, quiet, &ms, err, sizeof err) == PJ_ERROR_DEVICE);
  CHECK_HAS(err, "CUDA_ERROR_INVALID_HANDLE (the end event was made with timing=False");
  CHECK(pj_device_profile(device, 1, err, sizeof err) == PJ_OK && pj_device_profile(device, 0, err, sizeof err) == PJ_OK);
  pj_event_delete(t0);
  pj_event_delete(t1);
  pj_event_delete(quiet);
  uint64_t address = 0, base = 1;
  size_t size = 1;
  uint8_t handle[PJ_IPC_HANDLE_BYTES] = {0};
  st = pj_mem_alloc(device, 64, &address, err, sizeof err);
  CHECK(st == PJ_OK);
  err[0] = 0;
  st = pj_ipc_get_handle(device, address, handle, &base, &size, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "pj_ipc_get_handle on the CPU gave %d", st);
  CHECK_HAS(err, "CUDA IPC needs a CUDA GPU");
  err[0] = 0;
  CHECK(pj_ipc_open(device, handle, &address, err, sizeof err) == PJ_ERROR_ARGUMENT && err[0]);
  pj_mem_free(device, address);
  pj_device_close(device);
}

/* ---- device memory as cuMemAlloc gives it: 256-byte alignment, whole 256-byte granules -------- */

/* Every allocation starts on a 256-byte boundary and owns its whole last granule: writing the
 * granule's bytes past the requested size (a kernel overrunning an array a little, which a GPU
 * lets pass) stays in the allocation (AddressSanitizer, in the sanitized pass, reports it
 * otherwise), and neighbours keep their contents; sizes 0, 1, 40, 255, 256, 257 and a large one. */
static void test_memory_granules(void) {
  char err[256] = "";
  PjDevice *device = open_cpu("1");
  const size_t sizes[] = {0, 1, 40, 255, 256, 257, (size_t)5 << 20};
  uint64_t addr[sizeof sizes / sizeof *sizes] = {0};
  size_t n = sizeof sizes / sizeof *sizes;
  for (size_t i = 0; i < n; i++) {
    CHECKF(pj_mem_alloc(device, sizes[i], &addr[i], err, sizeof err) == PJ_OK && addr[i], "alloc %zu: %s",
           sizes[i], err);
    CHECKF(addr[i] % 256 == 0, "alloc of %zu bytes at %#llx: not 256-byte aligned", sizes[i],
           (unsigned long long)addr[i]);
  }
  for (size_t i = 0; i < n; i++) {
    size_t whole = sizes[i] ? (sizes[i] + 255) / 256 * 256 : 256;
    memset((void *)(uintptr_t)addr[i], (int)(i + 1), whole);
  }
  for (size_t i = 0; i < n; i++) {
    size_t whole = sizes[i] ? (sizes[i] + 255) / 256 * 256 : 256;
    const unsigned char *p = (const unsigned char *)(uintptr_t)addr[i];
    int same = 1;
    for (size_t k = 0; k < whole; k++) same &= p[k] == (unsigned char)(i + 1);
    CHECKF(same, "alloc %zu of %zu bytes: its granule was overwritten by another's", i, sizes[i]);
  }
  for (size_t i = 0; i < n; i++) pj_mem_free(device, addr[i]);
  pj_device_close(device);
}

/* ---- devices in one process: the CPU executor's answers ------------------------------------- */

static void test_devices_in_one_process(void) {
  char err[256] = "";
  PjDevice *a = open_cpu("1"), *b = open_cpu("1");
  int ordinal = 7, can = 7;
  CHECK(pj_device_current(PJ_TARGET_CPU, &ordinal, err, sizeof err) == PJ_OK && ordinal == -1);
  CHECK(pj_device_make_current(PJ_TARGET_CPU, a, err, sizeof err) == PJ_OK && pj_device_ordinal(a) == 0);
  CHECK(pj_device_current(PJ_TARGET_CPU, &ordinal, err, sizeof err) == PJ_OK && ordinal == 0); /* this thread's */
  CHECK(pj_device_make_current(PJ_TARGET_CPU, NULL, err, sizeof err) == PJ_OK);
  CHECK(pj_device_current(PJ_TARGET_CPU, &ordinal, err, sizeof err) == PJ_OK && ordinal == -1);
  CHECK(pj_device_can_access_peer(a, a, &can, err, sizeof err) == PJ_OK && can == 1);
  CHECK(pj_device_can_access_peer(a, b, &can, err, sizeof err) == PJ_OK && can == 1); /* one memory */
  CHECK(pj_mem_device(PJ_TARGET_CPU, 0x1000) == -1);
  /* a stream belongs to its device: a copy, fill, event or launch on another is refused */
  PjStream *sb = NULL;
  PjEvent *ea = NULL;
  CHECK(pj_stream_new(b, &sb, err, sizeof err) == PJ_OK && pj_stream_device(sb) == b);
  CHECK(pj_event_new(a, 1, &ea, err, sizeof err) == PJ_OK && pj_event_device(ea) == a);
  uint64_t x = 0, y = 0;
  CHECK(pj_mem_alloc(a, 64, &x, err, sizeof err) == PJ_OK && pj_mem_alloc(a, 64, &y, err, sizeof err) == PJ_OK);
  memset((void *)(uintptr_t)x, 5, 64);
  memset((void *)(uintptr_t)y, 0, 64);
  err[0] = 0;
  PjStatus st = pj_mem_copy(a, PJ_COPY_DEVICE_TO_DEVICE, y, x, 64, sb, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "a copy on another device's stream gave %d", st);
  CHECK_HAS(err, "a copy on CPU device 0 was given a stream of CPU device 0");
  CHECK(pj_mem_set(a, y, 1, 64, sb, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK(pj_event_record(ea, sb, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK(((unsigned char *)(uintptr_t)y)[0] == 0 && ((unsigned char *)(uintptr_t)y)[63] == 0); /* nothing ran */
  /* a copy between devices: the CPU executor's share one memory */
  CHECK(pj_mem_copy_peer(b, y, a, x, 64, NULL, err, sizeof err) == PJ_OK && memcmp((void *)(uintptr_t)y, (void *)(uintptr_t)x, 64) == 0);
  memset((void *)(uintptr_t)y, 0, 64);
  CHECK(pj_mem_copy_peer(b, y, a, x, 64, sb, err, sizeof err) == PJ_OK && ((unsigned char *)(uintptr_t)y)[9] == 5);
  err[0] = 0;
  CHECK(pj_mem_copy_peer(a, y, a, x, 64, sb, err, sizeof err) == PJ_ERROR_ARGUMENT); /* neither's stream */
  CHECK_HAS(err, "was given a stream of");
  pj_mem_free(a, x);
  pj_mem_free(a, y);
  pj_event_delete(ea);
  pj_stream_delete(sb);
  pj_device_close(a);
  pj_device_close(b);

  /* numba's device attributes: the CPU executor's limits, or a clear refusal */
  PjDevice *c = open_cpu("3");
  int64_t v = 0;
  CHECK(pj_device_attribute(c, "MULTIPROCESSOR_COUNT", &v, err, sizeof err) == PJ_OK && v == 3);
  CHECK(pj_device_attribute(c, "MAX_BLOCK_DIM_Z", &v, err, sizeof err) == PJ_OK && v == 64);
  CHECK(pj_device_attribute(c, "WARP_SIZE", &v, err, sizeof err) == PJ_OK && v == 32);
  CHECK(pj_device_attribute(c, "CLOCK_RATE", &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK_HAS(err, "the CPU executor has no device attribute CLOCK_RATE");
  CHECK(pj_device_attribute(c, "NO_SUCH", &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  int named = 0;
  for (int i = 0; pj_device_attribute_name(i); i++) { /* every name answers or refuses, never fails otherwise */
    PjStatus a = pj_device_attribute(c, pj_device_attribute_name(i), &v, err, sizeof err);
    named += a == PJ_OK || a == PJ_ERROR_ARGUMENT;
    if (a != PJ_OK && a != PJ_ERROR_ARGUMENT) CHECKF(0, "%s: %d", pj_device_attribute_name(i), a);
  }
  CHECK(named >= 30 && pj_device_attribute_name(-1) == NULL);
  pj_device_close(c);

  /* PYJITC_CPU_DEVICES: the CPU executor as several devices, each its own ordinal */
  int count = 0;
  CHECK(pj_device_count(PJ_TARGET_CPU, &count, err, sizeof err) == PJ_OK && count == 1);
  setenv("PYJITC_CPU_DEVICES", "3", 1);
  CHECK(pj_device_count(PJ_TARGET_CPU, &count, err, sizeof err) == PJ_OK && count == 3);
  PjDevice *third = NULL, *fourth = NULL;
  CHECK(pj_device_open(PJ_TARGET_CPU, 2, &third, err, sizeof err) == PJ_OK && pj_device_ordinal(third) == 2);
  err[0] = 0;
  CHECK(pj_device_open(PJ_TARGET_CPU, 3, &fourth, err, sizeof err) == PJ_ERROR_ARGUMENT && fourth == NULL);
  CHECK_HAS(err, "there is no device 3: the CPU executor is 3 devices (PYJITC_CPU_DEVICES)");
  setenv("PYJITC_CPU_DEVICES", "0", 1);
  CHECK(pj_device_count(PJ_TARGET_CPU, &count, err, sizeof err) == PJ_ERROR_ARGUMENT);
  unsetenv("PYJITC_CPU_DEVICES");
  pj_device_close(third);
}

int main(void) {
  test_open();
  test_gpu_only_memory_api();
  test_devices_in_one_process();
  test_memory_granules();
  test_saxpy2d("1");
  test_saxpy2d("4");
  test_saxpy2d("16");
  test_concurrent_launches();
  test_interrupt_before_launch();
  test_every_block_once();
  test_scalars();
  test_bad_configs();
  test_bad_args();
  test_empty_arrays();
  test_grid_barrier();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
