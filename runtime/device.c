/* runtime/: devices and launches, the public half. A PjDevice is a CUDA GPU (runtime/cuda.c)
 * or the CPU executor (runtime/cpu.c); this file picks one, checks what a launch is given, and
 * hands the launch to it. */
#include "runtime/device.h"
#include "ir/half.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime/cpu.h"
#include "runtime/cuda.h"

struct PjDevice {
  PjTarget target;
  int ordinal;      /* the GPU's, or the CPU executor's device's (PYJITC_CPU_DEVICES) */
  PjDeviceLimits limits;
  PjCuda *cuda;     /* PJ_TARGET_CUDA */
  PjCpuPool *cpu;   /* PJ_TARGET_CPU */
  char name[64];    /* the CPU's; a GPU's name is pj_cuda_name's */
};

/* ---- shared helpers ----------------------------------------------------------------------- */

PjStatus pj_runtime_error(PjStatus status, char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return status;
}

void pj_device_limits_sm90(PjDeviceLimits *limits) {
  *limits = (PjDeviceLimits){
      .max_threads_per_block = 1024,
      .max_block = {1024, 1024, 64},
      .max_grid = {2147483647u, 65535, 65535},
      .max_shared_bytes = 48 * 1024,
      .multiprocessors = 1,
  };
}

int pj_launch_runs(const PjLaunchConfig *config) {
  return config->repeat > 1 ? config->repeat : 1;
}

static int pj_double_compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void pj_launch_times_fill(PjLaunchTimes *times, double *run_ms, int n) {
  qsort(run_ms, (size_t)n, sizeof *run_ms, pj_double_compare);
  times->kernel_min_ms = run_ms[0];
  times->kernel_max_ms = run_ms[n - 1];
  times->kernel_ms = n % 2 ? run_ms[n / 2] : (run_ms[n / 2 - 1] + run_ms[n / 2]) / 2;
  times->runs = n;
}

/* ---- the flattened parameter list (ir/abi.h) ------------------------------------------------ */

static int pj_launch_param_total(const PjValue *args, const PjArgType *types, int nargs) {
  int total = 0;
  for (int i = 0; i < nargs; i++)
    total += args[i].ndim == 0 ? (pj_dtype_is_complex(args[i].dtype) ? 2 : 1)
                               : 1 + args[i].ndim * (types && pj_abi_strided(&types[i]) ? 2 : 1);
  return total;
}

/* A scalar in its dtype's size, in the slot's leading bytes. */
static void pj_launch_scalar_store(const PjValue *v, uint64_t *slot) {
  union { int8_t i8; int16_t i16; int32_t i32; int64_t i64; uint8_t u8; uint16_t u16;
          uint32_t u32; uint64_t u64; float f32; double f64; } x = {.u64 = 0};
  switch (v->dtype) {
    case PJ_BOOL: x.u8 = v->scalar.u != 0; break;
    case PJ_INT8: x.i8 = (int8_t)v->scalar.i; break;
    case PJ_INT16: x.i16 = (int16_t)v->scalar.i; break;
    case PJ_INT32: x.i32 = (int32_t)v->scalar.i; break;
    case PJ_INT64: x.i64 = v->scalar.i; break;
    case PJ_UINT8: x.u8 = (uint8_t)v->scalar.u; break;
    case PJ_UINT16: x.u16 = (uint16_t)v->scalar.u; break;
    case PJ_UINT32: x.u32 = (uint32_t)v->scalar.u; break;
    case PJ_UINT64: x.u64 = v->scalar.u; break;
    case PJ_FLOAT32: x.f32 = (float)v->scalar.f; break;
    case PJ_FLOAT16: x.u16 = pj_half_from_double(v->scalar.f); break;
    case PJ_BFLOAT16: x.u16 = pj_bf16_from_double(v->scalar.f); break;
    case PJ_FLOAT64: x.f64 = v->scalar.f; break;
    case PJ_COMPLEX64: case PJ_COMPLEX128: case PJ_DTYPE_COUNT: break; /* complex: two float slots, above */
    case PJ_FP8_E5M2: case PJ_FP8_E4M3: case PJ_FP8_E8M0: break; /* not kernel arguments */
    default: x.i64 = v->scalar.i; break; /* datetime64, timedelta64: the count */
  }
  memcpy(slot, &x, sizeof *slot);
}

/* Writes the flattened parameters into slots[0..max): their count, or -1 when they do not fit. */
static int pj_launch_params_write(const PjValue *args, const PjArgType *types, int nargs, const uint64_t *addresses,
                                  uint64_t *slots, int max);

int pj_launch_params_fill(const PjValue *args, const PjArgType *types, int nargs, uint64_t *slots, int max) {
  return pj_launch_params_write(args, types, nargs, NULL, slots, max);
}

PjLaunchParams *pj_launch_params_new(const PjValue *args, const PjArgType *types, int nargs, const uint64_t *addresses) {
  int total = pj_launch_param_total(args, types, nargs);
  PjLaunchParams *p = malloc(sizeof *p + (size_t)total * (sizeof(uint64_t) + sizeof(void *)));
  if (!p) return NULL;
  p->count = total;
  p->ptrs = (void **)(p->slots + total);
  pj_launch_params_write(args, types, nargs, addresses, p->slots, total);
  for (int j = 0; j < total; j++) p->ptrs[j] = &p->slots[j];
  return p;
}

/* A scalar argument's parameters: one slot, two for a complex number (its parts); their count. */
static int pj_launch_scalar_write(const PjValue *v, uint64_t *slots) {
  if (!pj_dtype_is_complex(v->dtype)) {
    pj_launch_scalar_store(v, slots);
    return 1;
  }
  PjValue part = {.dtype = v->dtype == PJ_COMPLEX64 ? PJ_FLOAT32 : PJ_FLOAT64};
  part.scalar.f = v->scalar.f;
  pj_launch_scalar_store(&part, &slots[0]);
  part.scalar.f = v->imag;
  pj_launch_scalar_store(&part, &slots[1]);
  return 2;
}

static int pj_launch_params_write(const PjValue *args, const PjArgType *types, int nargs, const uint64_t *addresses,
                                  uint64_t *slots, int max) {
  if (pj_launch_param_total(args, types, nargs) > max) return -1;
  int k = 0;
  for (int i = 0; i < nargs; i++) {
    const PjValue *v = &args[i];
    if (v->ndim == 0) {
      k += pj_launch_scalar_write(v, &slots[k]);
      continue;
    }
    slots[k++] = addresses ? addresses[i] : (uint64_t)(uintptr_t)v->data;
    for (int d = 0; d < v->ndim; d++) slots[k++] = (uint64_t)v->shape[d];
    if (types && pj_abi_strided(&types[i])) { /* F and A arrays: their strides too */
      int64_t st[PJ_MAX_DIMS];
      pj_value_strides(v, st);
      for (int d = 0; d < v->ndim; d++) slots[k++] = (uint64_t)st[d];
    }
  }
  return k;
}

