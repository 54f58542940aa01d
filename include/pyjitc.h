/* pyjitc: a just-in-time compiler of Numba-style CUDA kernels written in Python.
 *
 * The public C API. Two halves:
 *   compile:  source -> PjSource (parsed, names resolved) -> PjKernel (typed for one signature,
 *             lowered to LLVM IR, then PTX for the GPU or native code for the CPU executor);
 *   run:      PjDevice (a CUDA GPU or the CPU executor) + PjKernel + argument values -> launch.
 * The library never prints and never exits: every function returns a status, and rejections of
 * the user's program are collected as diagnostics in a PjDiags list.
 */
#ifndef PYJITC_H
#define PYJITC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PJ_VERSION "0.1.0"
#define PJ_MAX_DIMS 8

typedef enum PjStatus {
  PJ_OK = 0,
  PJ_ERROR_USER,     /* the program was rejected: see the diagnostics */
  PJ_ERROR_ARGUMENT, /* a bad argument, option or launch configuration */
  PJ_ERROR_IO,       /* a file could not be read or written */
  PJ_ERROR_DEVICE,   /* the CUDA driver reported an error */
  PJ_ERROR_NO_DEVICE,/* no CUDA driver or device */
  PJ_ERROR_INTERNAL, /* a bug in pyjitc */
  PJ_ERROR_RAISED    /* a kernel compiled with debug=True raised an exception (raise, an index out of
                      * bounds, a division by zero): the message starts with the file:line:col where */
} PjStatus;

/* ---- dtypes ---------------------------------------------------------------------------- */

typedef enum PjDtype {
  PJ_BOOL,
  PJ_INT8, PJ_INT16, PJ_INT32, PJ_INT64,
  PJ_UINT8, PJ_UINT16, PJ_UINT32, PJ_UINT64,
  PJ_FLOAT32, PJ_FLOAT64,
  PJ_COMPLEX64, PJ_COMPLEX128, /* in kernels, and arrays from .npy files */
  PJ_FLOAT16,
  PJ_BFLOAT16, /* bfloat16: float32's exponent, 8 significant bits (ml_dtypes.bfloat16) */
  PJ_FP8_E5M2, PJ_FP8_E4M3, PJ_FP8_E8M0, /* CUDA's 8-bit floats (kernel scalars only; kind '8') */
  /* NumPy's datetime64 and timedelta64 (numba's NPDatetime / NPTimedelta): int64 counts of a unit,
   * the minimum int64 being NaT; one dtype per unit, in numba's order, the generic (unit-less) last */
  PJ_DATETIME64_Y, PJ_DATETIME64_M, PJ_DATETIME64_W, PJ_DATETIME64_D, PJ_DATETIME64_h, PJ_DATETIME64_m,
  PJ_DATETIME64_s, PJ_DATETIME64_ms, PJ_DATETIME64_us, PJ_DATETIME64_ns, PJ_DATETIME64_ps, PJ_DATETIME64_fs,
  PJ_DATETIME64_as, PJ_DATETIME64,
  PJ_TIMEDELTA64_Y, PJ_TIMEDELTA64_M, PJ_TIMEDELTA64_W, PJ_TIMEDELTA64_D, PJ_TIMEDELTA64_h, PJ_TIMEDELTA64_m,
  PJ_TIMEDELTA64_s, PJ_TIMEDELTA64_ms, PJ_TIMEDELTA64_us, PJ_TIMEDELTA64_ns, PJ_TIMEDELTA64_ps, PJ_TIMEDELTA64_fs,
  PJ_TIMEDELTA64_as, PJ_TIMEDELTA64,
  PJ_DTYPE_COUNT
} PjDtype;

/* The units of datetime64 / timedelta64 dtypes, in numba's order (coarse to fine), generic last. */
enum { PJ_UNIT_Y, PJ_UNIT_M, PJ_UNIT_W, PJ_UNIT_D, PJ_UNIT_h, PJ_UNIT_m, PJ_UNIT_s, PJ_UNIT_ms, PJ_UNIT_us,
       PJ_UNIT_ns, PJ_UNIT_ps, PJ_UNIT_fs, PJ_UNIT_as, PJ_UNIT_GENERIC, PJ_UNIT_COUNT };

const char *pj_dtype_name(PjDtype dtype);           /* "float32" */
size_t pj_dtype_size(PjDtype dtype);                /* bytes */
int pj_dtype_from_name(const char *name, PjDtype *out); /* 1 when known (numpy and numba names) */
int pj_dtype_is_float(PjDtype dtype);
int pj_dtype_is_signed(PjDtype dtype);
int pj_dtype_is_fp8(PjDtype dtype);                 /* fp8_e5m2, fp8_e4m3, fp8_e8m0 */              /* signed integers */
int pj_dtype_is_complex(PjDtype dtype);
int pj_dtype_is_datetime(PjDtype dtype);            /* datetime64[unit] (numpy kind 'M') */
int pj_dtype_is_timedelta(PjDtype dtype);           /* timedelta64[unit] (numpy kind 'm') */
int pj_dtype_unit(PjDtype dtype);                   /* PJ_UNIT_* of either, else -1 */
PjDtype pj_dtype_datetime(int unit);                /* datetime64 of a PJ_UNIT_* */
PjDtype pj_dtype_timedelta(int unit);               /* timedelta64 of a PJ_UNIT_* */

/* ---- diagnostics ------------------------------------------------------------------------ */

typedef enum PjSeverity { PJ_SEVERITY_ERROR, PJ_SEVERITY_WARNING, PJ_SEVERITY_NOTE } PjSeverity;

typedef struct PjDiag {
  PjSeverity severity;
  const char *file;
  int line, col;       /* 1-based; 0 when the message has no position */
  int end_col;         /* one past the last column underlined on that line, or 0 */
  const char *message;
  const char *source_line; /* the text of that line, without its newline, or NULL */
} PjDiag;

