/* The builtins table (builtins.def) and the typing rules its rows name. */
#ifndef PJ_STDLIB_BUILTINS_H
#define PJ_STDLIB_BUILTINS_H

#include <stddef.h>

#include "ir/ast.h"
#include "ir/types.h"

/* The dim of a cuda.bf16 conversion row (PJ_TYPING_BF16CVT, PJ_LOWER_BF16CVT): the operation, the
 * other type's dtype and the rounding mode (0 rn: to nearest even, 1 rz: toward zero, 2 rd: toward
 * -inf, 3 ru: toward +inf). TO: that type's value to bfloat16; FROM: bfloat16 to that type (an
 * integer: rounded, then saturated; NaN -> 0, or the minimum for 64 bits); AS: bfloat16's bits as
 * that 16-bit integer; BITS: that 16-bit integer's bits as a bfloat16. */
enum { PJ_BF16CVT_TO, PJ_BF16CVT_FROM, PJ_BF16CVT_AS, PJ_BF16CVT_BITS };
#define PJ_BF16CVT_DIM(op, dtype, mode) (((op) << 8) | ((int)(dtype) << 2) | (mode))
#define PJ_BF16CVT_OP(dim) ((dim) >> 8)
#define PJ_BF16CVT_DTYPE(dim) ((PjDtype)(((dim) >> 2) & 63))
#define PJ_BF16CVT_MODE(dim) ((dim) & 3)

/* The dim of an FP8 conversion intrinsic row (numba.cuda._internal.cuda_fp8's cvt_*: PJ_TYPING_FP8CVT,
 * PJ_LOWER_FP8CVT): what it converts from, what into, and how many values (1, or 2 for the x2 forms,
 * which take a float32x2 / float64x2 and give a uint16 whose low byte is .x's result). Into FP8 the
 * call takes (x, saturation_t, fp8_interpretation_t), into E8M0 (x, saturation_t, cudaRoundMode). */
enum { PJ_FP8CVT_FLOAT, PJ_FP8CVT_DOUBLE, PJ_FP8CVT_BF16RAW, PJ_FP8CVT_E8M0 };   /* from */
enum { PJ_FP8CVT_TO_FP8, PJ_FP8CVT_TO_E8M0, PJ_FP8CVT_TO_BF16RAW };              /* into */
#define PJ_FP8CVT_DIM(from, into, n) ((from) | ((into) << 4) | ((n) << 8))
#define PJ_FP8CVT_FROM(dim) ((dim) & 15)
#define PJ_FP8CVT_INTO(dim) (((dim) >> 4) & 15)
#define PJ_FP8CVT_COUNT(dim) ((dim) >> 8)
/* The name of CUDA's __nv_bfloat16_raw in kernels (cvt_e8m0_to_bf16raw's result): a namedtuple of one
 * uint16 field x, the bfloat16's bits. */
#define PJ_BF16RAW_NAME "__nv_bfloat16_raw"
/* The functions of cuda.libdevice (stdlib/libdevice.def), in the table's order. */
typedef enum PjLibdeviceId {
#define PJ_LIBDEVICE(name, ...) PJ_LDF_##name,
#include "stdlib/libdevice.def"
#undef PJ_LIBDEVICE
  PJ_LDF_COUNT
} PjLibdeviceId;

typedef enum PjBuiltinId {
#define PJ_BUILTIN(id, ...) PJ_BI_##id,
#include "stdlib/builtins.def"
#undef PJ_BUILTIN
  PJ_BI_COUNT
} PjBuiltinId;

typedef enum PjBuiltinForm { PJ_FORM_VALUE, PJ_FORM_CALL } PjBuiltinForm;