void pj_launch_params_delete(PjLaunchParams *params) { free(params); }

/* ---- opening devices ------------------------------------------------------------------------ */

PjStatus pj_target_from_env(PjTarget *target, char *err, size_t errlen) {
  const char *env = getenv("PYJITC_TARGET");
  if (!env || !*env || strcmp(env, "auto") == 0) return PJ_OK;
  if (strcmp(env, "cpu") == 0) *target = PJ_TARGET_CPU;
  else if (strcmp(env, "cuda") == 0) *target = PJ_TARGET_CUDA;
  else
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "PYJITC_TARGET=%s: expected cpu, cuda or auto", env);
  return PJ_OK;
}

/* PYJITC_CPU_DEVICES: how many devices the CPU executor offers (1 unless set), each with a pool
 * of its own and the same host memory; several stand in for several GPUs where there are none,
 * so that a program's (and a test's) use of several devices runs anywhere. */
enum { PJ_CPU_MAX_DEVICES = 64 };
static PjStatus pj_cpu_device_count(int *count, char *err, size_t errlen) {
  const char *env = getenv("PYJITC_CPU_DEVICES");
  *count = 1;
  if (!env || !*env) return PJ_OK;
  char *end;
  long n = strtol(env, &end, 10);
  if (*end || n < 1 || n > PJ_CPU_MAX_DEVICES)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "PYJITC_CPU_DEVICES=%s: expected a whole number from 1 to %d",
                            env, PJ_CPU_MAX_DEVICES);
  *count = (int)n;
  return PJ_OK;
}

static PjStatus pj_device_open_cpu(PjDevice *device, int ordinal, char *err, size_t errlen) {
  int threads, count;
  PjStatus st = pj_cpu_device_count(&count, err, errlen);
  if (st == PJ_OK && ordinal >= count)
    st = pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                          "there is no device %d: the CPU executor is %d device%s (PYJITC_CPU_DEVICES)", ordinal, count,
                          count == 1 ? "" : "s");
  if (st == PJ_OK) st = pj_cpu_thread_count(&threads, err, errlen);
  if (st == PJ_OK) st = pj_cpu_pool_new(threads, &device->cpu, err, errlen);
  if (st != PJ_OK) return st;
  threads = pj_cpu_pool_threads(device->cpu);
  device->target = PJ_TARGET_CPU;
  device->ordinal = ordinal;
  pj_device_limits_sm90(&device->limits);
  device->limits.multiprocessors = threads;
  snprintf(device->name, sizeof device->name, "CPU (%d thread%s)", threads, threads == 1 ? "" : "s");
  return PJ_OK;
}

static PjStatus pj_device_open_cuda(PjDevice *device, int ordinal, char *err, size_t errlen) {
  PjStatus st;
  if (!pj_warm_take(ordinal, &device->cuda, &st, err, errlen)) /* a warm-up's device, or its error */
    st = pj_cuda_open(ordinal, &device->cuda, err, errlen);
  if (st != PJ_OK) return st;
  device->target = PJ_TARGET_CUDA;
  device->ordinal = ordinal;
  device->limits = *pj_cuda_limits(device->cuda);
  return PJ_OK;
}

static PjStatus pj_device_open_target(PjDevice *device, PjTarget target, int ordinal, char *err,
                                      size_t errlen) {
  switch (target) {
    case PJ_TARGET_CPU: return pj_device_open_cpu(device, ordinal, err, errlen);
    case PJ_TARGET_CUDA: return pj_device_open_cuda(device, ordinal, err, errlen);
    case PJ_TARGET_AUTO: break;
  }
  PjStatus st = pj_device_open_cuda(device, ordinal, err, errlen);
  return st == PJ_ERROR_NO_DEVICE ? pj_device_open_cpu(device, ordinal, err, errlen) : st;
}

PjStatus pj_device_count(PjTarget target, int *count, char *err, size_t errlen) {
  if (!count) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_device_count: count is NULL");
  *count = 0;
  if (target == PJ_TARGET_CPU) return pj_cpu_device_count(count, err, errlen);
  if (target != PJ_TARGET_CUDA) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_device_count: target %d", (int)target);
  return pj_cuda_device_count(count, err, errlen);
}

PjStatus pj_device_open(PjTarget target, int ordinal, PjDevice **out, char *err, size_t errlen) {
  if (!out) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_device_open: out is NULL");
  *out = NULL;
  if (ordinal < 0)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "device ordinal %d is negative", ordinal);
  if (target != PJ_TARGET_AUTO && target != PJ_TARGET_CUDA && target != PJ_TARGET_CPU)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "unknown target %d", (int)target);
  PjStatus st = target == PJ_TARGET_AUTO ? pj_target_from_env(&target, err, errlen) : PJ_OK;
  PjDevice *device = calloc(1, sizeof *device);
  if (st == PJ_OK && !device) st = pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  if (st == PJ_OK) st = pj_device_open_target(device, target, ordinal, err, errlen);
  if (st != PJ_OK) {
    free(device);
    return st;
  }
  *out = device;
  return PJ_OK;
}

void pj_device_close(PjDevice *device) {
  if (!device) return;
  if (device->cuda) pj_cuda_close(device->cuda);
  if (device->cpu) pj_cpu_pool_delete(device->cpu);
  free(device);
}

PjTarget pj_device_target(const PjDevice *device) { return device->target; }

const char *pj_device_name(const PjDevice *device) {
  return device->cuda ? pj_cuda_name(device->cuda) : device->name;
}

const char *pj_device_arch(const PjDevice *device) {
  return device->cuda ? pj_cuda_arch(device->cuda) : NULL;
}

int pj_device_ordinal(const PjDevice *device) { return device->ordinal; }

/* numba's device attributes (cuda.get_current_device().MULTIPROCESSOR_COUNT, ...): the name, the
 * driver's CUdevice_attribute number, and what the CPU executor answers (its launch limits, those
 * of an sm_90 GPU, which a kernel checked there also meets on one; -1: nothing it can answer). */
