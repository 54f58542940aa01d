/* The CUDA half of the runtime with hand-written PTX (sm_90, PTX ISA 8.0) whose parameters
 * follow ir/abi.h: saxpy on 2^20 floats checked element by element, every scalar width,
 * the module cache, the JIT log of a bad PTX in the error, the device's limits, and a missing
 * driver reported as PJ_ERROR_NO_DEVICE. Needs a GPU: without one it checks the missing-driver
 * cases, says why it stops, and exits with 77 (CTest's skip code). Label: gpu. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pyjitc.h>
#include "ir/abi.h"
#include "runtime/device.h"

#include "check.h"


/* ---- the kernels ---------------------------------------------------------------------------- */

/* saxpy(a: float32, x: float32[:], y: float32[:], out: float32[:]): out[i] = a * x[i] + y[i]
 * for i < len(out); OP is the arithmetic, so that variants share the text. */
#define SAXPY_PTX(OP)                                                                \
  ".version 8.0\n"                                                                   \
  ".target sm_90\n"                                                                  \
  ".address_size 64\n"                                                               \
  "\n"                                                                               \
  ".visible .entry saxpy(\n"                                                         \
  "\t.param .f32 saxpy_a,\n"                                                         \
  "\t.param .u64 saxpy_x, .param .u64 saxpy_x_n,\n"                                  \
  "\t.param .u64 saxpy_y, .param .u64 saxpy_y_n,\n"                                  \
  "\t.param .u64 saxpy_out, .param .u64 saxpy_out_n)\n"                              \
  "{\n"                                                                              \
  "\t.reg .pred %p<2>;\n"                                                            \
  "\t.reg .b32 %r<4>;\n"                                                             \
  "\t.reg .b64 %rd<10>;\n"                                                           \
  "\t.reg .f32 %f<5>;\n"                                                             \
  "\tld.param.f32 %f1, [saxpy_a];\n"                                                 \
  "\tld.param.u64 %rd1, [saxpy_x];\n"                                                \
  "\tld.param.u64 %rd2, [saxpy_y];\n"                                                \
  "\tld.param.u64 %rd3, [saxpy_out];\n"                                              \
  "\tld.param.u64 %rd4, [saxpy_out_n];\n"                                            \
  "\tmov.u32 %r1, %ctaid.x;\n"                                                       \
  "\tmov.u32 %r2, %ntid.x;\n"                                                        \
  "\tmov.u32 %r3, %tid.x;\n"                                                         \
  "\tmul.wide.u32 %rd5, %r1, %r2;\n"                                                 \
  "\tcvt.u64.u32 %rd6, %r3;\n"                                                       \
  "\tadd.s64 %rd5, %rd5, %rd6;\n"                                                    \
  "\tsetp.ge.s64 %p1, %rd5, %rd4;\n"                                                 \
  "\t@%p1 bra $L_done;\n"                                                            \
  "\tcvta.to.global.u64 %rd1, %rd1;\n"                                               \
  "\tcvta.to.global.u64 %rd2, %rd2;\n"                                               \
  "\tcvta.to.global.u64 %rd3, %rd3;\n"                                               \
  "\tshl.b64 %rd6, %rd5, 2;\n"                                                       \
  "\tadd.s64 %rd7, %rd1, %rd6;\n"                                                    \
  "\tld.global.f32 %f2, [%rd7];\n"                                                   \
  "\tadd.s64 %rd8, %rd2, %rd6;\n"                                                    \
  "\tld.global.f32 %f3, [%rd8];\n"                                                   \
  "\t" OP "\n"                                                                       \
  "\tadd.s64 %rd9, %rd3, %rd6;\n"                                                    \
  "\tst.global.f32 [%rd9], %f4;\n"                                                   \
  "$L_done:\n"                                                                       \
  "\tret;\n"                                                                         \
  "}\n"

static const char saxpy_ptx[] = SAXPY_PTX("fma.rn.f32 %f4, %f1, %f2, %f3;");
static const char scale_ptx[] = SAXPY_PTX("mul.rn.f32 %f4, %f1, %f2;");   /* out = a * x */
static const char bad_ptx[] = SAXPY_PTX("fma.rn.f32 %f4, %f1, %f2, %f99;");

