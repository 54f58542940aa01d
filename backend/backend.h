/* The backend: typed kernel IR -> LLVM IR -> PTX (NVPTX) or native code (host JIT).
 * Everything LLVM stays behind this header: other layers hold a PjCode handle. */
#ifndef PJ_BACKEND_H
#define PJ_BACKEND_H

#include "ir/abi.h"
#include "ir/ast.h"

typedef struct PjCode PjCode;

typedef struct PjBackendOptions {
  PjTarget target;        /* CUDA or CPU */
  const char *arch;       /* "sm_90" */
  int opt_level;
  unsigned emit;          /* PjEmit bits: which texts to keep */
  const char *libdevice;  /* path, or NULL to search */
  bool debug;             /* bounds checks recording into PJ_KERNEL_ERROR_SYMBOL */
  bool fastmath;          /* fast-math flags, flush-to-zero, libdevice's __nv_fast_* for float32 */
  int max_registers;      /* NVPTX: .maxnreg; 0 for none */
  bool lineinfo;          /* NVPTX: line tables (.loc) */
  bool noalias;           /* NVPTX: array pointer parameters are noalias (no two arrays overlap) */
  bool narrow;            /* NVPTX: integer arguments and array extents and sizes are below 2**31 in
                           * magnitude, and so are the launch's threads along each axis (gridDim.d *
                           * blockDim.d): extents and cuda.grid's x carry that range, and counters
                           * bounded by them are 32-bit */
  void *const *host_libraries; /* host: dlopen handles searched first for the functions the kernel declares */
  int nhost_libraries;
  int abi;                /* PjAbi: KERNEL, or NUMBA / C: device_fn alone as a .func (NVPTX) */
  const char *abi_name;   /* that .func's name (NULL: the function's own, made a PTX identifier) */
  const PjSpec *device_fn; /* the specialisation among specs that the .func wraps */
  const PjType *result;   /* what the .func returns (the device function's result converted to it) */
  int launch_bounds[3];   /* NVPTX kernels: maxntidx, minctasm, maxclusterrank (0: none) */
  const char *passes;     /* LLVM's optimization passes in its pipeline syntax, in place of default<On> */
  const char *site_dirs;  /* Python site directories to look in for an NVIDIA wheel's libdevice */
} PjBackendOptions;

/* Lower one typed kernel. NULL with a diagnostic on failure (a missing libdevice, an LLVM
 * error: the latter is an internal error). */
PjCode *pj_backend_compile(const PjModule *m, const PjFunc *f, const PjArgType *args, int nargs, PjSpec **specs,
                           int nspecs, const PjBackendOptions *opts, PjDiags *diags, PjCompileTimes *times);
void pj_backend_delete(PjCode *code);
/* How many loops full unrolling could leave in f (every constant range() unrolled), and whether
 * that is few enough in f and every device function of specs to let LLVM's unrollers run
 * (unroll.c). */
double pj_loop_copies(const PjFunc *f);
bool pj_unroll_safe(const PjFunc *f, PjSpec **specs, int nspecs);
const char *pj_backend_llvm_text(const PjCode *code); /* optimized LLVM IR, when asked */
const char *pj_backend_ptx(const PjCode *code);       /* CUDA */
const char *pj_backend_entry(const PjCode *code);     /* the PTX .entry name */
PjCpuEntry pj_backend_cpu_entry(const PjCode *code);  /* CPU */
PjKernelError *pj_backend_cpu_error(const PjCode *code); /* CPU, debug: the error record */
uint64_t pj_backend_static_shared(const PjCode *code);  /* bytes of static shared memory per block */
bool pj_backend_grid_sync(const PjCode *code);          /* it has a grid barrier: a cooperative launch */
/* CPU, compiled with PJ_EMIT_OBJECT (and no host libraries): the native code as a relocatable
 * object of the host's, which the code runs from; NULL otherwise. */
const void *pj_backend_object(const PjCode *code, size_t *len);
bool pj_backend_has_error_record(const PjCode *code);
/* CPU code run from such an object (a host's cache of compiled kernels): the entry and, where
 * has_record, the error record looked up in it. NULL with a message on failure. */
PjCode *pj_backend_from_object(const char *name, const char *entry, const void *object, size_t len, bool has_record,
                               bool debug, uint64_t static_shared, bool grid_sync, char *err, size_t errlen);
bool pj_backend_load_object(PjCode *code, bool has_record, char *err, size_t errlen);
const char *pj_backend_llvm_version(void);
/* "triple cpu features" of the host, what the CPU executor's code is made for (LLVM's names). */
const char *pj_backend_host_target(void);
/* pj_libdevice_find with the toolkit's places given (a NULL-ended list; libdevice.c's own is
 * pj_libdevice_system), so that a test can search where nothing is. */
PjLibdeviceFrom pj_libdevice_search(const char *given, const char *site_dirs, const char *const *system, char *buf,
                                    size_t len);
extern const char *const pj_libdevice_system[];

#endif