enum { PJ_ATTR_LIMIT = -2 }; /* the CPU's value is one of its limits, below */
static const struct PjAttribute {
  const char *name;
  int cuda;
  int64_t cpu;
} pj_attributes[] = {
    {"MAX_THREADS_PER_BLOCK", 1, PJ_ATTR_LIMIT},
    {"MAX_BLOCK_DIM_X", 2, PJ_ATTR_LIMIT},
    {"MAX_BLOCK_DIM_Y", 3, PJ_ATTR_LIMIT},
    {"MAX_BLOCK_DIM_Z", 4, PJ_ATTR_LIMIT},
    {"MAX_GRID_DIM_X", 5, PJ_ATTR_LIMIT},
    {"MAX_GRID_DIM_Y", 6, PJ_ATTR_LIMIT},
    {"MAX_GRID_DIM_Z", 7, PJ_ATTR_LIMIT},
    {"MAX_SHARED_MEMORY_PER_BLOCK", 8, PJ_ATTR_LIMIT},
    {"TOTAL_CONSTANT_MEMORY", 9, 65536},
    {"WARP_SIZE", 10, 32},
    {"MAX_PITCH", 11, -1},
    {"MAX_REGISTERS_PER_BLOCK", 12, 65536},
    {"CLOCK_RATE", 13, -1},
    {"TEXTURE_ALIGNMENT", 14, -1},
    {"MULTIPROCESSOR_COUNT", 16, PJ_ATTR_LIMIT},
    {"KERNEL_EXEC_TIMEOUT", 17, 0},
    {"INTEGRATED", 18, 1},
    {"CAN_MAP_HOST_MEMORY", 19, 1},
    {"COMPUTE_MODE", 20, 0},
    {"CONCURRENT_KERNELS", 31, 0},
    {"ECC_ENABLED", 32, -1},
    {"PCI_BUS_ID", 33, -1},
    {"PCI_DEVICE_ID", 34, -1},
    {"TCC_DRIVER", 35, 0},
    {"MEMORY_CLOCK_RATE", 36, -1},
    {"GLOBAL_MEMORY_BUS_WIDTH", 37, -1},
    {"L2_CACHE_SIZE", 38, -1},
    {"MAX_THREADS_PER_MULTIPROCESSOR", 39, 2048},
    {"ASYNC_ENGINE_COUNT", 40, 0},
    {"UNIFIED_ADDRESSING", 41, 1},
    {"PCI_DOMAIN_ID", 50, -1},
    {"COMPUTE_CAPABILITY_MAJOR", 75, 9},
    {"COMPUTE_CAPABILITY_MINOR", 76, 0},
    {"MAX_SHARED_MEMORY_PER_MULTIPROCESSOR", 81, -1},
    {"MAX_REGISTERS_PER_MULTIPROCESSOR", 82, -1},
    {"MANAGED_MEMORY", 83, 1},
    {"COOPERATIVE_LAUNCH", 95, 1},
    {"MAX_SHARED_MEMORY_PER_BLOCK_OPTIN", 97, PJ_ATTR_LIMIT},
};

const char *pj_device_attribute_name(int i) {
  return i >= 0 && i < (int)(sizeof pj_attributes / sizeof pj_attributes[0]) ? pj_attributes[i].name : NULL;
}

PjStatus pj_device_attribute(PjDevice *device, const char *name, int64_t *value, char *err, size_t errlen) {
  *value = 0;
  const struct PjAttribute *a = NULL;
  for (size_t i = 0; name && i < sizeof pj_attributes / sizeof pj_attributes[0]; i++)
    if (strcmp(pj_attributes[i].name, name) == 0) a = &pj_attributes[i];
  if (!a) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "no device attribute %s", name ? name : "(null)");
  if (device->cuda) return pj_cuda_device_attribute(device->cuda, a->cuda, value, err, errlen);
  const PjDeviceLimits *l = &device->limits;
  switch (a->cuda) {
    case 1: *value = l->max_threads_per_block; return PJ_OK;
    case 2: case 3: case 4: *value = l->max_block[a->cuda - 2]; return PJ_OK;
    case 5: case 6: case 7: *value = l->max_grid[a->cuda - 5]; return PJ_OK;
    case 8: case 97: *value = l->max_shared_bytes; return PJ_OK;
    case 16: *value = l->multiprocessors; return PJ_OK;
    default: break;
  }
  if (a->cpu < 0)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "the CPU executor has no device attribute %s", name);
  *value = a->cpu;
  return PJ_OK;
}

/* The CPU executor's device the calling thread selected (its devices, PYJITC_CPU_DEVICES, have
 * no contexts to make current): -1 for none. */
static _Thread_local int pj_cpu_current = -1;

PjStatus pj_device_current(PjTarget target, int *ordinal, char *err, size_t errlen) {
  if (!ordinal) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_device_current: ordinal is NULL");
  *ordinal = -1;
  PjStatus st = target == PJ_TARGET_AUTO ? pj_target_from_env(&target, err, errlen) : PJ_OK;
  if (st != PJ_OK) return st;
  if (target == PJ_TARGET_CPU) {
    *ordinal = pj_cpu_current;
    return PJ_OK;
  }
  if (target == PJ_TARGET_AUTO) { /* no driver: no GPU current, the CPU executor serves */
    st = pj_cuda_current(ordinal, err, errlen);
    return st == PJ_ERROR_NO_DEVICE ? PJ_OK : st;
  }
  if (target != PJ_TARGET_CUDA) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_device_current: target %d", (int)target);
  return pj_cuda_current(ordinal, err, errlen);
}

PjStatus pj_device_make_current(PjTarget target, PjDevice *device, char *err, size_t errlen) {
  if (device) target = device->target;
  if (target == PJ_TARGET_CPU) pj_cpu_current = device ? device->ordinal : -1;
  if (target != PJ_TARGET_CUDA) return PJ_OK;
  return pj_cuda_make_current(device ? device->cuda : NULL, err, errlen);
}

PjStatus pj_device_can_access_peer(PjDevice *device, PjDevice *peer, int *can, char *err, size_t errlen) {
  *can = device == peer || (!device->cuda && !peer->cuda); /* the CPU executor's devices share the host's memory */
  if (!device->cuda || !peer->cuda) return PJ_OK;
  return pj_cuda_can_access_peer(device->cuda, peer->cuda, can, err, errlen);
}

/* "GPU 1" or "CPU device 1" (PYJITC_CPU_DEVICES), for messages */
static const char *pj_device_label(const PjDevice *device, char *buf, size_t len) {
  snprintf(buf, len, "%s %d", device->cuda ? "GPU" : "CPU device", device->ordinal);
  return buf;
}


/* ---- checking a launch ------------------------------------------------------------------- */

