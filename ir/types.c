#include "ir/types.h"

#include <string.h>

static const PjType pj_void_type = {.kind = PJ_TY_VOID};
static const PjType pj_none_type = {.kind = PJ_TY_NONE};
static const PjType pj_grid_group_type = {.kind = PJ_TY_GRID_GROUP};

/* Arrays and ranges are few: constant tables of every dtype x ndim, compared by pointer. */
#define PJ_A(d, n) {.kind = PJ_TY_ARRAY, .dtype = d, .ndim = n, .layout = 'C'}
#define PJ_V(d, n) {.kind = PJ_TY_ARRAY, .dtype = d, .ndim = n, .layout = 'A'}
#define PJ_VIEW_ROW(d) [d] = {PJ_V(d, 0), PJ_V(d, 1), PJ_V(d, 2), PJ_V(d, 3), PJ_V(d, 4), PJ_V(d, 5), PJ_V(d, 6), PJ_V(d, 7), PJ_V(d, 8)}
#define PJ_ARRAY_ROW(d) [d] = {PJ_A(d, 0), PJ_A(d, 1), PJ_A(d, 2), PJ_A(d, 3), PJ_A(d, 4), PJ_A(d, 5), PJ_A(d, 6), PJ_A(d, 7), PJ_A(d, 8)}
#define PJ_RA(d, n) {.kind = PJ_TY_ARRAY, .dtype = d, .ndim = n, .layout = 'C', .readonly = true}
#define PJ_RV(d, n) {.kind = PJ_TY_ARRAY, .dtype = d, .ndim = n, .layout = 'A', .readonly = true}
#define PJ_RO_ROW(d) [d] = {PJ_RA(d, 0), PJ_RA(d, 1), PJ_RA(d, 2), PJ_RA(d, 3), PJ_RA(d, 4), PJ_RA(d, 5), PJ_RA(d, 6), PJ_RA(d, 7), PJ_RA(d, 8)}
#define PJ_RO_VIEW_ROW(d) [d] = {PJ_RV(d, 0), PJ_RV(d, 1), PJ_RV(d, 2), PJ_RV(d, 3), PJ_RV(d, 4), PJ_RV(d, 5), PJ_RV(d, 6), PJ_RV(d, 7), PJ_RV(d, 8)}
#define PJ_R(d) [d] = {.kind = PJ_TY_RANGE, .dtype = d}
#define PJ_EVERY_DTYPE(X) X(PJ_BOOL), X(PJ_INT8), X(PJ_INT16), X(PJ_INT32), X(PJ_INT64), X(PJ_UINT8), X(PJ_UINT16), \
    X(PJ_UINT32), X(PJ_UINT64), X(PJ_FLOAT32), X(PJ_FLOAT64), X(PJ_COMPLEX64), X(PJ_COMPLEX128), X(PJ_FLOAT16), X(PJ_BFLOAT16), \
    X(PJ_FP8_E5M2), X(PJ_FP8_E4M3), X(PJ_FP8_E8M0), \
    X(PJ_DATETIME64_Y), X(PJ_DATETIME64_M), X(PJ_DATETIME64_W), X(PJ_DATETIME64_D), X(PJ_DATETIME64_h), X(PJ_DATETIME64_m), X(PJ_DATETIME64_s), \
    X(PJ_DATETIME64_ms), X(PJ_DATETIME64_us), X(PJ_DATETIME64_ns), X(PJ_DATETIME64_ps), X(PJ_DATETIME64_fs), X(PJ_DATETIME64_as), X(PJ_DATETIME64), \
    X(PJ_TIMEDELTA64_Y), X(PJ_TIMEDELTA64_M), X(PJ_TIMEDELTA64_W), X(PJ_TIMEDELTA64_D), X(PJ_TIMEDELTA64_h), X(PJ_TIMEDELTA64_m), X(PJ_TIMEDELTA64_s), \
    X(PJ_TIMEDELTA64_ms), X(PJ_TIMEDELTA64_us), X(PJ_TIMEDELTA64_ns), X(PJ_TIMEDELTA64_ps), X(PJ_TIMEDELTA64_fs), X(PJ_TIMEDELTA64_as), X(PJ_TIMEDELTA64)
