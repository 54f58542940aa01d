/* Internal to backend/: the code generator's state and its per-target hooks. */
#ifndef PJ_BACKEND_CODEGEN_H
#define PJ_BACKEND_CODEGEN_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "backend/backend.h"
#include "stdlib/builtins.h"

typedef struct PjCg PjCg;

/* The CPU thread loop's guard (guard.c): the if statement, and whether it returns early; or the
 * grid-stride for loop that ends the kernel (stride), whose iterations the row interleaves. */
typedef struct PjGuard {
  const PjStmt *stmt;
  bool early_return, stride;
  bool stride_nonneg; /* stride: its start is never negative and its step is positive */
  /* a grid-stride while loop: its index (a name), the bound it stays below and its step */
  const PjExpr *stride_var, *stride_stop, *stride_step;
} PjGuard;

typedef struct PjCgHooks {
  /* tid / ctaid / ntid / nctaid of dimension d, as uint32 (i32) */
  LLVMValueRef (*sreg)(PjCg *g, PjLowering which, int d);
  /* a math library call: `dev` names libdevice's function, `host` libm's */
  LLVMValueRef (*math)(PjCg *g, const char *dev, const char *host, PjDtype d, LLVMValueRef *args, unsigned n);
  /* storage for cuda.shared.array / cuda.local.array at `site`: a generic pointer to count elements;
   * count 0 for shared: the dynamic shared memory of the launch */
  LLVMValueRef (*new_array)(PjCg *g, const PjExpr *site, bool shared, LLVMTypeRef elem, uint64_t count);
  /* the launch's dynamic shared memory in bytes (i64) */
  LLVMValueRef (*dynamic_shared_bytes)(PjCg *g);
  /* cuda.syncthreads() and the fences (`intrinsic`: the NVPTX one) */
  void (*barrier)(PjCg *g, const PjExpr *site);
  void (*fence)(PjCg *g, const char *intrinsic);
  /* warp facts: 0 laneid, 2 lanemask_lt, 3 activemask (uint32) */
  LLVMValueRef (*lane)(PjCg *g, int which);
  void (*nanosleep)(PjCg *g, LLVMValueRef ns);
  /* warp shuffles and votes, syncthreads_count/and/or (PJ_LOWER_COLLECTIVE) */
  LLVMValueRef (*collective)(PjCg *g, const PjExpr *e);
  /* printf(fmt, args...) with C's promotions done (doubles, 64-bit integers, pointers) */
  void (*print)(PjCg *g, LLVMValueRef fmt, LLVMValueRef *args, unsigned n);
} PjCgHooks;

/* Storage made once per call site of cuda.shared.array / cuda.local.array. */
typedef struct PjCgSite {
  const PjExpr *site;
  LLVMValueRef storage;
} PjCgSite;