/* "float32", "float32[:]", "float32[:, :]" (numba's spelling); an unknown dtype by number. */
static void pj_arg_type_format(PjDtype dtype, int ndim, char *buf, size_t len) {
  size_t n;
  if ((int)dtype >= 0 && (int)dtype < PJ_DTYPE_COUNT) n = (size_t)snprintf(buf, len, "%s", pj_dtype_name(dtype));
  else n = (size_t)snprintf(buf, len, "dtype#%d", (int)dtype);
  if (ndim <= 0 || n >= len) return;
  for (int d = 0; d < ndim && n < len; d++)
    n += (size_t)snprintf(buf + n, len - n, d == 0 ? "[:" : ", :");
  if (n < len) snprintf(buf + n, len - n, "]");
}

static PjStatus pj_launch_check_value(const PjValue *v, int i, int nargs, char *err, size_t errlen) {
  if (v->ndim < 0 || v->ndim > PJ_MAX_DIMS)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "argument %d of %d has %d dimensions; at most %d are supported",
                            i + 1, nargs, v->ndim, PJ_MAX_DIMS);
  int64_t count = 1;
  for (int d = 0; d < v->ndim; d++) {
    if (v->shape[d] < 0)
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "argument %d of %d has a negative extent (%lld) in dimension %d",
                              i + 1, nargs, (long long)v->shape[d], d);
    if (v->shape[d] > 0 && count > INT64_MAX / 16 / v->shape[d])
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "argument %d of %d is too large",
                              i + 1, nargs);
    count *= v->shape[d];
  }
  if (v->ndim > 0 && count > 0 && !v->data)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "argument %d of %d is an array with no data", i + 1, nargs);
  return PJ_OK;
}

static PjStatus pj_launch_check_args(const PjKernelCode *code, const PjValue *args, int nargs,
                                     char *err, size_t errlen) {
  if (nargs != code->nargs)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "kernel '%s' takes %d argument%s but %d %s given", code->name,
                            code->nargs, code->nargs == 1 ? "" : "s", nargs,
                            nargs == 1 ? "was" : "were");
  if (nargs > 0 && !args)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "the arguments are NULL");
  for (int i = 0; i < nargs; i++) {
    const PjArgType *want = &code->args[i];
    const PjValue *v = &args[i];
    if (pj_abi_pointer(want)) { /* an address */
      if (v->ndim != 0 || v->dtype != PJ_UINT64)
        return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                                "argument %d of %d must be an address (uint64) for kernel '%s''s %s* parameter",
                                i + 1, nargs, code->name, pj_dtype_name(want->dtype));
      continue;
    }
    if (v->dtype != want->dtype || v->ndim != want->ndim) {
      char got[64], expected[64];
      pj_arg_type_format(v->dtype, v->ndim, got, sizeof got);
      pj_arg_type_format(want->dtype, want->ndim, expected, sizeof expected);
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "argument %d of %d is %s but kernel '%s' was compiled for %s",
                              i + 1, nargs, got, code->name, expected);
    }
    char layout = v->ndim ? pj_value_layout(v) : 'C', wants = want->layout ? want->layout : 'C';
    if (v->ndim && wants != 'A' && layout != wants && !(v->ndim == 1 && layout != 'A'))
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "argument %d of %d has layout '%c' but kernel '%s' was compiled for layout '%c'",
                              i + 1, nargs, layout, code->name, wants);
    PjStatus st = pj_launch_check_value(v, i, nargs, err, errlen);
    if (st != PJ_OK) return st;
  }
  return PJ_OK;
}

static const char pj_axis_names[3] = {'x', 'y', 'z'};

/* Each of dims[3] in 1..max[axis]. */
static PjStatus pj_launch_check_dims(const char *what, const uint32_t dims[3], const uint32_t max[3],
                                     char *err, size_t errlen) {
  for (int a = 0; a < 3; a++) {
    if (dims[a] == 0)
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "%s (%u,%u,%u) has a zero dimension; each must be at least 1", what,
                              dims[0], dims[1], dims[2]);
  }
  for (int a = 0; a < 3; a++) {
    if (dims[a] > max[a])
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "%s (%u,%u,%u) has %c = %u; the device allows at most %u (CUDA_ERROR_INVALID_VALUE)", what,
                              dims[0], dims[1], dims[2], pj_axis_names[a], dims[a], max[a]);
  }
  return PJ_OK;
}

static PjStatus pj_launch_check_config(const PjDeviceLimits *lim, const PjLaunchConfig *c,
                                       char *err, size_t errlen) {
  const uint32_t *b = c->block;
  uint64_t threads = (uint64_t)b[0] * b[1] * b[2];
  if (threads > lim->max_threads_per_block)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "block (%u,%u,%u) has %llu threads; the device allows at most %u per block (CUDA_ERROR_INVALID_VALUE)",
                            b[0], b[1], b[2], (unsigned long long)threads, lim->max_threads_per_block);
  PjStatus st = pj_launch_check_dims("block", b, lim->max_block, err, errlen);
  if (st == PJ_OK) st = pj_launch_check_dims("grid", c->grid, lim->max_grid, err, errlen);
  if (st == PJ_OK && c->shared_bytes > lim->max_shared_bytes)
    st = pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                          "%u bytes of shared memory per block; the device allows at most %u (CUDA_ERROR_INVALID_VALUE)",
                          c->shared_bytes, lim->max_shared_bytes);
  return st;
}

/* The CPU executor holds kernels to the GPU's shared memory per block and to their launch_bounds
 * (the GPU checks its own with the kernel's real use when it launches: the driver refuses a block
 * larger than .maxntid with CUDA_ERROR_INVALID_VALUE, which the CPU's message names too). */
static PjStatus pj_launch_check_shared(const PjDeviceLimits *lim, const PjKernelCode *code, const PjLaunchConfig *c,
                                       char *err, size_t errlen) {
  uint64_t threads = (uint64_t)c->block[0] * c->block[1] * c->block[2];
  if (code->max_threads && threads > code->max_threads)
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                            "launching kernel '%s' failed: CUDA_ERROR_INVALID_VALUE (a block of %llu threads; its "
                            "launch_bounds allow at most %u)", code->name, (unsigned long long)threads,
                            code->max_threads);
  if (code->static_shared + c->shared_bytes <= lim->max_shared_bytes) return PJ_OK;
  return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                          "kernel '%s': %llu bytes of static and %u of dynamic shared memory per block; the device "
                          "allows at most %u in all (CUDA_ERROR_INVALID_VALUE)", code->name, (unsigned long long)code->static_shared,
                          c->shared_bytes, lim->max_shared_bytes);
}

static const char *pj_target_label(PjTarget target) {
  return target == PJ_TARGET_CUDA ? "CUDA" : target == PJ_TARGET_CPU ? "the CPU" : "no target";
}