typedef struct PjDiags PjDiags;
PjDiags *pj_diags_new(void);
void pj_diags_delete(PjDiags *diags);
size_t pj_diags_count(const PjDiags *diags); /* those kept: the first 100 */
size_t pj_diags_errors(const PjDiags *diags); /* every error, kept or not */
size_t pj_diags_dropped(const PjDiags *diags); /* diagnostics past the first 100, counted only */
const PjDiag *pj_diags_get(const PjDiags *diags, size_t i);
/* clang's form: "file:line:col: error: message", the line, a caret; then a note of how many
 * were not kept, if any. Caller frees. */
char *pj_diags_format(const PjDiags *diags);
/* One JSON object a line: {"file":..,"line":..,"col":..,"severity":..,"message":..}. Caller frees. */
char *pj_diags_format_json(const PjDiags *diags);

/* ---- compiling -------------------------------------------------------------------------- */

typedef enum PjTarget { PJ_TARGET_AUTO, PJ_TARGET_CUDA, PJ_TARGET_CPU } PjTarget;

typedef struct PjSource PjSource;
typedef struct PjKernel PjKernel;

/* Parse a file's text and resolve its names. Returns NULL (and fills diags) when rejected. */
PjSource *pj_source_new(const char *path, const char *text, size_t len, PjDiags *diags);
void pj_source_delete(PjSource *source);
size_t pj_source_kernel_count(const PjSource *source);
const char *pj_source_kernel_name(const PjSource *source, size_t i);
/* Index of the kernel named `name`, or of the only kernel when name is NULL; -1 (with a
 * diagnostic) when there is no such kernel or the choice is ambiguous. */
int pj_source_find_kernel(const PjSource *source, const char *name, PjDiags *diags);
size_t pj_source_param_count(const PjSource *source, int kernel);
const char *pj_source_param_name(const PjSource *source, int kernel, size_t i);
/* The first eager signature in the kernel's decorator (@cuda.jit("void(float32[:])")), or NULL. */
const char *pj_source_kernel_signature(const PjSource *source, int kernel);
/* The tree the frontend built, printed (--emit=ast). Caller frees. */
char *pj_source_dump_ast(const PjSource *source);

/* ---- programs given function by function (the Python extension) ---------------------------
 * A host that holds the functions themselves (Python's decorated functions) gives each as a
 * unit: its text at its own lines, and the values of the names it uses, which the host looked up
 * when it compiles (numba resolves a kernel's globals the same way). */

typedef enum PjBindKind {
  PJ_BIND_MODULE,   /* qualname: a module or a name in one ("math", "numpy", "numba.cuda", "cuda.grid") */
  PJ_BIND_INT,      /* i (big: a value in [2**63, 2**64) held in i's bits, which numba types uint64) */
  PJ_BIND_FLOAT,    /* f */
  PJ_BIND_BOOL,     /* i: 0 or 1 */
  PJ_BIND_TUPLE,    /* items[0..nitems): numbers or tuples */
  PJ_BIND_ARRAY,    /* a NumPy array: dtype, ndim, shape, data (C order), read-only in kernels */
  PJ_BIND_FUNCTION, /* the function of units[unit] */
  PJ_BIND_OPAQUE,   /* a value kernels cannot use; qualname: its Python type, for the message */
  PJ_BIND_SCALAR,   /* a NumPy scalar: dtype, and i (integers, bool) or f (floats); typed as its dtype */
  PJ_BIND_DEVICE_ARRAY, /* an array in device memory, captured by reference: dtype, ndim, shape, strides
                         * (bytes), and its address in i; kernels read and write it in place */
  PJ_BIND_FOREIGN,  /* cuda.declare_device: qualname the symbol, i the ABI (0: numba's, status and a
                     * result pointer; 1: C), dtype the result (big: none), items the parameters' dtypes (an item
                     * of kind PJ_BIND_ARRAY: a pointer to that dtype, numba's CPointer) */
  PJ_BIND_RECORD_DTYPE /* a structured dtype as a value (numba's Record, np.dtype([...])): record; the dtype
                        * of cuda.shared.array / cuda.local.array */
} PjBindKind;

typedef struct PjBinding {
  const char *name;
  PjBindKind kind;
  const char *qualname;
  int64_t i;
  int big;
  double f;
  const struct PjBinding *items;
  int nitems;
  PjDtype dtype;
  int ndim;
  int64_t shape[PJ_MAX_DIMS];
  int64_t strides[PJ_MAX_DIMS]; /* DEVICE_ARRAY */
  const void *data;
  int unit;
  const struct PjRecord *record; /* ARRAY: an array of these records (data: their bytes, C order) */
} PjBinding;

/* One signature a device function is declared with (@cuda.jit(["(int64, int64)", "float32(float32)"],
 * device=True)): a call from a kernel takes the one numba's overload resolution picks for its
 * argument types (the fewest unsafe, then safe, then promoting conversions; the first declared on a
 * tie), its arguments converted to that signature's, the result to its declared type. */
typedef struct PjSignature {
  const struct PjArgType *args;
  int nargs;
  int result;          /* PjResult: inferred from the returns, result_dtype, or nothing */
  PjDtype result_dtype;
} PjSignature;

/* Whether the calls of a device function are inlined. AUTO: LLVM's inliner decides (numba's default,
 * where NVVM decides); NEVER: kept as calls of a function of its own (LLVM's noinline:
 * @cuda.jit(inline="never") or forceinline=False given); ALWAYS: always inlined (alwaysinline:
 * inline="always", forceinline=True). */
typedef enum PjInline { PJ_INLINE_AUTO = 0, PJ_INLINE_NEVER, PJ_INLINE_ALWAYS } PjInline;

typedef struct PjUnit {
  const char *path;   /* the file the function is written in */
  const char *text;   /* the `def` line and the body, at their own line numbers (earlier lines empty) */
  size_t len;
  int col_offset;     /* the columns every line was dedented by (a nested function) */
  int is_kernel;      /* 1: a kernel (@cuda.jit); 0: a device function */
  int debug, fastmath, lineinfo, max_registers; /* the decorator's options (kernels) */
  const PjBinding *bindings;
  int nbindings;
  const PjSignature *sigs; /* a device function's declared signatures (PjSignature), or none */
  int nsigs;
  int inline_mode;    /* PjInline: whether a device function's calls are inlined (@cuda.jit(inline=, forceinline=)) */
} PjUnit;