typedef enum PjTypingRule {
  PJ_TYPING_SREG,     /* int64: numba-cuda's thread-index type promotes to int64 in every use */
  PJ_TYPING_GRID,     /* constant 1..3 -> int64 or UniTuple(int64 x n) */
  PJ_TYPING_MATH1,    /* float32 -> float32, float64 or integer -> float64 */
  PJ_TYPING_MATH2,    /* both float32 -> float32, else float64 */
  PJ_TYPING_POW,      /* MATH2, and float32 ** an integer of up to 32 bits stays float32 */
  PJ_TYPING_ROUND,    /* float -> int64 (Python's floor/ceil), integer -> itself */
  PJ_TYPING_MINMAX,   /* the common type of the numbers */
  PJ_TYPING_ABS,      /* the number's own type */
  PJ_TYPING_PYROUND,  /* round(x) -> int64; round(x, n) -> x's float type, or int64 for an integer */
  PJ_TYPING_TO_INT,   /* int64 */
  PJ_TYPING_TO_FLOAT, /* float64 */
  PJ_TYPING_LEN,      /* array: int64 */
  PJ_TYPING_RANGE,    /* for-loop counter */
  PJ_TYPING_LDEXP,    /* (float, integer) -> the float (integer as int32) */
  PJ_TYPING_FREXP,    /* float -> (float, int32); integers as float64 */
  PJ_TYPING_MODF,     /* float -> (float, float) */
  PJ_TYPING_PREDICATE,/* number -> bool */
  PJ_TYPING_CONSTANT, /* float64 */
  PJ_TYPING_TO_BOOL,  /* bool */
  PJ_TYPING_NEW_ARRAY,/* (constant shape, dtype) -> a C-contiguous array */
  PJ_TYPING_VOID,     /* no value: a statement */
  PJ_TYPING_ATOMIC,   /* (element, value) -> the element's old value; dim: the operation */
  PJ_TYPING_CAS,      /* (element, old, value) -> the element's old value; dim 1: element 0 of a 1-D array */
  PJ_TYPING_INT_SAME, /* an integer -> its own type */
  PJ_TYPING_FFS,      /* an integer -> uint32 */
  PJ_TYPING_SELP,     /* (condition, a, b) -> a and b unified */
  PJ_TYPING_MASK,     /* uint32 */
  PJ_TYPING_SHFL,     /* (mask, value, lane) -> value's type (32/64-bit ints and floats) */
  PJ_TYPING_VOTE,     /* (mask, predicate) -> int32 (ballot: uint32) */
  PJ_TYPING_MATCH,    /* (mask, value) -> uint32 (match_all: (uint32, bool)) */
  PJ_TYPING_BLOCK_VOTE, /* (predicate) -> int32 */
  PJ_TYPING_PRINT,    /* numbers and string constants -> nothing */
  PJ_TYPING_CONST_LIKE, /* a module-level constant array -> itself */
  PJ_TYPING_MAKE_COMPLEX, /* complex(real, imag) -> complex128 */
  PJ_TYPING_CONJUGATE, /* z.conjugate() -> z's type */
  PJ_TYPING_F16,      /* cuda.fp16.*: numbers as float16 -> float16 (comparisons: bool) */
  PJ_TYPING_BF16,     /* cuda.bf16.*: numbers as bfloat16 -> bfloat16 (comparisons, isnan: bool) */
  PJ_TYPING_BF16CVT,  /* cuda.bf16 conversions: one number as the source type -> the result type (dim:
                       * PJ_BF16CVT_DIM) */
  PJ_TYPING_FP8CVT,   /* cuda_fp8's cvt_* intrinsics: (x, saturation, interpretation or rounding) -> uint8,
                       * uint16 (x2) or a bfloat16_raw (dim: PJ_FP8CVT_DIM) */
  PJ_TYPING_UFUNC,    /* NumPy's float ufuncs (np.sin, np.arctan2): the smallest float loop that holds
                       * every input: float32 when each is float16/32, bool or an integer of up to 16
                       * bits, else float64 (all float16: float16) */
  PJ_TYPING_GRID_GROUP, /* cuda.cg.this_grid() -> GridGroup */
  PJ_TYPING_GROUP_SYNC, /* (GridGroup) -> nothing: g.sync(), the group as argument 0 */
  PJ_TYPING_REDUCE,   /* a whole real array -> a scalar (np.sum, a.max()); dim: a PjReduceOp */
  PJ_TYPING_UFUNC_OP, /* a NumPy ufunc that is an operator (np.add, np.less): typed as the operator
                       * it is rewritten to; dim: a PjUfuncOp */
  PJ_TYPING_CMATH,    /* cmath.*: numbers as complex64 (complex64, float32) or complex128 (any other) ->
                       * that complex type; phase: its part type; polar: (part, part); rect: (float,
                       * float) -> complex64 for two float32, else complex128. dim: a PjCmathOp */
  PJ_TYPING_CACHE_LOAD,  /* (array or pointer, index) -> the element (stdlib/pointers.c); nvptx64: the PTX
                          * cache operator ("cs") */
  PJ_TYPING_CACHE_STORE, /* (array or pointer, index, value) -> nothing, the value as the element's type */
  PJ_TYPING_CARRAY,      /* (pointer, shape[, dtype]) -> an array over its memory; dim 0: C order, 1: Fortran */
  PJ_TYPING_FROM_BUFFER, /* ffi.from_buffer(array) -> a pointer to its first element, CPointer(dtype) */
  PJ_TYPING_ADDRESS, /* arr.ctypes.data -> the address of its first element, uint64 */
  PJ_TYPING_LIBDEVICE, /* cuda.libdevice.*: real numbers converted to libdevice's parameter types -> its
                        * result, or a tuple of it and what it writes through pointers (stdlib/libdevice.c);
                        * dim: a PjLibdeviceId */
} PjTypingRule;

