/* runtime/: the CUDA driver API, reached through dlopen (its types and entry points:
 * runtime/cuda_driver.h). */
#include "runtime/cuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cuda_driver.h"

#define PJ_CUDA_MEMBER(sym, fallback, ret, params) ret(*sym) params;

/* The once-loaded driver: the only process-wide state of the runtime. */
typedef struct PjCudaDriver {
  PjStatus status;     /* PJ_OK once loaded and initialized */
  char message[512];   /* why not, otherwise */
  void *library;
  PJ_CUDA_ENTRY_POINTS(PJ_CUDA_MEMBER)
} PjCudaDriver;

static PjCudaDriver pj_cuda_driver;
static pthread_once_t pj_cuda_driver_once = PTHREAD_ONCE_INIT;

#define PJ_CUDA_SYMBOL(sym, fallback, ret, params) {#sym, fallback, offsetof(PjCudaDriver, sym)},
static const struct { const char *name, *fallback; size_t offset; } pj_cuda_symbols[] = {
    PJ_CUDA_ENTRY_POINTS(PJ_CUDA_SYMBOL)};

/* Calls driver entry point fn with the arguments; on failure writes the message into the
 * enclosing function's err/errlen and yields its status. */
#define PJ_CU(fn, ...) pj_cuda_check(pj_cuda_driver.fn(__VA_ARGS__), #fn, err, errlen)

enum {
  PJ_CUDA_MAX_KERNELS = 64,
  PJ_CUDA_ALIGN = 256,               /* of each array in device memory */
  PJ_CUDA_JIT_LOG = 16384,
  PJ_CUDA_SCRATCH_MIN = 64 << 10,
  PJ_CUDA_SCRATCH_KEEP = 64 << 20,   /* device memory kept between launches, at most */
};

/* One loaded module, keyed by the code it came from. */
struct PjCudaKernel {
  const PjKernelCode *code;
  char *ptx, *entry;   /* copies of the key's text, compared on every hit */
  CUmodule module;
  CUfunction function;
  int max_threads, static_shared, registers, const_bytes, local_bytes;
  CUdeviceptr error;   /* debug builds: the module's error record */
  CUdeviceptr grid_barrier;  /* a kernel with a grid barrier: its word, zeroed before each launch */
  uint32_t coop_threads, coop_shared, coop_max; /* the last cooperative limit asked: for these */
};

struct PjCuda {
  CUdevice device;
  int ordinal;
  uint64_t peers_enabled; /* bit k: this context may read and write GPU k's memory (k < 64) */
  CUcontext context;
  CUevent start, stop;
  PjDeviceLimits limits;
  char arch[24];
  char name[300];
  pthread_mutex_t lock;   /* guards what follows */
  PjCudaKernel kernels[PJ_CUDA_MAX_KERNELS];   /* least recently used first */
  int nkernels;
  CUdeviceptr scratch;    /* the arrays of a launch; kept for the next when small */
  size_t scratch_bytes;
  CUresult lost;          /* a sticky error that ended the context, or 0 */
  /* the last launch, which a fault found later (at a synchronisation, a copy) is put to: the
   * kernel that faulted is it or one queued before it and not yet waited for */
  uint64_t launches;
  const PjKernelCode *last_code;
  uint32_t last_grid[3], last_block[3];
  char lost_after[400];   /* the launch the loss is put to, for every later error */
};

/* The last failure pj_cuda_check saw on this thread: which calls ended the context. */
static _Thread_local CUresult pj_cuda_failed;

/* ---- loading the driver ------------------------------------------------------------------- */

/* "CUDA_ERROR_OUT_OF_MEMORY", or NULL when the driver does not know r. */
static const char *pj_cuda_error_name(CUresult r) {
  const char *name = NULL;
  return pj_cuda_driver.cuGetErrorName(r, &name) == PJ_CUDA_SUCCESS ? name : NULL;
}

static PjStatus pj_cuda_check(CUresult r, const char *call, char *err, size_t errlen) {
  if (r == PJ_CUDA_SUCCESS) return PJ_OK;
  pj_cuda_failed = r;
  const char *name = pj_cuda_error_name(r), *text = NULL;
  if (pj_cuda_driver.cuGetErrorString(r, &text) != PJ_CUDA_SUCCESS) text = NULL;
  PjStatus status = r == PJ_CUDA_ERROR_NO_DEVICE ? PJ_ERROR_NO_DEVICE : PJ_ERROR_DEVICE;
  if (!name) return pj_runtime_error(status, err, errlen, "%s failed: CUDA error %d", call, r);
  return pj_runtime_error(status, err, errlen, "%s failed: %s (%s)", call, name,
                          text ? text : "no description");
}

/* Errors after which CUDA runs nothing more in this process (cuda.h: "the process must be
 * terminated and relaunched"; on driver 580 neither releasing nor resetting the primary
 * context helps):
 * an illegal address, a timeout, a device-side assert, a bad instruction, a failed launch. */
static int pj_cuda_error_is_sticky(CUresult r) {
  return r == 700 || r == 702 || r == 710 || (r >= 714 && r <= 719);
}

static int pj_cuda_driver_resolve(PjCudaDriver *d) {
  for (size_t i = 0; i < sizeof pj_cuda_symbols / sizeof pj_cuda_symbols[0]; i++) {
    void *sym = dlsym(d->library, pj_cuda_symbols[i].name);
    if (!sym && pj_cuda_symbols[i].fallback) sym = dlsym(d->library, pj_cuda_symbols[i].fallback);
    if (!sym) {
      snprintf(d->message, sizeof d->message, "the CUDA driver is too old: it lacks %s",
               pj_cuda_symbols[i].name);
      return 0;
    }
    memcpy((char *)d + pj_cuda_symbols[i].offset, &sym, sizeof sym);
  }
  return 1;
}

static void pj_cuda_driver_init(void) {
  PjCudaDriver *d = &pj_cuda_driver;
  const char *path = getenv("PYJITC_LIBCUDA");
  if (!path || !*path) path = "libcuda.so.1";
  d->status = PJ_ERROR_NO_DEVICE;
  d->library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!d->library) {
    const char *why = dlerror();
    snprintf(d->message, sizeof d->message, "no CUDA driver: %s", why ? why : path);
    return;
  }
  if (!pj_cuda_driver_resolve(d)) return;
  pj_start_mark(PJ_START_DRIVER);
  char why[400];
  if (pj_cuda_check(d->cuInit(0), "cuInit", why, sizeof why) != PJ_OK) {
    snprintf(d->message, sizeof d->message, "the CUDA driver cannot start: %s", why);
    return;
  }
  pj_start_mark(PJ_START_CUINIT);
  d->status = PJ_OK;
}

PjStatus pj_cuda_driver_load(char *err, size_t errlen) {
  if (pj_warm_forked())
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen, "CUDA initialized before forking: this process was "
                            "forked from one whose warm-up started the CUDA driver, which a forked child cannot use");
  pthread_once(&pj_cuda_driver_once, pj_cuda_driver_init);
  if (pj_cuda_driver.status == PJ_OK) return PJ_OK;
  return pj_runtime_error(pj_cuda_driver.status, err, errlen, "%s", pj_cuda_driver.message);
}