/* scalars(b: bool, c: int8, s: int16, d: float64, out: float64[:]): every width, converted. */
static const char scalars_ptx[] =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry scalars(\n"
    "\t.param .u8 scalars_b, .param .s8 scalars_c, .param .s16 scalars_s,\n"
    "\t.param .f64 scalars_d, .param .u64 scalars_out, .param .u64 scalars_out_n)\n"
    "{\n"
    "\t.reg .b16 %h<4>;\n"
    "\t.reg .b64 %rd<3>;\n"
    "\t.reg .f64 %fd<6>;\n"
    "\tld.param.u8 %h1, [scalars_b];\n"
    "\tld.param.s8 %h2, [scalars_c];\n"
    "\tld.param.s16 %h3, [scalars_s];\n"
    "\tld.param.f64 %fd4, [scalars_d];\n"
    "\tld.param.u64 %rd1, [scalars_out];\n"
    "\tld.param.u64 %rd2, [scalars_out_n];\n"
    "\tcvta.to.global.u64 %rd1, %rd1;\n"
    "\tcvt.rn.f64.u16 %fd1, %h1;\n"
    "\tcvt.rn.f64.s16 %fd2, %h2;\n"
    "\tcvt.rn.f64.s16 %fd3, %h3;\n"
    "\tcvt.rn.f64.s64 %fd5, %rd2;\n"
    "\tst.global.f64 [%rd1], %fd1;\n"
    "\tst.global.f64 [%rd1+8], %fd2;\n"
    "\tst.global.f64 [%rd1+16], %fd3;\n"
    "\tst.global.f64 [%rd1+24], %fd4;\n"
    "\tst.global.f64 [%rd1+32], %fd5;\n"
    "\tret;\n"
    "}\n";

/* fault(out: int32[:]): writes through a null pointer. */
static const char fault_ptx[] =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry fault(.param .u64 fault_out, .param .u64 fault_out_n)\n"
    "{\n"
    "\t.reg .b64 %rd<2>;\n"
    "\tmov.u64 %rd1, 0;\n"
    "\tst.global.u32 [%rd1], 7;\n"
    "\tret;\n"
    "}\n";

static const PjArgType saxpy_sig[] = {{PJ_FLOAT32, 0}, {PJ_FLOAT32, 1}, {PJ_FLOAT32, 1}, {PJ_FLOAT32, 1}};
static const PjArgType scalars_sig[] = {{PJ_BOOL, 0}, {PJ_INT8, 0}, {PJ_INT16, 0}, {PJ_FLOAT64, 0}, {PJ_FLOAT64, 1}};
static const PjArgType fault_sig[] = {{PJ_INT32, 1}};

static PjKernelCode cuda_code(const char *name, const char *ptx, const PjArgType *sig, int nargs) {
  return (PjKernelCode){.target = PJ_TARGET_CUDA, .name = name, .entry = name, .ptx = ptx,
                        .nargs = nargs, .args = sig};
}

/* ---- data ----------------------------------------------------------------------------------- */

typedef struct Saxpy {
  int64_t n;
  PjValue args[4];
} Saxpy;

static PjValue array1d(PjDtype dtype, int64_t n, size_t elem) {
  PjValue v = {.dtype = dtype, .ndim = 1, .shape = {n}};
  v.data = calloc((size_t)n + 1, elem);
  return v;
}

static void saxpy_new(Saxpy *s, int64_t n) {
  s->n = n;
  s->args[0] = (PjValue){.dtype = PJ_FLOAT32, .scalar.f = 2.5};
  for (int k = 1; k < 4; k++) s->args[k] = array1d(PJ_FLOAT32, n, sizeof(float));
  float *x = s->args[1].data, *y = s->args[2].data, *out = s->args[3].data;
  for (int64_t i = 0; i < n; i++) {
    x[i] = (float)(i % 1013) * 0.37f - 100.0f;
    y[i] = (float)(i % 389) * -0.5f + 3.0f;
    out[i] = NAN;   /* poison */
  }
}

static void saxpy_delete(Saxpy *s) {
  for (int k = 1; k < 4; k++) free(s->args[k].data);
}

/* Elements of out differing from a*x+y (fused, as fma.rn computes it) or, scale_only, a*x. */
static int64_t saxpy_mismatches(const Saxpy *s, int scale_only) {
  const float *x = s->args[1].data, *y = s->args[2].data, *out = s->args[3].data;
  float a = (float)s->args[0].scalar.f;
  int64_t bad = 0;
  for (int64_t i = 0; i < s->n; i++) {
    float want = scale_only ? a * x[i] : fmaf(a, x[i], y[i]);
    if (!(out[i] == want)) bad++;
  }
  return bad;
}

static PjLaunchConfig config1d(int64_t n, uint32_t block, int repeat) {
  uint32_t grid = (uint32_t)((n + block - 1) / block);
  return (PjLaunchConfig){.grid = {grid ? grid : 1, 1, 1}, .block = {block, 1, 1}, .repeat = repeat};
}

/* ---- without a driver (run in a child, before this process loads one) ----------------------- */

static int no_driver_child(const char *library, const char *want) {
  setenv("PYJITC_LIBCUDA", library, 1);
  unsetenv("PYJITC_TARGET");
  char err[512] = "";
  PjDevice *device = NULL;
  PjStatus st = pj_device_open(PJ_TARGET_CUDA, 0, &device, err, sizeof err);
  CHECKF(st == PJ_ERROR_NO_DEVICE && device == NULL, "PYJITC_LIBCUDA=%s: status %d", library, st);
  CHECK_HAS(err, want);
  printf("  no driver (%s): %s\n", library, err);
  setenv("PYJITC_CPU_THREADS", "2", 1);
  st = pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err);
  CHECKF(st == PJ_OK && device && pj_device_target(device) == PJ_TARGET_CPU,
        "AUTO without a driver: status %d %s", st, err);
  pj_device_close(device);
  fflush(stdout);
  return failed == 0 ? 0 : 1;
}

