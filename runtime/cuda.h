/* runtime/: the CUDA driver, loaded at run time (internal).
 *
 * libcuda.so.1 is opened with dlopen once per process (env PYJITC_LIBCUDA names another file,
 * for tests), so the same binary runs where no driver exists: then every entry point here
 * returns PJ_ERROR_NO_DEVICE with a message, never crashes. Every driver call is checked; a
 * failure's message names the call and the CUDA error ("cuMemAlloc_v2 failed:
 * CUDA_ERROR_OUT_OF_MEMORY (out of memory)").
 *
 * A PjCuda is one GPU's primary context with its limits, read once, and a cache of the modules
 * loaded in it, keyed by the PjKernelCode pointer (and checked against its PTX, so a new kernel
 * at a freed one's address is loaded afresh). */
#ifndef PJ_RUNTIME_CUDA_H
#define PJ_RUNTIME_CUDA_H

#include "runtime/device.h"

typedef struct PjCuda PjCuda;

/* Loads and initializes the driver (once per process). PJ_ERROR_NO_DEVICE when there is no
 * driver library, it lacks an entry point, or cuInit fails. */
PjStatus pj_cuda_driver_load(char *err, size_t errlen);

/* The GPUs the CUDA driver finds (PJ_ERROR_NO_DEVICE without a driver). */
PjStatus pj_cuda_device_count(int *count, char *err, size_t errlen);
/* Opens GPU `ordinal`: PJ_ERROR_NO_DEVICE when there is no driver or no GPU,
 * PJ_ERROR_ARGUMENT when the ordinal is out of range. */
PjStatus pj_cuda_open(int ordinal, PjCuda **out, char *err, size_t errlen);
/* pj_cuda_open in two halves, which a warm-up (runtime/warm.c) runs on a thread of its own so
 * that the arch is known between them: begin loads the driver and reads the GPU's name, limits
 * and arch (no context yet; pj_cuda_name, _arch and _limits answer); finish retains the primary
 * context and makes the launch's events. On a failure of finish the caller closes the PjCuda.
 * The errors are pj_cuda_open's, word for word. */
PjStatus pj_cuda_open_begin(int ordinal, PjCuda **out, char *err, size_t errlen);
PjStatus pj_cuda_open_finish(PjCuda *cuda, char *err, size_t errlen);
/* A first allocation, copy in, copy out and free in the context, where the driver sets up its
 * memory pool and copy staging, so that a program's first launch does not wait for that. Errors
 * are left for the program's own calls to meet and report. */
void pj_cuda_prime(PjCuda *cuda);
void pj_cuda_close(PjCuda *cuda);

/* The device a warm-up (pj_device_warm, runtime/warm.c) opened for GPU `ordinal`: 1 when the
 * warm-up answers for that GPU, having waited for it to end, with its status and message
 * (pj_cuda_open's, word for word) and, on PJ_OK, the device, now the caller's; 0 when there is
 * no warm-up of that GPU to take (none began, it was taken, or it was of another GPU: then
 * released, its context with it, as the program chose another). */
int pj_warm_take(int ordinal, PjCuda **cuda, PjStatus *status, char *err, size_t errlen);
/* Whether this process is a child forked from one whose warm-up started the driver (or was
 * still starting it): then the driver is not to be called here (pj_cuda_driver_load says why). */
int pj_warm_forked(void);

const char *pj_cuda_name(const PjCuda *cuda);   /* "NVIDIA H100 80GB HBM3 (sm_90)" */
const char *pj_cuda_arch(const PjCuda *cuda);   /* "sm_90" */
const PjDeviceLimits *pj_cuda_limits(const PjCuda *cuda);
/* cuDeviceGetAttribute: `attribute` is a CUdevice_attribute number. */
PjStatus pj_cuda_device_attribute(PjCuda *cuda, int attribute, int64_t *value, char *err, size_t errlen);

/* The ordinal of the GPU whose context is current on the calling thread (set by pyjitc, numba,
 * CuPy or the CUDA runtime), -1 with none. */
PjStatus pj_cuda_current(int *ordinal, char *err, size_t errlen);
/* Makes the GPU's primary context current on the calling thread (NULL: none). */
PjStatus pj_cuda_make_current(PjCuda *cuda, char *err, size_t errlen);
/* Whether `cuda`'s kernels and copies can reach `peer`'s memory directly (cuDeviceCanAccessPeer). */
PjStatus pj_cuda_can_access_peer(PjCuda *cuda, PjCuda *peer, int *can, char *err, size_t errlen);
/* A copy between two GPUs' memory (cuMemcpyPeer): straight across where peer access exists
 * (enabled here on first use), staged by the driver otherwise; on `stream` (of stream_cuda's
 * context) when given, else synchronous. */
PjStatus pj_cuda_copy_peer(PjCuda *dst_cuda, uint64_t dst, PjCuda *src_cuda, uint64_t src, size_t bytes,
                           PjCuda *stream_cuda, void *stream, char *err, size_t errlen);
/* The ordinal of the GPU whose memory holds `address`; -1 for host, managed or unknown memory. */
int pj_cuda_pointer_device(uint64_t address);

/* A whole launch: loads code->ptx (once per code; times->load_ms is 0 when it was loaded
 * before), checks the block against the kernel's own limits (registers, static shared memory),
 * allocates device memory, copies every array in, runs config->repeat times timed with CUDA
 * events, copies every array back into args, frees. args and config are already checked
 * against the signature and the device's limits. times must not be NULL. */