/* ---- opening a device --------------------------------------------------------------------- */

static PjStatus pj_cuda_device_find(int ordinal, CUdevice *device, char *err, size_t errlen) {
  int count = 0;
  PjStatus st = PJ_CU(cuDeviceGetCount, &count);
  if (st != PJ_OK) return st;
  if (count == 0)
    return pj_runtime_error(PJ_ERROR_NO_DEVICE, err, errlen, "the CUDA driver found no GPU");
  if (ordinal >= count)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "there is no GPU %d: the CUDA driver found %d", ordinal, count);
  return PJ_CU(cuDeviceGet, device, ordinal);
}

static PjStatus pj_cuda_attribute(CUdevice device, int attribute, uint32_t *out, char *err,
                                  size_t errlen) {
  int value = 0;
  PjStatus st = PJ_CU(cuDeviceGetAttribute, &value, attribute, device);
  *out = value > 0 ? (uint32_t)value : 0;
  return st;
}

static PjStatus pj_cuda_read_limits(PjCuda *cuda, char *err, size_t errlen) {
  PjDeviceLimits *l = &cuda->limits;
  uint32_t sms = 0, major = 0, minor = 0;
  PjStatus st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_MAX_THREADS_PER_BLOCK,
                                  &l->max_threads_per_block, err, errlen);
  for (int a = 0; a < 3 && st == PJ_OK; a++)
    st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_MAX_BLOCK_DIM_X + a, &l->max_block[a], err, errlen);
  for (int a = 0; a < 3 && st == PJ_OK; a++)
    st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_MAX_GRID_DIM_X + a, &l->max_grid[a], err, errlen);
  if (st == PJ_OK)
    st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_MAX_SHARED_PER_BLOCK, &l->max_shared_bytes, err, errlen);
  if (st == PJ_OK) st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_MULTIPROCESSOR_COUNT, &sms, err, errlen);
  if (st == PJ_OK) st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_CC_MAJOR, &major, err, errlen);
  if (st == PJ_OK) st = pj_cuda_attribute(cuda->device, PJ_CU_ATTR_CC_MINOR, &minor, err, errlen);
  l->multiprocessors = (int)sms;
  snprintf(cuda->arch, sizeof cuda->arch, "sm_%u%u", major, minor);
  return st;
}

static PjStatus pj_cuda_describe(PjCuda *cuda, char *err, size_t errlen) {
  char name[256] = "";
  PjStatus st = PJ_CU(cuDeviceGetName, name, (int)sizeof name, cuda->device);
  if (st == PJ_OK) st = pj_cuda_read_limits(cuda, err, errlen);
  snprintf(cuda->name, sizeof cuda->name, "%s (%s)", name, cuda->arch);
  return st;
}

/* Makes the device's context current on the calling thread until pj_cuda_leave, keeping the
 * caller's own (a Python process may hold other CUDA libraries' contexts). */
static PjStatus pj_cuda_enter(const PjCuda *cuda, char *err, size_t errlen) {
  return PJ_CU(cuCtxPushCurrent_v2, cuda->context);
}

static void pj_cuda_leave(void) {
  CUcontext popped;
  pj_cuda_driver.cuCtxPopCurrent_v2(&popped);
}

static PjStatus pj_cuda_context_open(PjCuda *cuda, char *err, size_t errlen) {
  CUcontext context = NULL;
  PjStatus st = PJ_CU(cuDevicePrimaryCtxRetain, &context, cuda->device);
  if (st != PJ_OK) return st;
  cuda->context = context;
  st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) return st;
  st = PJ_CU(cuEventCreate, &cuda->start, PJ_CU_EVENT_DEFAULT);
  if (st == PJ_OK) st = PJ_CU(cuEventCreate, &cuda->stop, PJ_CU_EVENT_DEFAULT);
  pj_cuda_leave();
  return st;
}

PjStatus pj_cuda_device_count(int *count, char *err, size_t errlen) {
  *count = 0;
  PjStatus st = pj_cuda_driver_load(err, errlen);
  return st == PJ_OK ? PJ_CU(cuDeviceGetCount, count) : st;
}

PjStatus pj_cuda_open_begin(int ordinal, PjCuda **out, char *err, size_t errlen) {
  *out = NULL;
  PjStatus st = pj_cuda_driver_load(err, errlen);
  CUdevice device = 0;
  if (st == PJ_OK) st = pj_cuda_device_find(ordinal, &device, err, errlen);
  if (st != PJ_OK) return st;
  PjCuda *cuda = calloc(1, sizeof *cuda);
  if (!cuda) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  pthread_mutex_init(&cuda->lock, NULL);
  cuda->device = device;
  cuda->ordinal = ordinal;
  st = pj_cuda_describe(cuda, err, errlen);
  if (st != PJ_OK) {
    pj_cuda_close(cuda);
    return st;
  }
  pj_start_mark(PJ_START_DEVICE);
  *out = cuda;
  return PJ_OK;
}

PjStatus pj_cuda_open_finish(PjCuda *cuda, char *err, size_t errlen) {
  PjStatus st = pj_cuda_context_open(cuda, err, errlen);
  if (st == PJ_OK) pj_start_mark(PJ_START_CONTEXT);
  return st;
}

PjStatus pj_cuda_open(int ordinal, PjCuda **out, char *err, size_t errlen) {
  PjStatus st = pj_cuda_open_begin(ordinal, out, err, errlen);
  if (st == PJ_OK && (st = pj_cuda_open_finish(*out, err, errlen)) != PJ_OK) {
    pj_cuda_close(*out);
    *out = NULL;
  }
  return st;
}

