/* A stand-in for libcuda.so.1 (PYJITC_LIBCUDA names it), so that the runtime's warm-up is tested
 * where there is no GPU: it starts as a driver does, slowly, and opens a GPU that runs nothing.
 * Every entry point runtime/cuda_driver.h lists exists (fake_libcuda_stubs.c: the rest answer
 * CUDA_ERROR_NOT_SUPPORTED); those here keep the state the runtime reads. Set by the environment:
 *   PJ_FAKE_CUINIT_MS, PJ_FAKE_CONTEXT_MS  how long cuInit and cuDevicePrimaryCtxRetain take
 *   PJ_FAKE_CONTEXT_ERROR                  a CUresult cuDevicePrimaryCtxRetain fails with
 *   PJ_FAKE_GPUS                           the GPUs it has (1 unless set; 0 is CUDA_ERROR_NO_DEVICE at cuInit)
 * pj_fake_count("cuInit"), ("retain"), ("release"), ("held0") ... tell the tests what was called. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/cuda_driver.h"

enum { FAKE_MAX_GPUS = 8, ERR_INVALID_VALUE = 1, ERR_OUT_OF_MEMORY = 2, ERR_NOT_INITIALIZED = 3, ERR_NO_DEVICE = 100 };

static int env_int(const char *name, int fallback) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : fallback;
}

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (ms > 0 && nanosleep(&ts, &ts) != 0) {
  }
}

static int inits, retains, releases, held[FAKE_MAX_GPUS];
static int launches, sets; /* cuLaunchKernel's and cuCtxSetCurrent's calls */
static int started;
static char contexts[FAKE_MAX_GPUS]; /* a context is the address of its GPU's byte */
static _Thread_local CUcontext current[16];
static _Thread_local int depth;

int pj_fake_count(const char *what) {
  if (strcmp(what, "cuInit") == 0) return inits;
  if (strcmp(what, "retain") == 0) return retains;
  if (strcmp(what, "release") == 0) return releases;
  if (strncmp(what, "held", 4) == 0) return held[atoi(what + 4) % FAKE_MAX_GPUS];
  if (strcmp(what, "launch") == 0) return launches;
  if (strcmp(what, "set_current") == 0) return sets;
  return -1;
}

static int gpus(void) {
  int n = env_int("PJ_FAKE_GPUS", 1);
  return n < 0 ? 0 : n > FAKE_MAX_GPUS ? FAKE_MAX_GPUS : n;
}

CUresult cuInit(unsigned int flags) {
  __atomic_add_fetch(&inits, 1, __ATOMIC_SEQ_CST);
  sleep_ms(env_int("PJ_FAKE_CUINIT_MS", 0));
  if (gpus() == 0) return ERR_NO_DEVICE;
  started = 1;
  return 0;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case 0: *name = "CUDA_SUCCESS"; return 0;
  case ERR_INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; return 0;
  case ERR_OUT_OF_MEMORY: *name = "CUDA_ERROR_OUT_OF_MEMORY"; return 0;
  case ERR_NOT_INITIALIZED: *name = "CUDA_ERROR_NOT_INITIALIZED"; return 0;
  case ERR_NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; return 0;
  case 801: *name = "CUDA_ERROR_NOT_SUPPORTED"; return 0;
  default: *name = NULL; return ERR_INVALID_VALUE;
  }
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  *text = error == ERR_OUT_OF_MEMORY ? "out of memory" : error == ERR_NO_DEVICE ? "no CUDA-capable device is detected"
                                                                                 : "a fake driver's error";
  return 0;
}

CUresult cuDeviceGetCount(int *count) {
  if (!started) return ERR_NOT_INITIALIZED;
  *count = gpus();
  return 0;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal < 0 || ordinal >= gpus()) return ERR_INVALID_VALUE;
  *device = ordinal;
  return 0;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice device) {
  strncpy(name, "Fake GPU", (size_t)len);
  return 0;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device) {
  switch (attribute) {
  case 1: *value = 1024; break;                          /* threads per block */
  case 2: case 3: *value = 1024; break;                  /* block x, y */
  case 4: *value = 64; break;                            /* block z */
  case 5: *value = 2147483647; break;                    /* grid x */
  case 6: case 7: *value = 65535; break;                 /* grid y, z */
  case 8: *value = 48 * 1024; break;                     /* shared memory per block */
  case 16: *value = 4; break;                            /* multiprocessors */
  case 75: *value = 9; break;                            /* compute capability 9.0 */
  case 76: *value = 0; break;
  default: *value = 0; break;
  }
  return 0;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  sleep_ms(env_int("PJ_FAKE_CONTEXT_MS", 0));
  int error = env_int("PJ_FAKE_CONTEXT_ERROR", 0);
  if (error) return error;
  __atomic_add_fetch(&retains, 1, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&held[device], 1, __ATOMIC_SEQ_CST);
  *context = (CUcontext)(void *)&contexts[device];
  return 0;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
  __atomic_add_fetch(&releases, 1, __ATOMIC_SEQ_CST);
  __atomic_sub_fetch(&held[device], 1, __ATOMIC_SEQ_CST);
  return 0;
}