_Static_assert(PJ_MAX_DIMS == 8, "pj_array_types rows list ndim 0..8");
static const PjType pj_array_types[PJ_DTYPE_COUNT][PJ_MAX_DIMS + 1] = {PJ_EVERY_DTYPE(PJ_ARRAY_ROW)};
static const PjType pj_view_types[PJ_DTYPE_COUNT][PJ_MAX_DIMS + 1] = {PJ_EVERY_DTYPE(PJ_VIEW_ROW)};
static const PjType pj_ro_array_types[PJ_DTYPE_COUNT][PJ_MAX_DIMS + 1] = {PJ_EVERY_DTYPE(PJ_RO_ROW)};
static const PjType pj_ro_view_types[PJ_DTYPE_COUNT][PJ_MAX_DIMS + 1] = {PJ_EVERY_DTYPE(PJ_RO_VIEW_ROW)};
static const PjType pj_range_types[PJ_DTYPE_COUNT] = {PJ_EVERY_DTYPE(PJ_R)};
#define PJ_D(d) [d] = {.kind = PJ_TY_DTYPE, .dtype = d}
static const PjType pj_dtype_types[PJ_DTYPE_COUNT] = {PJ_EVERY_DTYPE(PJ_D)};
#define PJ_P(d) [d] = {.kind = PJ_TY_POINTER, .dtype = d}
static const PjType pj_pointer_types[PJ_DTYPE_COUNT] = {PJ_EVERY_DTYPE(PJ_P)};

#define PJ_S(d) [d] = {.kind = PJ_TY_SCALAR, .dtype = d}
static const PjType pj_scalar_types[PJ_DTYPE_COUNT] = {PJ_EVERY_DTYPE(PJ_S)};

const PjType *pj_type_void(void) { return &pj_void_type; }
const PjType *pj_type_none(void) { return &pj_none_type; }
const PjType *pj_type_grid_group(void) { return &pj_grid_group_type; }
const PjType *pj_type_pointer(PjDtype d) { return &pj_pointer_types[d]; }
const PjType *pj_type_scalar(PjDtype d) { return &pj_scalar_types[d]; }

const PjType *pj_type_array(PjDtype d, int ndim) { return &pj_array_types[d][ndim]; }
const PjType *pj_type_array_layout(PjDtype d, int ndim, char layout) {
  return layout == 'C' ? &pj_array_types[d][ndim] : &pj_view_types[d][ndim];
}
const PjType *pj_type_array_ro(PjDtype d, int ndim, char layout, bool readonly) {
  if (!readonly) return pj_type_array_layout(d, ndim, layout);
  return layout == 'C' ? &pj_ro_array_types[d][ndim] : &pj_ro_view_types[d][ndim];
}
const PjType *pj_type_range(PjDtype counter) { return &pj_range_types[counter]; }
const PjType *pj_type_dtype(PjDtype d) { return &pj_dtype_types[d]; }

const PjType *pj_type_string(PjArena *arena, bool bytes, int64_t count) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  memset(t, 0, sizeof *t);
  t->kind = PJ_TY_STRING;
  t->dtype = bytes ? PJ_UINT8 : PJ_UINT32;
  t->count = (int)count;
  return t;
}

const PjType *pj_type_string_literal_of(PjArena *arena, const PjType *string, const char *text, int64_t len) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  *t = *string;
  t->literal = true;
  t->text = text;
  t->text_len = len;
  return t;
}

const PjType *pj_type_function(PjArena *arena, int builtin, const struct PjFunc *func, const char *name) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  t->kind = PJ_TY_FUNCTION;
  t->builtin = builtin;
  t->func = func;
  t->fname = name;
  return t;
}

const PjType *pj_type_literal(PjArena *arena, PjDtype dtype, int64_t value) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  t->kind = PJ_TY_SCALAR;
  t->dtype = dtype;
  t->literal = true;
  t->value = value;
  return t;
}

static const PjType *pj_type_tuple_like(PjArena *arena, const PjType *t, const PjType **items);

const PjType *pj_type_unliteral(PjArena *arena, const PjType *t) {
  if (t->kind == PJ_TY_SCALAR && t->literal) return pj_type_scalar(t->dtype);
  if (t->kind == PJ_TY_STRING && t->literal) return pj_type_string(arena, t->dtype == PJ_UINT8, t->count);
  if (t->kind != PJ_TY_TUPLE) return t;
  const PjType *items[64];
  bool any = false;
  for (int i = 0; i < t->count && i < 64; i++) {
    items[i] = pj_type_unliteral(arena, t->items[i]);
    any = any || items[i] != t->items[i];
  }
  return any && t->count <= 64 ? pj_type_tuple_like(arena, t, items) : t;
}

