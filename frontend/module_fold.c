/* Module-level values folded to constants, as Python computes them before numba sees them:
 * numbers and the operators on them (Python's rules; NumPy 2's promotion where a NumPy scalar
 * takes part, np.float32(0.5)), tuples of them, names bound to them earlier, np.array(...) of
 * nested lists of numbers (a constant array), and the names of dtypes (np.float32,
 * np.dtype("int16")). Module-level assignments and the defaults of parameters use them; a
 * value not known here is NULL, an error only where a kernel uses it. */
#include "frontend/parser.h"
#include "ir/fold.h"
#include "stdlib/builtins.h"

#include <math.h>
#include <string.h>

static PjExpr *pj_lit_int(PjParser *p, PjLoc loc, int64_t v) {
  PjExpr *r = pj_arena_alloc(p->arena, sizeof(PjExpr));
  r->kind = PJ_EX_INT;
  r->loc = loc;
  r->ival = v;
  return r;
}

static PjExpr *pj_lit_float(PjParser *p, PjLoc loc, double v) {
  PjExpr *r = pj_lit_int(p, loc, 0);
  r->kind = PJ_EX_FLOAT;
  r->fval = v;
  return r;
}

static double pj_lit_double(const PjExpr *e) { return e->kind == PJ_EX_FLOAT ? e->fval : (double)e->ival; }

static PjExpr *pj_fold_ints(PjParser *p, PjLoc loc, PjBinOp op, int64_t a, int64_t b) {
  int64_t r = 0;
  if (op == PJ_OP_DIV) return b == 0 ? NULL : pj_lit_float(p, loc, (double)a / (double)b);
  if (op == PJ_OP_POW && b < 0) return a == 0 ? NULL : pj_lit_float(p, loc, pow((double)a, (double)b));
  return pj_fold_int(op, a, b, &r) ? pj_lit_int(p, loc, r) : NULL;
}

static PjExpr *pj_fold_floats(PjParser *p, PjLoc loc, PjBinOp op, double a, double b) {
  switch (op) {
  case PJ_OP_ADD: return pj_lit_float(p, loc, a + b);
  case PJ_OP_SUB: return pj_lit_float(p, loc, a - b);
  case PJ_OP_MUL: return pj_lit_float(p, loc, a * b);
  case PJ_OP_DIV: return b == 0 ? NULL : pj_lit_float(p, loc, a / b);
  case PJ_OP_FLOORDIV: { /* CPython's float floor division */
    if (b == 0) return NULL;
    double m = fmod(a, b), div = (a - m) / b;
    if (m != 0 && ((b < 0) != (m < 0))) div -= 1.0;
    double fl = floor(div);
    if (div - fl > 0.5) fl += 1.0;
    return pj_lit_float(p, loc, div != 0 ? fl : copysign(0.0, a / b));
  }
  case PJ_OP_MOD: {
    if (b == 0) return NULL;
    double m = fmod(a, b);
    return pj_lit_float(p, loc, m != 0 && ((m < 0) != (b < 0)) ? m + b : m);
  }
  case PJ_OP_POW: return pj_lit_float(p, loc, pow(a, b));
  default: return NULL;
  }
}

/* NumPy 2's promotion of a binary operation's operands at module level (NEP 50): a Python
 * number (weak) takes the NumPy scalar's type where its kind fits; two NumPy scalars promote
 * as np.result_type does. */
