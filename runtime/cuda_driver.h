/* runtime/: the few types, enum values and entry points of the CUDA driver API that runtime/cuda.c
 * uses, with the driver's ABI (CUDA 12/13 driver API), as one X-macro list (internal). The
 * versioned symbols (cuMemAlloc_v2, ...) are the ones cuda.h would bind. tests/unit's stand-in
 * driver (fake_libcuda.c) defines every entry point of the same list. */
#ifndef PJ_RUNTIME_CUDA_DRIVER_H
#define PJ_RUNTIME_CUDA_DRIVER_H

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef int CUjit_option;
typedef struct CUipcMemHandle { char reserved[64]; } CUipcMemHandle; /* passed by value, as cuda.h's */

enum {
  PJ_CUDA_SUCCESS = 0,
  PJ_CUDA_ERROR_NO_DEVICE = 100,
  PJ_CUDA_ERROR_NOT_READY = 600,
  PJ_CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
  PJ_CU_POINTER_MEMORY_TYPE = 2,
  PJ_CU_POINTER_IS_MANAGED = 8,
  PJ_CU_POINTER_DEVICE_ORDINAL = 9,
  PJ_CU_MEMORYTYPE_DEVICE = 2,
  PJ_CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  PJ_CU_ATTR_MAX_BLOCK_DIM_X = 2,   /* Y, Z follow */
  PJ_CU_ATTR_MAX_GRID_DIM_X = 5,    /* Y, Z follow */
  PJ_CU_ATTR_MAX_SHARED_PER_BLOCK = 8,
  PJ_CU_ATTR_MULTIPROCESSOR_COUNT = 16,
  PJ_CU_ATTR_CC_MAJOR = 75,
  PJ_CU_ATTR_CC_MINOR = 76,
  PJ_CU_FUNC_MAX_THREADS_PER_BLOCK = 0,
  PJ_CU_FUNC_SHARED_SIZE_BYTES = 1,
  PJ_CU_FUNC_CONST_SIZE_BYTES = 2,
  PJ_CU_FUNC_LOCAL_SIZE_BYTES = 3,
  PJ_CU_FUNC_NUM_REGS = 4,
  PJ_CU_JIT_ERROR_LOG_BUFFER = 5,
  PJ_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  PJ_CU_EVENT_DEFAULT = 0,
  PJ_CU_EVENT_DISABLE_TIMING = 2,
};