struct PjCg {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b, alloca_b;
  LLVMValueRef fn;
  const PjFunc *f;
  const PjCgHooks *hooks;
  LLVMValueRef *slots;              /* one alloca per variable */
  LLVMBasicBlockRef ret, loop_continue, loop_exit;
  /* CPU: where the block's geometry and the thread index come from */
  LLVMValueRef cpu_grid, cpu_tid[3];
  /* CPU block mode (kernels with barriers or shared memory): the block's thread count and the
   * linear index of the thread whose code is being emitted */
  bool block_mode;
  LLVMValueRef nthreads, linear_tid;
  PjCgSite sites[64];
  int nsites;
  const PjExpr *shared_sites[64]; /* static shared arrays counted in static_shared */
  int nshared_sites;
  uint64_t static_shared;         /* bytes of static shared memory per block */
  const PjExpr *local_sites[64];  /* local arrays counted in local_bytes */
  int nlocal_sites;
  uint64_t local_bytes;           /* bytes of local arrays per thread, every site of the kernel and its device functions */
  bool unroll;                    /* LLVM's unrollers may run (unroll.c: not on a nest that would explode) */
  bool noalias;                   /* the kernel's arrays do not overlap (PjBackendOptions) */
  bool narrow;                    /* integer arguments and array extents fit in int32 (PjBackendOptions) */
  bool *narrow_vars;              /* GPU: variables of g->f kept in 32 bits (narrow.c) */
  struct PjVarDefs *narrow_defs;  /* how each variable of g->f is assigned (narrow.c) */
  bool *narrow_params;            /* GPU: parameters of g->f known to fit in int32, arrays known small (narrow.c) */
  bool **spec_params;             /* GPU: per specialisation, the parameters every call passes such a value
                                   * (pj_cg_narrow_specs), or NULL */
  bool *spec_rets;                /* GPU: per specialisation, its int64 result fits in int32: returned as an i32
                                   * (pj_cg_narrow_specs), or NULL */
  int top_stmt;                   /* the statement of g->f's body being emitted, or one of its parts */
  struct PjWalks *walks;          /* the bounded while loops of g->f (walks.c), made when first asked */
  const PjFile *file;
  PjDiags *diags;   /* a kernel the CPU executor cannot run is reported here */
  bool failed;
  /* device functions: one LLVM function per specialisation (by PjSpec id) */
  PjSpec **specs;
  int nspecs;
  LLVMValueRef *spec_fns;
  LLVMTypeRef *spec_types;
  bool host;             /* the CPU target: device functions take the thread's geometry too */
  bool in_device;        /* emitting a device function's body */
  LLVMValueRef ret_slot; /* where `return value` puts the value */
  bool debug;            /* debug=True: raise statements and divisions checked too, nothing kept apart */
  bool checks;           /* check indices, recording failures in error_record: debug=True, and always on
                          * the CPU executor, where an index out of bounds would be the user's process */
  bool fastmath;
  int sm;                /* CUDA: the compute capability targeted, as 90 for sm_90 (0 on the host) */
  bool no_contract;      /* opt_level 0: no fused multiply-adds */
  LLVMDIBuilderRef dib;  /* lineinfo and debug: debug information; scope is the function being emitted */
  LLVMMetadataRef di_file, di_scope;
  struct PjDi *di;       /* debuginfo.c's state */
  LLVMValueRef error_record;
  bool grid_sync;         /* a grid barrier (g.sync()) was emitted, or this_grid() taken: the launch is cooperative */
  /* CPU thread loops: the body's guard (guard.c) and the body's parameters for it: probe (i1:
   * evaluate up to the guard and return whether the thread passes it) and all_pass (i1: every
   * thread of this row passes it, so the branch is not needed) */
  PjGuard guard;
  LLVMValueRef guard_probe, guard_all_pass;
  LLVMValueRef stride_k; /* a grid-stride guard: which iteration of its loop the thread runs (i64) */
  const PjExpr *aug_node; /* a[i] op= v: the load of a[i] inside the value, and its address */
  LLVMValueRef aug_ptr;
};

LLVMTypeRef pj_cg_dtype(PjCg *g, PjDtype d);
LLVMTypeRef pj_cg_type(PjCg *g, const PjType *t);
LLVMValueRef pj_cg_convert(PjCg *g, LLVMValueRef v, const PjType *from, const PjType *to);
LLVMValueRef pj_cg_call_intrinsic(PjCg *g, const char *name, LLVMTypeRef *overloads, size_t noverloads,
                                  LLVMValueRef *args, unsigned nargs);
LLVMValueRef pj_cg_call_extern(PjCg *g, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned nargs);
LLVMValueRef pj_cg_expr(PjCg *g, const PjExpr *e);
/* print(...): one printf line (backend/print.c) */
void pj_cg_print(PjCg *g, const PjExpr *e);
/* backend/debuginfo.c: debug information (lineinfo: line tables; debug=True: full DWARF). */
/* The compile unit of `file`; full: types and variables too; optimized: opt_level > 0. */
void pj_di_begin(PjCg *g, const PjFile *file, bool full, bool optimized);
void pj_di_end(PjCg *g); /* finalized, and the builder freed */
/* A subprogram for fn (the function being emitted) named after the source function f, its
 * scope the one statements' locations get. */
