/* runtime/: what the device layer shares between its CUDA and CPU halves (internal).
 *
 * device.c holds the public pj_device_* and pj_launch_code (api/'s pj_launch hands it a kernel's
 * code); it checks arguments and the launch configuration, then hands the launch to
 * runtime/cuda.c or runtime/cpu.c. Both halves build
 * the flattened parameter list of ir/abi.h with pj_launch_params_new and report their run
 * times through pj_launch_times_fill. */
#ifndef PJ_RUNTIME_DEVICE_H
#define PJ_RUNTIME_DEVICE_H

#include <pyjitc.h>
#include "ir/abi.h"

/* What a launch configuration is checked against. */
typedef struct PjDeviceLimits {
  uint32_t max_threads_per_block;
  uint32_t max_block[3];
  uint32_t max_grid[3];
  uint32_t max_shared_bytes;   /* per block */
  int multiprocessors;         /* CPU: worker threads */
} PjDeviceLimits;

/* The limits of an sm_90 GPU, which the CPU executor adopts so that a configuration that runs
 * there runs here. */
void pj_device_limits_sm90(PjDeviceLimits *limits);

/* Launch hand-made (or compiled) code: what api/'s pj_launch does with a kernel's code.
 * Checks the arguments against code->args and the configuration against the device's limits
 * before anything runs. `times` may be NULL. */
PjStatus pj_launch_code(PjDevice *device, const PjKernelCode *code, const PjLaunchConfig *config,
                        PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen);
/* Makes code ready on a device (on a GPU: its module loaded): what api/'s pj_kernel_load does
 * with a kernel's code, which must outlive *out. */
PjStatus pj_loaded_new(PjDevice *device, const PjKernelCode *code, PjLoaded **out, char *err, size_t errlen);

/* The flattened parameter list of ir/abi.h: ptrs[k] points at the k-th parameter's value,
 * held in slots[k] (8 bytes each, the value in its leading bytes, little-endian). */
typedef struct PjLaunchParams {
  int count;
  void **ptrs;
  uint64_t slots[];
} PjLaunchParams;

/* Builds the list for args (already checked); addresses[i] is the data address that array
 * argument i gets (a host pointer on the CPU, a device pointer on CUDA); ignored for scalars.
 * NULL when out of memory. */
PjLaunchParams *pj_launch_params_new(const PjValue *args, const PjArgType *types, int nargs, const uint64_t *addresses);
void pj_launch_params_delete(PjLaunchParams *params);
/* The same list written into slots[0..max) (no pointers): the count, or -1 when it does not fit. */
int pj_launch_params_fill(const PjValue *args, const PjArgType *types, int nargs, uint64_t *slots, int max);

/* The number of kernel runs a configuration asks for (repeat, at least 1). */
int pj_launch_runs(const PjLaunchConfig *config);

/* Fills kernel_ms (median), kernel_min_ms, kernel_max_ms and runs from n run times (n >= 1);
 * reorders run_ms. */
void pj_launch_times_fill(PjLaunchTimes *times, double *run_ms, int n);

/* The error of a launch of a kernel with a grid barrier whose grid has more blocks than `max`,
 * what `where` (the device's name) can run at once: PJ_ERROR_DEVICE, as the driver reports it
 * (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE). */
PjStatus pj_cooperative_too_large(const PjKernelCode *code, const PjLaunchConfig *config, uint32_t max,
                                  const char *where, char *err, size_t errlen);

/* The milestones of a process's start that pj_start_time reports (runtime/warm.c), each recorded
 * once, by the first thread to reach it (CLOCK_MONOTONIC). */
typedef enum PjStartEvent {
  PJ_START_WARM,     /* a warm-up of a GPU began (pj_device_warm) */
  PJ_START_DRIVER,   /* libcuda loaded and its entry points found */
  PJ_START_CUINIT,   /* cuInit returned */
  PJ_START_DEVICE,   /* the GPU's name, limits and arch read */
  PJ_START_CONTEXT,  /* its primary context retained, the launch's events made */
  PJ_START_ALLOC,    /* the warm-up's first allocation and copies done */
  PJ_START_WAITED,   /* an open began waiting for the warm-up */
  PJ_START_TAKEN,    /* that open took the warm-up's device */
  PJ_START_MODULE,   /* the first module loaded (the driver's PTX to machine code) */
  PJ_START_LAUNCH,   /* the first kernel launched */
  PJ_START_RESULT,   /* the first synchronous copy to the host done */
  PJ_START_COUNT
} PjStartEvent;
void pj_start_mark(PjStartEvent event);

/* PYJITC_TARGET=cpu|cuda|auto decides what AUTO means: *target set to CPU or CUDA where it names
 * one, left as it is otherwise; PJ_ERROR_ARGUMENT for another value. */
PjStatus pj_target_from_env(PjTarget *target, char *err, size_t errlen);

/* Writes a message into err (when err is non-NULL and errlen > 0) and returns status. */
PjStatus pj_runtime_error(PjStatus status, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