void pj_cuda_prime(PjCuda *cuda) {
  if (pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  CUdeviceptr p = 0;
  uint64_t word = 0;
  if (pj_cuda_driver.cuMemAlloc_v2(&p, 2u << 20) == PJ_CUDA_SUCCESS) {
    if (pj_cuda_driver.cuMemcpyHtoD_v2(p, &word, sizeof word) == PJ_CUDA_SUCCESS)
      pj_cuda_driver.cuMemcpyDtoH_v2(&word, p, sizeof word);
    pj_cuda_driver.cuMemFree_v2(p);
  }
  pj_cuda_leave();
  pj_start_mark(PJ_START_ALLOC);
}

static void pj_cuda_scratch_free(PjCuda *cuda) {
  if (cuda->scratch) pj_cuda_driver.cuMemFree_v2(cuda->scratch);
  cuda->scratch = 0;
  cuda->scratch_bytes = 0;
}

static void pj_cuda_kernel_unload(PjCudaKernel *k) {
  if (k->module) pj_cuda_driver.cuModuleUnload(k->module);
  free(k->ptx);
  free(k->entry);
  memset(k, 0, sizeof *k);
}

void pj_cuda_close(PjCuda *cuda) {
  if (!cuda) return;
  if (cuda->context && pj_cuda_enter(cuda, NULL, 0) == PJ_OK) {
    pj_cuda_driver.cuCtxSynchronize();
    pj_cuda_scratch_free(cuda);
    for (int i = 0; i < cuda->nkernels; i++) pj_cuda_kernel_unload(&cuda->kernels[i]);
    if (cuda->start) pj_cuda_driver.cuEventDestroy_v2(cuda->start);
    if (cuda->stop) pj_cuda_driver.cuEventDestroy_v2(cuda->stop);
    pj_cuda_leave();
  }
  CUcontext current = NULL; /* made current by a launch on this thread: no longer ours to use */
  if (cuda->context && pj_cuda_driver.cuCtxGetCurrent(&current) == PJ_CUDA_SUCCESS && current == cuda->context)
    pj_cuda_driver.cuCtxSetCurrent(NULL);
  if (cuda->context) pj_cuda_driver.cuDevicePrimaryCtxRelease_v2(cuda->device);
  pthread_mutex_destroy(&cuda->lock);
  free(cuda);
}

const char *pj_cuda_name(const PjCuda *cuda) { return cuda->name; }
const char *pj_cuda_arch(const PjCuda *cuda) { return cuda->arch; }
const PjDeviceLimits *pj_cuda_limits(const PjCuda *cuda) { return &cuda->limits; }

PjStatus pj_cuda_device_attribute(PjCuda *cuda, int attribute, int64_t *value, char *err, size_t errlen) {
  int v = 0;
  PjStatus st = PJ_CU(cuDeviceGetAttribute, &v, attribute, cuda->device);
  *value = v;
  return st;
}


/* ---- modules ------------------------------------------------------------------------------ */

/* PTX and foreign code (link=) to machine code through the driver's linker; the cubin is copied
 * into *out. The linker compiles PTX as relocatable code (nvcc's -rdc=true), by the driver's
 * design, so PTX with nothing to link never goes through it (pj_cuda_module_load). */
static PjStatus pj_cuda_link(const char *ptx, const PjLinkInput *links, int nlinks, void **out, size_t *out_len, char *log,
                             char *err, size_t errlen) {
  CUjit_option options[2] = {PJ_CU_JIT_ERROR_LOG_BUFFER, PJ_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[2] = {log, (void *)(uintptr_t)(PJ_CUDA_JIT_LOG - 1)};
  void *state = NULL, *cubin = NULL;
  size_t size = 0;
  PjStatus st = PJ_CU(cuLinkCreate_v2, 2, options, values, &state);
  if (st == PJ_OK)
    st = PJ_CU(cuLinkAddData_v2, state, 1 /* CU_JIT_INPUT_PTX */, (void *)ptx, strlen(ptx) + 1, "kernel.ptx", 0, NULL, NULL);
  for (int i = 0; i < nlinks && st == PJ_OK; i++) /* the foreign functions' code */
    st = PJ_CU(cuLinkAddData_v2, state, links[i].kind, (void *)links[i].data, links[i].size, links[i].name, 0, NULL, NULL);
  if (st == PJ_OK) st = PJ_CU(cuLinkComplete, state, &cubin, &size);
  if (st == PJ_OK) {
    *out = malloc(size);
    if (*out) memcpy(*out, cubin, size);
    *out_len = size;
    if (!*out) st = pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  }
  if (state) pj_cuda_driver.cuLinkDestroy(state);
  return st;
}

/* Loads a module from PTX. PTX alone goes to the driver as it is: the driver compiles it as a
 * whole program and keeps the machine code in its own cache of compiled PTX (CUDA's
 * ComputeCache), so a later process loads it without compiling. pyjitc once kept the linker's
 * cubin for it in its own cache instead, and that code was worse: relocatable, a grid-stride
 * saxpy took 40 registers a thread instead of 32 and 1.31x nvcc's time instead of 1.06x on an
 * H200. Code with foreign functions to link goes through the linker. */
static PjStatus pj_cuda_module_load(const PjCuda *cuda, const PjKernelCode *code, CUmodule *module, char *err,
                                    size_t errlen) {
  (void)cuda;
  const char *ptx = code->ptx;
  char *log = calloc(1, PJ_CUDA_JIT_LOG);
  if (!log) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  CUjit_option options[2] = {PJ_CU_JIT_ERROR_LOG_BUFFER, PJ_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[2] = {log, (void *)(uintptr_t)(PJ_CUDA_JIT_LOG - 1)};
  void *cubin = NULL;
  size_t len = 0;
  PjStatus st;
  if (code->nlinks) {
    st = pj_cuda_link(ptx, code->links, code->nlinks, &cubin, &len, log, err, errlen);
    if (st == PJ_OK) st = PJ_CU(cuModuleLoadDataEx, module, cubin, 2, options, values);
  } else {
    st = PJ_CU(cuModuleLoadDataEx, module, ptx, 2, options, values);
  }
  free(cubin);
  if (st != PJ_OK && log[0] && err && errlen > 0) {
    size_t used = strlen(err);
    if (used + 1 < errlen) snprintf(err + used, errlen - used, "\n%s", log);
  }
  free(log);
  return st;
}

static PjStatus pj_cuda_function_read(PjCudaKernel *k, char *err, size_t errlen) {
  PjStatus st = PJ_CU(cuFuncGetAttribute, &k->max_threads, PJ_CU_FUNC_MAX_THREADS_PER_BLOCK, k->function);
  if (st == PJ_OK) st = PJ_CU(cuFuncGetAttribute, &k->static_shared, PJ_CU_FUNC_SHARED_SIZE_BYTES, k->function);
  if (st == PJ_OK) st = PJ_CU(cuFuncGetAttribute, &k->registers, PJ_CU_FUNC_NUM_REGS, k->function);
  if (st == PJ_OK) st = PJ_CU(cuFuncGetAttribute, &k->const_bytes, PJ_CU_FUNC_CONST_SIZE_BYTES, k->function);
  if (st == PJ_OK) st = PJ_CU(cuFuncGetAttribute, &k->local_bytes, PJ_CU_FUNC_LOCAL_SIZE_BYTES, k->function);
  return st;
}

void pj_cuda_kernel_attributes(const PjCudaKernel *k, int64_t out[5]) {
  out[0] = k->registers;
  out[1] = k->const_bytes;
  out[2] = k->static_shared;
  out[3] = k->max_threads;
  out[4] = k->local_bytes;
}

/* Loads code's PTX into k. */
static PjStatus pj_cuda_kernel_load(const PjCuda *cuda, PjCudaKernel *k, const PjKernelCode *code, char *err, size_t errlen) {
  memset(k, 0, sizeof *k);
  if (!code->ptx || !code->entry)
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "kernel '%s' has no PTX", code->name);
  k->code = code;
  k->ptx = strdup(code->ptx);
  k->entry = strdup(code->entry);
  if (!k->ptx || !k->entry) {
    pj_cuda_kernel_unload(k);
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  }
  PjStatus st = pj_cuda_module_load(cuda, code, &k->module, err, errlen);
  if (st == PJ_OK) pj_start_mark(PJ_START_MODULE);
  if (st == PJ_OK) st = PJ_CU(cuModuleGetFunction, &k->function, k->module, code->entry);
  if (st == PJ_OK) st = pj_cuda_function_read(k, err, errlen);
  size_t bytes = 0;
  if (st == PJ_OK && code->debug)
    st = PJ_CU(cuModuleGetGlobal_v2, &k->error, &bytes, k->module, PJ_KERNEL_ERROR_SYMBOL);
  if (st == PJ_OK && code->grid_sync)
    st = PJ_CU(cuModuleGetGlobal_v2, &k->grid_barrier, &bytes, k->module, PJ_GRID_BARRIER_SYMBOL);
  if (st != PJ_OK) pj_cuda_kernel_unload(k);
  return st;
}

static int pj_cuda_kernel_matches(const PjCudaKernel *k, const PjKernelCode *code) {
  return k->code == code && code->ptx && code->entry && strcmp(k->entry, code->entry) == 0 &&
         strcmp(k->ptx, code->ptx) == 0;
}

/* Moves kernels[i] to the end (most recently used). */
static PjCudaKernel *pj_cuda_kernel_touch(PjCuda *cuda, int i) {
  PjCudaKernel k = cuda->kernels[i];
  memmove(&cuda->kernels[i], &cuda->kernels[i + 1], (size_t)(cuda->nkernels - i - 1) * sizeof k);
  cuda->kernels[cuda->nkernels - 1] = k;
  return &cuda->kernels[cuda->nkernels - 1];
}

/* Removes kernels[i], unloading its module. */
static void pj_cuda_kernel_evict(PjCuda *cuda, int i) {
  pj_cuda_kernel_unload(pj_cuda_kernel_touch(cuda, i));
  cuda->nkernels--;
}

/* The loaded kernel for code, loading it when needed; *load_ms is the time spent loading. */
static PjStatus pj_cuda_kernel_get(PjCuda *cuda, const PjKernelCode *code, PjCudaKernel **out,
                                   double *load_ms, char *err, size_t errlen) {
  for (int i = cuda->nkernels - 1; i >= 0; i--) {
    if (pj_cuda_kernel_matches(&cuda->kernels[i], code)) {
      *out = pj_cuda_kernel_touch(cuda, i);
      return PJ_OK;
    }
    if (cuda->kernels[i].code == code) pj_cuda_kernel_evict(cuda, i);   /* stale: code reused */
  }
  if (cuda->nkernels == PJ_CUDA_MAX_KERNELS) pj_cuda_kernel_evict(cuda, 0);
  double start = pj_now_ms();
  PjStatus st = pj_cuda_kernel_load(cuda, &cuda->kernels[cuda->nkernels], code, err, errlen);
  *load_ms = pj_now_ms() - start;
  if (st != PJ_OK) return st;
  *out = &cuda->kernels[cuda->nkernels++];
  return PJ_OK;
}

/* The kernel's own limits, which depend on its registers and static shared memory. */
static PjStatus pj_cuda_kernel_check(const PjCuda *cuda, const PjCudaKernel *k,
                                     const PjLaunchConfig *c, char *err, size_t errlen) {
  const uint32_t *b = c->block;
  uint64_t threads = (uint64_t)b[0] * b[1] * b[2];
  if (k->max_threads > 0 && threads > (uint64_t)k->max_threads) /* what the driver would refuse, said plainly */
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                            "CUDA_ERROR_INVALID_VALUE: block (%u,%u,%u) has %llu threads; this kernel can run at "
                            "most %d per block on %s (its launch_bounds, or its %d registers per thread)",
                            b[0], b[1], b[2], (unsigned long long)threads, k->max_threads,
                            cuda->name, k->registers);
  uint64_t shared = (uint64_t)c->shared_bytes + (uint64_t)(k->static_shared > 0 ? k->static_shared : 0);
  if (shared > cuda->limits.max_shared_bytes)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "%d bytes of static and %u of dynamic shared memory per block; the "
                            "device allows at most %u in all",
                            k->static_shared, c->shared_bytes, cuda->limits.max_shared_bytes);
  return PJ_OK;
}