CUresult cuCtxPushCurrent_v2(CUcontext context) {
  if (depth == 16) return ERR_INVALID_VALUE;
  current[depth++] = context;
  return 0;
}

CUresult cuCtxPopCurrent_v2(CUcontext *context) {
  if (depth == 0) return ERR_INVALID_VALUE;
  *context = current[--depth];
  return 0;
}

CUresult cuCtxGetCurrent(CUcontext *context) {
  *context = depth ? current[depth - 1] : NULL;
  return 0;
}

CUresult cuCtxSetCurrent(CUcontext context) {
  sets++;
  if (depth) current[depth - 1] = context;
  else if (context) current[depth++] = context;
  return 0;
}

CUresult cuCtxGetDevice(CUdevice *device) {
  if (!depth || !current[depth - 1]) return ERR_INVALID_VALUE;
  *device = (int)((char *)current[depth - 1] - contexts);
  return 0;
}

CUresult cuCtxSynchronize(void) { return 0; }

CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  *event = (CUevent)malloc(1);
  return *event ? 0 : ERR_OUT_OF_MEMORY;
}

CUresult cuEventDestroy_v2(CUevent event) {
  free(event);
  return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  *ptr = (CUdeviceptr)(uintptr_t)p;
  return p ? 0 : ERR_OUT_OF_MEMORY;
}

CUresult cuMemFree_v2(CUdeviceptr ptr) {
  free((void *)(uintptr_t)ptr);
  return 0;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return 0;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return 0;
}

/* ---- modules and launches that run nothing: bench/launch_host.py times the host side of a
 * launch over them (a kernel's results are meaningless here; PYJITC_CACHE=0 keeps this driver's
 * "cubins" out of the cache) ---- */

static char fake_module, fake_function, fake_link, fake_stream;
static char fake_image[16] = "fake cubin";

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int n, CUjit_option *options, void **values) {
  *module = (CUmodule)(void *)&fake_module;
  return 0;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  *function = (CUfunction)(void *)&fake_function;
  return 0;
}

CUresult cuModuleUnload(CUmodule module) { return 0; }

CUresult cuFuncGetAttribute(int *value, int attribute, CUfunction f) {
  *value = attribute == 0 ? 1024 : attribute == 4 ? 32 : 0; /* threads per block; registers */
  return 0;
}

/* What the launches were given, for the tests of the launch path (tests/python/test_launch_memo.py):
 * pj_fake_count("launch") counts them; the last one's first pj_fake_record_params(n) parameters
 * (each read as a 64-bit word: pyjitc gives every parameter a slot of its own; the real driver
 * knows their number from the kernel, this one from the test) and its grid are kept. */
static int record_words;
static uint64_t last_params[64];
static unsigned last_grid[3];

void pj_fake_record_params(int n) { record_words = n < 0 ? 0 : n > 64 ? 64 : n; }
uint64_t pj_fake_param(int i) { return i >= 0 && i < 64 ? last_params[i] : 0; }
unsigned pj_fake_grid(int axis) { return last_grid[axis % 3]; }

CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                        unsigned int by, unsigned int bz, unsigned int shared, CUstream stream, void **params,
                        void **extra) {
  launches++;
  last_grid[0] = gx;
  last_grid[1] = gy;
  last_grid[2] = gz;
  for (int i = 0; i < record_words; i++) memcpy(&last_params[i], params[i], sizeof last_params[i]);
  return 0;
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunction f, int threads, size_t dynamic_shared) {
  *blocks = 2048 / (threads > 0 ? threads : 1);
  return 0;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  *stream = (CUstream)(void *)&fake_stream;
  return 0;
}

CUresult cuStreamDestroy_v2(CUstream stream) { return 0; }
CUresult cuStreamSynchronize(CUstream stream) { return 0; }
CUresult cuEventRecord(CUevent event, CUstream stream) { return 0; }
CUresult cuEventSynchronize(CUevent event) { return 0; }
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t n, CUstream s) {
  memset((void *)(uintptr_t)dst, value, n);
  return 0;
}

CUresult cuLinkCreate_v2(unsigned int n, CUjit_option *options, void **values, void **state) {
  *state = &fake_link;
  return 0;
}

CUresult cuLinkAddData_v2(void *state, int type, void *data, size_t size, const char *name, unsigned int n,
                          CUjit_option *options, void **values) {
  return 0;
}

CUresult cuLinkComplete(void *state, void **cubin, size_t *size) {
  *cubin = fake_image;
  *size = sizeof fake_image;
  return 0;
}

CUresult cuLinkDestroy(void *state) { return 0; }