/* X(symbol, fallback symbol or NULL, return type, parameters) */
#define PJ_CUDA_ENTRY_POINTS(X)                                                                  \
  X(cuInit, NULL, CUresult, (unsigned int flags))                                                \
  X(cuGetErrorName, NULL, CUresult, (CUresult error, const char **name))                         \
  X(cuGetErrorString, NULL, CUresult, (CUresult error, const char **text))                       \
  X(cuDeviceGetCount, NULL, CUresult, (int *count))                                              \
  X(cuDeviceGet, NULL, CUresult, (CUdevice *device, int ordinal))                                \
  X(cuDeviceGetName, NULL, CUresult, (char *name, int len, CUdevice device))                     \
  X(cuDeviceGetAttribute, NULL, CUresult, (int *value, int attribute, CUdevice device))          \
  X(cuDevicePrimaryCtxRetain, NULL, CUresult, (CUcontext *context, CUdevice device))             \
  X(cuDevicePrimaryCtxRelease_v2, NULL, CUresult, (CUdevice device))                             \
  X(cuCtxPushCurrent_v2, NULL, CUresult, (CUcontext context))                                    \
  X(cuCtxPopCurrent_v2, NULL, CUresult, (CUcontext *context))                                    \
  X(cuCtxSynchronize, NULL, CUresult, (void))                                                    \
  X(cuCtxGetCurrent, NULL, CUresult, (CUcontext *context))                                       \
  X(cuCtxSetCurrent, NULL, CUresult, (CUcontext context))                                        \
  X(cuCtxGetDevice, NULL, CUresult, (CUdevice *device))                                          \
  X(cuDeviceCanAccessPeer, NULL, CUresult, (int *can, CUdevice device, CUdevice peer))            \
  X(cuCtxEnablePeerAccess, NULL, CUresult, (CUcontext peer, unsigned int flags))                  \
  X(cuMemcpyPeer, NULL, CUresult, (CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx, size_t n)) \
  X(cuMemcpyPeerAsync, NULL, CUresult,                                                           \
    (CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx, size_t n, CUstream s))    \
  X(cuPointerGetAttribute, NULL, CUresult, (void *data, int attribute, CUdeviceptr ptr))          \
  X(cuMemAlloc_v2, NULL, CUresult, (CUdeviceptr *ptr, size_t bytes))                             \
  X(cuMemGetInfo_v2, NULL, CUresult, (size_t *free, size_t *total))                               \
  X(cuMemFree_v2, NULL, CUresult, (CUdeviceptr ptr))                                             \
  X(cuMemcpyHtoD_v2, NULL, CUresult, (CUdeviceptr dst, const void *src, size_t bytes))           \
  X(cuMemcpyDtoH_v2, NULL, CUresult, (void *dst, CUdeviceptr src, size_t bytes))                 \
  X(cuModuleLoadDataEx, NULL, CUresult,                                                          \
    (CUmodule *module, const void *image, unsigned int n, CUjit_option *options, void **values)) \
  X(cuModuleGetFunction, NULL, CUresult, (CUfunction *function, CUmodule module, const char *name)) \
  X(cuModuleUnload, NULL, CUresult, (CUmodule module))                                           \
  X(cuModuleGetGlobal_v2, NULL, CUresult, (CUdeviceptr *ptr, size_t *bytes, CUmodule module, const char *name)) \
  X(cuFuncGetAttribute, NULL, CUresult, (int *value, int attribute, CUfunction function))        \
  X(cuLaunchKernel, NULL, CUresult,                                                              \
    (CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,           \
     unsigned int by, unsigned int bz, unsigned int shared, CUstream stream, void **params,      \
     void **extra))                                                                              \
  X(cuLaunchCooperativeKernel, NULL, CUresult,                                                   \
    (CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,           \
     unsigned int by, unsigned int bz, unsigned int shared, CUstream stream, void **params))     \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor, NULL, CUresult,                                 \
    (int *blocks, CUfunction f, int threads, size_t dynamic_shared))                             \
  X(cuEventCreate, NULL, CUresult, (CUevent *event, unsigned int flags))                         \
  X(cuEventRecord, NULL, CUresult, (CUevent event, CUstream stream))                             \
  X(cuEventSynchronize, NULL, CUresult, (CUevent event))                                         \
  X(cuEventElapsedTime_v2, "cuEventElapsedTime", CUresult, (float *ms, CUevent start, CUevent end)) \
  X(cuEventDestroy_v2, NULL, CUresult, (CUevent event))                                          \
  X(cuEventQuery, NULL, CUresult, (CUevent event))                                               \
  X(cuStreamWaitEvent, NULL, CUresult, (CUstream stream, CUevent event, unsigned int flags))     \
  X(cuProfilerStart, NULL, CUresult, (void))                                                     \
  X(cuProfilerStop, NULL, CUresult, (void))                                                      \
  X(cuMemcpyDtoD_v2, NULL, CUresult, (CUdeviceptr dst, CUdeviceptr src, size_t bytes))           \
  X(cuMemcpyHtoDAsync_v2, NULL, CUresult, (CUdeviceptr dst, const void *src, size_t bytes, CUstream s)) \
  X(cuMemcpyDtoHAsync_v2, NULL, CUresult, (void *dst, CUdeviceptr src, size_t bytes, CUstream s)) \
  X(cuMemcpyDtoDAsync_v2, NULL, CUresult, (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s)) \
  X(cuMemsetD8_v2, NULL, CUresult, (CUdeviceptr dst, unsigned char value, size_t n))             \
  X(cuMemsetD8Async, NULL, CUresult, (CUdeviceptr dst, unsigned char value, size_t n, CUstream s)) \
  X(cuStreamCreate, NULL, CUresult, (CUstream *stream, unsigned int flags))                      \
  X(cuStreamDestroy_v2, NULL, CUresult, (CUstream stream))                                       \
  X(cuStreamSynchronize, NULL, CUresult, (CUstream stream))                                      \
  X(cuMemHostAlloc, NULL, CUresult, (void **p, size_t bytes, unsigned int flags))               \
  X(cuMemHostGetDevicePointer_v2, NULL, CUresult, (CUdeviceptr *d, void *p, unsigned int flags)) \
  X(cuMemFreeHost, NULL, CUresult, (void *p))                                                    \
  X(cuMemGetAddressRange_v2, NULL, CUresult, (CUdeviceptr *base, size_t *size, CUdeviceptr ptr))  \
  X(cuIpcGetMemHandle, NULL, CUresult, (CUipcMemHandle *handle, CUdeviceptr ptr))              \
  X(cuIpcOpenMemHandle_v2, "cuIpcOpenMemHandle", CUresult,                                     \
    (CUdeviceptr *ptr, CUipcMemHandle handle, unsigned int flags))                               \
  X(cuIpcCloseMemHandle, NULL, CUresult, (CUdeviceptr ptr))                                      \
  X(cuDriverGetVersion, NULL, CUresult, (int *version))                                          \
  X(cuLinkCreate_v2, NULL, CUresult, (unsigned int n, CUjit_option *options, void **values, void **state)) \
  X(cuLinkAddData_v2, NULL, CUresult,                                                            \
    (void *state, int type, void *data, size_t size, const char *name, unsigned int n,           \
     CUjit_option *options, void **values))                                                     \
  X(cuLinkComplete, NULL, CUresult, (void *state, void **cubin, size_t *size))                   \
  X(cuLinkDestroy, NULL, CUresult, (void *state))

#endif