/* The cmath functions (backend/cmath.c computes them). */
typedef enum PjCmathOp {
  PJ_CMATH_EXP, PJ_CMATH_LOG, PJ_CMATH_LOG10, PJ_CMATH_SQRT, PJ_CMATH_SIN, PJ_CMATH_COS, PJ_CMATH_TAN,
  PJ_CMATH_ASIN, PJ_CMATH_ACOS, PJ_CMATH_ATAN, PJ_CMATH_SINH, PJ_CMATH_COSH, PJ_CMATH_TANH, PJ_CMATH_ASINH,
  PJ_CMATH_ACOSH, PJ_CMATH_ATANH, PJ_CMATH_PHASE, PJ_CMATH_POLAR, PJ_CMATH_RECT,
  PJ_CMATH_LOG2, /* np.log2 of a complex number (cmath has none) */
} PjCmathOp;

typedef enum PjLowering {
  PJ_LOWER_TID, PJ_LOWER_CTAID, PJ_LOWER_NTID, PJ_LOWER_NCTAID, PJ_LOWER_GRID, PJ_LOWER_GRIDSIZE,
  PJ_LOWER_MATH, PJ_LOWER_ROUND, PJ_LOWER_MIN, PJ_LOWER_MAX, PJ_LOWER_ABS, PJ_LOWER_PYROUND, PJ_LOWER_CAST,
  PJ_LOWER_LEN, PJ_LOWER_RANGE, PJ_LOWER_FREXP, PJ_LOWER_MODF, PJ_LOWER_ISNAN, PJ_LOWER_ISINF,
  PJ_LOWER_ISFINITE, PJ_LOWER_SCALE, PJ_LOWER_CONSTANT, PJ_LOWER_SHARED_ARRAY, PJ_LOWER_LOCAL_ARRAY,
  PJ_LOWER_BARRIER, PJ_LOWER_FENCE, PJ_LOWER_ATOMIC, PJ_LOWER_CAS, PJ_LOWER_BITS, PJ_LOWER_SELP, PJ_LOWER_LANE,
  PJ_LOWER_NANOSLEEP, PJ_LOWER_COLLECTIVE, PJ_LOWER_PRINT, PJ_LOWER_IDENTITY, PJ_LOWER_MAKE_COMPLEX,
  PJ_LOWER_CONJUGATE, PJ_LOWER_F16OP,
  PJ_LOWER_BF16CVT, /* a cuda.bf16 conversion (backend/bf16conv.c); dim: PJ_BF16CVT_DIM */
  PJ_LOWER_FP8CVT, /* a cuda_fp8 conversion intrinsic (backend/fp8conv.c); dim: PJ_FP8CVT_DIM */
  PJ_LOWER_GROUP, /* a cooperative group: a value without data */
  PJ_LOWER_REDUCE, /* one loop over every element in C order (backend/arrays.c) */
  PJ_LOWER_REWRITTEN, /* never lowered: the type checker rewrites every use */
  PJ_LOWER_ELEMENTWISE, /* a ufunc into an output array, one loop over its elements (backend/arrays.c):
                         * args in..., out, the element's expression, then one hidden variable per
                         * input that the expression reads (2 * inputs + 2 in all) */
  PJ_LOWER_ARRAY_VIEW, /* a.reshape(...) (dim 0) or a.view(dtype) (dim 1): a view of the same memory */
  PJ_LOWER_RAISE, /* debug=True: the kernel's error record says a raise ran here (the host raises the
                   * exception); else the thread leaves the function */
  PJ_LOWER_LET, /* args: n values, an expression, n hidden variables: each value stored into its
                 * variable, then the expression (2 * n + 1 in all) */
  PJ_LOWER_CMATH,  /* a cmath function (backend/cmath.c); dim: a PjCmathOp */
  PJ_LOWER_CACHE_LOAD,  /* a load with a PTX cache operator (backend/pointers.c); CPU: a plain load */
  PJ_LOWER_CACHE_STORE, /* a store with a PTX cache operator; CPU: a plain store */
  PJ_LOWER_CARRAY,      /* an array made of a pointer and a shape (backend/pointers.c) */
  PJ_LOWER_FROM_BUFFER, /* an array's data pointer */
  PJ_LOWER_ADDRESS,     /* an array's data pointer as a number */
  PJ_LOWER_LIBDEVICE,   /* a call of __nv_<name> (NVPTX) or its host function (backend/libdevice.c); dim: a
                         * PjLibdeviceId */
  PJ_LOWER_ISNAT,       /* np.isnat: a datetime64 or timedelta64 is NaT (the minimum int64) */
  PJ_LOWER_FORMAT,      /* an f-string's fields: lowered by the print() that takes it (backend/print.c) */
} PjLowering;

