/* The type lattice: numba's scalar types, arrays, tuples, and the few compile-time-only kinds
 * (ranges, namespaces) that the type checker needs. */
#ifndef PJ_IR_TYPES_H
#define PJ_IR_TYPES_H

#include <pyjitc.h>
#include <stdbool.h>
#include <stdint.h>

#include "ir/arena.h"

typedef enum PjTypeKind {
  PJ_TY_VOID,   /* statements, calls with no value */
  PJ_TY_NONE,   /* the constant None */
  PJ_TY_SCALAR, /* bool, integers, floats: see dtype */
  PJ_TY_ARRAY,  /* an array of dtype, ndim dimensions; layout C (contiguous) or A (any strides) */
  PJ_TY_TUPLE,  /* a heterogeneous tuple */
  PJ_TY_RANGE,  /* range(...) in a for loop */
  PJ_TY_DTYPE,  /* a dtype object used as a value: float32, np.int32 (casts, array dtypes) */
  PJ_TY_GRID_GROUP, /* cuda.cg.this_grid(): numba's GridGroup; no data, its .sync() is a grid barrier */
  PJ_TY_FUNCTION, /* a function used as a value (cuda.atomic.add, a device function): no data at run time,
                   * the type itself names the function, so a callee specialised on it calls it directly */
  PJ_TY_RECORD, /* one record of a structured dtype (record): a reference to its bytes, as numba's */
  PJ_TY_POINTER, /* numba's CPointer(dtype): an address of dtype elements (a kernel's pointer parameter,
                  * ffi.from_buffer); p[i] reads and writes element i, cuda.carray makes an array of it */
  PJ_TY_STRING, /* a string literal ("XYZ": numba's unicode_type, dtype uint32, its code points; b"XYZ":
                 * Bytes, dtype uint8): count characters; stored into fixed-width strings (a record
                 * with chars), compared with them, nothing else */
} PjTypeKind;

typedef struct PjType PjType;
struct PjType {
  PjTypeKind kind;
  PjDtype dtype;        /* SCALAR, ARRAY (the element), RANGE (the counter) */
  int ndim;             /* ARRAY */
  char layout;          /* ARRAY: 'C' or 'A' */
  bool readonly;        /* ARRAY: a constant array or a view of one (numba's readonly arrays) */
  int count;            /* TUPLE; STRING: its characters */
  const PjType **items; /* TUPLE */
  const char *tname;    /* TUPLE: a namedtuple's class name, else NULL */
  const char *const *fields; /* TUPLE: a namedtuple's field names (count of them), else NULL */
  bool literal;         /* SCALAR int64 or bool, STRING: a constant argument of a device function (numba's
                         * IntegerLiteral / BooleanLiteral / StringLiteral), which the callee is specialised on */
  int64_t value;        /* SCALAR literal */
  int builtin;          /* FUNCTION: the row of stdlib/builtins.def, or -1 for a device function */
  const struct PjFunc *func; /* FUNCTION: the device function */
  const char *fname;    /* FUNCTION: its name, for messages */
  const char *text;     /* STRING literal: its characters (UTF-8, or the bytes), text_len of them */
  int64_t text_len;
  const PjRecord *record; /* RECORD; ARRAY: an array of records (always strided, 'A'; dtype unused);
                           * DTYPE: a record dtype (numba's Record as a value) */
};