static PjDtype pj_numpy_promote(PjDtype a, bool weak_a, PjDtype b, bool weak_b) {
  if (weak_a && !weak_b) return pj_numpy_promote(b, false, a, true);
  if (weak_b && !weak_a) {
    bool bf = pj_dtype_is_float(b);
    if (a == PJ_BOOL) return bf ? PJ_FLOAT64 : b == PJ_BOOL ? PJ_BOOL : PJ_INT64;
    return bf && !pj_dtype_is_float(a) ? PJ_FLOAT64 : a;
  }
  if (a == PJ_BOOL) return b;
  if (b == PJ_BOOL) return a;
  bool fa = pj_dtype_is_float(a), fb = pj_dtype_is_float(b);
  if (fa && fb) return pj_dtype_bits(a) >= pj_dtype_bits(b) ? a : b;
  if (fa || fb) {
    PjDtype f = fa ? a : b, i = fa ? b : a;
    int need = pj_dtype_bits(i) <= 8 ? 16 : pj_dtype_bits(i) <= 16 ? 32 : 64; /* the float that holds the integers */
    int bits = pj_dtype_bits(f) > need ? pj_dtype_bits(f) : need;
    return bits == 16 ? PJ_FLOAT16 : bits == 32 ? PJ_FLOAT32 : PJ_FLOAT64;
  }
  bool sa = pj_dtype_is_signed(a), sb = pj_dtype_is_signed(b);
  int wa = pj_dtype_bits(a), wb = pj_dtype_bits(b);
  if (sa == sb) return wa >= wb ? a : b;
  int ws = sa ? wa : wb, wu = sa ? wb : wa;
  if (wu < ws) return sa ? a : b;
  return wu < 64 ? pj_dtype_int(2 * wu, true) : PJ_FLOAT64;
}

static PjDtype pj_const_dtype(const PjExpr *e, bool *weak) {
  *weak = !pj_is_typed_const(e);
  if (!*weak) return e->type->dtype;
  return e->kind == PJ_EX_FLOAT ? PJ_FLOAT64 : e->kind == PJ_EX_BOOL ? PJ_BOOL : PJ_INT64;
}

static const PjExpr *pj_const_literal(const PjExpr *e) { return pj_is_typed_const(e) ? e->cast.x : e; }

static PjExpr *pj_fold_floats(PjParser *p, PjLoc loc, PjBinOp op, double a, double b);

/* a op b where either is a NumPy scalar: computed exactly, then converted to the result's dtype
 * (integers wrap, floats round) as NumPy does. */
static PjExpr *pj_fold_typed(PjParser *p, PjLoc loc, PjBinOp op, const PjExpr *a, const PjExpr *b) {
  bool wa, wb;
  PjDtype da = pj_const_dtype(a, &wa), db = pj_const_dtype(b, &wb);
  if (pj_dtype_is_complex(da) || pj_dtype_is_complex(db)) return NULL;
  PjDtype r = pj_numpy_promote(da, wa, db, wb);
  bool int_result = !pj_dtype_is_float(r);
  if (op == PJ_OP_DIV && int_result) r = PJ_FLOAT64, int_result = false;
  const PjExpr *la = pj_const_literal(a), *lb = pj_const_literal(b);
  if (int_result) {
    int64_t out;
    if (la->kind == PJ_EX_FLOAT || lb->kind == PJ_EX_FLOAT || !pj_fold_int(op, la->ival, lb->ival, &out)) return NULL;
    return pj_typed_const(p->arena, loc, r == PJ_BOOL ? PJ_INT64 : r, false, out, 0);
  }
  if (op >= PJ_OP_LSHIFT) return NULL;
  PjExpr *v = pj_fold_floats(p, loc, op, pj_lit_double(la), pj_lit_double(lb));
  return v ? pj_typed_const(p->arena, loc, r, true, 0, v->fval) : NULL;
}

/* The qualified name a callee stands for through the module's imports (np.float32 ->
 * "numpy.float32"), or NULL. */
static const char *pj_fold_qualname(PjParser *p, const PjExpr *e) {
  if (e->kind == PJ_EX_NAME) {
    const PjGlobal *g = pj_global(p, e->name.id);
    return g && g->kind == PJ_GLOBAL_MODULE ? pj_canonical_name(p->arena, g->qualname) : NULL;
  }
  if (e->kind != PJ_EX_ATTR) return NULL;
  const char *base = pj_fold_qualname(p, e->attr.base);
  return base ? pj_canonical_name(p->arena, pj_arena_printf(p->arena, "%s.%s", base, e->attr.attr)) : NULL;
}