/* ---- cooperative launches ----------------------------------------------------------------- */

/* The most blocks of `threads` threads with `shared` bytes of dynamic shared memory each that the
 * device holds at once: the kernel's occupancy of one multiprocessor times their number. The
 * context is current. */
static PjStatus pj_cuda_cooperative_max(const PjCuda *cuda, PjCudaKernel *k, uint32_t threads, uint32_t shared,
                                        uint32_t *out, char *err, size_t errlen) {
  if (k->coop_threads == threads && k->coop_shared == shared) {
    *out = k->coop_max;
    return PJ_OK;
  }
  int per_sm = 0;
  PjStatus st = PJ_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor, &per_sm, k->function, (int)threads, (size_t)shared);
  if (st != PJ_OK) return st;
  *out = (uint32_t)(per_sm > 0 ? per_sm : 0) * (uint32_t)cuda->limits.multiprocessors;
  k->coop_threads = threads;
  k->coop_shared = shared;
  k->coop_max = *out;
  return PJ_OK;
}

/* Before a launch of a kernel with a grid barrier: its grid must fit on the device at once, and
 * its barrier word is zeroed on the stream. Nothing for other kernels. The context is current. */
static PjStatus pj_cuda_cooperative_prepare(const PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *c, CUstream s,
                                            char *err, size_t errlen) {
  if (!k->code->grid_sync) return PJ_OK;
  uint64_t blocks = (uint64_t)c->grid[0] * c->grid[1] * c->grid[2];
  uint32_t max = 0;
  PjStatus st = pj_cuda_cooperative_max(cuda, k, c->block[0] * c->block[1] * c->block[2], c->shared_bytes, &max, err,
                                        errlen);
  if (st == PJ_OK && blocks > max) return pj_cooperative_too_large(k->code, c, max, cuda->name, err, errlen);
  return st == PJ_OK ? PJ_CU(cuMemsetD8Async, k->grid_barrier, 0, sizeof(uint32_t), s) : st;
}

/* Launches k on stream s, after pj_cuda_cooperative_prepare: a kernel with a grid barrier
 * cooperatively (every block resident at once). The context is current. */
static PjStatus pj_cuda_launch_kernel(PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *c, CUstream s,
                                      void **params, char *err, size_t errlen) {
  cuda->launches++;
  cuda->last_code = k->code;
  memcpy(cuda->last_grid, c->grid, sizeof c->grid);
  memcpy(cuda->last_block, c->block, sizeof c->block);
  pj_start_mark(PJ_START_LAUNCH);
  if (!k->code->grid_sync)
    return PJ_CU(cuLaunchKernel, k->function, c->grid[0], c->grid[1], c->grid[2], c->block[0], c->block[1],
                 c->block[2], c->shared_bytes, s, params, NULL);
  CUresult r = pj_cuda_driver.cuLaunchCooperativeKernel(k->function, c->grid[0], c->grid[1], c->grid[2], c->block[0],
                                                        c->block[1], c->block[2], c->shared_bytes, s, params);
  if (r == PJ_CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) /* the driver's count differs from the occupancy's */
    return pj_cooperative_too_large(k->code, c, k->coop_max, cuda->name, err, errlen);
  return pj_cuda_check(r, "cuLaunchCooperativeKernel", err, errlen);
}

/* ---- memory ------------------------------------------------------------------------------- */

static int pj_cuda_is_array(const PjValue *v) { return v->ndim > 0; }