/* The barriers of PJ_LOWER_BARRIER rows (their dim). */
typedef enum PjBarrier { PJ_BARRIER_BLOCK, PJ_BARRIER_WARP, PJ_BARRIER_GRID } PjBarrier;

/* The operations of PJ_TYPING_ATOMIC rows (their dim). */
typedef enum PjAtomicOp {
  PJ_ATOMIC_ADD, PJ_ATOMIC_SUB, PJ_ATOMIC_AND, PJ_ATOMIC_OR, PJ_ATOMIC_XOR, PJ_ATOMIC_EXCH, PJ_ATOMIC_INC,
  PJ_ATOMIC_DEC, PJ_ATOMIC_MAX, PJ_ATOMIC_MIN, PJ_ATOMIC_NANMAX, PJ_ATOMIC_NANMIN,
} PjAtomicOp;

/* The reductions of PJ_TYPING_REDUCE rows (their dim). */
typedef enum PjReduceOp {
  PJ_RED_ALL, PJ_RED_ANY, PJ_RED_SUM, PJ_RED_PROD, PJ_RED_MIN, PJ_RED_MAX, PJ_RED_MEAN, PJ_RED_VAR, PJ_RED_STD,
  PJ_RED_NANMIN, PJ_RED_NANMAX, PJ_RED_NANSUM, PJ_RED_NANPROD, PJ_RED_NANMEAN, PJ_RED_COUNT_NONZERO,
  PJ_RED_CONTAINS, /* no row: `x in a`, whether an element equals x (backend/arrays.c) */
} PjReduceOp;