/* np.float32(0.5), numba.int32(7): a NumPy scalar of that dtype. */
static PjExpr *pj_fold_scalar_call(PjParser *p, const PjExpr *e) {
  const char *q = e->call.nargs == 1 && !e->call.has_kwargs ? pj_fold_qualname(p, e->call.fn) : NULL;
  PjDtype d;
  if (!q || !pj_dtype_of_name(q, &d) || pj_dtype_is_complex(d)) return NULL;
  const PjExpr *v = pj_fold(p, e->call.args[0]);
  if (!v || v->kind == PJ_EX_TUPLE || v->kind == PJ_EX_LIST) return NULL;
  const PjExpr *l = pj_const_literal(v);
  if (l->big) return NULL;
  return pj_typed_const(p->arena, e->loc, d, l->kind == PJ_EX_FLOAT, l->ival, l->kind == PJ_EX_FLOAT ? l->fval : 0);
}

/* An imaginary literal (2j), which the parser keeps as a FLOAT with `big` set. */
static bool pj_is_imaginary(const PjExpr *e) { return e->kind == PJ_EX_FLOAT && e->big; }

PjExpr *pj_fold(PjParser *p, const PjExpr *e) {
  if (!e) return NULL;
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: return (PjExpr *)e;
  case PJ_EX_CAST: return pj_is_typed_const(e) ? (PjExpr *)e : NULL;
  case PJ_EX_CALL: return pj_fold_scalar_call(p, e);
  case PJ_EX_NAME: {
    const PjGlobal *g = pj_global(p, e->name.id);
    return g && g->kind == PJ_GLOBAL_CONST && g->value && g->value->kind != PJ_EX_NONE ? g->value : NULL;
  }
  case PJ_EX_TUPLE: case PJ_EX_LIST: {
    PjExpr *t = pj_arena_alloc(p->arena, sizeof(PjExpr));
    *t = *e;
    t->tuple.items = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (size_t)(e->tuple.count + 1));
    for (int i = 0; i < e->tuple.count; i++)
      if (!(t->tuple.items[i] = pj_fold(p, e->tuple.items[i]))) return NULL;
    return t;
  }
  case PJ_EX_UNARY: {
    PjExpr *x = pj_fold(p, e->un.x);
    if (!x || x->kind == PJ_EX_TUPLE || pj_is_imaginary(x)) return NULL; /* -2j: a complex (np.array reads it) */
    if (e->un.op == PJ_UN_POS) return x;
    if (pj_is_typed_const(x)) { /* -np.float32(v), ~np.uint8(v): in the scalar's own dtype */
      const PjExpr *l = x->cast.x;
      PjDtype d = x->type->dtype;
      if (e->un.op == PJ_UN_NEG) return pj_typed_const(p->arena, e->loc, d, l->kind == PJ_EX_FLOAT, -(uint64_t)l->ival, -l->fval);
      if (e->un.op == PJ_UN_INVERT && l->kind == PJ_EX_INT) return pj_typed_const(p->arena, e->loc, d == PJ_BOOL ? PJ_BOOL : d, false, d == PJ_BOOL ? !l->ival : ~l->ival, 0);
      return NULL;
    }
    if (x->kind == PJ_EX_FLOAT) return e->un.op == PJ_UN_NEG ? pj_lit_float(p, e->loc, -x->fval) : NULL;
    if (e->un.op == PJ_UN_NEG) return x->ival == INT64_MIN ? NULL : pj_lit_int(p, e->loc, -x->ival);
    if (e->un.op == PJ_UN_INVERT) return pj_lit_int(p, e->loc, ~x->ival);
    return NULL;
  }
  case PJ_EX_BINARY: {
    PjExpr *a = pj_fold(p, e->bin.l), *b = pj_fold(p, e->bin.r);
    if (!a || !b || a->kind == PJ_EX_TUPLE || b->kind == PJ_EX_TUPLE || e->bin.op >= PJ_OP_MATMUL) return NULL;
    if (pj_is_imaginary(a) || pj_is_imaginary(b)) return NULL; /* 1 + 2j: a complex, not 3 */
    if (pj_is_typed_const(a) || pj_is_typed_const(b)) return pj_fold_typed(p, e->loc, e->bin.op, a, b);
    if (a->kind != PJ_EX_FLOAT && b->kind != PJ_EX_FLOAT) return pj_fold_ints(p, e->loc, e->bin.op, a->ival, b->ival);
    return pj_fold_floats(p, e->loc, e->bin.op, pj_lit_double(a), pj_lit_double(b));
  }
  default: return NULL;
  }
}