PjStatus pj_cuda_launch(PjCuda *cuda, const PjKernelCode *code, const PjLaunchConfig *config,
                        PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen);

/* ---- memory, streams, events and loaded kernels for launches without copies ---------------- */

PjStatus pj_cuda_alloc(PjCuda *cuda, size_t bytes, uint64_t *out, char *err, size_t errlen);
void pj_cuda_free(PjCuda *cuda, uint64_t address);
/* CUDA IPC: the handle of the allocation holding `address` (its base and size too); opening a
 * handle of another process maps that allocation here, at *address, until closed. */
PjStatus pj_cuda_ipc_get(PjCuda *cuda, uint64_t address, uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *base,
                         size_t *size, char *err, size_t errlen);
PjStatus pj_cuda_ipc_open(PjCuda *cuda, const uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *address, char *err,
                          size_t errlen);
PjStatus pj_cuda_ipc_close(PjCuda *cuda, uint64_t address, char *err, size_t errlen);
PjStatus pj_cuda_host_alloc(PjCuda *cuda, size_t bytes, void **host, uint64_t *device_address, char *err,
                            size_t errlen);
void pj_cuda_host_free(PjCuda *cuda, void *host);
/* kind: PjCopy. On stream NULL a copy is synchronous with the host. */
PjStatus pj_cuda_copy(PjCuda *cuda, int kind, uint64_t dst, uint64_t src, size_t bytes, void *stream, char *err,
                      size_t errlen);
PjStatus pj_cuda_memset(PjCuda *cuda, uint64_t dst, int value, size_t bytes, void *stream, char *err, size_t errlen);
PjStatus pj_cuda_synchronize(PjCuda *cuda, char *err, size_t errlen);
PjStatus pj_cuda_memory_info(PjCuda *cuda, size_t *free, size_t *total, char *err, size_t errlen);
PjStatus pj_cuda_stream_new(PjCuda *cuda, void **out, char *err, size_t errlen);
void pj_cuda_stream_delete(PjCuda *cuda, void *stream);
PjStatus pj_cuda_stream_synchronize(PjCuda *cuda, void *stream, char *err, size_t errlen);
/* timing 0: an event without timing data (CU_EVENT_DISABLE_TIMING), cheaper to record and wait on. */
PjStatus pj_cuda_event_new(PjCuda *cuda, int timing, void **out, char *err, size_t errlen);
void pj_cuda_event_delete(PjCuda *cuda, void *event);
PjStatus pj_cuda_event_record(PjCuda *cuda, void *event, void *stream, char *err, size_t errlen);
PjStatus pj_cuda_event_synchronize(PjCuda *cuda, void *event, char *err, size_t errlen);
PjStatus pj_cuda_event_elapsed(PjCuda *cuda, void *start, void *end, float *ms, char *err, size_t errlen);
/* *done: 1 when all the work before the event's last record is complete, 0 when not yet. */
PjStatus pj_cuda_event_query(PjCuda *cuda, void *event, int *done, char *err, size_t errlen);
/* Work queued on `stream` after this waits for the event (cuStreamWaitEvent). */
PjStatus pj_cuda_stream_wait_event(PjCuda *cuda, void *stream, void *event, char *err, size_t errlen);
/* The profiler's collection on (cuProfilerStart) or off (cuProfilerStop) in the device's context. */
PjStatus pj_cuda_profile(PjCuda *cuda, int start, char *err, size_t errlen);

/* A kernel's module loaded for launches of its own (outside the launch cache). */
typedef struct PjCudaKernel PjCudaKernel;
PjStatus pj_cuda_kernel_new(PjCuda *cuda, const PjKernelCode *code, PjCudaKernel **out, char *err, size_t errlen);
void pj_cuda_kernel_delete(PjCuda *cuda, PjCudaKernel *kernel);
/* The most blocks of `threads` threads with `shared` bytes of dynamic shared memory each that can
 * run at once (pyjitc.h, pj_loaded_max_cooperative_blocks); a block the kernel cannot run is
 * PJ_ERROR_ARGUMENT. */
PjStatus pj_cuda_max_cooperative_blocks(PjCuda *cuda, PjCudaKernel *kernel, uint32_t threads, uint32_t shared,
                                        uint32_t *blocks, char *err, size_t errlen);
/* What the driver says of a loaded kernel (cuFuncGetAttribute): registers per thread, bytes of
 * constant memory, bytes of static shared memory per block, the most threads per block, bytes of
 * local memory per thread. */
void pj_cuda_kernel_attributes(const PjCudaKernel *kernel, int64_t out[5]);
/* Launches on `stream` and returns; a kernel compiled with debug checks is waited for and its
 * error record read. params: ir/abi.h's flattened list. */
PjStatus pj_cuda_launch_async(PjCuda *cuda, PjCudaKernel *kernel, const PjLaunchConfig *config, void *stream,
                              void **params, char *err, size_t errlen);
/* The same launch when cuda's context is the calling thread's current one: 1 with *st its status;
 * otherwise (or the context is lost) 0, and nothing is launched (pj_launch_plan_run). */
int pj_cuda_launch_if_current(PjCuda *cuda, PjCudaKernel *kernel, const PjLaunchConfig *config, void *stream,
                              void **params, PjStatus *st, char *err, size_t errlen);

#endif