/* Device memory of at least `bytes` in cuda->scratch, reallocated only when it is too small. */
static PjStatus pj_cuda_scratch_reserve(PjCuda *cuda, size_t bytes, char *err, size_t errlen) {
  if (bytes <= cuda->scratch_bytes) return PJ_OK;
  size_t size = PJ_CUDA_SCRATCH_MIN;
  while (size < bytes && size <= SIZE_MAX / 2) size *= 2;
  if (size < bytes) size = bytes;
  pj_cuda_scratch_free(cuda);
  PjStatus st = PJ_CU(cuMemAlloc_v2, &cuda->scratch, size);
  if (st == PJ_OK) cuda->scratch_bytes = size;
  else cuda->scratch = 0;
  return st;
}

/* After a launch: keep small buffers for the next launch, give large ones back. */
static void pj_cuda_scratch_trim(PjCuda *cuda) {
  if (cuda->scratch_bytes > PJ_CUDA_SCRATCH_KEEP) pj_cuda_scratch_free(cuda);
}

/* The scratch buffer holds every array, each at a 256-byte aligned offset and at least 1 byte;
 * addresses[i] is array i's device address. */
static PjStatus pj_cuda_buffers_place(PjCuda *cuda, const PjValue *args, int nargs,
                                      uint64_t *addresses, char *err, size_t errlen) {
  size_t total = 0;
  for (int i = 0; i < nargs; i++) {
    addresses[i] = 0;
    if (!pj_cuda_is_array(&args[i])) continue;
    size_t bytes = pj_value_nbytes(&args[i]);
    addresses[i] = total;
    total += (bytes + PJ_CUDA_ALIGN) / PJ_CUDA_ALIGN * PJ_CUDA_ALIGN;
  }
  if (total == 0) return PJ_OK;
  PjStatus st = pj_cuda_scratch_reserve(cuda, total, err, errlen);
  for (int i = 0; i < nargs && st == PJ_OK; i++)
    if (pj_cuda_is_array(&args[i])) addresses[i] += cuda->scratch;
  return st;
}

static PjStatus pj_cuda_copy_in(const PjValue *args, int nargs, const uint64_t *addresses,
                                char *err, size_t errlen) {
  PjStatus st = PJ_OK;
  for (int i = 0; i < nargs && st == PJ_OK; i++) {
    size_t bytes = pj_cuda_is_array(&args[i]) ? pj_value_nbytes(&args[i]) : 0;
    if (bytes > 0) st = PJ_CU(cuMemcpyHtoD_v2, addresses[i], args[i].data, bytes);
  }
  return st;
}

static PjStatus pj_cuda_copy_out(PjValue *args, int nargs, const uint64_t *addresses, char *err,
                                 size_t errlen) {
  PjStatus st = PJ_OK;
  for (int i = 0; i < nargs && st == PJ_OK; i++) {
    size_t bytes = pj_cuda_is_array(&args[i]) ? pj_value_nbytes(&args[i]) : 0;
    if (bytes > 0) st = PJ_CU(cuMemcpyDtoH_v2, args[i].data, addresses[i], bytes);
  }
  if (st == PJ_OK) pj_start_mark(PJ_START_RESULT);
  return st;
}

/* ---- running ------------------------------------------------------------------------------ */

/* One run between the two events; *ms is the time between them. */
static PjStatus pj_cuda_run_once(PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *c,
                                 void **params, double *ms, char *err, size_t errlen) {
  float elapsed = 0;
  PjStatus st = pj_cuda_cooperative_prepare(cuda, k, c, NULL, err, errlen);
  if (st == PJ_OK) st = PJ_CU(cuEventRecord, cuda->start, NULL);
  if (st == PJ_OK) st = pj_cuda_launch_kernel(cuda, k, c, NULL, params, err, errlen);
  if (st == PJ_OK) st = PJ_CU(cuEventRecord, cuda->stop, NULL);
  if (st == PJ_OK) st = PJ_CU(cuEventSynchronize, cuda->stop);
  if (st == PJ_OK) st = PJ_CU(cuEventElapsedTime_v2, &elapsed, cuda->start, cuda->stop);
  *ms = elapsed;
  return st;
}

static PjStatus pj_cuda_run(PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *c,
                            void **params, PjLaunchTimes *times, char *err, size_t errlen) {
  int runs = pj_launch_runs(c);
  double *run_ms = malloc((size_t)runs * sizeof *run_ms);
  if (!run_ms) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  PjStatus st = PJ_OK;
  for (int r = 0; r < runs && st == PJ_OK; r++)
    st = pj_cuda_run_once(cuda, k, c, params, &run_ms[r], err, errlen);
  if (st == PJ_OK) pj_launch_times_fill(times, run_ms, runs);
  free(run_ms);
  return st;
}

/* Copies in, runs, copies out, with the arrays at addresses. */
static PjStatus pj_cuda_launch_on(PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *config,
                                  PjValue *args, int nargs, const uint64_t *addresses,
                                  PjLaunchTimes *times, char *err, size_t errlen) {
  PjLaunchParams *params = pj_launch_params_new(args, k->code->args, nargs, addresses);
  if (!params) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  double start = pj_now_ms();
  PjStatus st = pj_cuda_copy_in(args, nargs, addresses, err, errlen);
  times->transfer_in_ms = pj_now_ms() - start;
  if (st == PJ_OK) st = pj_cuda_run(cuda, k, config, params->ptrs, times, err, errlen);
  start = pj_now_ms();
  if (st == PJ_OK) st = pj_cuda_copy_out(args, nargs, addresses, err, errlen);
  times->transfer_out_ms = pj_now_ms() - start;
  pj_launch_params_delete(params);
  return st;
}

/* With the lock held and the context current. */
static PjStatus pj_cuda_launch_locked(PjCuda *cuda, const PjKernelCode *code,
                                      const PjLaunchConfig *config, PjValue *args, int nargs,
                                      PjLaunchTimes *times, char *err, size_t errlen) {
  PjCudaKernel *k = NULL;
  PjStatus st = pj_cuda_kernel_get(cuda, code, &k, &times->load_ms, err, errlen);
  if (st == PJ_OK) st = pj_cuda_kernel_check(cuda, k, config, err, errlen);
  if (st != PJ_OK) return st;
  uint64_t *addresses = calloc((size_t)(nargs > 0 ? nargs : 1), sizeof *addresses);
  if (!addresses) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  st = pj_cuda_buffers_place(cuda, args, nargs, addresses, err, errlen);
  PjKernelError record = {0};
  if (st == PJ_OK && k->error) st = PJ_CU(cuMemcpyHtoD_v2, k->error, &record, sizeof record);
  if (st == PJ_OK) st = pj_cuda_launch_on(cuda, k, config, args, nargs, addresses, times, err, errlen);
  if (st == PJ_OK && k->error) st = PJ_CU(cuMemcpyDtoH_v2, &record, k->error, sizeof record);
  if (st == PJ_OK && record.flag) st = pj_kernel_error_report(code, &record, err, errlen);
  pj_cuda_scratch_trim(cuda);
  free(addresses);
  return st;
}

/* A failure of kind r ended the context: it is lost from now on, and put to the last launch,
 * whose description is added to err (every later error repeats it). */