static void test_no_driver(const char *library, const char *want) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) _exit(no_driver_child(library, want));
  int status = 0;
  CHECKF(pid > 0 && waitpid(pid, &status, 0) == pid, "fork failed");
  CHECKF(WIFEXITED(status) && WEXITSTATUS(status) == 0,
        "without a driver (%s) the child failed or crashed (status 0x%x)", library, status);
}

/* ---- with a GPU ----------------------------------------------------------------------------- */

static void test_device(PjDevice *device) {
  const char *name = pj_device_name(device), *arch = pj_device_arch(device);
  CHECKF(pj_device_target(device) == PJ_TARGET_CUDA, "target %d", pj_device_target(device));
  CHECKF(arch && strncmp(arch, "sm_", 3) == 0, "arch %s", arch ? arch : "(null)");
  CHECKF(arch && strstr(name, arch) && strstr(name, " (sm_"), "name %s", name);
  printf("  device: %s\n", name);
}

static void test_saxpy(PjDevice *device) {
  PjKernelCode code = cuda_code("saxpy", saxpy_ptx, saxpy_sig, 4);
  Saxpy s;
  saxpy_new(&s, 1 << 20);
  PjLaunchConfig config = config1d(s.n, 256, 20);
  PjLaunchTimes t;
  char err[4096] = "";
  PjStatus st = pj_launch_code(device, &code, &config, s.args, 4, &t, err, sizeof err);
  CHECKF(st == PJ_OK, "saxpy: %s", err);
  /* 20 runs in place: out depends only on x and y, so the result is one run's. */
  int64_t bad = saxpy_mismatches(&s, 0);
  CHECKF(bad == 0, "saxpy 2^20: %lld elements wrong", (long long)bad);
  CHECKF(t.runs == 20 && t.load_ms > 0 && t.kernel_ms > 0 && t.transfer_in_ms > 0 && t.transfer_out_ms > 0,
        "times: runs %d load %g kernel %g in %g out %g", t.runs, t.load_ms, t.kernel_ms,
        t.transfer_in_ms, t.transfer_out_ms);
  CHECKF(t.kernel_min_ms <= t.kernel_ms && t.kernel_ms <= t.kernel_max_ms, "min/median/max");
  printf("  saxpy 2^20: load %.3f ms, in %.3f ms, kernel %.4f ms (min %.4f, max %.4f, %d runs), "
         "out %.3f ms, %.0f GB/s\n", t.load_ms, t.transfer_in_ms, t.kernel_ms, t.kernel_min_ms,
         t.kernel_max_ms, t.runs, t.transfer_out_ms, 12.0 * s.n / (t.kernel_ms * 1e6));

  /* Loaded once per code: the second launch loads nothing. */
  float *out = s.args[3].data;
  for (int64_t i = 0; i < s.n; i++) out[i] = NAN;
  st = pj_launch_code(device, &code, &config, s.args, 4, &t, err, sizeof err);
  CHECKF(st == PJ_OK && t.load_ms == 0, "second launch: status %d load %g: %s", st, t.load_ms, err);
  CHECKF(saxpy_mismatches(&s, 0) == 0, "second saxpy wrong");
  PjLaunchConfig once = config1d(s.n, 256, 1);
  double start = pj_now_ms();
  for (int i = 0; i < 10; i++) pj_launch_code(device, &code, &once, s.args, 4, &t, err, sizeof err);
  printf("  saxpy 2^20 whole pj_launch_code (copies included): %.3f ms each\n", (pj_now_ms() - start) / 10);

  /* The same code object with other PTX (a kernel freed and another made at its address). */
  code.ptx = scale_ptx;
  st = pj_launch_code(device, &code, &config, s.args, 4, &t, err, sizeof err);
  CHECKF(st == PJ_OK && t.load_ms > 0, "changed PTX: status %d load %g: %s", st, t.load_ms, err);
  CHECKF(saxpy_mismatches(&s, 1) == 0, "changed PTX: stale module ran");
  saxpy_delete(&s);
}