static PjStatus pj_launch_check_code(const PjDevice *device, const PjKernelCode *code, char *err,
                                     size_t errlen) {
  if (code->target != device->target)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "kernel '%s' was compiled for %s but the device is %s", code->name,
                            pj_target_label(code->target), pj_device_name(device));
  if (code->nargs > 0 && !code->args)
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "kernel '%s' has no signature",
                            code->name);
  return PJ_OK;
}

/* ---- launching ---------------------------------------------------------------------------- */

PjStatus pj_launch_code(PjDevice *device, const PjKernelCode *code, const PjLaunchConfig *config,
                        PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen) {
  if (!device || !code || !config)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "launch: %s is NULL",
                            !device ? "the device" : !code ? "the kernel" : "the configuration");
  PjStatus st = pj_launch_check_code(device, code, err, errlen);
  if (st == PJ_OK) st = pj_launch_check_args(code, args, nargs, err, errlen);
  if (st == PJ_OK) st = pj_launch_check_config(&device->limits, config, err, errlen);
  if (st == PJ_OK && !device->cuda) st = pj_launch_check_shared(&device->limits, code, config, err, errlen);
  if (st != PJ_OK) return st;
  PjLaunchTimes unused;
  if (!times) times = &unused;
  memset(times, 0, sizeof *times);
  if (device->target == PJ_TARGET_CUDA)
    return pj_cuda_launch(device->cuda, code, config, args, nargs, times, err, errlen);
  return pj_cpu_launch(device->cpu, code, config, args, nargs, times, err, errlen);
}

PjStatus pj_cooperative_too_large(const PjKernelCode *code, const PjLaunchConfig *c, uint32_t max, const char *where,
                                  char *err, size_t errlen) {
  const uint32_t *g = c->grid, *b = c->block;
  char shared[64] = "";
  if (c->shared_bytes) snprintf(shared, sizeof shared, " with %u bytes of dynamic shared memory", c->shared_bytes);
  return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                          "kernel '%s' synchronises its whole grid (g.sync()), so all its blocks must run at once: "
                          "grid (%u,%u,%u) has %llu blocks, but at most %u blocks of (%u,%u,%u) threads%s can run at "
                          "once on %s (see max_cooperative_grid_blocks)",
                          code->name, g[0], g[1], g[2], (unsigned long long)g[0] * g[1] * g[2], max, b[0], b[1], b[2],
                          shared, where);
}

PjStatus pj_kernel_error_report(const PjKernelCode *code, const PjKernelError *e, char *err, size_t errlen) {
  const char *file = code->file ? code->file : "<kernel>";
  if (e->flag == PJ_KERNEL_ERROR_GRID_SYNC)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "%s:%d:%d: block (%u, %u, %u) of kernel '%s' waits at this g.sync() for a block that has "
                            "finished: every block of the grid must reach each grid barrier",
                            file, e->line, e->col, e->block[0], e->block[1], e->block[2], code->name);
  if (e->flag == PJ_KERNEL_ERROR_DIVERGENT)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "%s:%d:%d: this value differs between the threads of a block in kernel '%s' (thread (%u, %u, %u), "
                            "block (%u, %u, %u) differs from the first thread): control flow around cuda.syncthreads() "
                            "must be the same for all of them",
                            file, e->line, e->col, code->name, e->thread[0], e->thread[1], e->thread[2], e->block[0],
                            e->block[1], e->block[2]);
  const char *what = e->flag == PJ_KERNEL_ERROR_RAISE           ? "an exception was raised"
                     : e->flag == PJ_KERNEL_ERROR_ZERO_DIVISION ? "division by zero"
                     : e->flag == PJ_KERNEL_ERROR_TUPLE_INDEX   ? "tuple index out of range"
                     : e->flag == PJ_KERNEL_ERROR_RECURSION     ? "maximum recursion depth exceeded"
                     : e->flag == PJ_KERNEL_ERROR_RESHAPE /* numba's ValueErrors */
                         ? (e->index > 1 ? "multiple negative shape values" : "total size of new array must be unchanged")
                         : NULL;
  if (what) /* the host raises the Python exception (the Python extension: the user's exception class) */
    return pj_runtime_error(PJ_ERROR_RAISED, err, errlen,
                            "%s:%d:%d: %s in kernel '%s' (thread (%u, %u, %u), block (%u, %u, %u))", file, e->line,
                            e->col, what, code->name, e->thread[0], e->thread[1], e->thread[2], e->block[0],
                            e->block[1], e->block[2]);
  return pj_runtime_error(PJ_ERROR_RAISED, err, errlen,
                          "%s:%d:%d: index %lld is out of bounds for axis %d with size %lld in kernel '%s' "
                          "(thread (%u, %u, %u), block (%u, %u, %u))",
                          file, e->line, e->col, (long long)e->index, e->axis,
                          (long long)e->extent, code->name, e->thread[0], e->thread[1], e->thread[2], e->block[0],
                          e->block[1], e->block[2]);
}

/* ---- memory, streams, events, launches without copies --------------------------------------- */

struct PjStream {
  PjDevice *device;
  void *cuda;   /* CUstream; NULL on the CPU */
  uint64_t id;  /* CPU: the handle it is known by (its own address, or the one pj_stream_wrap was given) */
  int external; /* made elsewhere (pj_stream_wrap): not destroyed with this object */
};

struct PjEvent {
  PjDevice *device;
  void *cuda;  /* CUevent; NULL on the CPU */
  double ms;   /* CPU: when it was recorded (everything before it is done by then) */
  int recorded;
  int timing;  /* made to record times (elapsed time needs both events so made) */
};

/* Whether work given no stream goes to the per-thread default stream (CU_STREAM_PER_THREAD)
 * rather than the legacy one: pj_default_stream_per_thread. */
static atomic_int pj_ptds;

void pj_default_stream_per_thread(int on) { atomic_store(&pj_ptds, on != 0); }

struct PjLoaded {
  PjDevice *device;
  const PjKernelCode *code;
  PjCudaKernel *cuda;
};

/* A stream used with `device`: PJ_ERROR_ARGUMENT when it belongs to another device. */
static PjStatus pj_stream_check(const PjStream *stream, const PjDevice *device, const char *what, char *err,
                                size_t errlen) {
  if (!stream || stream->device == device) return PJ_OK;
  char a[32], b[32];
  return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                          "%s on %s was given a stream of %s: a stream belongs to the device that was current when it "
                          "was made (make one under `with cuda.gpus[%d]:`)",
                          what, pj_device_label(device, a, sizeof a), pj_device_label(stream->device, b, sizeof b),
                          device->ordinal);
}