/* The nested lists (or tuples) of numbers of np.array(...): its shape, checked rectangular. */
static bool pj_array_shape(const PjExpr *e, int depth, int64_t *shape, int *ndim) {
  bool seq = e->kind == PJ_EX_LIST || e->kind == PJ_EX_TUPLE;
  if (!seq) {
    if (depth == 0) return false;
    if (*ndim == 0) *ndim = depth;
    return depth == *ndim && (e->kind == PJ_EX_INT || e->kind == PJ_EX_FLOAT || e->kind == PJ_EX_BOOL);
  }
  if (depth >= PJ_MAX_DIMS) return false;
  if (shape[depth] < 0) shape[depth] = e->tuple.count;
  if (shape[depth] != e->tuple.count || e->tuple.count == 0) return false;
  for (int i = 0; i < e->tuple.count; i++)
    if (!pj_array_shape(e->tuple.items[i], depth + 1, shape, ndim)) return false;
  return true;
}

/* *no_int: a float no int64 holds (inf, nan, 1e300): the array cannot be of an integer dtype. */
static void pj_array_fill(const PjExpr *e, PjConstArray *a, int64_t *at, bool *any_float, bool *no_int) {
  if (e->kind == PJ_EX_LIST || e->kind == PJ_EX_TUPLE) {
    for (int i = 0; i < e->tuple.count; i++) pj_array_fill(e->tuple.items[i], a, at, any_float, no_int);
    return;
  }
  *any_float = *any_float || e->kind == PJ_EX_FLOAT;
  a->values[*at] = e->kind == PJ_EX_FLOAT ? e->fval : (double)e->ival;
  bool fits = e->kind != PJ_EX_FLOAT || (e->fval >= -9223372036854775808.0 && e->fval < 9223372036854775808.0);
  *no_int = *no_int || !fits;
  a->ints[(*at)++] = e->kind != PJ_EX_FLOAT ? e->ival : fits ? (int64_t)e->fval : 0;
}

static bool pj_is_numpy(PjParser *p, const PjExpr *e, const char *attr) {
  if (e->kind != PJ_EX_ATTR || e->attr.base->kind != PJ_EX_NAME || strcmp(e->attr.attr, attr) != 0) return false;
  const PjGlobal *g = pj_global(p, e->attr.base->name.id);
  return g && g->kind == PJ_GLOBAL_MODULE && strcmp(g->qualname, "numpy") == 0;
}

/* A number written with literals, as Python computes it: 1, 2.5, 2j, 1 + 2j, -3j, 1 - 0.5j, or a
 * module constant holding a real number; its real and imaginary parts. False for anything else. */
static bool pj_complex_parts(PjParser *p, const PjExpr *e, double *re, double *im) {
  double r2, i2;
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_BOOL:
    *re = (double)e->ival;
    *im = 0;
    return !e->big;
  case PJ_EX_FLOAT:
    *re = e->big ? 0 : e->fval;
    *im = e->big ? e->fval : 0;
    return true;
  case PJ_EX_UNARY:
    if ((e->un.op != PJ_UN_NEG && e->un.op != PJ_UN_POS) || !pj_complex_parts(p, e->un.x, re, im)) return false;
    if (e->un.op == PJ_UN_NEG) *re = -*re, *im = -*im;
    return true;
  case PJ_EX_BINARY:
    if ((e->bin.op != PJ_OP_ADD && e->bin.op != PJ_OP_SUB) || !pj_complex_parts(p, e->bin.l, re, im) ||
        !pj_complex_parts(p, e->bin.r, &r2, &i2))
      return false;
    *re = e->bin.op == PJ_OP_ADD ? *re + r2 : *re - r2;
    *im = e->bin.op == PJ_OP_ADD ? *im + i2 : *im - i2;
    return true;
  case PJ_EX_NAME: {
    const PjExpr *v = pj_fold(p, e);
    return v && (v->kind == PJ_EX_INT || v->kind == PJ_EX_FLOAT || v->kind == PJ_EX_BOOL) && pj_complex_parts(p, v, re, im);
  }
  default: return false;
  }
}