static void pj_cuda_mark_lost(PjCuda *cuda, CUresult r, char *err, size_t errlen) {
  if (cuda->lost || !pj_cuda_error_is_sticky(r)) return;
  cuda->lost = r;
  if (cuda->last_code)
    snprintf(cuda->lost_after, sizeof cuda->lost_after,
             "kernel '%s' (launch %llu of this process, grid (%u, %u, %u), block (%u, %u, %u)) or work queued before "
             "it faulted", cuda->last_code->name, (unsigned long long)cuda->launches, cuda->last_grid[0],
             cuda->last_grid[1], cuda->last_grid[2], cuda->last_block[0], cuda->last_block[1], cuda->last_block[2]);
  else
    snprintf(cuda->lost_after, sizeof cuda->lost_after, "no kernel had been launched");
  if (err && errlen) {
    size_t n = strlen(err);
    snprintf(err + n, errlen - n, ": %s; CUDA can run nothing more in this process", cuda->lost_after);
  }
}

/* After a call that failed with PJ_ERROR_DEVICE: whether the failure ended the context. */
static void pj_cuda_after_failure(PjCuda *cuda, PjStatus st, char *err, size_t errlen) {
  if (st == PJ_ERROR_DEVICE) pj_cuda_mark_lost(cuda, pj_cuda_failed, err, errlen);
}

/* After a failed launch: whether the context survived it. */
static void pj_cuda_note_loss(PjCuda *cuda, char *err, size_t errlen) {
  CUresult r = pj_cuda_driver.cuCtxSynchronize();
  pj_cuda_mark_lost(cuda, pj_cuda_error_is_sticky(pj_cuda_failed) ? pj_cuda_failed : r, err, errlen);
}

static PjStatus pj_cuda_lost_error(const PjCuda *cuda, char *err, size_t errlen) {
  const char *name = pj_cuda_error_name(cuda->lost);
  return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                          "the GPU context was lost to an earlier %s (%s); CUDA can run nothing more "
                          "in this process", name ? name : "CUDA error", cuda->lost_after);
}

/* Puts "kernel 'name': " before the message in err. */
static void pj_cuda_error_context(const PjKernelCode *code, char *err, size_t errlen) {
  if (!err || errlen == 0) return;
  char *message = strdup(err);
  if (!message) return;
  snprintf(err, errlen, "kernel '%s': %s", code->name, message);
  free(message);
}

PjStatus pj_cuda_launch(PjCuda *cuda, const PjKernelCode *code, const PjLaunchConfig *config,
                        PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen) {
  pthread_mutex_lock(&cuda->lock);
  PjStatus st = cuda->lost ? pj_cuda_lost_error(cuda, err, errlen) : pj_cuda_enter(cuda, err, errlen);
  if (st == PJ_OK) {
    st = pj_cuda_launch_locked(cuda, code, config, args, nargs, times, err, errlen);
    if (st == PJ_ERROR_DEVICE) pj_cuda_note_loss(cuda, err, errlen);
    pj_cuda_leave();
  }
  pthread_mutex_unlock(&cuda->lock);
  if (st != PJ_OK) pj_cuda_error_context(code, err, errlen);
  return st;
}

/* ---- memory, streams, events, loaded kernels ----------------------------------------------- */

/* Runs `call` (a PJ_CU(...) expression) with the device's context current; yields its status. */
#define PJ_CUDA_IN_CONTEXT(cuda, call)                                                          \
  do {                                                                                         \
    if ((cuda)->lost) return pj_cuda_lost_error((cuda), err, errlen);                          \
    PjStatus in_st = pj_cuda_enter((cuda), err, errlen);                                        \
    if (in_st != PJ_OK) return in_st;                                                          \
    in_st = (call);                                                                            \
    pj_cuda_after_failure((cuda), in_st, err, errlen);                                         \
    pj_cuda_leave();                                                                           \
    return in_st;                                                                              \
  } while (0)

PjStatus pj_cuda_alloc(PjCuda *cuda, size_t bytes, uint64_t *out, char *err, size_t errlen) {
  CUdeviceptr p = 0;
  *out = 0;
  if (bytes == 0) bytes = 1; /* an empty array still has an address */
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) return st;
  st = PJ_CU(cuMemAlloc_v2, &p, bytes);
  pj_cuda_after_failure(cuda, st, err, errlen);
  pj_cuda_leave();
  *out = p;
  return st;
}

/* ---- memory shared between processes (CUDA IPC) ---- */

PjStatus pj_cuda_ipc_get(PjCuda *cuda, uint64_t address, uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *base,
                         size_t *size, char *err, size_t errlen) {
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) return st;
  CUdeviceptr b = 0;
  size_t n = 0;
  CUipcMemHandle h;
  memset(&h, 0, sizeof h);
  st = PJ_CU(cuMemGetAddressRange_v2, &b, &n, (CUdeviceptr)address); /* the allocation holding address */
  if (st == PJ_OK) st = PJ_CU(cuIpcGetMemHandle, &h, b);
  pj_cuda_leave();
  memcpy(handle, h.reserved, PJ_IPC_HANDLE_BYTES);
  *base = b;
  *size = n;
  return st;
}

PjStatus pj_cuda_ipc_open(PjCuda *cuda, const uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *address, char *err,
                          size_t errlen) {
  *address = 0;
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) return st;
  CUipcMemHandle h;
  memcpy(h.reserved, handle, PJ_IPC_HANDLE_BYTES);
  CUdeviceptr p = 0;
  st = PJ_CU(cuIpcOpenMemHandle_v2, &p, h, 0x1 /* CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS */);
  pj_cuda_leave();
  *address = p;
  return st;
}

PjStatus pj_cuda_ipc_close(PjCuda *cuda, uint64_t address, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuIpcCloseMemHandle, (CUdeviceptr)address));
}

PjStatus pj_cuda_host_alloc(PjCuda *cuda, size_t bytes, void **host, uint64_t *device_address, char *err,
                            size_t errlen) {
  *host = NULL;
  *device_address = 0;
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) return st;
  CUdeviceptr d = 0;
  st = PJ_CU(cuMemHostAlloc, host, bytes ? bytes : 1, 0x01 | 0x02 /* PORTABLE | DEVICEMAP */);
  if (st == PJ_OK) st = PJ_CU(cuMemHostGetDevicePointer_v2, &d, *host, 0);
  if (st != PJ_OK && *host) {
    pj_cuda_driver.cuMemFreeHost(*host);
    *host = NULL;
  }
  pj_cuda_leave();
  *device_address = d;
  return st;
}