/* One small launch: allocation, copies, the launch and its events, copies back. */
static int small_saxpy(PjDevice *device, int64_t n, int times_to_run, double *ms_each) {
  PjKernelCode code = cuda_code("saxpy", saxpy_ptx, saxpy_sig, 4);
  Saxpy s;
  saxpy_new(&s, n);
  PjLaunchConfig config = config1d(n, 128, 1);
  char err[4096] = "";
  PjStatus st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  double start = pj_now_ms();
  for (int i = 1; i < times_to_run && st == PJ_OK; i++)
    st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  *ms_each = (pj_now_ms() - start) / (times_to_run > 1 ? times_to_run - 1 : 1);
  CHECKF(st == PJ_OK, "small saxpy: %s", err);
  int64_t bad = saxpy_mismatches(&s, 0);
  saxpy_delete(&s);
  return st == PJ_OK && bad == 0;
}

static void test_small_launches(PjDevice *device) {
  double ms;
  CHECKF(small_saxpy(device, 1000, 200, &ms), "small saxpy wrong");
  printf("  saxpy 1000 floats, whole pj_launch_code: %.1f us each\n", ms * 1000);
}

/* Threads launching on one device at once, each with its own data. */
typedef struct Concurrent {
  PjDevice *device;
  int ok;
} Concurrent;

static void *concurrent_main(void *arg) {
  Concurrent *c = arg;
  double ms;
  c->ok = small_saxpy(c->device, 100000, 20, &ms);
  return NULL;
}

static void test_concurrent_launches(PjDevice *device) {
  pthread_t threads[4];
  Concurrent runs[4];
  for (int t = 0; t < 4; t++) {
    runs[t] = (Concurrent){.device = device};
    pthread_create(&threads[t], NULL, concurrent_main, &runs[t]);
  }
  for (int t = 0; t < 4; t++) {
    pthread_join(threads[t], NULL);
    CHECKF(runs[t].ok, "concurrent launches in thread %d went wrong", t);
  }
}

