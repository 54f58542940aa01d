/* runtime/: the CPU executor (internal).
 *
 * A pool of worker threads, made once per device, runs a kernel's native entry once per block:
 * the blocks of a launch are handed out in order (x fastest, then y, then z) by an atomic
 * counter, to the workers and to the calling thread (which runs a launch of at most 2048
 * threads alone: waking the workers would cost more). Kernels run here have no barriers, so a
 * block is one call of the entry. */
#ifndef PJ_RUNTIME_CPU_H
#define PJ_RUNTIME_CPU_H

#include "runtime/device.h"

typedef struct PjCpuPool PjCpuPool;

/* The number of threads to use: env PYJITC_CPU_THREADS (a positive integer) when set, else
 * the number of online processors. PJ_ERROR_ARGUMENT when the variable is malformed. */
PjStatus pj_cpu_thread_count(int *out, char *err, size_t errlen);

/* A pool of `threads` threads in all (the caller of pj_cpu_pool_run counts as one). */
PjStatus pj_cpu_pool_new(int threads, PjCpuPool **out, char *err, size_t errlen);
void pj_cpu_pool_delete(PjCpuPool *pool);
int pj_cpu_pool_threads(const PjCpuPool *pool);

/* Runs entry(params, grid) for every block of grid x block; returns when all are done.
 * Calls from several threads are run one after the other. */
void pj_cpu_pool_run(PjCpuPool *pool, PjCpuEntry entry, void **params, uint32_t shared_bytes, const uint32_t grid[3],
                     const uint32_t block[3]);

/* A whole launch on the values' host memory: config->repeat timed runs (monotonic clock),
 * no transfers, no load. args and config are already checked. */
PjStatus pj_cpu_launch(PjCpuPool *pool, const PjKernelCode *code, const PjLaunchConfig *config,
                       PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen);

#endif