/* The nested lists of np.array(...) whose items are numbers, complex ones among them: its shape,
 * checked rectangular. */
static bool pj_complex_shape(PjParser *p, const PjExpr *e, int depth, int64_t *shape, int *ndim) {
  bool seq = e->kind == PJ_EX_LIST || e->kind == PJ_EX_TUPLE;
  if (!seq) {
    double re, im;
    if (depth == 0 || !pj_complex_parts(p, e, &re, &im)) return false;
    if (*ndim == 0) *ndim = depth;
    return depth == *ndim;
  }
  if (depth >= PJ_MAX_DIMS) return false;
  if (shape[depth] < 0) shape[depth] = e->tuple.count;
  if (shape[depth] != e->tuple.count || e->tuple.count == 0) return false;
  for (int i = 0; i < e->tuple.count; i++)
    if (!pj_complex_shape(p, e->tuple.items[i], depth + 1, shape, ndim)) return false;
  return true;
}

static void pj_complex_fill(PjParser *p, const PjExpr *e, PjDtype d, unsigned char *bytes, int64_t *at) {
  if (e->kind == PJ_EX_LIST || e->kind == PJ_EX_TUPLE) {
    for (int i = 0; i < e->tuple.count; i++) pj_complex_fill(p, e->tuple.items[i], d, bytes, at);
    return;
  }
  double re = 0, im = 0;
  pj_complex_parts(p, e, &re, &im);
  if (d == PJ_COMPLEX64) {
    float parts[2] = {(float)re, (float)im};
    memcpy(bytes + 8 * (*at)++, parts, sizeof parts);
  } else {
    double parts[2] = {re, im};
    memcpy(bytes + 16 * (*at)++, parts, sizeof parts);
  }
}

/* np.array(data[, dtype]) of complex numbers (written with literals: [1 + 2j, 0.5j]), or of any
 * numbers with a complex dtype: a constant array of their bytes as NumPy holds them. NULL for
 * anything else, and for complex items with a real dtype (NumPy drops the imaginary parts with a
 * ComplexWarning: not a constant to guess at). */
static PjConstArray *pj_fold_complex_array(PjParser *p, const char *name, const PjExpr *data, const char *dtype_name) {
  PjConstArray *arr = pj_arena_alloc(p->arena, sizeof(PjConstArray));
  for (int k = 0; k < PJ_MAX_DIMS; k++) arr->shape[k] = -1;
  if (!pj_complex_shape(p, data, 0, arr->shape, &arr->ndim)) return NULL;
  arr->dtype = PJ_COMPLEX128;
  if (dtype_name && (!pj_dtype_from_name(dtype_name, &arr->dtype) || !pj_dtype_is_complex(arr->dtype))) return NULL;
  arr->count = 1;
  for (int k = 0; k < arr->ndim; k++) arr->count *= arr->shape[k];
  if (arr->count > (1 << 20)) return NULL;
  unsigned char *bytes = pj_arena_alloc(p->arena, (size_t)arr->count * pj_dtype_size(arr->dtype));
  int64_t at = 0;
  pj_complex_fill(p, data, arr->dtype, bytes, &at);
  arr->bytes = bytes;
  arr->name = name;
  return arr;
}