static void test_scalars(PjDevice *device) {
  PjKernelCode code = cuda_code("scalars", scalars_ptx, scalars_sig, 5);
  PjValue args[5] = {
      {.dtype = PJ_BOOL, .scalar.i = 1},      {.dtype = PJ_INT8, .scalar.i = -5},
      {.dtype = PJ_INT16, .scalar.i = -300},  {.dtype = PJ_FLOAT64, .scalar.f = 0.1},
      array1d(PJ_FLOAT64, 5, sizeof(double))};
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
  char err[4096] = "";
  PjStatus st = pj_launch_code(device, &code, &config, args, 5, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "scalars: %s", err);
  const double want[5] = {1, -5, -300, 0.1, 5}, *out = args[4].data;
  for (int i = 0; i < 5; i++) CHECKF(out[i] == want[i], "scalar %d: got %.17g want %.17g", i, out[i], want[i]);
  free(args[4].data);
}

static void test_empty(PjDevice *device) {
  PjKernelCode code = cuda_code("saxpy", saxpy_ptx, saxpy_sig, 4);
  Saxpy s;
  saxpy_new(&s, 0);
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
  char err[4096] = "";
  PjStatus st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_OK, "empty arrays: %s", err);
  saxpy_delete(&s);
}

static void test_rejections(PjDevice *device) {
  PjKernelCode code = cuda_code("saxpy", bad_ptx, saxpy_sig, 4);
  Saxpy s;
  saxpy_new(&s, 1000);
  char err[4096] = "";
  PjLaunchConfig config = config1d(s.n, 128, 1);
  PjStatus st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE, "bad PTX: status %d", st);
  CHECK_HAS(err, "kernel 'saxpy': cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX");
  CHECK_HAS(err, "ptxas");
  CHECK_HAS(err, "%f99");
  printf("  bad PTX: %s\n", err);

  code.ptx = saxpy_ptx;
  config.block[0] = 2048;
  st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "block 2048: status %d", st);
  CHECK_HAS(err, "block (2048,1,1) has 2048 threads; the device allows at most 1024 per block");
  config = (PjLaunchConfig){.grid = {1, 65536, 1}, .block = {1, 1, 1}};
  st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "grid y 65536: status %d", st);
  CHECK_HAS(err, "grid (1,65536,1) has y = 65536; the device allows at most 65535");
  config = (PjLaunchConfig){.grid = {1, 1, 1}, .block = {1, 1, 1}, .shared_bytes = 1 << 20};
  st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "1 MiB shared: status %d", st);
  CHECK_HAS(err, "1048576 bytes of shared memory per block; the device allows at most");

  config = config1d(s.n, 128, 1);
  s.args[2].dtype = PJ_FLOAT64;
  st = pj_launch_code(device, &code, &config, s.args, 4, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_ARGUMENT, "float64 y: status %d", st);
  CHECK_HAS(err, "argument 3 of 4 is float64[:] but kernel 'saxpy' was compiled for float32[:]");
  s.args[2].dtype = PJ_FLOAT32;
  saxpy_delete(&s);
}

/* Last: a fault leaves the context unusable until every user lets go of it. */
static void test_fault(PjDevice *device) {
  PjKernelCode code = cuda_code("fault", fault_ptx, fault_sig, 1);
  PjValue out = array1d(PJ_INT32, 4, sizeof(int32_t));
  PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
  char err[4096] = "";
  PjStatus st = pj_launch_code(device, &code, &config, &out, 1, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE, "fault: status %d", st);
  CHECK_HAS(err, "kernel 'fault': ");
  CHECK_HAS(err, "CUDA_ERROR_");
  printf("  fault: %s\n", err);
  st = pj_launch_code(device, &code, &config, &out, 1, NULL, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE, "after a fault: status %d", st);
  /* the fault named again, with the launch it was put to */
  CHECK_HAS(err, "the GPU context was lost to an earlier CUDA_ERROR_ILLEGAL_ADDRESS (kernel 'fault' (launch ");
  CHECK_HAS(err, "); CUDA can run nothing more");
  free(out.data);
}