const PjType *pj_type_tuple(PjArena *arena, const PjType **items, int count) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  memset(t, 0, sizeof *t);
  t->kind = PJ_TY_TUPLE;
  t->count = count;
  t->items = pj_arena_alloc(arena, sizeof(PjType *) * (size_t)(count ? count : 1));
  if (count) memcpy(t->items, items, sizeof(PjType *) * (size_t)count); /* items may be NULL for () */
  return t;
}

const PjType *pj_type_unituple(PjArena *arena, const PjType *item, int count) {
  const PjType **items = pj_arena_alloc(arena, sizeof(PjType *) * (size_t)(count ? count : 1));
  for (int i = 0; i < count; i++) items[i] = item;
  return pj_type_tuple(arena, items, count);
}

const PjType *pj_type_namedtuple(PjArena *arena, const PjType **items, int count, const char *name,
                                 const char *const *fields) {
  PjType *t = (PjType *)pj_type_tuple(arena, items, count);
  const char **names = pj_arena_alloc(arena, sizeof(char *) * (size_t)(count ? count : 1));
  for (int i = 0; i < count; i++) names[i] = pj_arena_strdup(arena, fields[i]);
  t->tname = pj_arena_strdup(arena, name ? name : "namedtuple");
  t->fields = names;
  return t;
}

int pj_type_field_index(const PjType *t, const char *field) {
  if (t->kind != PJ_TY_TUPLE || !t->fields) return -1;
  for (int i = 0; i < t->count; i++)
    if (strcmp(t->fields[i], field) == 0) return i;
  return -1;
}

/* A tuple like t (a namedtuple keeps its names) with other items. */
static const PjType *pj_type_tuple_like(PjArena *arena, const PjType *t, const PjType **items) {
  return t->fields ? pj_type_namedtuple(arena, items, t->count, t->tname, t->fields) : pj_type_tuple(arena, items, t->count);
}

const PjType *pj_type_record(PjArena *arena, const PjRecord *record) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  memset(t, 0, sizeof *t);
  t->kind = PJ_TY_RECORD;
  t->record = record;
  return t;
}

const PjType *pj_type_record_dtype(PjArena *arena, const PjRecord *record) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  memset(t, 0, sizeof *t);
  t->kind = PJ_TY_DTYPE;
  t->dtype = PJ_UINT8;
  t->record = record;
  return t;
}

const PjType *pj_type_record_array(PjArena *arena, const PjRecord *record, int ndim) {
  PjType *t = pj_arena_alloc(arena, sizeof(PjType));
  memset(t, 0, sizeof *t);
  t->kind = PJ_TY_ARRAY;
  t->dtype = PJ_UINT8;
  t->ndim = ndim;
  t->layout = 'A';
  t->record = record;
  return t;
}

bool pj_record_equal(const PjRecord *a, const PjRecord *b) {
  if (a == b) return true;
  if (!a || !b || a->size != b->size || a->aligned != b->aligned || a->nfields != b->nfields || a->chars != b->chars)
    return false;
  for (int i = 0; i < a->nfields; i++) {
    const PjRecordField *x = &a->fields[i], *y = &b->fields[i];
    if (strcmp(x->name, y->name) != 0 || x->dtype != y->dtype || x->offset != y->offset || x->ndim != y->ndim ||
        !x->string != !y->string || (x->string && !pj_record_equal(x->string, y->string)))
      return false;
    for (int k = 0; k < x->ndim; k++)
      if (x->shape[k] != y->shape[k]) return false;
  }
  return true;
}

const PjRecordField *pj_record_field(const PjRecord *record, const char *name) {
  for (int i = 0; i < record->nfields; i++)
    if (strcmp(record->fields[i].name, name) == 0) return &record->fields[i];
  return NULL;
}

const PjType *pj_record_field_type(PjArena *arena, const PjRecordField *f) {
  if (f->string) return pj_type_record(arena, f->string); /* a reference to the field's characters */
  return f->ndim ? pj_type_array(f->dtype, f->ndim) : pj_type_scalar(f->dtype);
}

int64_t pj_string_count(const PjRecord *r) { return r->chars == 'U' ? r->size / 4 : r->size; }

const PjRecordField *pj_record_misaligned(const PjRecord *record) {
  for (int i = 0; i < record->nfields; i++) {
    const PjRecordField *f = &record->fields[i];
    if (f->string) continue; /* read and written a character at a time */
    int64_t align = (int64_t)pj_dtype_size(pj_dtype_part(f->dtype)); /* complex: its parts' */
    if (align > 1 && f->offset % align != 0) return f;
  }
  return NULL;
}