void pj_cuda_host_free(PjCuda *cuda, void *host) {
  if (!host || pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  pj_cuda_driver.cuMemFreeHost(host);
  pj_cuda_leave();
}

void pj_cuda_free(PjCuda *cuda, uint64_t address) {
  if (!address || pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  pj_cuda_driver.cuMemFree_v2(address);
  pj_cuda_leave();
}

static PjStatus pj_cuda_copy_in_context(int kind, uint64_t dst, uint64_t src, size_t bytes, CUstream s, char *err,
                                        size_t errlen) {
  if (bytes == 0) return PJ_OK;
  switch (kind) {
  case PJ_COPY_HOST_TO_DEVICE:
    return s ? PJ_CU(cuMemcpyHtoDAsync_v2, dst, (const void *)(uintptr_t)src, bytes, s)
             : PJ_CU(cuMemcpyHtoD_v2, dst, (const void *)(uintptr_t)src, bytes);
  case PJ_COPY_DEVICE_TO_HOST: {
    if (s) return PJ_CU(cuMemcpyDtoHAsync_v2, (void *)(uintptr_t)dst, src, bytes, s);
    PjStatus st = PJ_CU(cuMemcpyDtoH_v2, (void *)(uintptr_t)dst, src, bytes);
    if (st == PJ_OK) pj_start_mark(PJ_START_RESULT); /* the program's first result, when it is the first */
    return st;
  }
  default:
    return s ? PJ_CU(cuMemcpyDtoDAsync_v2, dst, src, bytes, s) : PJ_CU(cuMemcpyDtoD_v2, dst, src, bytes);
  }
}

PjStatus pj_cuda_copy(PjCuda *cuda, int kind, uint64_t dst, uint64_t src, size_t bytes, void *stream, char *err,
                      size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, pj_cuda_copy_in_context(kind, dst, src, bytes, (CUstream)stream, err, errlen));
}

/* ---- the current GPU of a thread, and peers ------------------------------------------------ */

/* The context last seen current on this thread and its GPU's ordinal: a launch asks each time,
 * and the answer costs one cuCtxGetCurrent while the thread stays on one context. */
static _Thread_local CUcontext pj_cuda_seen_context;
static _Thread_local int pj_cuda_seen_ordinal;

PjStatus pj_cuda_current(int *ordinal, char *err, size_t errlen) {
  *ordinal = -1;
  PjStatus st = pj_cuda_driver_load(err, errlen);
  if (st != PJ_OK) return st;
  CUcontext context = NULL;
  if ((st = PJ_CU(cuCtxGetCurrent, &context)) != PJ_OK || !context) return st;
  if (context == pj_cuda_seen_context) {
    *ordinal = pj_cuda_seen_ordinal;
    return PJ_OK;
  }
  CUdevice device = 0;
  int count = 0;
  if ((st = PJ_CU(cuCtxGetDevice, &device)) != PJ_OK || (st = PJ_CU(cuDeviceGetCount, &count)) != PJ_OK) return st;
  for (int i = 0; i < count; i++) {
    CUdevice d = 0;
    if (pj_cuda_driver.cuDeviceGet(&d, i) == PJ_CUDA_SUCCESS && d == device) {
      pj_cuda_seen_context = context;
      pj_cuda_seen_ordinal = *ordinal = i;
      break;
    }
  }
  return PJ_OK;
}

PjStatus pj_cuda_make_current(PjCuda *cuda, char *err, size_t errlen) {
  PjStatus st = pj_cuda_driver_load(err, errlen);
  return st == PJ_OK ? PJ_CU(cuCtxSetCurrent, cuda ? cuda->context : NULL) : st;
}

PjStatus pj_cuda_can_access_peer(PjCuda *cuda, PjCuda *peer, int *can, char *err, size_t errlen) {
  *can = 0;
  return cuda == peer ? (*can = 1, PJ_OK) : PJ_CU(cuDeviceCanAccessPeer, can, cuda->device, peer->device);
}

/* Lets `cuda`'s context reach `peer`'s memory, once, where the GPUs can (NVLink or PCIe peer
 * to peer): copies between them then go straight across; where they cannot, the driver stages
 * copies through the host. */
static void pj_cuda_peer_enable(PjCuda *cuda, PjCuda *peer) {
  if (cuda == peer || peer->ordinal >= 64) return;
  pthread_mutex_lock(&cuda->lock);
  bool tried = cuda->peers_enabled >> peer->ordinal & 1;
  cuda->peers_enabled |= 1ull << peer->ordinal;
  pthread_mutex_unlock(&cuda->lock);
  int can = 0;
  if (tried || pj_cuda_driver.cuDeviceCanAccessPeer(&can, cuda->device, peer->device) != PJ_CUDA_SUCCESS || !can) return;
  if (pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  CUresult r = pj_cuda_driver.cuCtxEnablePeerAccess(peer->context, 0);
  (void)r; /* PEER_ACCESS_ALREADY_ENABLED (another library did it) is as good; a failure leaves copies staged */
  pj_cuda_leave();
}

PjStatus pj_cuda_copy_peer(PjCuda *dst_cuda, uint64_t dst, PjCuda *src_cuda, uint64_t src, size_t bytes,
                           PjCuda *stream_cuda, void *stream, char *err, size_t errlen) {
  if (bytes == 0) return PJ_OK;
  if (src_cuda->lost) return pj_cuda_lost_error(src_cuda, err, errlen);
  pj_cuda_peer_enable(dst_cuda, src_cuda);
  pj_cuda_peer_enable(src_cuda, dst_cuda);
  PjCuda *cuda = stream_cuda ? stream_cuda : dst_cuda; /* a stream is used in its own context */
  PJ_CUDA_IN_CONTEXT(cuda, stream ? PJ_CU(cuMemcpyPeerAsync, dst, dst_cuda->context, src, src_cuda->context, bytes,
                                          (CUstream)stream)
                                  : PJ_CU(cuMemcpyPeer, dst, dst_cuda->context, src, src_cuda->context, bytes));
}

int pj_cuda_pointer_device(uint64_t address) {
  if (pj_cuda_driver_load(NULL, 0) != PJ_OK || !address) return -1;
  unsigned int type = 0, managed = 0;
  int ordinal = -1;
  if (pj_cuda_driver.cuPointerGetAttribute(&type, PJ_CU_POINTER_MEMORY_TYPE, address) != PJ_CUDA_SUCCESS ||
      type != PJ_CU_MEMORYTYPE_DEVICE)
    return -1;
  if (pj_cuda_driver.cuPointerGetAttribute(&managed, PJ_CU_POINTER_IS_MANAGED, address) == PJ_CUDA_SUCCESS && managed)
    return -1; /* managed memory: every GPU reaches it */
  if (pj_cuda_driver.cuPointerGetAttribute(&ordinal, PJ_CU_POINTER_DEVICE_ORDINAL, address) != PJ_CUDA_SUCCESS)
    return -1;
  return ordinal;
}

PjStatus pj_cuda_memset(PjCuda *cuda, uint64_t dst, int value, size_t bytes, void *stream, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, stream ? PJ_CU(cuMemsetD8Async, dst, (unsigned char)value, bytes, (CUstream)stream)
                                  : PJ_CU(cuMemsetD8_v2, dst, (unsigned char)value, bytes));
}

PjStatus pj_cuda_memory_info(PjCuda *cuda, size_t *free, size_t *total, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuMemGetInfo_v2, free, total));
}

PjStatus pj_cuda_synchronize(PjCuda *cuda, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuCtxSynchronize));
}

PjStatus pj_cuda_stream_new(PjCuda *cuda, void **out, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuStreamCreate, (CUstream *)out, 0));
}

void pj_cuda_stream_delete(PjCuda *cuda, void *stream) {
  if (!stream || pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  pj_cuda_driver.cuStreamDestroy_v2((CUstream)stream);
  pj_cuda_leave();
}

PjStatus pj_cuda_stream_synchronize(PjCuda *cuda, void *stream, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, stream ? PJ_CU(cuStreamSynchronize, (CUstream)stream) : PJ_CU(cuCtxSynchronize));
}