/* A source whose one kernel is units[0]'s function (or, with is_kernel 0, the device function that
 * pj_kernel_compile compiles alone: PjCompileOptions.abi); the others are the device functions
 * that the bindings name. NULL (and diagnostics) when rejected. */
PjSource *pj_source_new_units(const PjUnit *units, int nunits, PjDiags *diags);

/* A NumPy structured dtype (numba's Record): named fields at byte offsets, as NumPy lays them out
 * (packed, or aligned with align=True). A field is a number, a C-ordered subarray of numbers, or a
 * fixed-width string. The same struct, with `chars` set and no fields, describes NumPy's
 * fixed-width string dtypes ('S12', '<U12'; numba's CharSeq and UnicodeCharSeq), whose arrays
 * and record fields kernels take as they take records: by the address of each element's bytes. */
typedef struct PjRecordField {
  const char *name;
  PjDtype dtype;               /* a number's; a string field's: uint8 ('S') or uint32 ('U'), its characters */
  int64_t offset;              /* bytes from the record's start */
  int ndim;                    /* 0: a number; else a subarray of these extents */
  int64_t shape[PJ_MAX_DIMS];
  const struct PjRecord *string; /* a fixed-width string field: its string dtype (chars set), else NULL */
} PjRecordField;

typedef struct PjRecord {
  int64_t size;                /* NumPy's itemsize */
  int64_t align;               /* NumPy's alignment */
  int aligned;                 /* made with align=True (NumPy's isalignedstruct) */
  int nfields;
  const PjRecordField *fields;
  char chars;                  /* 0: a structured dtype; 'S': bytes (size characters of one byte), 'U':
                                * unicode (size / 4 characters of four bytes, UCS-4), zero-padded */
} PjRecord;

/* The type of one kernel argument: a scalar (ndim 0) or an array, C-contiguous (layout 'C' or 0),
 * Fortran-ordered ('F') or strided in any way ('A'), numba's layouts. Layout 'P' with ndim 0 is a
 * pointer to dtype elements (numba's CPointer(dtype)), launched with an address (a uint64).
 * With `record` set the elements are records (dtype is ignored): an array of records is passed
 * as a strided array ('A': data, extents, strides in bytes); a single record (ndim 0, NumPy's
 * np.record / np.void) by reference, as a pointer and one extent (a 1-d array of one record). */
typedef struct PjArgType {
  PjDtype dtype;
  int ndim;
  char layout;
  const PjRecord *record;
  int readonly;      /* arrays: read-only (a NumPy array whose flags.writeable is False, numba's readonly
                      * array): a kernel that writes it, or a view of it, is refused where it writes */
  int zero_dim;      /* a 0-d array (NumPy's shape (), numba's array(T, 0d, C)): passed as the 1-d array of its
                      * one element (ndim 1, layout 'C', its value likewise), typed in the kernel as an array of
                      * no dimensions (x[()] its element) */
} PjArgType;

/* A kernel's parameters as a tree over its argument types, for kernels that take tuples (numba's
 * UniTuple, Tuple and NamedTuple arguments): nodes in prefix order, one tree per parameter. A leaf
 * (items < 0) is the next argument type of the signature; a tuple node (items >= 0) is a tuple
 * of the `items` trees that follow it, a namedtuple when `fields` names them. A tuple argument
 * has no parameter of its own (ir/abi.h): the argument types are its leaves, in order. */
typedef struct PjArgNode {
  int items;
  const char *name;           /* a namedtuple's class name */
  const char *const *fields;  /* a namedtuple's field names (items of them), else NULL */
} PjArgNode;

/* Parse a signature, numba style: "void(float32, float32[:], float32[:, :])" or
 * "(float32, float32[:])"; returns the number of arguments or -1 with a message in err. */
int pj_signature_parse(const char *text, PjArgType *out, int max_args, char *err, size_t errlen);

/* PJ_EMIT_TYPES: the source of the kernel and of its device functions, each line under the types of
 * its names and calls, as numba's inspect_types prints it (docs/language.md); PJ_EMIT_TYPED_IR: the
 * typed IR the backend lowers, as a tree (for compiler developers).
 * PJ_EMIT_OBJECT: a CPU kernel's native code kept as a relocatable object of the host's, which the
 * kernel then runs from (pj_kernel_object), for a host's on-disk cache (pj_kernel_from_object);
 * not for kernels that call host libraries' functions (their code is compiled as usual). */
typedef enum PjEmit {
  PJ_EMIT_NONE = 0, PJ_EMIT_AST = 1, PJ_EMIT_TYPES = 2, PJ_EMIT_LLVM = 4, PJ_EMIT_PTX = 8, PJ_EMIT_OBJECT = 16,
  PJ_EMIT_TYPED_IR = 32
} PjEmit;

/* How the function compiled is called (PjCompileOptions.abi). A device function compiled alone
 * (numba's cuda.compile_ptx(device=True)) becomes a .func other code links with: numba's ABI,
 * `int32 status NAME(T *result, args...)` (status 0; the result, when there is one, written through
 * the pointer passed first; bool as one byte), or the C ABI, `T NAME(args...)`. */