/* The operators of PJ_TYPING_UFUNC_OP rows (their dim). */
typedef enum PjUfuncOp {
  PJ_UF_ADD, PJ_UF_SUB, PJ_UF_MUL, PJ_UF_TRUEDIV, PJ_UF_FLOORDIV, PJ_UF_MOD, PJ_UF_POW, PJ_UF_LSHIFT, PJ_UF_RSHIFT,
  PJ_UF_BITAND, PJ_UF_BITOR, PJ_UF_BITXOR, PJ_UF_INVERT, PJ_UF_NEG, PJ_UF_POS, PJ_UF_SQUARE,
  PJ_UF_EQ, PJ_UF_NE, PJ_UF_LT, PJ_UF_LE, PJ_UF_GT, PJ_UF_GE, PJ_UF_LAND, PJ_UF_LOR, PJ_UF_LXOR, PJ_UF_LNOT,
  PJ_UF_MAXIMUM, PJ_UF_MINIMUM, PJ_UF_FMAX, PJ_UF_FMIN,
} PjUfuncOp;

/* The operations of PJ_LOWER_COLLECTIVE rows (their dim). */
typedef enum PjCollective {
  PJ_COLL_SHFL_IDX, PJ_COLL_SHFL_UP, PJ_COLL_SHFL_DOWN, PJ_COLL_SHFL_XOR, PJ_COLL_ALL, PJ_COLL_ANY, PJ_COLL_EQ,
  PJ_COLL_BALLOT, PJ_COLL_MATCH_ANY, PJ_COLL_MATCH_ALL,
  PJ_COLL_ACTIVEMASK, /* the lanes of the warp that run this call: a collective so that the CPU sees them */
  PJ_COLL_COUNT, PJ_COLL_AND, PJ_COLL_OR,
} PjCollective;

typedef struct PjBuiltin {
  const char *name;
  PjBuiltinForm form;
  int min_args, max_args;
  PjTypingRule typing;
  PjLowering lower;
  int dim;
  const char *nvptx64, *nvptx32, *host64, *host32;
  double value;
  const char *keywords;
} PjBuiltin;

extern const PjBuiltin pj_builtins[PJ_BI_COUNT];

/* A cuda.libdevice function (stdlib/libdevice.c): its name, libdevice's symbol ("__nv_sincos"), the
 * CPU executor's symbol ("sincos", "pj_ld_sinpi") and its parameters as stdlib/libdevice.def writes
 * them; and that signature read: the result (has_result false: void), each parameter's dtype and
 * whether it is a pointer the function writes a second result through. */
typedef struct PjLibdeviceFn {
  const char *name, *device, *host, *result, *params;
} PjLibdeviceFn;
typedef struct PjLibdeviceSig {
  bool has_result;
  PjDtype result;
  int nparams, nin; /* all parameters; those a call passes (not pointers) */
  PjDtype params[4];
  bool out[4];
} PjLibdeviceSig;
extern const PjLibdeviceFn pj_libdevice_fns[PJ_LDF_COUNT];
void pj_libdevice_sig(int fn, PjLibdeviceSig *sig);
const PjType *pj_type_libdevice(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                                size_t errlen);

/* The position of keyword argument `name` of builtin `id`, or -1. */
int pj_builtin_keyword(int id, const char *name);
/* The dtype a qualified name stands for ("numba.float32", "numpy.int8", "numba.types.f4"). */
bool pj_dtype_of_name(const char *qualname, PjDtype *out);
/* libdevice's approximate variant of a float32 function under fastmath ("__nv_fast_expf"), or NULL. */
const char *pj_builtin_fast_name(const char *nv32);
/* The row of a qualified name ("cuda.grid", "math.sqrt", "min"), or -1. */
int pj_builtin_lookup(const char *qualname);

/* stdlib/pointers.c: the CACHE_LOAD / CACHE_STORE and CARRAY rules (as pj_builtin_type). */
const PjType *pj_type_cache_hint(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                                 size_t errlen);
const PjType *pj_type_carray(PjArena *arena, int id, PjExpr **args, int nargs, char *err, size_t errlen);
const PjType *pj_type_from_buffer(PjArena *arena, PjExpr **args, char *err, size_t errlen);

/* Type a use of builtin `id`. args: the argument expressions, already typed. On success returns
 * the result type and sets params[i] to the type argument i must be converted to (NULL: keep).
 * On failure returns NULL with a message in err. */
const PjType *pj_builtin_type(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                              size_t errlen);

#endif