/* CPU device memory as cuMemAlloc hands it out: aligned to 256 bytes at least (CUDA's guarantee
 * for every allocation, which vector loads and programs casting pointers rely on) and in whole
 * 256-byte granules, so that a kernel touching a few elements past an array's end, which a GPU
 * lets pass (the rest of the granule is that allocation's), stays inside its own allocation rather
 * than corrupting the process's heap (glibc then aborts the process, numba-cuda's
 * test_dispatcher_cpointer_arguments did so). Large arrays on 2 MiB boundaries with transparent
 * huge pages asked for (where the kernel leaves them to madvise), as NumPy does for its arrays of
 * 4 MiB and more: a kernel walking one in strides (a grid-stride loop's passes) then misses the
 * TLB far less. NULL when out of memory. */
static void *pj_cpu_mem_alloc(size_t bytes) {
  enum { PJ_GRANULE = 256, PJ_HUGE = 2u << 20 };
  if (bytes > SIZE_MAX - PJ_GRANULE) return NULL;
  size_t size = bytes ? (bytes + PJ_GRANULE - 1) / PJ_GRANULE * PJ_GRANULE : PJ_GRANULE;
  int huge = size >= 2 * (size_t)PJ_HUGE;
  void *p = NULL;
  if (posix_memalign(&p, huge ? PJ_HUGE : PJ_GRANULE, size) != 0) return NULL;
#ifdef MADV_HUGEPAGE
  if (huge) madvise(p, (size + PJ_HUGE - 1) / PJ_HUGE * PJ_HUGE, MADV_HUGEPAGE); /* a hint: its failure changes nothing */
#endif
  return p;
}

PjStatus pj_mem_alloc(PjDevice *device, size_t bytes, uint64_t *address, char *err, size_t errlen) {
  if (device->cuda) return pj_cuda_alloc(device->cuda, bytes, address, err, errlen);
  void *p = pj_cpu_mem_alloc(bytes);
  *address = (uint64_t)(uintptr_t)p;
  return p ? PJ_OK : pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "out of memory: %zu bytes", bytes);
}

void pj_mem_free(PjDevice *device, uint64_t address) {
  if (device->cuda) pj_cuda_free(device->cuda, address);
  else free((void *)(uintptr_t)address);
}

PjStatus pj_host_alloc(PjDevice *device, size_t bytes, void **host, uint64_t *device_address, char *err, size_t errlen) {
  if (device->cuda) return pj_cuda_host_alloc(device->cuda, bytes, host, device_address, err, errlen);
  *host = malloc(bytes ? bytes : 1);
  *device_address = (uint64_t)(uintptr_t)*host;
  return *host ? PJ_OK : pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "out of memory: %zu bytes", bytes);
}

void pj_host_free(PjDevice *device, void *host) {
  if (device->cuda) pj_cuda_host_free(device->cuda, host);
  else free(host);
}

/* The CUstream work given `stream` goes to: its own, or with none the default stream (the
 * per-thread one where pj_default_stream_per_thread says so: CU_STREAM_PER_THREAD is 0x2). */
static void *pj_stream_handle(const PjStream *stream) {
  if (stream && (stream->cuda || !stream->device->cuda)) return stream->cuda;
  return atomic_load(&pj_ptds) ? (void *)(uintptr_t)2 : NULL; /* none, or a GPU's stream 0 */
}

/* A copy or fill given no stream is synchronous with the host: on the per-thread default stream
 * it is queued there and waited for. */
static PjStatus pj_default_stream_wait(PjDevice *device, const PjStream *stream, PjStatus st, char *err,
                                       size_t errlen) {
  void *h = pj_stream_handle(stream);
  if (st != PJ_OK || stream || !h) return st;
  return pj_cuda_stream_synchronize(device->cuda, h, err, errlen);
}

PjStatus pj_mem_copy(PjDevice *device, PjCopy direction, uint64_t dst, uint64_t src, size_t bytes, PjStream *stream,
                     char *err, size_t errlen) {
  PjStatus st = pj_stream_check(stream, device, "a copy", err, errlen);
  if (st != PJ_OK) return st;
  if (device->cuda)
    return pj_default_stream_wait(device, stream, pj_cuda_copy(device->cuda, (int)direction, dst, src, bytes,
                                                               pj_stream_handle(stream), err, errlen), err, errlen);
  if (bytes) memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  return PJ_OK;
}

PjStatus pj_mem_set(PjDevice *device, uint64_t dst, int value, size_t bytes, PjStream *stream, char *err,
                    size_t errlen) {
  PjStatus st = pj_stream_check(stream, device, "a fill", err, errlen);
  if (st != PJ_OK) return st;
  if (device->cuda)
    return pj_default_stream_wait(device, stream, pj_cuda_memset(device->cuda, dst, value, bytes,
                                                                 pj_stream_handle(stream), err, errlen), err, errlen);
  if (bytes) memset((void *)(uintptr_t)dst, value, bytes);
  return PJ_OK;
}

PjStatus pj_mem_copy_peer(PjDevice *dst_device, uint64_t dst, PjDevice *src_device, uint64_t src, size_t bytes,
                          PjStream *stream, char *err, size_t errlen) {
  if (stream && stream->device != dst_device && stream->device != src_device) {
    char a[32], b[32], c[32];
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "a copy from %s to %s was given a stream of %s",
                            pj_device_label(src_device, a, sizeof a), pj_device_label(dst_device, b, sizeof b),
                            pj_device_label(stream->device, c, sizeof c));
  }
  if (dst_device == src_device || (!dst_device->cuda && !src_device->cuda)) /* one memory */
    return pj_mem_copy(stream ? stream->device : dst_device, PJ_COPY_DEVICE_TO_DEVICE, dst, src, bytes, stream, err, errlen);
  if (!dst_device->cuda || !src_device->cuda)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "a copy between a GPU and the CPU executor's memory");
  return pj_cuda_copy_peer(dst_device->cuda, dst, src_device->cuda, src, bytes, stream ? stream->device->cuda : NULL,
                           stream ? stream->cuda : NULL, err, errlen); /* none: synchronous, ordered with either default stream */
}

int pj_mem_device(PjTarget target, uint64_t address) {
  return target == PJ_TARGET_CUDA ? pj_cuda_pointer_device(address) : -1;
}

PjStatus pj_device_memory_info(PjDevice *device, size_t *free, size_t *total, char *err, size_t errlen) {
  if (device->cuda) return pj_cuda_memory_info(device->cuda, free, total, err, errlen);
  /* the CPU executor's memory is the host's: what the kernel reports as available and in all */
  FILE *f = fopen("/proc/meminfo", "r");
  unsigned long long kb_total = 0, kb_free = 0, v;
  char line[128];
  while (f && fgets(line, sizeof line, f)) {
    if (sscanf(line, "MemTotal: %llu kB", &v) == 1) kb_total = v;
    else if (sscanf(line, "MemAvailable: %llu kB", &v) == 1) kb_free = v;
  }
  if (f) fclose(f);
  if (!kb_total) return pj_runtime_error(PJ_ERROR_IO, err, errlen, "cannot read the host's memory size (/proc/meminfo)");
  *free = (size_t)kb_free * 1024;
  *total = (size_t)kb_total * 1024;
  return PJ_OK;
}