void pj_cg_debug_function(PjCg *g, LLVMValueRef fn, const PjFunc *f);
void pj_di_at(PjCg *g, PjLoc loc); /* the location of what g->b emits next, in the current scope */
/* debug=True: g->f's variables declared in their slots, just allocated (pj_cg_alloc_slots). */
void pj_di_variables(PjCg *g);
/* How a value of type t is described, or NULL for one with no data. */
LLVMMetadataRef pj_di_type(PjCg *g, const PjType *t);
LLVMValueRef pj_cg_truth(PjCg *g, LLVMValueRef v, const PjType *t);
void pj_cg_stmt(PjCg *g, const PjStmt *s);
/* The statements of g->f's body, in order, each marked as the one running (g->top_stmt). */
void pj_cg_function_body(PjCg *g);
void pj_cg_store_var(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt);
void pj_cg_alloc_slots(PjCg *g); /* g->slots: one zeroed alloca per variable of g->f */
LLVMTypeRef pj_cg_mem_dtype(PjCg *g, PjDtype d);
void pj_cg_fail(PjCg *g, PjLoc loc, const char *msg);
void pj_host_stack_check(PjCg *g, PjLoc loc); /* target.c: a recursive device function's entry on the CPU */
/* Records a PJ_KERNEL_ERROR_ kind (ir/abi.h) at loc for the current thread, then branches to g->ret. */
void pj_cg_record_error(PjCg *g, PjLoc loc, int flag, int axis, LLVMValueRef index, LLVMValueRef extent);
/* A raise (numba's error model): recorded under debug=True, else the thread leaves through g->ret. */
void pj_cg_raise(PjCg *g, PjLoc loc, int flag, LLVMValueRef index, LLVMValueRef extent);
/* debug: branches to g->ret when the kernel's error record holds a failure. */
void pj_cg_stop_if_failed(PjCg *g);
/* debug: whether the kernel's error record holds a failure now (a volatile read; i1). */
LLVMValueRef pj_cg_failed_now(PjCg *g);
static inline LLVMTypeRef pj_cg_i64(PjCg *g) { return LLVMInt64TypeInContext(g->ctx); }
static inline LLVMTypeRef pj_cg_ptr(PjCg *g) { return LLVMPointerTypeInContext(g->ctx, 0); }
LLVMBasicBlockRef pj_cg_block_new(PjCg *g, const char *name);
/* A branch to `to` unless the current block already ends (a return, break or raise). */
void pj_cg_br(PjCg *g, LLVMBasicBlockRef to);
/* The statements of a block, in order. */
void pj_cg_block(PjCg *g, const PjBlock *b);
/* The CPU thread loop's guard (guard.c) on condition c of g->guard.stmt: the condition the branch takes. */
LLVMValueRef pj_cg_guard(PjCg *g, LLVMValueRef c);
/* CPU: polls the executor's interrupt word (PjCpuGrid.interrupt) at the insertion point and
 * calls PjCpuGrid.interrupted (it does not return) when it is set; nothing on the GPU. */
void pj_cg_poll_interrupt(PjCg *g);
LLVMValueRef pj_cg_convert_scalar(PjCg *g, LLVMValueRef v, PjDtype from, PjDtype to);