const PjType *pj_type_void(void);
const PjType *pj_type_none(void);
const PjType *pj_type_scalar(PjDtype dtype);
const PjType *pj_type_array(PjDtype dtype, int ndim); /* C-contiguous; interned: compare by pointer */
const PjType *pj_type_array_layout(PjDtype dtype, int ndim, char layout); /* 'C' or 'A' */
/* The array type with that dtype, ndim and layout, read-only when `readonly`. */
const PjType *pj_type_array_ro(PjDtype dtype, int ndim, char layout, bool readonly);
const PjType *pj_type_range(PjDtype counter);
const PjType *pj_type_dtype(PjDtype dtype);
const PjType *pj_type_grid_group(void);
const PjType *pj_type_pointer(PjDtype dtype); /* CPointer(dtype); interned */
const PjType *pj_type_function(PjArena *arena, int builtin, const struct PjFunc *func, const char *name);
/* A string literal's type: bytes (b"...") or str, of count characters. */
const PjType *pj_type_string(PjArena *arena, bool bytes, int64_t count);
/* A string literal passed to a device function (numba's StringLiteral): the callee is specialised on it. */
const PjType *pj_type_string_literal_of(PjArena *arena, const PjType *string, const char *text, int64_t len);
/* A constant argument's type: int64 or bool with its value (compare with pj_type_equal). */
const PjType *pj_type_literal(PjArena *arena, PjDtype dtype, int64_t value);
/* The type without literal values (a tuple's items too): what a variable holding it has. */
const PjType *pj_type_unliteral(PjArena *arena, const PjType *t);
const PjType *pj_type_tuple(PjArena *arena, const PjType **items, int count);
const PjType *pj_type_unituple(PjArena *arena, const PjType *item, int count);
/* A namedtuple (numba's NamedTuple): a tuple whose items also have names (p.x); the strings are
 * copied into the arena. */
const PjType *pj_type_namedtuple(PjArena *arena, const PjType **items, int count, const char *name,
                                 const char *const *fields);
/* The item named `field` of a namedtuple, or -1. */
int pj_type_field_index(const PjType *t, const char *field);

/* A record, and an array of them (ndim >= 1), made in the arena. */
const PjType *pj_type_record(PjArena *arena, const PjRecord *record);
const PjType *pj_type_record_array(PjArena *arena, const PjRecord *record, int ndim);
/* A structured dtype used as a value (numba's Record: the dtype of cuda.shared.array): kind DTYPE
 * with the record set. */
const PjType *pj_type_record_dtype(PjArena *arena, const PjRecord *record);
bool pj_record_equal(const PjRecord *a, const PjRecord *b);
/* The field named `name`, or NULL. */
const PjRecordField *pj_record_field(const PjRecord *record, const char *name);
/* The type of a field's value: its number, a C array over the record's bytes (a subarray), or a
 * reference to a string field's characters (a string record). */
const PjType *pj_record_field_type(PjArena *arena, const PjRecordField *f);
/* The characters of a string record (PjRecord.chars set): its size, or a quarter of it for 'U'. */
int64_t pj_string_count(const PjRecord *r);
/* The first field whose offset is not a multiple of its dtype's size (a packed layout), or NULL:
 * numba refuses those records on the GPU. */
const PjRecordField *pj_record_misaligned(const PjRecord *record);

bool pj_type_equal(const PjType *a, const PjType *b);
bool pj_type_is_scalar(const PjType *t);
bool pj_type_is_int(const PjType *t);       /* integers, not bool */
bool pj_type_is_intlike(const PjType *t);   /* integers and bool */
bool pj_type_is_float(const PjType *t);
bool pj_type_is_bool(const PjType *t);
bool pj_type_is_complex(const PjType *t);
PjDtype pj_dtype_part(PjDtype d);          /* complex64 -> float32, complex128 -> float64, else d */
int pj_dtype_bits(PjDtype d);
/* numba's name: "int64", "array(float32, 2d, C)", "UniTuple(int64 x 2)". Arena-allocated. */
const char *pj_type_name(PjArena *arena, const PjType *t);

/* numba's typing rules for numbers. */
PjDtype pj_dtype_int(int bits, bool is_signed);
PjDtype pj_dtype_arith(PjDtype a, PjDtype b);   /* + - * // % of two numbers */
PjDtype pj_dtype_truediv(PjDtype a, PjDtype b); /* / */
PjDtype pj_dtype_unify(PjDtype a, PjDtype b);   /* one variable assigned both */
/* Unify two types for a variable; NULL when they cannot be. */
const PjType *pj_type_unify(PjArena *arena, const PjType *a, const PjType *b);

#endif