PjStatus pj_device_synchronize(PjDevice *device, char *err, size_t errlen) {
  return device->cuda ? pj_cuda_synchronize(device->cuda, err, errlen) : PJ_OK;
}

PjStatus pj_stream_new(PjDevice *device, PjStream **out, char *err, size_t errlen) {
  PjStream *s = calloc(1, sizeof *s);
  if (!s) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  s->device = device;
  s->id = (uint64_t)(uintptr_t)s;
  PjStatus st = device->cuda ? pj_cuda_stream_new(device->cuda, &s->cuda, err, errlen) : PJ_OK;
  if (st != PJ_OK) {
    free(s);
    s = NULL;
  }
  *out = s;
  return st;
}

static PjStatus pj_ipc_no_gpu(char *err, size_t errlen) {
  return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                          "CUDA IPC needs a CUDA GPU: the CPU executor's memory cannot be shared between processes");
}

PjStatus pj_ipc_get_handle(PjDevice *device, uint64_t address, uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *base,
                           size_t *size, char *err, size_t errlen) {
  if (!device->cuda) return pj_ipc_no_gpu(err, errlen);
  return pj_cuda_ipc_get(device->cuda, address, handle, base, size, err, errlen);
}

PjStatus pj_ipc_open(PjDevice *device, const uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *address, char *err,
                     size_t errlen) {
  if (!device->cuda) return pj_ipc_no_gpu(err, errlen);
  return pj_cuda_ipc_open(device->cuda, handle, address, err, errlen);
}

PjStatus pj_ipc_close(PjDevice *device, uint64_t address, char *err, size_t errlen) {
  if (!device->cuda) return pj_ipc_no_gpu(err, errlen);
  return pj_cuda_ipc_close(device->cuda, address, err, errlen);
}

PjStatus pj_stream_wrap(PjDevice *device, uint64_t handle, PjStream **out, char *err, size_t errlen) {
  *out = NULL;
  PjStream *s = calloc(1, sizeof *s);
  if (!s) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  s->device = device;
  s->id = handle;
  s->cuda = device->cuda ? (void *)(uintptr_t)handle : NULL;
  s->external = 1;
  *out = s;
  return PJ_OK;
}

PjDevice *pj_stream_device(const PjStream *stream) { return stream->device; }
PjDevice *pj_event_device(const PjEvent *event) { return event->device; }

uint64_t pj_stream_get_handle(const PjStream *stream) {
  if (!stream) return 0;
  return stream->device->cuda ? (uint64_t)(uintptr_t)stream->cuda : stream->id;
}

void pj_stream_delete(PjStream *stream) {
  if (!stream) return;
  if (stream->device->cuda && !stream->external) pj_cuda_stream_delete(stream->device->cuda, stream->cuda);
  free(stream);
}

PjStatus pj_stream_synchronize(PjStream *stream, char *err, size_t errlen) {
  PjDevice *d = stream->device;
  return d->cuda ? pj_cuda_stream_synchronize(d->cuda, stream->cuda, err, errlen) : PJ_OK;
}

PjStatus pj_event_new(PjDevice *device, int timing, PjEvent **out, char *err, size_t errlen) {
  PjEvent *e = calloc(1, sizeof *e);
  if (!e) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  e->device = device;
  e->timing = timing != 0;
  PjStatus st = device->cuda ? pj_cuda_event_new(device->cuda, e->timing, &e->cuda, err, errlen) : PJ_OK;
  if (st != PJ_OK) {
    free(e);
    e = NULL;
  }
  *out = e;
  return st;
}

void pj_event_delete(PjEvent *event) {
  if (!event) return;
  if (event->device->cuda) pj_cuda_event_delete(event->device->cuda, event->cuda);
  free(event);
}

PjStatus pj_event_record(PjEvent *event, PjStream *stream, char *err, size_t errlen) {
  PjStatus st = pj_stream_check(stream, event->device, "an event", err, errlen);
  if (st != PJ_OK) return st;
  event->recorded = 1;
  event->ms = pj_now_ms();
  PjDevice *d = event->device;
  return d->cuda ? pj_cuda_event_record(d->cuda, event->cuda, pj_stream_handle(stream), err, errlen) : PJ_OK;
}

PjStatus pj_event_synchronize(PjEvent *event, char *err, size_t errlen) {
  PjDevice *d = event->device;
  return d->cuda ? pj_cuda_event_synchronize(d->cuda, event->cuda, err, errlen) : PJ_OK;
}

PjStatus pj_event_query(PjEvent *event, int *done, char *err, size_t errlen) {
  PjDevice *d = event->device;
  *done = 1; /* the CPU executor's work is done when the call that queued it returns */
  return d->cuda ? pj_cuda_event_query(d->cuda, event->cuda, done, err, errlen) : PJ_OK;
}

PjStatus pj_event_wait(PjEvent *event, PjStream *stream, char *err, size_t errlen) {
  PjStatus st = pj_stream_check(stream, event->device, "an event's wait", err, errlen);
  if (st != PJ_OK) return st;
  PjDevice *d = event->device;
  return d->cuda ? pj_cuda_stream_wait_event(d->cuda, pj_stream_handle(stream), event->cuda, err, errlen) : PJ_OK;
}

PjStatus pj_device_profile(PjDevice *device, int start, char *err, size_t errlen) {
  return device->cuda ? pj_cuda_profile(device->cuda, start, err, errlen) : PJ_OK;
}

PjStatus pj_event_elapsed_ms(PjEvent *start, PjEvent *end, double *ms, char *err, size_t errlen) {
  /* what the driver answers (CUDA_ERROR_INVALID_HANDLE), said on both targets with the reason */
  if (!start->timing || !end->timing)
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                            "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE (the %s event was made with "
                            "timing=False: it records no time)", !start->timing ? "start" : "end");
  if (!start->recorded || !end->recorded)
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                            "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE (the %s event was never recorded)",
                            !start->recorded ? "start" : "end");
  if (start->device != end->device)
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen,
                            "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE (the events are of two devices)");
  PjDevice *d = start->device;
  if (!d->cuda) {
    *ms = end->ms - start->ms;
    return PJ_OK;
  }
  float f = 0;
  PjStatus st = pj_cuda_event_elapsed(d->cuda, start->cuda, end->cuda, &f, err, errlen);
  *ms = f;
  return st;
}