typedef enum PjAbi { PJ_ABI_KERNEL = 0, PJ_ABI_NUMBA, PJ_ABI_C } PjAbi;
/* A device function's result type: inferred from its returns, a dtype, or none (void). */
typedef enum PjResult { PJ_RESULT_INFERRED = 0, PJ_RESULT_DTYPE, PJ_RESULT_VOID } PjResult;
typedef struct PjCompileOptions {
  PjTarget target;   /* CUDA: PTX; CPU: native code for the CPU executor */
  const char *arch;  /* "sm_90"; NULL for the default */
  int opt_level;     /* 0..3; default 3 */
  unsigned emit;     /* PjEmit bits: the text forms to keep (pj_kernel_text) */
  const char *libdevice; /* path to libdevice.10.bc; NULL: search the usual places */
  int debug;         /* check every array index at run time (also @cuda.jit(debug=True)) */
  int fastmath;      /* fast-math flags, flush-to-zero, approximate float32 math (also @cuda.jit(fastmath=True)) */
  int max_registers; /* registers per thread on the GPU, 0: the compiler's choice (also @cuda.jit(max_registers=N)) */
  int lineinfo;      /* source lines in the PTX (.loc), for profilers (also @cuda.jit(lineinfo=True)) */
  int noalias;       /* the arrays of every launch are known not to overlap: their pointers are noalias,
                      * and on the GPU loads of arrays the kernel does not write become ld.global.nc */
  int narrow;        /* every launch's integer arguments lie in the int32 range, its arrays' extents and
                      * sizes are below 2**31 (pj_values_fit_int32), and its threads along each axis,
                      * gridDim.d * blockDim.d, are fewer than 2**31 (pj_grid_fits_int32): on the GPU,
                      * counters bounded by them, and cuda.grid's x index and gridsize's x, run in 32 bits */
  void *const *host_libraries; /* CPU: pj_host_link's libraries whose functions the kernel calls, searched first */
  int nhost_libraries;
  int abi;           /* PjAbi: KERNEL, units[0] is a kernel (a PTX .entry); NUMBA or C: units[0] is a device
                      * function compiled alone, a PTX .func (CUDA target only; numbers, arrays (as numba passes
                      * them: its data model's members) and pointers in, a number or nothing out) */
  const char *abi_name; /* the device function's symbol; NULL: its own name */
  int result;        /* PjResult: the device function's result as its signature declares it */
  PjDtype result_dtype; /* PJ_RESULT_DTYPE: that type (the returned value is converted to it) */
  int launch_bounds[3]; /* kernels: the most threads per block, the least blocks per multiprocessor, the most
                         * blocks per cluster (sm_90 on), each 0 when not given: PTX .maxntid, .minnctapersm,
                         * .maxclusterrank (numba's @cuda.jit(launch_bounds=...)) */
  const PjArgNode *arg_tree; /* kernels taking tuples: the parameters over the argument types (PjArgNode);
                              * NULL: each argument type is one parameter */
  int narg_tree;
  const char *passes; /* LLVM's optimization passes in LLVM's pipeline syntax ("default<O3>") in place of
                       * opt_level's default<On> (code generation still follows opt_level); NULL: those
                       * (for comparing pipelines and bisecting) */
  const char *site_dirs; /* Python's site directories (sys.path, ':'-separated) in which to look for an
                          * NVIDIA wheel's libdevice when libdevice is NULL (pj_libdevice_find); NULL: none */
} PjCompileOptions;

/* Times of the compile stages, in milliseconds. */
typedef struct PjCompileTimes {
  double parse, types, lower, optimize, codegen, total;
} PjCompileTimes;

/* Type the kernel for the argument types and compile it. NULL (with diagnostics) on rejection;
 * *status says why when non-NULL. */
PjKernel *pj_kernel_compile(const PjSource *source, int kernel, const PjArgType *args, int nargs,
                            const PjCompileOptions *options, PjDiags *diags, PjStatus *status);
void pj_kernel_delete(PjKernel *kernel);
/* Links the code in `path` with a GPU kernel before its first launch (the files of
 * cuda.declare_device's link= and @cuda.jit(link=...)): PTX, cubin, fatbin, object or library as
 * it is, a CUDA C/C++ source compiled by NVRTC for arch ("sm_90"; NULL: sm_90). */
PjStatus pj_kernel_link(PjKernel *kernel, const char *path, const char *arch, char *err, size_t errlen);
/* The CPU executor's side of linking: compiles a kernel's C/C++/CUDA C sources together for the
 * host (CUDA's qualifiers defined away; once per set of texts, in the cache folder) and loads
 * them privately; *library is the handle for PjCompileOptions.host_libraries (each kernel sees
 * only its own sources' functions, so two kernels' sources may define the same name, as two GPU
 * links may). */
PjStatus pj_host_link(const char *const *paths, int n, void **library, char *err, size_t errlen);
const char *pj_kernel_name(const PjKernel *kernel);
PjTarget pj_kernel_target(const PjKernel *kernel);
/* The text kept for one PjEmit bit, or NULL (the PTX of a CUDA kernel is always kept). */
const char *pj_kernel_text(const PjKernel *kernel, PjEmit what);
const char *pj_kernel_entry(const PjKernel *kernel);          /* CUDA: the PTX .entry name */
uint64_t pj_kernel_static_shared(const PjKernel *kernel);     /* bytes of static shared memory */
int pj_kernel_debug(const PjKernel *kernel);                  /* compiled with index checks */
/* A device function compiled alone: 1 and its result type in *dtype when it returns a value;
 * 0 when it returns nothing (and for kernels). */
int pj_kernel_result(const PjKernel *kernel, PjDtype *dtype);
/* 1 when the kernel synchronises its whole grid (cuda.cg.this_grid().sync()): it is launched
 * cooperatively, all its blocks at once (pj_loaded_max_cooperative_blocks). */
int pj_kernel_grid_sync(const PjKernel *kernel);
/* A CUDA kernel from the PTX of an earlier compile (a host's on-disk cache of compiled kernels):
 * what pj_kernel_entry, _static_shared and _debug said of it, for the same argument types. */
PjKernel *pj_kernel_from_ptx(const char *name, const char *entry, const char *ptx, const PjArgType *args, int nargs,
                             int debug, uint64_t static_shared, const char *file);

/* A CPU kernel compiled with PJ_EMIT_OBJECT: its object code (NULL, *len 0, otherwise), whether
 * it has an error record (debug checks that can fail), and its launch_bounds' most threads per
 * block (0: none). */
const void *pj_kernel_object(const PjKernel *kernel, size_t *len);
/* What the CPU executor's native code is made for: "triple cpu features" (LLVM's names for the
 * host): a cache of that code keys its entries with it. */