/* backend/arrays.c: arrays, views and slices */
LLVMValueRef pj_cg_array_dim(PjCg *g, LLVMValueRef arr, int k);                        /* extent k (i64) */
LLVMValueRef pj_cg_array_stride(PjCg *g, LLVMValueRef arr, const PjType *t, int k);   /* bytes */
LLVMValueRef pj_cg_array_as_view(PjCg *g, LLVMValueRef arr, const PjType *from, const PjType *to);
LLVMValueRef pj_cg_index_value(PjCg *g, LLVMValueRef v, const PjType *t, LLVMValueRef extent);
void pj_cg_check_index(PjCg *g, PjLoc loc, int k, LLVMValueRef i, LLVMValueRef extent);
/* the address of arr[index...]; a NULL index means element 0 */
LLVMValueRef pj_cg_element_addr(PjCg *g, const PjExpr *base, const PjExpr *ix, PjLoc loc);
LLVMValueRef pj_cg_element_ptr(PjCg *g, const PjExpr *sub);
LLVMValueRef pj_cg_load_element(PjCg *g, const PjExpr *sub);
void pj_cg_store_element(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt);
LLVMValueRef pj_cg_subscript(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_reduce(PjCg *g, const PjExpr *e); /* np.sum(a), a.max(), ...: a PJ_LOWER_REDUCE builtin */
LLVMValueRef pj_cg_elementwise(PjCg *g, const PjExpr *e);

/* codegen.c: complex numbers as {re, im}, the truth of a value, an integer constant of a dtype */
LLVMValueRef pj_re(PjCg *g, LLVMValueRef z);
LLVMValueRef pj_im(PjCg *g, LLVMValueRef z);
LLVMValueRef pj_cx(PjCg *g, PjDtype d, LLVMValueRef re, LLVMValueRef im);
LLVMValueRef pj_complex_binary(PjCg *g, PjBinOp op, LLVMValueRef x, LLVMValueRef y, PjDtype d);
/* operators.c: v (a float + - * or /) with the fast-math flags of g: contraction allowed (as NVVM
 * and nvcc contract), all of them under fastmath, none at opt level 0 */
LLVMValueRef pj_contractable_in(PjCg *g, LLVMValueRef v);
LLVMValueRef pj_complex_pow(PjCg *g, const PjExpr *e, LLVMValueRef x, LLVMValueRef y);
LLVMValueRef pj_truth(PjCg *g, LLVMValueRef v, const PjType *t);
LLVMValueRef pj_cg_const_int(PjCg *g, PjDtype d, int64_t v);

/* backend/operators.c: the expressions of operators; a pair compared in its common type;
 * libdevice-free x ** n for a float and a run-time integer n */
LLVMValueRef pj_cg_binary(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_unary(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_compare(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_boolop(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_ifexp(PjCg *g, const PjExpr *e);
LLVMValueRef pj_compare_pair(PjCg *g, PjCmpOp op, LLVMValueRef a, const PjType *at, LLVMValueRef b, const PjType *bt);
/* `key in arr` of an array of numbers (backend/arrays.c). */
LLVMValueRef pj_cg_array_contains(PjCg *g, LLVMValueRef key, const PjType *kt, LLVMValueRef arr, const PjType *at);
LLVMValueRef pj_float_powi_fn(PjCg *g, PjDtype d);
/* backend/strings.c: fixed-width strings (numba's CharSeq / UnicodeCharSeq; a record with chars,
 * its value the address of its characters) and string literals (a constant of their characters):
 * a literal's address; a store into one of `to`'s (a literal copied and zero-padded, or another of
 * the same dtype); len(); a comparison; s[i] of bytes (IndexError past the end). */
LLVMValueRef pj_cg_string_literal(PjCg *g, const PjExpr *e);
void pj_cg_chars_store(PjCg *g, LLVMValueRef dst, const PjRecord *to, LLVMValueRef src, const PjType *st);
LLVMValueRef pj_cg_chars_len(PjCg *g, LLVMValueRef p, const PjType *t);
LLVMValueRef pj_cg_chars_compare(PjCg *g, PjCmpOp op, LLVMValueRef a, const PjType *at, LLVMValueRef b, const PjType *bt);
LLVMValueRef pj_cg_chars_index(PjCg *g, const PjExpr *e);
/* backend/datetime.c: a BINARY with a datetime64 or timedelta64 operand (a, b: its operands'
 * values), and a comparison of two of them, with numba's units and NaT. */
LLVMValueRef pj_cg_time_binary(PjCg *g, const PjExpr *e, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef pj_cg_time_compare(PjCg *g, PjCmpOp op, LLVMValueRef a, PjDtype ad, LLVMValueRef b, PjDtype bd);
LLVMValueRef pj_cg_array_view_method(PjCg *g, const PjExpr *e, bool view); /* a.reshape(...) / a.view(dtype) */ /* np.sin(x, out): a PJ_LOWER_ELEMENTWISE builtin */
void pj_cg_store_slice(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt);
/* Records (numba's Record): a record value is the address of its bytes. rec.name's value (a
 * number, or a C array over a subarray field), a store into a number field, a whole record's copy. */
LLVMValueRef pj_cg_field_load(PjCg *g, const PjExpr *rec, const char *name);
void pj_cg_field_store(PjCg *g, const PjExpr *rec, const char *name, LLVMValueRef v, const PjType *vt);
void pj_cg_record_copy(PjCg *g, LLVMValueRef dst, LLVMValueRef src, const PjType *rt);
/* The alignment a record's address is known to have: the largest its fields' loads and stores
 * assume (a field's dtype size where its offset and the record's size are multiples of it). */
unsigned pj_record_align(const PjRecord *r);
LLVMValueRef *pj_cg_site(PjCg *g, const PjExpr *site);
/* The flattened kernel parameters, loaded from the executor's pointer array `argv`. */
void pj_cg_mark_extents(PjCg *g, LLVMValueRef fn, const PjArgType *args, int nargs, bool noalias);
void pj_cg_load_params(PjCg *g, LLVMValueRef argv, LLVMTypeRef *types, int n, LLVMValueRef *out);
LLVMValueRef pj_cg_arg_value(PjCg *g, const PjArgType *a, LLVMValueRef *flat, int *p, const PjType *var_t);
LLVMValueRef pj_cg_param_value(PjCg *g, const PjArgType *args, int *leaf, LLVMValueRef *flat, int *p, const PjType *t);
LLVMValueRef pj_cg_range_count(PjCg *g, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step, PjDtype d);
/* backend/loops.c: while loops, for loops over range(), arrays and tuples, grid-stride loops. */
void pj_cg_while(PjCg *g, const PjStmt *s);
void pj_cg_for(PjCg *g, const PjStmt *s);
void pj_cg_for_iteration(PjCg *g, const PjStmt *s);
int pj_cg_param_types(PjCg *g, const PjArgType *args, int nargs, LLVMTypeRef *out);
void pj_cg_body(PjCg *g, const PjArgType *args, int nargs);
/* backend/pointers.c: &p[i] of a pointer; the cache-hinted loads and stores (PJ_LOWER_CACHE_LOAD /
 * CACHE_STORE builtins); cuda.carray / farray (PJ_LOWER_CARRAY). */
LLVMValueRef pj_cg_pointer_addr(PjCg *g, const PjExpr *base, const PjExpr *ix);
LLVMValueRef pj_cg_cache_load(PjCg *g, const PjExpr *e);
void pj_cg_cache_store(PjCg *g, const PjExpr *e);
LLVMValueRef pj_cg_carray(PjCg *g, const PjExpr *e);
/* backend/cmath.c: a cmath function (a PJ_LOWER_CMATH builtin; op: its PjCmathOp). */
LLVMValueRef pj_cg_cmath(PjCg *g, const PjExpr *e, int op);
/* A cuda.bf16 conversion of v (already of the row's source type); dim: PJ_BF16CVT_DIM (backend/bf16conv.c). */
LLVMValueRef pj_cg_bf16cvt(PjCg *g, LLVMValueRef v, int dim);
/* A float64 -> the bits (i32) of a float32 rounded to odd (backend/bf16conv.c). */
LLVMValueRef pj_cg_f64_to_f32_odd(PjCg *g, LLVMValueRef d);
/* A conversion to or from an fp8 dtype (backend/fp8conv.c). */
LLVMValueRef pj_cg_fp8_convert(PjCg *g, LLVMValueRef v, PjDtype from, PjDtype to);
/* A cuda_fp8 conversion intrinsic call e (a PJ_LOWER_FP8CVT row; dim: PJ_FP8CVT_DIM, backend/fp8conv.c). */
LLVMValueRef pj_cg_fp8cvt(PjCg *g, const PjExpr *e, int dim);
/* backend/libdevice.c: link the libdevice functions mod declares, and what they need. */
bool pj_libdevice_link(LLVMContextRef ctx, LLVMModuleRef mod, const char *path, bool fastmath, char *err,
                       size_t errlen);
/* A cuda.libdevice call (a PJ_LOWER_LIBDEVICE builtin; fn: its PjLibdeviceId): __nv_<name> on NVPTX,
 * the host function of its row on the CPU, both with libdevice's signature. */
LLVMValueRef pj_cg_libdevice_call(PjCg *g, const PjExpr *e, int fn);
/* backend/libdevice_host.c: the address of a pj_ld_ function of the CPU executor's libdevice, or NULL. */
void pj_cg_ensure_error_record(PjCg *g);
void *pj_libdevice_host_address(const char *symbol);
const char *pj_libdevice_host_symbol(size_t i, void **addr);
/* narrow.c: which int64 values of g->f provably fit in int32 (GPU only; see the file). */
void pj_cg_narrow_begin(PjCg *g); /* with the slots of g->f */
void pj_cg_narrow_end(PjCg *g);
/* Before the device functions are declared (g->specs set): which parameters of each one every
 * call passes an integer that fits in int32, or an array of fewer than 2**31 elements, and whose
 * int64 results fit (a kernel launched only: the device ABI's callers are unknown).
 * pj_cg_narrow_specs_free when every function is made. */
void pj_cg_narrow_specs(PjCg *g);
void pj_cg_narrow_specs_free(PjCg *g);
/* GPU, narrow.c: an array with fewer than 2**31 elements (see the file) */
bool pj_cg_array_small(PjCg *g, const PjExpr *e);
bool pj_cg_fits_i32(PjCg *g, const PjExpr *e);
/* GPU, narrow.c: the values integer expression e may take, both ends included, when known */
bool pj_cg_int_range(PjCg *g, const PjExpr *e, int64_t *lo, int64_t *hi);
/* schedule.c: loads from global memory moved up to the start of their block (GPU, after -O). */
void pj_hoist_loads(LLVMModuleRef mod);
/* halfops.c: a float comparison; on the GPU a 16-bit one keeps its source predicate for
 * pj_nvptx_half_ops, which (on the optimized module, sm: the compute capability) writes 16-bit
 * float add/sub/mul (arith: not under fastmath or opt_level 0) and abs as CUDA's PTX does. */
LLVMValueRef pj_cg_fcmp(PjCg *g, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b);
void pj_nvptx_half_ops(LLVMModuleRef mod, int sm, bool arith);
/* backend/device.c: device functions. Declare them all before any body refers to them. */
void pj_cg_declare_specs(PjCg *g, PjSpec **specs, int n);
void pj_cg_define_specs(PjCg *g);
LLVMValueRef pj_cg_call_spec(PjCg *g, const PjExpr *e);
/* backend/regions.c: the CPU entry of a kernel with barriers or shared memory. */
bool pj_cg_needs_block_mode(const PjFunc *f);
void pj_cg_block_kernel(PjCg *g, const PjArgType *args, int nargs, LLVMValueRef argv, LLVMValueRef grid);
/* backend/remat.c: block mode's variables recomputed where a thread is bound (var[v]; parameters
 * never assigned: kept once for the block), and the top-level assignments that compute them, in
 * order (defs). */
typedef struct PjRemat {
  bool *var;
  const PjStmt **defs;
  int ndefs;
} PjRemat;
PjRemat *pj_block_remat(const PjFunc *f);
void pj_block_remat_free(PjRemat *r);
/* backend/remat.c: whether e has no effect and is built of nothing but constants, the variables
 * vars[] marks, array metadata and the builtins whose lowerings `ops` holds (PJ_LOWERING bits),
 * applied to such values; `**` only when `pow`. Recomputed variables (remat.c) and uniform
 * values (uniform.c) are each such an expression. */
#define PJ_LOWERING(l) (UINT64_C(1) << (l))
_Static_assert(PJ_LOWER_ADDRESS < 64, "PjLowering values fit a 64-bit set");
bool pj_expr_built_of(const PjExpr *e, const bool *vars, int nvars, uint64_t ops, bool pow);
/* backend/uniform.c: per variable, whether every live thread of a block holds the same value
 * (malloc'd, NULL when out of memory); and whether an expression is built only of such values */
bool *pj_block_uniform(const PjFunc *f);
bool pj_uniform_expr(const PjExpr *e, const bool *uniform, int nvars);
/* backend/guard.c: a kernel's guard of its threads, convex in threadIdx.x, with nothing but pure
 * assignments before it: `if cond:` ending the kernel, or `if cond: return` (early_return), or a
 * grid-stride `for` loop ending the kernel whose iterations do not pass values on (stride). */
bool pj_cg_find_guard(const PjFunc *f, PjGuard *out);
/* backend/guard.c: range(start, stop[, step]) (an int64 range) whose start is never negative and
 * whose step is positive, by their forms: its variable may take LLVM's no-wrap facts (both targets). */
bool pj_cg_range_nonneg(PjCg *g, const PjExpr *range_call);
/* backend/guard.c: cuda.grid(2) or (3) (lowering PJ_LOWER_GRID), cuda.gridsize(2) or (3)
 * (PJ_LOWER_GRIDSIZE): what pj_cg_var_value gives for a name unpacked from it (`x, y =
 * cuda.grid(2)`), whose every item is what the 1-D form is. */
bool pj_grid_tuple(const PjExpr *e, PjLowering l);
/* backend/guard.c: e reads nothing but names and array metadata and calls nothing but builtins
 * that are pure values: evaluating it has no effect, whatever it depends on. */
bool pj_pure_value(const PjExpr *e);
/* The value a name holds where it is read, or NULL when that is not known (walks.c). */
typedef const PjExpr *(*PjNameValue)(const PjExpr *name, void *ctx);
/* backend/guard.c: an int64 value known not to be negative, nor near 2**63, from its form alone: a
 * small literal, an array's extent or size (below 2**47), a thread or block index or size,
 * cuda.grid(1) and cuda.gridsize(1) (below 2**42), sums of these (at most 5000 terms: the nesting
 * limit), or a product of two thread or block indices or sizes (below 2**62); a name by the value
 * `value` gives it (none without one). In all, 0 <= e < 2**62. */
bool pj_small_index(const PjExpr *e, bool product_ok, PjNameValue value, void *ctx);
/* backend/guard.c: a step known to be positive and below 2**42: a literal up to 2**31, a grid or
 * block size, cuda.gridsize(1), or blockDim times a grid or block size; a name as above. */
bool pj_step_positive(const PjExpr *e, PjNameValue value, void *ctx);
/* backend/walks.c: whether s, a while statement of g->f, is a bounded walk, `while v < stop:`
 * ending in `v += step`, whose v is never negative (the step expression, else NULL); *ends: no
 * `continue` skips the step, so the loop ends within stop / step iterations. */
const PjExpr *pj_cg_walk(PjCg *g, const PjStmt *s, bool *ends);
void pj_cg_walks_free(PjCg *g);
/* backend/narrow.c: how each variable of a function is assigned, anywhere in it: `v += 1` steps,
 * plain assignments (`v = value`, also each name of `a = b = value`), unpacked ones (one item of
 * `a, b = x, y`, or a name of `x, y = cuda.grid(2)`, whose value is the call) and the others (any
 * other augmented assignment, a for loop's target, an item of a tuple assigned otherwise). */
typedef struct PjVarDefs {
  int plain, step, other;
  int unpacked;        /* assignments of one item of a tuple of values (`a, b = x, y`) */
  const PjExpr *value; /* the value of a plain or unpacked assignment (the last seen) */
  int top;             /* its statement's index in the function's body when it is one, else -1 */
  int item;            /* an unpacked item of cuda.grid(n) or cuda.gridsize(n) (value): which one; else -1 */
  int fors;            /* of the others, the range() loops whose variable it is */
  const PjExpr *iter;  /* the range() of the last of those */
  int shapes;          /* of the others, the names an array's shape is unpacked into (`h, w = a.shape`) */
  const PjExpr *shape_of; /* the array of the last of those */
} PjVarDefs;
PjVarDefs *pj_var_defs(const PjFunc *f); /* one per variable, malloc'd (NULL: out of memory) */
int pj_count_defs(const PjBlock *b, int v); /* assignments to v anywhere in b */
/* backend/walks.c: step when st is `v += step` or `v = v + step` (a sum typed int64), else NULL */
const PjExpr *pj_step_of(const PjStmt *st, int v);
/* GPU: the value a variable holds wherever the statement being emitted can read it, when the
 * function assigns it once, at its top level, before that statement (narrow.c); else e itself. */
const PjExpr *pj_cg_var_value(PjCg *g, const PjExpr *e);

#endif