PjStatus pj_loaded_new(PjDevice *device, const PjKernelCode *code, PjLoaded **out, char *err, size_t errlen) {
  *out = NULL;
  PjStatus st = pj_launch_check_code(device, code, err, errlen);
  if (st != PJ_OK) return st;
  PjLoaded *l = calloc(1, sizeof *l);
  if (!l) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  l->device = device;
  l->code = code;
  if (device->cuda && (st = pj_cuda_kernel_new(device->cuda, code, &l->cuda, err, errlen)) != PJ_OK) {
    free(l);
    return st;
  }
  *out = l;
  return PJ_OK;
}

void pj_loaded_delete(PjLoaded *loaded) {
  if (!loaded) return;
  if (loaded->cuda) pj_cuda_kernel_delete(loaded->device->cuda, loaded->cuda);
  free(loaded);
}

PjStatus pj_loaded_max_cooperative_blocks(PjLoaded *loaded, uint32_t threads_per_block, uint32_t shared_bytes,
                                          uint32_t *blocks, char *err, size_t errlen) {
  PjDevice *d = loaded->device;
  *blocks = 0;
  if (threads_per_block == 0 || threads_per_block > d->limits.max_threads_per_block)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "a block of %u threads: the device allows 1 to %u",
                            threads_per_block, d->limits.max_threads_per_block);
  if (d->cuda) return pj_cuda_max_cooperative_blocks(d->cuda, loaded->cuda, threads_per_block, shared_bytes, blocks, err, errlen);
  PjLaunchConfig c = {.grid = {1, 1, 1}, .block = {threads_per_block, 1, 1}, .shared_bytes = shared_bytes};
  PjStatus st = pj_launch_check_shared(&d->limits, loaded->code, &c, err, errlen);
  if (st == PJ_OK) *blocks = pj_cpu_max_cooperative_blocks(d->cpu, threads_per_block, loaded->code->static_shared + shared_bytes);
  return st;
}

void pj_loaded_attributes(PjLoaded *loaded, int64_t out[5]) {
  PjDevice *d = loaded->device;
  if (d->cuda) {
    pj_cuda_kernel_attributes(loaded->cuda, out);
    return;
  }
  /* the CPU executor: its shared memory and block limit; no registers, constant or local memory
   * of its own (-1: the caller says so) */
  out[0] = out[1] = out[4] = -1;
  out[2] = (int64_t)loaded->code->static_shared;
  out[3] = loaded->code->max_threads ? loaded->code->max_threads : d->limits.max_threads_per_block;
}

PjStatus pj_launch_async(PjLoaded *loaded, const PjLaunchConfig *config, PjStream *stream, const PjValue *args,
                         int nargs, char *err, size_t errlen) {
  PjDevice *d = loaded->device;
  const PjKernelCode *code = loaded->code;
  PjStatus st = config->args_checked ? PJ_OK : pj_launch_check_args(code, args, nargs, err, errlen);
  if (st == PJ_OK) st = pj_stream_check(stream, d, "a launch", err, errlen);
  if (st == PJ_OK) st = pj_launch_check_config(&d->limits, config, err, errlen);
  if (st == PJ_OK && !d->cuda) st = pj_launch_check_shared(&d->limits, code, config, err, errlen);
  if (st != PJ_OK) return st;
  if (!d->cuda) { /* the CPU runs it now */
    PjLaunchConfig once = *config;
    once.repeat = 1;
    PjLaunchTimes times;
    return pj_cpu_launch(d->cpu, code, &once, (PjValue *)args, nargs, &times, err, errlen);
  }
  /* the flattened parameters, on the stack: a compiled kernel has at most 240 */
  uint64_t slots[256];
  void *ptrs[256];
  int k = pj_launch_params_fill(args, code->args, nargs, slots, 256);
  if (k < 0) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "kernel '%s': too many parameters", code->name);
  for (int i = 0; i < k; i++) ptrs[i] = &slots[i];
  return pj_cuda_launch_async(d->cuda, loaded->cuda, config, pj_stream_handle(stream), ptrs, err, errlen);
}

struct PjLaunchPlan {
  PjLoaded *loaded;
  PjLaunchConfig config;
  PjStream *stream;
  int nargs;
  int *first;        /* each argument's first slot */
  void **ptrs;       /* to each slot: cuLaunchKernel's kernelParams */
  uint64_t slots[];  /* the flattened parameters */
};

PjStatus pj_launch_plan_new(PjLoaded *loaded, const PjLaunchConfig *config, PjStream *stream, const PjValue *args,
                            int nargs, PjLaunchPlan **out, char *err, size_t errlen) {
  *out = NULL;
  PjDevice *d = loaded->device;
  const PjKernelCode *code = loaded->code;
  PjStatus st = config->args_checked ? PJ_OK : pj_launch_check_args(code, args, nargs, err, errlen);
  if (st == PJ_OK) st = pj_stream_check(stream, d, "a launch", err, errlen);
  if (st == PJ_OK) st = pj_launch_check_config(&d->limits, config, err, errlen);
  if (st != PJ_OK || !d->cuda) return st;
  int total = pj_launch_param_total(args, code->args, nargs);
  PjLaunchPlan *p = malloc(sizeof *p + (size_t)total * (sizeof(uint64_t) + sizeof(void *)) + sizeof(int) * (size_t)nargs);
  if (!p) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  p->loaded = loaded;
  p->config = *config;
  p->stream = stream;
  p->nargs = nargs;
  p->ptrs = (void **)(p->slots + total);
  p->first = (int *)(p->ptrs + total);
  pj_launch_params_fill(args, code->args, nargs, p->slots, total);
  for (int j = 0; j < total; j++) p->ptrs[j] = &p->slots[j];
  for (int i = 0; i < nargs; i++) p->first[i] = pj_launch_param_total(args, code->args, i);
  *out = p;
  return PJ_OK;
}

int pj_launch_plan_run(PjLaunchPlan *plan, PjStatus *st, char *err, size_t errlen) {
  PjDevice *d = plan->loaded->device;
  return pj_cuda_launch_if_current(d->cuda, plan->loaded->cuda, &plan->config, pj_stream_handle(plan->stream),
                                   plan->ptrs, st, err, errlen);
}

void pj_launch_plan_set_scalar(PjLaunchPlan *plan, int arg, const PjValue *value) {
  if (arg >= 0 && arg < plan->nargs && value->ndim == 0) pj_launch_scalar_write(value, &plan->slots[plan->first[arg]]);
}

void pj_launch_plan_delete(PjLaunchPlan *plan) { free(plan); }