const char *pj_host_target(void);
int pj_kernel_has_error_record(const PjKernel *kernel);
uint32_t pj_kernel_max_threads(const PjKernel *kernel);
/* A CPU kernel run from the object code of an earlier compile, with what that compile said of it,
 * for the same argument types. NULL (a message in err) when the object cannot be loaded. */
typedef struct PjKernelImage {
  const char *name, *entry;    /* pj_kernel_name, pj_kernel_entry */
  const void *object;
  size_t len;
  int debug, error_record, grid_sync;
  uint64_t static_shared;
  uint32_t max_threads;
  const char *file;
} PjKernelImage;
PjKernel *pj_kernel_from_object(const PjKernelImage *image, const PjArgType *args, int nargs, char *err,
                                size_t errlen);

/* The on-disk cache (~/.cache/pyjitc, $PYJITC_CACHE_DIR; PYJITC_CACHE=0 turns it off): entries
 * named by a hash of their key, checksummed, written atomically. NULL/0 when absent. */
int pj_cache_get(const char *kind, const void *key, size_t key_len, void **data, size_t *len);
void pj_cache_put(const char *kind, const void *key, size_t key_len, const void *data, size_t len);
const PjCompileTimes *pj_kernel_times(const PjKernel *kernel);

/* ---- values: kernel arguments on the host ------------------------------------------------ */

typedef struct PjValue {
  PjDtype dtype;
  int ndim;                     /* 0: a scalar */
  int64_t shape[PJ_MAX_DIMS];
  void *data;                   /* arrays: the elements, owned by the value */
  int64_t strides[PJ_MAX_DIMS]; /* arrays: bytes between neighbours on each axis; all 0: C-contiguous */
  union { int64_t i; uint64_t u; double f; } scalar; /* scalars: by dtype kind (complex: .f, the real part) */
  double imag;                  /* complex scalars: the imaginary part */
  int strides_set;              /* arrays: 1 when strides are as given even if all are 0 (a broadcast view) */
} PjValue;

int64_t pj_value_count(const PjValue *value);   /* number of elements (1 for a scalar) */
/* 1 when every integer scalar lies in the int32 range and every array's extents and size are
 * below 2**31: what PjCompileOptions.narrow promises of a launch's arguments. */
int pj_values_fit_int32(const PjValue *values, int n);
/* 1 when the launch's threads along each axis, grid[d] * block[d], are fewer than 2**31: what
 * PjCompileOptions.narrow promises of its configuration (PjLaunchConfig's grid and block). */
int pj_grid_fits_int32(const uint32_t grid[3], const uint32_t block[3]);
/* 'C', 'F' or 'A' (numba's layouts) of an array value, from its strides. */
char pj_value_layout(const PjValue *value);
/* The strides in bytes of each axis, written out (C's when the value has none). */
void pj_value_strides(const PjValue *value, int64_t *out);
size_t pj_value_nbytes(const PjValue *value);
/* The command line's argument syntax, documented in docs/arguments.md:
 *   2.0  3  True  float32(2.0)  uint8(7)          scalars (Python types, or a dtype)
 *   zeros(N,dtype) ones((R,C),dtype) arange(N,dtype) rand(N,dtype[,seed]) full(N,value,dtype)
 *   path/to/file.npy                                 a NumPy file */
PjStatus pj_value_parse(const char *spec, PjValue *out, char *err, size_t errlen);
PjStatus pj_value_load_npy(const char *path, PjValue *out, char *err, size_t errlen);
PjStatus pj_value_save_npy(const char *path, const PjValue *value, char *err, size_t errlen);
/* Convert a scalar to `to` as a C cast would (numba converting an argument to an eager
 * signature's type); an array must already have that dtype. */
PjStatus pj_value_cast(PjValue *value, PjDtype to, char *err, size_t errlen);
void pj_value_free(PjValue *value);
/* A one-line summary: shape, dtype, min, max, mean, first elements. Caller frees. */
char *pj_value_summary(const PjValue *value);

/* ---- running ----------------------------------------------------------------------------- */

typedef struct PjDevice PjDevice;

/* AUTO: the GPU when a CUDA driver and device are present, else the CPU executor. */
PjStatus pj_device_open(PjTarget target, int ordinal, PjDevice **out, char *err, size_t errlen);
void pj_device_close(PjDevice *device);
/* How many devices of a target pj_device_open may open: CUDA, the GPUs the driver finds
 * (PJ_ERROR_NO_DEVICE without a driver); the CPU executor, 1, or PYJITC_CPU_DEVICES (devices
 * sharing the host's memory, each with its own threads: several devices where there is no GPU). */
PjStatus pj_device_count(PjTarget target, int *count, char *err, size_t errlen);
PjTarget pj_device_target(const PjDevice *device);
const char *pj_device_name(const PjDevice *device);  /* "NVIDIA H100 80GB HBM3 (sm_90)", "CPU (16 threads)" */
const char *pj_device_arch(const PjDevice *device);  /* "sm_90"; NULL for the CPU */
int pj_device_ordinal(const PjDevice *device);       /* the device's ordinal */
/* numba's device attributes by name ("MULTIPROCESSOR_COUNT", "WARP_SIZE", ...: CUdevice_attribute
 * without its prefix): the driver's answer on a GPU; on the CPU executor its launch limits (those
 * of an sm_90 GPU) and fixed answers, PJ_ERROR_ARGUMENT where it has none (a clock rate) or the
 * name is not one pyjitc knows. pj_device_attribute_name(i) lists the names (NULL past the last). */
PjStatus pj_device_attribute(PjDevice *device, const char *name, int64_t *value, char *err, size_t errlen);
const char *pj_device_attribute_name(int i);
/* Several GPUs in one process. The current GPU of a thread is the one whose CUDA context is
 * current there (numba's, CuPy's and the CUDA runtime's rule): pj_device_current gives its
 * ordinal, -1 when the thread has none (AUTO: the target pj_device_open would choose);
 * pj_device_make_current makes a GPU's primary context current on the calling thread (NULL:
 * none). The CPU executor's devices (PYJITC_CPU_DEVICES) have no contexts: the device a thread
 * made current is kept for that thread. Each PjDevice works in its own context whichever is
 * current. */