/* After a fault the driver refuses the process any new context: opening says so, no crash. */
static void test_reopen(void) {
  char err[512] = "";
  PjDevice *device = NULL;
  PjStatus st = pj_device_open(PJ_TARGET_CUDA, 0, &device, err, sizeof err);
  CHECKF(st == PJ_ERROR_DEVICE && device == NULL, "reopen after a fault: status %d", st);
  CHECK_HAS(err, "cuDevicePrimaryCtxRetain failed: CUDA_ERROR_ILLEGAL_ADDRESS");
  pj_device_close(device);
}

/* CUDA IPC handles name the whole allocation holding an address; an external stream (a wrapped
 * CUstream) orders work as the stream itself and is not destroyed with its wrapper. */
static void test_ipc_and_external_streams(PjDevice *device) {
  char err[512] = "";
  uint64_t address = 0, base = 0;
  size_t size = 0;
  uint8_t handle[PJ_IPC_HANDLE_BYTES] = {0};
  PjStatus st = pj_mem_alloc(device, 4096, &address, err, sizeof err);
  CHECKF(st == PJ_OK, "alloc: %s", err);
  st = pj_ipc_get_handle(device, address + 256, handle, &base, &size, err, sizeof err);
  CHECKF(st == PJ_OK, "pj_ipc_get_handle: %s", err);
  CHECK(base == address && size >= 4096);
  int nonzero = 0;
  for (int i = 0; i < PJ_IPC_HANDLE_BYTES; i++) nonzero |= handle[i];
  CHECK(nonzero);

  PjStream *own = NULL, *wrapped = NULL;
  st = pj_stream_new(device, &own, err, sizeof err);
  CHECKF(st == PJ_OK && pj_stream_get_handle(own) != 0, "stream: %s", err);
  st = pj_stream_wrap(device, pj_stream_get_handle(own), &wrapped, err, sizeof err);
  CHECKF(st == PJ_OK && pj_stream_get_handle(wrapped) == pj_stream_get_handle(own), "wrap: %s", err);
  int in[256], out[256];
  for (int i = 0; i < 256; i++) in[i] = i * 7 - 3, out[i] = 0;
  st = pj_mem_copy(device, PJ_COPY_HOST_TO_DEVICE, address, (uint64_t)(uintptr_t)in, sizeof in, wrapped, err, sizeof err);
  if (st == PJ_OK) st = pj_stream_synchronize(wrapped, err, sizeof err);
  pj_stream_delete(wrapped); /* the CUstream stays: `own` still works */
  if (st == PJ_OK)
    st = pj_mem_copy(device, PJ_COPY_DEVICE_TO_HOST, (uint64_t)(uintptr_t)out, address, sizeof out, own, err, sizeof err);
  if (st == PJ_OK) st = pj_stream_synchronize(own, err, sizeof err);
  CHECKF(st == PJ_OK, "copies on the external stream: %s", err);
  CHECK(memcmp(in, out, sizeof in) == 0);
  pj_stream_delete(own);
  pj_mem_free(device, address);
}

int main(void) {
  test_no_driver("/nonexistent/libcuda.so.1", "no CUDA driver: /nonexistent/libcuda.so.1");
  test_no_driver("libm.so.6", "the CUDA driver is too old: it lacks cuInit");
  char err[512] = "";
  PjDevice *device = NULL;
  PjStatus st = pj_device_open(PJ_TARGET_CUDA, 0, &device, err, sizeof err);
  if (st == PJ_ERROR_NO_DEVICE) {
    printf("%d passed, %d failed\n", passed, failed);
    printf("SKIPPED the GPU tests: no CUDA device here: %s\n", err);
    return failed ? 1 : 77;
  }
  CHECKF(st == PJ_OK, "pj_device_open(CUDA): %d %s", st, err);
  if (st == PJ_OK) {
    test_device(device);
    test_saxpy(device);
    test_small_launches(device);
    test_concurrent_launches(device);
    test_scalars(device);
    test_empty(device);
    test_rejections(device);
    test_ipc_and_external_streams(device);
    test_fault(device);
    pj_device_close(device);
    test_reopen();
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
