/* runtime/: the CPU executor (internal).
 *
 * A pool of worker threads, made once per device, runs a kernel's native entry once per block:
 * the blocks of a launch are handed out in order (x fastest, then y, then z) by an atomic
 * counter, to the workers and to the calling thread (which runs a launch of at most 2048
 * threads alone: waking the workers would cost more). A block is one call of the entry, which
 * runs all its threads (in lockstep regions when it has barriers: backend/regions.c).
 * A kernel with a grid barrier (g.sync()) runs every block of its grid at once instead, each in
 * a thread of its own started for the launch, and the blocks meet at the executor's grid barrier
 * (PjCpuGrid.grid_sync). */
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

/* The most blocks of a launch of a kernel with a grid barrier (pyjitc.h,
 * pj_loaded_max_cooperative_blocks): each thread of the pool stands for a multiprocessor holding
 * up to 2048 threads in up to 32 blocks and 228 KiB of shared memory (an sm_90 one's limits).
 * shared_bytes: the block's static and dynamic shared memory. */
uint32_t pj_cpu_max_cooperative_blocks(const PjCpuPool *pool, uint32_t threads_per_block, uint64_t shared_bytes);

/* A whole launch on the values' host memory: config->repeat timed runs (monotonic clock),
 * no transfers, no load. args and config are already checked. */
PjStatus pj_cpu_launch(PjCpuPool *pool, const PjKernelCode *code, const PjLaunchConfig *config,
                       PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen);

#endif