PjStatus pj_device_current(PjTarget target, int *ordinal, char *err, size_t errlen);
PjStatus pj_device_make_current(PjTarget target, PjDevice *device, char *err, size_t errlen);
/* Whether the device's kernels and copies reach the peer's memory directly (NVLink, PCIe peer to
 * peer; always between the CPU executor's devices). */
PjStatus pj_device_can_access_peer(PjDevice *device, PjDevice *peer, int *can, char *err, size_t errlen);

/* Starting a GPU ahead of its first use. Making a CUDA context takes a fifth of a second or more
 * (dlopen of libcuda, cuInit, the primary context). pj_device_warm starts opening GPU `ordinal`
 * (target AUTO or CUDA) on a thread of its own and returns at once, so that the caller goes on
 * (importing, compiling) meanwhile; the thread never calls back into the caller. The first
 * pj_device_open of that GPU waits for it (on a condition variable) and takes its device: the
 * same device, or the same status and message, as an open without the warm-up; nothing is made
 * twice. Target CPU, or AUTO under PYJITC_TARGET=cpu: nothing to do (PJ_OK). Once per process: a
 * later call does nothing. A first open of another GPU releases the warm-up's (its context is not
 * kept). PJ_ERROR_ARGUMENT for a negative ordinal, an unknown target or a bad PYJITC_TARGET;
 * PJ_ERROR_INTERNAL when no thread can be made.
 * Fork: a fork while the warm-up runs waits for it first (pthread_atfork; 10 s at most), so that
 * the child inherits a whole state: where the warm-up found no driver the child runs as any
 * process; where it started the driver the child cannot use CUDA (the driver's rule), and its
 * opens of a GPU fail with "CUDA initialized before forking". */
PjStatus pj_device_warm(PjTarget target, int ordinal, char *err, size_t errlen);
/* Waits until a warm-up begun in this process has ended (at once when none runs), for at most
 * `seconds` (0: no limit): a process waits so before it exits (the library does at exit too, 10 s
 * at most), so that the driver is never unloaded under the thread. 1 when a warm-up started the
 * CUDA driver, in this process or in the one it was forked from (a child that cannot use CUDA),
 * else 0 (also when the time ran out first). */
int pj_device_warm_wait(double seconds);
/* What pj_device_open(target, ordinal) will open, known before the GPU's context is: 1 with
 * *resolved CUDA and the GPU's arch ("sm_90") in arch once the warm-up of that GPU has read it
 * (waiting for that part only: libcuda, cuInit and the GPU's attributes), or CPU where the open
 * will be the CPU executor's (target CPU, PYJITC_TARGET=cpu, or AUTO where the warm-up found no
 * driver or no GPU); so a caller compiles while the context is being made. 0 when it is not
 * known so (no warm-up of that GPU, or one that met an error): open the device, which reports
 * any error. The open may still fail after a 1 (making the context), with its own error. */
int pj_device_probe(PjTarget target, int ordinal, PjTarget *resolved, char *arch, size_t archlen);
/* The milestones of the process's start, for seeing where its time goes without a profiler:
 * event i (0, 1, ...) has its name in *name (NULL past the last: "warm-up began", "libcuda
 * loaded", "cuInit done", ..., "first kernel launched", "first result copied to the host") and
 * the time it was first reached, in seconds of CLOCK_MONOTONIC (Python's time.monotonic() and
 * time.perf_counter() on Linux), 0 when not reached. */
double pj_start_time(int event, const char **name);

typedef struct PjLaunchConfig {
  uint32_t grid[3], block[3];
  uint32_t shared_bytes;
  int repeat;        /* kernel runs to time; the median is reported. 0 or 1: one run */
  int args_checked;  /* pj_launch_async: the caller matched the arguments to the kernel's signature */
} PjLaunchConfig;

typedef struct PjLaunchTimes {
  double load_ms;        /* module load (driver JIT of the PTX) */
  double transfer_in_ms, transfer_out_ms;
  double kernel_ms;      /* median over the runs (CUDA events on the GPU) */
  double kernel_min_ms, kernel_max_ms;
  int runs;
} PjLaunchTimes;

/* Copy the values to the device, launch (config->repeat times), copy arrays back into the
 * values. Checks the configuration against the device's limits before launching. */
PjStatus pj_launch(PjDevice *device, PjKernel *kernel, const PjLaunchConfig *config,
                   PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen);

/* ---- memory, streams, events and launches without copies (the Python extension) ----------
 * Addresses are the device's: device memory on a GPU, host memory on the CPU executor (where
 * copies are memcpy, streams and events run in order on the host, and launches return when the
 * kernel is done). A NULL stream is the default stream, with which copies are synchronous. */

typedef struct PjStream PjStream;
typedef struct PjEvent PjEvent;
typedef enum PjCopy { PJ_COPY_HOST_TO_DEVICE, PJ_COPY_DEVICE_TO_HOST, PJ_COPY_DEVICE_TO_DEVICE } PjCopy;

PjStatus pj_mem_alloc(PjDevice *device, size_t bytes, uint64_t *address, char *err, size_t errlen);
void pj_mem_free(PjDevice *device, uint64_t address);
/* Host addresses are given as integers too (uintptr_t). */
PjStatus pj_mem_copy(PjDevice *device, PjCopy direction, uint64_t dst, uint64_t src, size_t bytes, PjStream *stream,
                     char *err, size_t errlen);
PjStatus pj_mem_set(PjDevice *device, uint64_t dst, int value, size_t bytes, PjStream *stream, char *err,
                    size_t errlen);
/* A copy from one GPU's memory to another's: straight across where the GPUs are peers, staged by
 * the driver otherwise; the stream (NULL: synchronous) is either GPU's. A stream of another
 * device than the one a copy, fill, event or launch is on is PJ_ERROR_ARGUMENT. */
PjStatus pj_mem_copy_peer(PjDevice *dst_device, uint64_t dst, PjDevice *src_device, uint64_t src, size_t bytes,
                          PjStream *stream, char *err, size_t errlen);