bool pj_type_equal(const PjType *a, const PjType *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case PJ_TY_SCALAR: return a->dtype == b->dtype && a->literal == b->literal && (!a->literal || a->value == b->value);
  case PJ_TY_RANGE: case PJ_TY_POINTER: return a->dtype == b->dtype;
  case PJ_TY_DTYPE:
    return a->dtype == b->dtype && (a->record || b->record ? pj_record_equal(a->record, b->record) : true);
  case PJ_TY_FUNCTION: return a->builtin == b->builtin && a->func == b->func;
  case PJ_TY_ARRAY:
    return a->dtype == b->dtype && a->ndim == b->ndim && a->layout == b->layout && a->readonly == b->readonly &&
           (a->record || b->record ? pj_record_equal(a->record, b->record) : true);
  case PJ_TY_RECORD: return pj_record_equal(a->record, b->record);
  case PJ_TY_STRING:
    return a->dtype == b->dtype && a->count == b->count && a->literal == b->literal &&
           (!a->literal || (a->text_len == b->text_len && memcmp(a->text, b->text, (size_t)a->text_len) == 0));
  case PJ_TY_TUPLE:
    if (a->count != b->count || !a->fields != !b->fields) return false;
    if (a->fields && strcmp(a->tname, b->tname) != 0) return false;
    for (int i = 0; i < a->count; i++)
      if (!pj_type_equal(a->items[i], b->items[i]) || (a->fields && strcmp(a->fields[i], b->fields[i]) != 0)) return false;
    return true;
  default: return true;
  }
}

bool pj_type_is_scalar(const PjType *t) { return t && t->kind == PJ_TY_SCALAR; }
bool pj_type_is_bool(const PjType *t) { return pj_type_is_scalar(t) && t->dtype == PJ_BOOL; }
bool pj_type_is_float(const PjType *t) { return pj_type_is_scalar(t) && pj_dtype_is_float(t->dtype); }
bool pj_type_is_intlike(const PjType *t) {
  return pj_type_is_scalar(t) && !pj_dtype_is_float(t->dtype) && !pj_dtype_is_complex(t->dtype);
}
bool pj_type_is_complex(const PjType *t) { return pj_type_is_scalar(t) && pj_dtype_is_complex(t->dtype); }

/* The real type of a complex number's parts, and the complex type of a real width. */
PjDtype pj_dtype_part(PjDtype d) { return d == PJ_COMPLEX64 ? PJ_FLOAT32 : d == PJ_COMPLEX128 ? PJ_FLOAT64 : d; }
static PjDtype pj_dtype_complex_of(PjDtype real) { return real == PJ_FLOAT32 ? PJ_COMPLEX64 : PJ_COMPLEX128; }
bool pj_type_is_int(const PjType *t) { return pj_type_is_intlike(t) && t->dtype != PJ_BOOL; }

int pj_dtype_bits(PjDtype d) { return d == PJ_BOOL ? 1 : (int)pj_dtype_size(d) * 8; }

/* numba's name: Record(a[type=float64;offset=0],b[type=int32;offset=8];16;True) */
static const char *pj_record_name(PjArena *arena, const PjRecord *r) {
  if (r->chars) /* numba's CharSeq / UnicodeCharSeq */
    return pj_arena_printf(arena, "[%s x %lld]", r->chars == 'U' ? "unichr" : "char", (long long)pj_string_count(r));
  const char *s = "Record(";
  for (int i = 0; i < r->nfields; i++) {
    const PjRecordField *f = &r->fields[i];
    const char *ty = f->string ? pj_record_name(arena, f->string) : pj_dtype_name(f->dtype);
    if (f->ndim) {
      const char *dims = "";
      for (int k = 0; k < f->ndim; k++) dims = pj_arena_printf(arena, "%s%s%lld", dims, k ? ", " : "", (long long)f->shape[k]);
      ty = pj_arena_printf(arena, "nestedarray(%s, (%s%s))", ty, dims, f->ndim == 1 ? "," : "");
    }
    s = pj_arena_printf(arena, "%s%s%s[type=%s;offset=%lld]", s, i ? "," : "", f->name, ty, (long long)f->offset);
  }
  return pj_arena_printf(arena, "%s;%lld;%s)", s, (long long)r->size, r->aligned ? "True" : "False");
}

