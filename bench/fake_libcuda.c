/* A stand-in for libcuda.so.1 that runs nothing: every call succeeds at once, memory is host memory,
 * a launch returns without running the kernel. With it, pyjitc's GPU launch path (argument reads,
 * the dispatcher's lookup, parameter packing) runs on a machine without a GPU, so that its host
 * cost can be measured apart from the driver's, under a profiler or with callgrind's exact
 * instruction counts (bench/launch_host.sh). Results of kernels are meaningless under it; never
 * let its cubins reach a cache (PYJITC_CACHE=0).
 *
 *   cc -O2 -shared -fPIC -o build/fake_libcuda.so bench/fake_libcuda.c
 *   PYJITC_LIBCUDA=$PWD/build/fake_libcuda.so PYJITC_CACHE=0 python3 bench/launch.py */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef uint64_t CUdeviceptr;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUevent, *CUstream;

static char fake_context, fake_module, fake_function, fake_event, fake_stream, fake_link;
static _Thread_local CUcontext current;

#define OK return 0
CUresult cuInit(unsigned int flags) { OK; }
CUresult cuGetErrorName(CUresult e, const char **name) { *name = "CUDA_ERROR_FAKE"; OK; }
CUresult cuGetErrorString(CUresult e, const char **text) { *text = "the fake driver"; OK; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; OK; }
CUresult cuDeviceGetCount(int *n) { *n = 1; OK; }
CUresult cuDeviceGet(int *d, int ordinal) { *d = ordinal; OK; }
CUresult cuDeviceGetName(char *name, int len, int d) { strncpy(name, "Fake GPU", (size_t)len); OK; }
CUresult cuDeviceGetAttribute(int *v, int attribute, int d) {
  switch (attribute) {
  case 1: *v = 1024; break;                        /* max threads per block */
  case 2: case 3: *v = 1024; break;                /* max block x, y */
  case 4: *v = 64; break;                          /* max block z */
  case 5: *v = 2147483647; break;                  /* max grid x */
  case 6: case 7: *v = 65535; break;               /* max grid y, z */
  case 8: *v = 49152; break;                       /* shared bytes per block */
  case 16: *v = 132; break;                        /* multiprocessors */
  case 75: *v = 9; break;                          /* compute capability */
  case 76: *v = 0; break;
  default: *v = 1;
  }
  OK;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, int d) { *c = &fake_context; OK; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { OK; }
CUresult cuCtxPushCurrent_v2(CUcontext c) { current = c; OK; }
CUresult cuCtxPopCurrent_v2(CUcontext *c) { if (c) *c = current; OK; }
CUresult cuCtxSynchronize(void) { OK; }
CUresult cuCtxGetCurrent(CUcontext *c) { *c = current; OK; }
CUresult cuCtxSetCurrent(CUcontext c) { current = c; OK; }
CUresult cuCtxGetDevice(int *d) { *d = 0; OK; }
CUresult cuDeviceCanAccessPeer(int *can, int d, int p) { *can = 0; OK; }
CUresult cuCtxEnablePeerAccess(CUcontext p, unsigned int f) { OK; }
CUresult cuMemcpyPeer(CUdeviceptr d, CUcontext dc, CUdeviceptr s, CUcontext sc, size_t n) {
  memmove((void *)d, (void *)s, n);
  OK;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr d, CUcontext dc, CUdeviceptr s, CUcontext sc, size_t n, CUstream st) {
  memmove((void *)d, (void *)s, n);
  OK;
}
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr p) { memset(data, 0, sizeof(int)); OK; }
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  *p = (CUdeviceptr)calloc(1, n ? n : 1);
  return *p ? 0 : 2;
}
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) {
  *f = (size_t)64 << 30;
  *t = (size_t)80 << 30;
  OK;
}
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)p); OK; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { memmove((void *)d, s, n); OK; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { memmove(d, (void *)s, n); OK; }
CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t n) { memmove((void *)d, (void *)s, n); OK; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st) { return cuMemcpyHtoD_v2(d, s, n); }
CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st) { return cuMemcpyDtoH_v2(d, s, n); }
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) { return cuMemcpyDtoD_v2(d, s, n); }
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n) { memset((void *)d, v, n); OK; }
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream s) { return cuMemsetD8_v2(d, v, n); }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n, void *options, void **values) {
  *m = &fake_module;
  OK;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) { *f = &fake_function; OK; }
CUresult cuModuleUnload(CUmodule m) { OK; }
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *n, CUmodule m, const char *name) {
  static char globals[1 << 16];
  if (p) *p = (CUdeviceptr)globals;
  if (n) *n = sizeof globals;
  OK;
}
CUresult cuFuncGetAttribute(int *v, int attribute, CUfunction f) {
  *v = attribute == 0 ? 1024 : attribute == 4 ? 32 : 0; /* max threads per block; registers */
  OK;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, CUstream s, void **params, void **extra) {
  OK;
}
CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned shared, CUstream s, void **params) {
  OK;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, CUfunction f, int threads, size_t shared) {
  *n = 2048 / (threads > 0 ? threads : 1);
  OK;
}
CUresult cuEventCreate(CUevent *e, unsigned int f) { *e = &fake_event; OK; }
CUresult cuEventRecord(CUevent e, CUstream s) { OK; }
CUresult cuEventSynchronize(CUevent e) { OK; }
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) { *ms = 0; OK; }
CUresult cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b) { *ms = 0; OK; }
CUresult cuEventDestroy_v2(CUevent e) { OK; }
CUresult cuEventQuery(CUevent e) { OK; }
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int f) { OK; }
CUresult cuProfilerStart(void) { OK; }
CUresult cuProfilerStop(void) { OK; }
CUresult cuStreamCreate(CUstream *s, unsigned int f) { *s = &fake_stream; OK; }
CUresult cuStreamDestroy_v2(CUstream s) { OK; }
CUresult cuStreamSynchronize(CUstream s) { OK; }
CUresult cuMemHostAlloc(void **p, size_t n, unsigned int f) {
  *p = calloc(1, n ? n : 1);
  return *p ? 0 : 2;
}
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned int f) { *d = (CUdeviceptr)p; OK; }
CUresult cuMemFreeHost(void *p) { free(p); OK; }
CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr p) {
  if (base) *base = p;
  if (size) *size = 0;
  OK;
}
CUresult cuIpcGetMemHandle(void *h, CUdeviceptr p) { memset(h, 0, 64); OK; }
CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *p, const void *h, unsigned int f) { return 1; }
CUresult cuIpcOpenMemHandle(CUdeviceptr *p, const void *h, unsigned int f) { return 1; }
CUresult cuIpcCloseMemHandle(CUdeviceptr p) { OK; }
CUresult cuLinkCreate_v2(unsigned int n, void *options, void **values, void **state) { *state = &fake_link; OK; }
CUresult cuLinkAddData_v2(void *state, int type, void *data, size_t n, const char *name, unsigned int k, void *o,
                          void **v) {
  OK;
}
CUresult cuLinkComplete(void *state, void **cubin, size_t *n) {
  static char image[16] = "fake cubin";
  *cubin = image;
  *n = sizeof image;
  OK;
}
CUresult cuLinkDestroy(void *state) { OK; }