PjStatus pj_cuda_event_new(PjCuda *cuda, int timing, void **out, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuEventCreate, (CUevent *)out, timing ? PJ_CU_EVENT_DEFAULT : PJ_CU_EVENT_DISABLE_TIMING));
}

void pj_cuda_event_delete(PjCuda *cuda, void *event) {
  if (!event || pj_cuda_enter(cuda, NULL, 0) != PJ_OK) return;
  pj_cuda_driver.cuEventDestroy_v2((CUevent)event);
  pj_cuda_leave();
}

PjStatus pj_cuda_event_record(PjCuda *cuda, void *event, void *stream, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuEventRecord, (CUevent)event, (CUstream)stream));
}

PjStatus pj_cuda_event_synchronize(PjCuda *cuda, void *event, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuEventSynchronize, (CUevent)event));
}

PjStatus pj_cuda_event_elapsed(PjCuda *cuda, void *start, void *end, float *ms, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuEventElapsedTime_v2, ms, (CUevent)start, (CUevent)end));
}

/* cuEventQuery: CUDA_ERROR_NOT_READY is an answer (not yet), not a failure. */
static PjStatus pj_cuda_event_query_in_context(CUevent event, int *done, char *err, size_t errlen) {
  CUresult r = pj_cuda_driver.cuEventQuery(event);
  *done = r == PJ_CUDA_SUCCESS;
  return r == PJ_CUDA_ERROR_NOT_READY ? PJ_OK : pj_cuda_check(r, "cuEventQuery", err, errlen);
}

PjStatus pj_cuda_event_query(PjCuda *cuda, void *event, int *done, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, pj_cuda_event_query_in_context((CUevent)event, done, err, errlen));
}

PjStatus pj_cuda_stream_wait_event(PjCuda *cuda, void *stream, void *event, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, PJ_CU(cuStreamWaitEvent, (CUstream)stream, (CUevent)event, 0));
}

PjStatus pj_cuda_profile(PjCuda *cuda, int start, char *err, size_t errlen) {
  PJ_CUDA_IN_CONTEXT(cuda, start ? PJ_CU(cuProfilerStart) : PJ_CU(cuProfilerStop));
}

PjStatus pj_cuda_kernel_new(PjCuda *cuda, const PjKernelCode *code, PjCudaKernel **out, char *err, size_t errlen) {
  *out = NULL;
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjCudaKernel *k = calloc(1, sizeof *k);
  if (!k) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st == PJ_OK) {
    st = pj_cuda_kernel_load(cuda, k, code, err, errlen);
    pj_cuda_leave();
  }
  if (st != PJ_OK) {
    free(k);
    pj_cuda_error_context(code, err, errlen);
    return st;
  }
  *out = k;
  return PJ_OK;
}

void pj_cuda_kernel_delete(PjCuda *cuda, PjCudaKernel *kernel) {
  if (!kernel) return;
  if (pj_cuda_enter(cuda, NULL, 0) == PJ_OK) {
    pj_cuda_kernel_unload(kernel);
    pj_cuda_leave();
  }
  free(kernel);
}

static PjStatus pj_cuda_launch_async_in_context(PjCuda *cuda, PjCudaKernel *k, const PjLaunchConfig *c, CUstream s,
                                                void **params, char *err, size_t errlen) {
  PjStatus st = pj_cuda_kernel_check(cuda, k, c, err, errlen);
  PjKernelError record = {0};
  if (st == PJ_OK && k->error) st = PJ_CU(cuMemcpyHtoD_v2, k->error, &record, sizeof record);
  if (st == PJ_OK) st = pj_cuda_cooperative_prepare(cuda, k, c, s, err, errlen);
  if (st == PJ_OK) st = pj_cuda_launch_kernel(cuda, k, c, s, params, err, errlen);
  if (st == PJ_OK && k->error) { /* debug checks: wait, then read what the kernel recorded */
    st = s ? PJ_CU(cuStreamSynchronize, s) : PJ_CU(cuCtxSynchronize);
    if (st == PJ_OK) st = PJ_CU(cuMemcpyDtoH_v2, &record, k->error, sizeof record);
    if (st == PJ_OK && record.flag) st = pj_kernel_error_report(k->code, &record, err, errlen);
  }
  return st;
}

PjStatus pj_cuda_max_cooperative_blocks(PjCuda *cuda, PjCudaKernel *kernel, uint32_t threads, uint32_t shared,
                                        uint32_t *blocks, char *err, size_t errlen) {
  *blocks = 0;
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  PjLaunchConfig c = {.grid = {1, 1, 1}, .block = {threads, 1, 1}, .shared_bytes = shared};
  /* a block beyond the kernel's own limits (its registers, its shared memory) fits no SM: no
   * block can run, as the driver's occupancy query answers */
  if (pj_cuda_kernel_check(cuda, kernel, &c, NULL, 0) != PJ_OK) return PJ_OK;
  PjStatus st = pj_cuda_enter(cuda, err, errlen);
  if (st != PJ_OK) {
    pj_cuda_error_context(kernel->code, err, errlen);
    return st;
  }
  st = pj_cuda_cooperative_max(cuda, kernel, threads, shared, blocks, err, errlen);
  pj_cuda_leave();
  return st;
}

PjStatus pj_cuda_launch_async(PjCuda *cuda, PjCudaKernel *kernel, const PjLaunchConfig *config, void *stream,
                              void **params, char *err, size_t errlen) {
  if (cuda->lost) return pj_cuda_lost_error(cuda, err, errlen);
  /* the launch path: a thread with no current context gets the device's (primary) context made
   * current and keeps it, as numba, CuPy and PyTorch do, so later launches make no context call;
   * a thread where another context is current gets ours pushed for the launch and popped after */
  CUcontext current = NULL;
  bool known = pj_cuda_driver.cuCtxGetCurrent(&current) == PJ_CUDA_SUCCESS;
  if (known && !current && pj_cuda_driver.cuCtxSetCurrent(cuda->context) == PJ_CUDA_SUCCESS) current = cuda->context;
  bool push = !known || current != cuda->context;
  PjStatus st = push ? pj_cuda_enter(cuda, err, errlen) : PJ_OK;
  if (st != PJ_OK) return st;
  st = pj_cuda_launch_async_in_context(cuda, kernel, config, (CUstream)stream, params, err, errlen);
  if (st == PJ_ERROR_DEVICE) pj_cuda_note_loss(cuda, err, errlen);
  if (push) pj_cuda_leave();
  if (st != PJ_OK) pj_cuda_error_context(kernel->code, err, errlen);
  return st;
}

int pj_cuda_launch_if_current(PjCuda *cuda, PjCudaKernel *kernel, const PjLaunchConfig *config, void *stream,
                              void **params, PjStatus *st, char *err, size_t errlen) {
  CUcontext current = NULL;
  if (cuda->lost || pj_cuda_driver.cuCtxGetCurrent(&current) != PJ_CUDA_SUCCESS || current != cuda->context) return 0;
  *st = pj_cuda_launch_async_in_context(cuda, kernel, config, (CUstream)stream, params, err, errlen);
  if (*st == PJ_ERROR_DEVICE) pj_cuda_note_loss(cuda, err, errlen);
  if (*st != PJ_OK) pj_cuda_error_context(kernel->code, err, errlen);
  return 1;
}