const char *pj_type_name(PjArena *arena, const PjType *t) {
  switch (t->kind) {
  case PJ_TY_RECORD: return pj_record_name(arena, t->record);
  case PJ_TY_STRING:
    if (t->literal) return pj_arena_printf(arena, "Literal[%s](%.*s)", t->dtype == PJ_UINT8 ? "bytes" : "str",
                                           (int)t->text_len, t->text);
    return t->dtype == PJ_UINT8 ? "bytes" : "unicode_type";
  case PJ_TY_VOID: return "none";
  case PJ_TY_NONE: return "none";
  case PJ_TY_SCALAR:
    if (t->literal && t->dtype == PJ_BOOL) return t->value ? "Literal[bool](True)" : "Literal[bool](False)";
    if (t->literal) return pj_arena_printf(arena, "Literal[int](%lld)", (long long)t->value);
    return pj_dtype_name(t->dtype);
  case PJ_TY_FUNCTION: return pj_arena_printf(arena, "function(%s)", t->fname);
  case PJ_TY_ARRAY:
    return pj_arena_printf(arena, "%sarray(%s, %dd, %c)", t->readonly ? "readonly " : "",
                           t->record ? pj_record_name(arena, t->record) : pj_dtype_name(t->dtype),
                           t->ndim, t->layout);
  case PJ_TY_RANGE: return pj_arena_printf(arena, "range_state_%s", pj_dtype_name(t->dtype));
  case PJ_TY_DTYPE:
    return t->record ? pj_record_name(arena, t->record) : pj_arena_printf(arena, "class(%s)", pj_dtype_name(t->dtype));
  case PJ_TY_GRID_GROUP: return "GridGroup";
  case PJ_TY_POINTER: return pj_arena_printf(arena, "%s*", pj_dtype_name(t->dtype));
  case PJ_TY_TUPLE: {
    if (t->fields) { /* a namedtuple: Point(x: int64, y: float64) */
      const char *s = pj_arena_printf(arena, "%s(", t->tname);
      for (int i = 0; i < t->count; i++)
        s = pj_arena_printf(arena, "%s%s%s: %s", s, i ? ", " : "", t->fields[i], pj_type_name(arena, t->items[i]));
      return pj_arena_printf(arena, "%s)", s);
    }
    bool uni = t->count > 0;
    for (int i = 1; i < t->count; i++) uni = uni && pj_type_equal(t->items[i], t->items[0]);
    if (uni) return pj_arena_printf(arena, "UniTuple(%s x %d)", pj_type_name(arena, t->items[0]), t->count);
    const char *s = "Tuple(";
    for (int i = 0; i < t->count; i++)
      s = pj_arena_printf(arena, "%s%s%s", s, i ? ", " : "", pj_type_name(arena, t->items[i]));
    return pj_arena_printf(arena, "%s)", s);
  }
  }
  return "?";
}

PjDtype pj_dtype_int(int bits, bool is_signed) {
  switch (bits) {
  case 8: return is_signed ? PJ_INT8 : PJ_UINT8;
  case 16: return is_signed ? PJ_INT16 : PJ_UINT16;
  case 32: return is_signed ? PJ_INT32 : PJ_UINT32;
  default: return is_signed ? PJ_INT64 : PJ_UINT64;
  }
}

/* The float that holds an integer without loss, as numba's conversion rules have it: int8,
 * uint8 and int16 convert safely to float32; uint16 and everything wider need float64. */
static PjDtype pj_dtype_float_for_int(PjDtype i) {
  return i == PJ_INT8 || i == PJ_UINT8 || i == PJ_INT16 ? PJ_FLOAT32 : PJ_FLOAT64;
}

/* float16 with an integer, as NumPy promotes: 8-bit integers fit float16, 16-bit float32. */
static PjDtype pj_dtype_half_with_int(PjDtype i) {
  int bits = pj_dtype_bits(i);
  return bits <= 8 ? PJ_FLOAT16 : bits <= 16 ? PJ_FLOAT32 : PJ_FLOAT64;
}

/* numba: integer arithmetic is done at least at the machine word (64 bits), signed when
 * either operand is signed; bool operands count as integers. Floats win over integers. */