/* The ordinal of the GPU whose device memory holds `address`; -1 for host or managed memory,
 * memory the driver does not know, and the CPU executor. */
int pj_mem_device(PjTarget target, uint64_t address);
PjStatus pj_device_synchronize(PjDevice *device, char *err, size_t errlen);
/* Bytes of device memory free and in all (cuMemGetInfo; on the CPU executor the host's available
 * and total memory): numba's context.get_memory_info(). */
PjStatus pj_device_memory_info(PjDevice *device, size_t *free, size_t *total, char *err, size_t errlen);
/* Page-locked host memory (plain host memory on the CPU executor); *device_address is where
 * kernels see it (mapped into the GPU's address space). */
PjStatus pj_host_alloc(PjDevice *device, size_t bytes, void **host, uint64_t *device_address, char *err, size_t errlen);
void pj_host_free(PjDevice *device, void *host);

/* Device memory shared between processes (CUDA IPC; PJ_ERROR_ARGUMENT on the CPU executor):
 * pj_ipc_get_handle gives the 64-byte handle of the allocation holding `address`, with that
 * allocation's base address and size; another process opens the handle to map the allocation
 * (at *address, its base) and closes it when done. */
enum { PJ_IPC_HANDLE_BYTES = 64 };
PjStatus pj_ipc_get_handle(PjDevice *device, uint64_t address, uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *base,
                           size_t *size, char *err, size_t errlen);
PjStatus pj_ipc_open(PjDevice *device, const uint8_t handle[PJ_IPC_HANDLE_BYTES], uint64_t *address, char *err,
                     size_t errlen);
PjStatus pj_ipc_close(PjDevice *device, uint64_t address, char *err, size_t errlen);

/* Where work given no stream (NULL) goes on a GPU: the legacy default stream (0, the default), or
 * the calling thread's own default stream (1: CU_STREAM_PER_THREAD, numba's and CUDA Python's
 * per-thread default stream setting). Copies and fills given no stream stay synchronous. */
void pj_default_stream_per_thread(int on);
PjStatus pj_stream_new(PjDevice *device, PjStream **out, char *err, size_t errlen);
void pj_stream_delete(PjStream *stream);
PjDevice *pj_stream_device(const PjStream *stream);
/* A stream made by other code (a CUstream given as an integer: numba's external_stream), used
 * as it is and never destroyed by pyjitc. On the CPU executor, whose work is done in order when
 * it is queued, the handle only names the stream. */
PjStatus pj_stream_wrap(PjDevice *device, uint64_t handle, PjStream **out, char *err, size_t errlen);
/* The CUstream as an integer; on the CPU executor a number that names the stream (never 0: the
 * CUDA Array Interface's "stream" and external streams carry it); NULL: the default stream's. */
uint64_t pj_stream_get_handle(const PjStream *stream);
PjStatus pj_stream_synchronize(PjStream *stream, char *err, size_t errlen);
/* timing 0: the event records no time (CU_EVENT_DISABLE_TIMING: cheaper to record and to wait
 * on), and pj_event_elapsed_ms refuses it. */
PjStatus pj_event_new(PjDevice *device, int timing, PjEvent **out, char *err, size_t errlen);
void pj_event_delete(PjEvent *event);
PjDevice *pj_event_device(const PjEvent *event);
PjStatus pj_event_record(PjEvent *event, PjStream *stream, char *err, size_t errlen);
PjStatus pj_event_synchronize(PjEvent *event, char *err, size_t errlen);
/* *done: 1 when the work queued before the event's last record is complete (or it was never
 * recorded), 0 when not yet. */
PjStatus pj_event_query(PjEvent *event, int *done, char *err, size_t errlen);
/* The work queued on `stream` (NULL: the default stream) from now on waits for the event. */
PjStatus pj_event_wait(PjEvent *event, PjStream *stream, char *err, size_t errlen);
/* Milliseconds from start to end, both recorded and complete. An event made with timing 0 or
 * never recorded is the driver's CUDA_ERROR_INVALID_HANDLE (PJ_ERROR_DEVICE), on both targets. */
PjStatus pj_event_elapsed_ms(PjEvent *start, PjEvent *end, double *ms, char *err, size_t errlen);
/* The CUDA profiler's collection on (start 1: cuProfilerStart) or off (cuProfilerStop) for the
 * device's context, as numba's cuda.profile_start / profile_stop; nothing on the CPU executor. */
PjStatus pj_device_profile(PjDevice *device, int start, char *err, size_t errlen);

/* A compiled kernel made ready on a device (on a GPU: its module loaded); the kernel must
 * outlive it. */
typedef struct PjLoaded PjLoaded;
PjStatus pj_kernel_load(PjDevice *device, const PjKernel *kernel, PjLoaded **out, char *err, size_t errlen);
void pj_loaded_delete(PjLoaded *loaded);
/* Launch with the arguments where they are: each array's data is a device address. Checks the
 * arguments against the kernel's signature and the configuration against the device. A kernel
 * with debug checks is waited for, and what it caught is the error. */
PjStatus pj_launch_async(PjLoaded *loaded, const PjLaunchConfig *config, PjStream *stream, const PjValue *args,
                         int nargs, char *err, size_t errlen);
/* A GPU launch made once and repeated (a loop of launches with the same arguments): the plan is
 * checked as pj_launch_async checks a launch and holds its packed parameters, so that running it
 * again costs the driver's call and little more. pj_launch_plan_new gives *out NULL (and PJ_OK)
 * on the CPU executor, which has no use for one. pj_launch_plan_run launches the plan when the
 * calling thread's current context is the plan's device's and returns 1 with the launch's status
 * in *st (its error in err); otherwise (another context current, none, a lost device) it launches
 * nothing and returns 0, and the caller launches the ordinary way. loaded and stream must outlive
 * the plan. */
typedef struct PjLaunchPlan PjLaunchPlan;
PjStatus pj_launch_plan_new(PjLoaded *loaded, const PjLaunchConfig *config, PjStream *stream, const PjValue *args,
                            int nargs, PjLaunchPlan **out, char *err, size_t errlen);