/* np.array(data[, dtype]) / np.asarray(...) with nested lists of constants: a constant array. */
PjConstArray *pj_fold_array(PjParser *p, const char *name, const PjExpr *call) {
  if (call->kind != PJ_EX_CALL || !(pj_is_numpy(p, call->call.fn, "array") || pj_is_numpy(p, call->call.fn, "asarray")))
    return NULL;
  const PjExpr *data = NULL, *dtype = NULL, *raw = NULL;
  for (int i = 0; i < call->call.nargs; i++) {
    const PjExpr *a = call->call.args[i];
    bool kw = a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT;
    const char *key = kw ? a->bin.l->name.id : i == 0 ? "object" : "dtype";
    const PjExpr *v = kw ? a->bin.r : a;
    if (strcmp(key, "object") == 0) data = pj_fold(p, v), raw = v;
    else if (strcmp(key, "dtype") == 0) dtype = v;
    else return NULL;
  }
  const char *dn = !dtype ? NULL : dtype->kind == PJ_EX_ATTR ? dtype->attr.attr : dtype->kind == PJ_EX_STRING ? dtype->str
                   : dtype->kind == PJ_EX_NAME ? dtype->name.id : NULL;
  PjDtype given;
  if (dtype && (!dn || !pj_dtype_from_name(dn, &given))) return NULL;
  if (raw && (!data || (dtype && pj_dtype_is_complex(given)))) /* complex numbers, or a complex dtype */
    return pj_fold_complex_array(p, name, raw, dn);
  PjConstArray *arr = pj_arena_alloc(p->arena, sizeof(PjConstArray));
  for (int k = 0; k < PJ_MAX_DIMS; k++) arr->shape[k] = -1;
  bool number = data && (data->kind == PJ_EX_INT || data->kind == PJ_EX_FLOAT || data->kind == PJ_EX_BOOL);
  if (!data || (!number && !pj_array_shape(data, 0, arr->shape, &arr->ndim))) return NULL; /* a number: 0-d */
  arr->count = 1;
  for (int k = 0; k < arr->ndim; k++) arr->count *= arr->shape[k];
  if (arr->count > (1 << 20)) return NULL;
  arr->values = pj_arena_alloc(p->arena, sizeof(double) * (size_t)arr->count);
  arr->ints = pj_arena_alloc(p->arena, sizeof(int64_t) * (size_t)arr->count);
  int64_t at = 0;
  bool any_float = false, no_int = false;
  pj_array_fill(data, arr, &at, &any_float, &no_int);
  arr->dtype = any_float ? PJ_FLOAT64 : PJ_INT64; /* NumPy's default for Python numbers */
  if (number && data->kind == PJ_EX_BOOL) arr->dtype = PJ_BOOL; /* np.array(True) */
  if (dtype) arr->dtype = given; /* np.float32, numpy.int8, or a string such as "float32" */
  /* NumPy refuses to make integers of these (OverflowError): not a constant array kernels can use */
  if (no_int && !pj_dtype_is_float(arr->dtype) && !pj_dtype_is_complex(arr->dtype)) return NULL;
  arr->name = name;
  return arr;
}

/* The qualified name of a dtype that a module-level value stands for: `np.float32`, `numba.int8`,
 * `np.dtype(np.int32)`, `np.dtype("int16")` (numba's NumberClass and DType, both dtypes known
 * when compiling); NULL for anything else. */
const char *pj_fold_dtype(PjParser *p, const PjExpr *e) {
  PjDtype d;
  if (e->kind == PJ_EX_CALL && e->call.nargs == 1 && !e->call.has_kwargs && pj_is_numpy(p, e->call.fn, "dtype")) {
    const PjExpr *a = e->call.args[0];
    if (a->kind == PJ_EX_STRING)
      return pj_dtype_from_name(a->str, &d) ? pj_arena_printf(p->arena, "numpy.%s", pj_dtype_name(d)) : NULL;
    e = a;
  }
  const char *q = e->kind == PJ_EX_NAME || e->kind == PJ_EX_ATTR ? pj_fold_qualname(p, e) : NULL;
  return q && pj_dtype_of_name(q, &d) ? q : NULL;
}