PjDtype pj_dtype_arith(PjDtype a, PjDtype b) {
  /* complex: the complex type whose parts hold the arithmetic of the parts */
  if (pj_dtype_is_complex(a) || pj_dtype_is_complex(b))
    return pj_dtype_complex_of(pj_dtype_arith(pj_dtype_part(a), pj_dtype_part(b)));
  bool fa = pj_dtype_is_float(a), fb = pj_dtype_is_float(b);
  if (fa && fb && a != b && pj_dtype_bits(a) == 16 && pj_dtype_bits(b) == 16) return PJ_FLOAT32; /* float16, bfloat16 */
  if (fa && fb) return pj_dtype_bits(a) >= pj_dtype_bits(b) ? a : b; /* the wider float */
  if (fa || fb) {
    PjDtype f = fa ? a : b, i = fa ? b : a;
    if (f == PJ_FLOAT64) return PJ_FLOAT64;
    if (i == PJ_BOOL) return f;
    if (f == PJ_BFLOAT16) return pj_dtype_bits(i) <= 8 ? PJ_BFLOAT16 : pj_dtype_half_with_int(i);
    return f == PJ_FLOAT16 ? pj_dtype_half_with_int(i) : pj_dtype_float_for_int(i);
  }
  bool sa = a == PJ_BOOL || pj_dtype_is_signed(a), sb = b == PJ_BOOL || pj_dtype_is_signed(b);
  return pj_dtype_int(64, sa || sb);
}

PjDtype pj_dtype_truediv(PjDtype a, PjDtype b) {
  if (pj_dtype_is_float(a) || pj_dtype_is_float(b) || pj_dtype_is_complex(a) || pj_dtype_is_complex(b))
    return pj_dtype_arith(a, b);
  return PJ_FLOAT64;
}

/* numba's unification of two numbers assigned to one variable: the wider of two integers of
 * one signedness; int64 with uint64 becomes float64; integer with float the float that holds
 * both. */
PjDtype pj_dtype_unify(PjDtype a, PjDtype b) {
  if (a == b) return a;
  if (a == PJ_BOOL) return b;
  if (b == PJ_BOOL) return a;
  if (pj_dtype_is_complex(a) || pj_dtype_is_complex(b))
    return pj_dtype_complex_of(pj_dtype_unify(pj_dtype_part(a), pj_dtype_part(b)));
  bool fa = pj_dtype_is_float(a), fb = pj_dtype_is_float(b);
  if (fa && fb) return pj_dtype_arith(a, b);
  if (fa || fb) { /* NumPy's promote_types, which numba's unification uses: float32 holds 16-bit ints */
    PjDtype f = fa ? a : b, i = fa ? b : a;
    if (f == PJ_FLOAT16) return pj_dtype_half_with_int(i);
    if (f == PJ_BFLOAT16) return pj_dtype_bits(i) <= 8 ? PJ_BFLOAT16 : pj_dtype_half_with_int(i);
    return f == PJ_FLOAT32 && pj_dtype_bits(i) <= 16 ? PJ_FLOAT32 : PJ_FLOAT64;
  }
  bool sa = pj_dtype_is_signed(a), sb = pj_dtype_is_signed(b);
  int ba = pj_dtype_bits(a), bb = pj_dtype_bits(b);
  if (sa == sb) return pj_dtype_int(ba > bb ? ba : bb, sa);
  int ub = sa ? bb : ba, sbits = sa ? ba : bb;
  if (ub < sbits) return sa ? a : b;           /* the signed one holds the unsigned one */
  if (ub < 64) return pj_dtype_int(ub * 2, true);
  return PJ_FLOAT64;
}

const PjType *pj_type_unify(PjArena *arena, const PjType *a, const PjType *b) {
  if (pj_type_equal(a, b)) return a;
  if (a->kind == PJ_TY_SCALAR && b->kind == PJ_TY_SCALAR) {
    if (a->dtype != b->dtype && (pj_dtype_unit(a->dtype) >= 0 || pj_dtype_unit(b->dtype) >= 0))
      return NULL; /* numba unifies a datetime64 or timedelta64 with nothing but itself */
    return pj_type_scalar(pj_dtype_unify(a->dtype, b->dtype));
  }
  if (a->kind == PJ_TY_ARRAY && b->kind == PJ_TY_ARRAY && a->dtype == b->dtype && a->ndim == b->ndim &&
      a->readonly == b->readonly && !a->record && !b->record)
    return pj_type_array_ro(a->dtype, a->ndim, 'A', a->readonly); /* a C array and a view: numba's 'A' */
  if (a->kind == PJ_TY_TUPLE && b->kind == PJ_TY_TUPLE && a->count == b->count) {
    const PjType *items[64];
    if (a->count > 64) return NULL;
    for (int i = 0; i < a->count; i++) {
      items[i] = pj_type_unify(arena, a->items[i], b->items[i]);
      if (!items[i]) return NULL;
    }
    return pj_type_tuple_like(arena, a, items);
  }
  return NULL;
}