int pj_launch_plan_run(PjLaunchPlan *plan, PjStatus *st, char *err, size_t errlen);
/* A scalar argument of the plan given another value, already of its parameter's dtype (the
 * value pj_launch_plan_new was given for it had that dtype and was a scalar too). */
void pj_launch_plan_set_scalar(PjLaunchPlan *plan, int arg, const PjValue *value);
void pj_launch_plan_delete(PjLaunchPlan *plan);
/* The most blocks of `threads_per_block` threads, with `shared_bytes` of dynamic shared memory
 * each, that can run at once (numba's max_cooperative_grid_blocks): on a GPU, how many the
 * kernel's registers and shared memory let one multiprocessor hold, times the multiprocessors;
 * on the CPU executor, each of its threads stands for a multiprocessor that holds up to 2048
 * threads in up to 32 blocks (an sm_90 one's limits). A launch of a kernel with a grid barrier
 * (pj_kernel_grid_sync) of more blocks fails (PJ_ERROR_DEVICE, as CUDA's
 * CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) with a message that gives this number.
 * PJ_ERROR_ARGUMENT for 0 threads or more than a block may have. */
/* A loaded kernel's resources: registers per thread, constant bytes, static shared bytes per
 * block, the most threads per block, local bytes per thread; -1 where the device has none (the
 * CPU executor: registers, constant and local memory). */
void pj_loaded_attributes(PjLoaded *loaded, int64_t out[5]);
PjStatus pj_loaded_max_cooperative_blocks(PjLoaded *loaded, uint32_t threads_per_block, uint32_t shared_bytes,
                                          uint32_t *blocks, char *err, size_t errlen);

/* Interrupts the CPU executor's launches in progress (in any thread), as Ctrl-C would: their
 * kernels stop at their next loop back edge or barrier wait, no further block starts, and each
 * such launch returns PJ_ERROR_DEVICE with a message that says "interrupted". Does nothing while
 * no CPU launch is in progress; the last interrupted launch to return clears it. Safe to call
 * from a signal handler (it stores one atomic word). A GPU kernel cannot be stopped this way. */
void pj_cpu_interrupt(void);
/* A span in which pj_cpu_interrupt() counts even before a launch starts: a launch made inside it
 * after an interrupt returns "interrupted" at once. A caller that watches for Ctrl-C opens one
 * before it last checks for the signal and closes it after the launch, so that no signal falls
 * between the check and the launch unseen. Spans nest and may overlap across threads; the last
 * to close clears the interrupt. */
void pj_cpu_interruptible_begin(void);
void pj_cpu_interruptible_end(void);

/* Where CUDA's libdevice.10.bc (the GPU's math functions) is, looked for in this order: `given`
 * (--libdevice); the environment variable PYJITC_LIBDEVICE; an NVIDIA wheel in a Python site
 * directory (nvidia-nvvm 13's nvidia/cu13/nvvm/libdevice, then nvidia-cuda-nvcc-cu12's
 * nvidia/cuda_nvcc/nvvm/libdevice), the directories being those of `site_dirs` (':'-separated, such
 * as sys.path; NULL for none), of the environment variable PYJITC_SITE_DIRS (the pyjitc command of
 * an installed wheel sets it), and the one that holds this library; CUDA_HOME's nvvm/libdevice;
 * then /usr/local/cuda's and Debian's. Writes the path into buf (given and PYJITC_LIBDEVICE are
 * taken as they are; the others only where the file is) and says which rule found it. */
typedef enum PjLibdeviceFrom {
  PJ_LIBDEVICE_NONE = 0, PJ_LIBDEVICE_GIVEN, PJ_LIBDEVICE_ENV, PJ_LIBDEVICE_WHEEL, PJ_LIBDEVICE_CUDA_HOME,
  PJ_LIBDEVICE_SYSTEM
} PjLibdeviceFrom;
PjLibdeviceFrom pj_libdevice_find(const char *given, const char *site_dirs, char *buf, size_t len);
/* "PYJITC_LIBDEVICE", "an NVIDIA wheel", ...: the words for a PjLibdeviceFrom */
const char *pj_libdevice_from_name(PjLibdeviceFrom from);

/* The functions of cuda.libdevice (numba.cuda.libdevice): function i's name, libdevice's without
 * "__nv_" ("sincos"), its result type ("float64"; "void") and its parameters in order ("float64 x,
 * float64* sptr, float64* cptr": numba's type names; a '*' marks a pointer libdevice writes a value
 * through, which a call returns after the result). 0 past the last function. */
int pj_libdevice_function(size_t i, const char **name, const char **result, const char **params);

/* The whole of the file at path, with a 0 after its len bytes; "-" is the standard input. Read in
 * chunks to its end, so a pipe, a FIFO, a process substitution or /dev/stdin reads whole too. NULL
 * with "cannot read 'PATH': REASON" in err (the system's reason: "Is a directory", "No such file or
 * directory"; '<stdin>' for "-") when it cannot be read or is longer than max bytes (0: no limit).
 * Caller frees. */
char *pj_file_read(const char *path, size_t max, size_t *len, char *err, size_t errlen);

/* Whether arch names a GPU architecture the compiler's NVPTX back end knows: "sm_XX", "sm_90a", or
 * "compute_XX" of the same. 0 with the reason in err: an unknown name (the known ones listed), or
 * one newer than the back end knows. (pj_kernel_compile itself takes a newer device's "sm_XX" and
 * makes PTX for the newest architecture it knows, which the driver compiles for the device.) */
int pj_arch_check(const char *arch, char *err, size_t errlen);

/* "pyjitc 0.1.0 (LLVM 19.1.7)" */
const char *pj_version_string(void);
/* What tells this build of the library from any other: its ELF build id (a hash of the linked
 * library, 40 hex digits), or "" where none is found. Keys of cached compiler output hold it, so
 * a rebuilt or upgraded pyjitc of the same version never serves an older build's output. */
const char *pj_build_id(void);
double pj_now_ms(void);

#ifdef __cplusplus
}
#endif
#endif
