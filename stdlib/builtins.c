/* The builtins table, and the typing rules of its rows (numba-cuda's signatures). */
#include "stdlib/builtins.h"

#include <stdio.h>
#include <string.h>

const PjBuiltin pj_builtins[PJ_BI_COUNT] = {
#define PJ_BUILTIN(id, name, form, mn, mx, typing, lower, dim, n64, n32, h64, h32, value, kw) \
  [PJ_BI_##id] = {name, PJ_FORM_##form, mn, mx, PJ_TYPING_##typing, PJ_LOWER_##lower, dim, n64, n32, h64, h32, value, kw},
#include "stdlib/builtins.def"
#undef PJ_BUILTIN
};

const char *pj_builtin_fast_name(const char *nv32) {
  static const char *const fast[][2] = {
      {"__nv_expf", "__nv_fast_expf"},   {"__nv_logf", "__nv_fast_logf"},   {"__nv_log2f", "__nv_fast_log2f"},
      {"__nv_log10f", "__nv_fast_log10f"}, {"__nv_sinf", "__nv_fast_sinf"}, {"__nv_cosf", "__nv_fast_cosf"},
      {"__nv_tanf", "__nv_fast_tanf"},   {"__nv_powf", "__nv_fast_powf"},
  };
  for (size_t i = 0; nv32 && i < sizeof fast / sizeof fast[0]; i++)
    if (strcmp(nv32, fast[i][0]) == 0) return fast[i][1];
  return NULL;
}

/* The cuda.libdevice rows are the table's last, in stdlib/libdevice.def's order (by name). */
#define PJ_BI_LIBDEVICE_FIRST (PJ_BI_COUNT - PJ_LDF_COUNT)
_Static_assert(PJ_BI_LD_abs == PJ_BI_LIBDEVICE_FIRST + PJ_LDF_abs, "the cuda.libdevice rows come last");

int pj_builtin_lookup(const char *qualname) {
  static const char prefix[] = "cuda.libdevice.";
  if (strncmp(qualname, prefix, sizeof prefix - 1) == 0) { /* 317 names: a binary search */
    const char *name = qualname + sizeof prefix - 1;
    int lo = 0, hi = PJ_LDF_COUNT - 1;
    while (lo <= hi) {
      int mid = (lo + hi) / 2, c = strcmp(pj_libdevice_fns[mid].name, name);
      if (c == 0) return PJ_BI_LIBDEVICE_FIRST + mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  for (int i = 0; i < PJ_BI_LIBDEVICE_FIRST; i++)
    if (strcmp(pj_builtins[i].name, qualname) == 0) return i;
  return -1;
}

int pj_builtin_keyword(int id, const char *name) {
  const PjBuiltin *b = &pj_builtins[id];
  PjTypingRule r = b->typing;
  if (strcmp(name, "out") == 0 && strncmp(b->name, "numpy.", 6) == 0 &&
      (r == PJ_TYPING_UFUNC || r == PJ_TYPING_UFUNC_OP || r == PJ_TYPING_ABS || r == PJ_TYPING_PREDICATE))
    return b->max_args; /* a ufunc's output array follows its inputs */
  const char *kw = b->keywords;
  size_t n = strlen(name);
  for (int pos = 0; kw && *kw; pos++) {
    size_t len = strcspn(kw, ",");
    if (len == n && strncmp(kw, name, n) == 0) return pos;
    kw += len + (kw[len] == ',');
  }
  return -1;
}

bool pj_dtype_of_name(const char *q, PjDtype *out) {
  static const char *const modules[] = {"numba.core.types.", "numba.types.", "cuda.types.", "numba.", "numpy.", "cuda."};
  for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++) {
    size_t n = strlen(modules[i]);
    if (strncmp(q, modules[i], n) == 0 && !strchr(q + n, '.')) return pj_dtype_from_name(q + n, out) != 0;
  }
  return false;
}

static const PjType *pj_fail(char *err, size_t errlen, const char *msg, const char *name, PjArena *arena,
                             const PjType *t) {
  snprintf(err, errlen, msg, name, t ? pj_type_name(arena, t) : "?");
  return NULL;
}

/* numba's name of a builtin's function ("shared.array" for cuda.shared.array), for messages
 * that word a rejection as numba does. */
static const char *pj_numba_function_name(const char *name) {
  return strncmp(name, "cuda.", 5) == 0 ? name + 5 : name;
}

/* The arguments of a cuda.shared.array / cuda.local.array call as numba writes a signature it
 * found no implementation for: array(shape=Tuple(Literal[int](1), int32), dtype=class(float32)). */
static void pj_new_array_signature(char *buf, size_t len, PjArena *arena, PjExpr **args) {
  const PjExpr *shape = args[0];
  const char *items[PJ_MAX_DIMS + 8];
  int n = shape->kind == PJ_EX_TUPLE ? shape->tuple.count : 1;
  if (n > PJ_MAX_DIMS + 8) n = PJ_MAX_DIMS + 8;
  bool same = true;
  for (int k = 0; k < n; k++) {
    const PjExpr *d = shape->kind == PJ_EX_TUPLE ? shape->tuple.items[k] : shape;
    items[k] = d->kind == PJ_EX_INT ? pj_arena_printf(arena, "Literal[int](%lld)", (long long)d->ival)
               : d->type ? pj_type_name(arena, d->type) : "?";
    same = same && strcmp(items[k], items[0]) == 0;
  }
  const char *text = items[0];
  if (shape->kind == PJ_EX_TUPLE && same && n > 0) text = pj_arena_printf(arena, "UniTuple(%s x %d)", items[0], n);
  else if (shape->kind == PJ_EX_TUPLE) {
    text = "Tuple(";
    for (int k = 0; k < n; k++) text = pj_arena_printf(arena, "%s%s%s", text, k ? ", " : "", items[k]);
    text = pj_arena_printf(arena, "%s)", text);
  }
  const PjType *dt = args[1]->type;
  bool named = dt && dt->kind == PJ_TY_DTYPE && !dt->record; /* class(float32); a Record by its name */
  snprintf(buf, len, "array(shape=%s, dtype=%s%s%s)", text, named ? "class(" : "",
           !dt ? "?" : named ? pj_dtype_name(dt->dtype) : pj_type_name(arena, dt), named ? ")" : "");
}

static bool pj_all_scalars(PjExpr **args, int nargs) {
  for (int i = 0; i < nargs; i++)
    if (!pj_type_is_scalar(args[i]->type) || pj_type_is_complex(args[i]->type)) return false;
  return true;
}

/* A real number: a scalar that is not complex. */
static bool pj_real(const PjType *t) { return pj_type_is_scalar(t) && !pj_type_is_complex(t); }

/* What print() shows: real numbers, and tuples of them (nested too). */
/* An f-string given to print() (frontend/specials.c typed it): the parser's call or its builtin. */
static bool pj_is_format_node(const PjExpr *e) {
  return (e->kind == PJ_EX_CALL && e->call.fn->kind == PJ_EX_NAME && strcmp(e->call.fn->name.id, "$format") == 0) ||
         (e->kind == PJ_EX_BUILTIN && e->builtin.id == PJ_BI_FORMAT);
}

static bool pj_printable(const PjType *t) {
  if (t->kind == PJ_TY_TUPLE) {
    for (int i = 0; i < t->count; i++)
      if (!pj_printable(t->items[i])) return false;
    return true;
  }
  return pj_real(t);
}

static const PjType *pj_type_grid(PjArena *arena, const PjBuiltin *b, PjExpr **args, char *err, size_t errlen) {
  if (args[0]->kind != PJ_EX_INT || args[0]->ival < 1 || args[0]->ival > 3) {
    snprintf(err, errlen, "%s() takes a constant 1, 2 or 3 (the number of dimensions)%s", b->name,
             args[0]->kind == PJ_EX_INT ? "" : " (numba: RequireLiteralValue, the argument must be a literal)");
    return NULL;
  }
  const PjType *i64 = pj_type_scalar(PJ_INT64);
  return args[0]->ival == 1 ? i64 : pj_type_unituple(arena, i64, (int)args[0]->ival);
}

static const PjType *pj_type_math(PjArena *arena, const PjBuiltin *b, PjExpr **args, int nargs,
                                  const PjType **params, char *err, size_t errlen) {
  bool all32 = true, all16 = true, allbf = nargs > 0;
  for (int i = 0; i < nargs; i++) {
    const PjType *t = args[i]->type;
    if (!pj_real(t)) return pj_fail(err, errlen, "%s() takes real numbers, not %s (cmath has the complex functions)", b->name, arena, t);
    all16 = all16 && t->dtype == PJ_FLOAT16;
    allbf = allbf && t->dtype == PJ_BFLOAT16;
    /* a ufunc takes the float32 loop for integers float32 holds exactly; math.* computes them in float64 */
    bool small = b->typing == PJ_TYPING_UFUNC && !pj_dtype_is_float(t->dtype) && pj_dtype_bits(t->dtype) <= 16;
    all32 = all32 && (t->dtype == PJ_FLOAT32 || t->dtype == PJ_FLOAT16 || t->dtype == PJ_BFLOAT16 || small);
  }
  const PjType *f = pj_type_scalar(allbf ? PJ_BFLOAT16 : all16 ? PJ_FLOAT16 : all32 ? PJ_FLOAT32 : PJ_FLOAT64);
  for (int i = 0; i < nargs; i++) params[i] = f;
  return f;
}

/* Whether t is the vector type `name` (float32x2, float64x2: frontend/vectors.c's namedtuples). */
static bool pj_is_vector_named(const PjType *t, const char *name) {
  return t->kind == PJ_TY_TUPLE && t->tname && t->fields && strcmp(t->tname, name) == 0;
}

/* An integer or a bool (not an fp8 value, whose dtype is no float either). */
static bool pj_int_arg(const PjType *t) { return pj_type_is_intlike(t) && !pj_dtype_is_fp8(t->dtype); }

/* The bfloat16_raw type (CUDA's __nv_bfloat16_raw): a namedtuple of one uint16, x. */
static const PjType *pj_type_bf16raw(PjArena *arena) {
  static const char *const fields[] = {"x"};
  const PjType *items[1] = {pj_type_scalar(PJ_UINT16)};
  return pj_type_namedtuple(arena, items, 1, PJ_BF16RAW_NAME, fields);
}

/* numba.cuda._internal.cuda_fp8's cvt_* (numba's signatures: the value as float32, float64,
 * float32x2, float64x2, bfloat16_raw or uint8; the modes as integers, the members of saturation_t,
 * fp8_interpretation_t and cudaRoundMode; a constant rounding mode must be one CUDA defines for
 * e8m0, cudaRoundZero (1) or cudaRoundPosInf (2)) */
static const PjType *pj_type_fp8cvt(PjArena *arena, const PjBuiltin *b, PjExpr **args, int nargs,
                                    const PjType **params, char *err, size_t errlen) {
  int from = PJ_FP8CVT_FROM(b->dim), into = PJ_FP8CVT_INTO(b->dim), n = PJ_FP8CVT_COUNT(b->dim);
  const char *name = strrchr(b->name, '.') + 1;
  const PjType *x = args[0]->type;
  switch (from) {
  case PJ_FP8CVT_BF16RAW:
    if (!pj_type_equal(x, pj_type_bf16raw(arena)))
      return pj_fail(err, errlen, "%s() takes a bfloat16_raw (what cvt_e8m0_to_bf16raw returns), not %s", name, arena, x);
    break;
  case PJ_FP8CVT_E8M0:
    if (!pj_int_arg(x)) return pj_fail(err, errlen, "%s() takes an e8m0 code (a uint8), not %s", name, arena, x);
    params[0] = pj_type_scalar(PJ_UINT8);
    break;
  default: {
    const char *vec = from == PJ_FP8CVT_FLOAT ? "float32x2" : "float64x2";
    if (n == 2 && !pj_is_vector_named(x, vec)) {
      snprintf(err, errlen, "%s() takes a %s, not %s", name, vec, pj_type_name(arena, x));
      return NULL;
    }
    if (n == 1 && !pj_real(x)) return pj_fail(err, errlen, "%s() takes a real number, not %s", name, arena, x);
    if (n == 1) params[0] = pj_type_scalar(from == PJ_FP8CVT_FLOAT ? PJ_FLOAT32 : PJ_FLOAT64);
  }
  }
  static const char *const modes[] = {"saturation_t", "fp8_interpretation_t", "cudaRoundMode"};
  for (int i = 1; i < nargs; i++) {
    const char *mode = modes[i == 1 ? 0 : into == PJ_FP8CVT_TO_FP8 ? 1 : 2];
    if (!pj_int_arg(args[i]->type)) {
      snprintf(err, errlen, "%s() takes a %s member as argument %d, not %s", name, mode, i + 1,
               pj_type_name(arena, args[i]->type));
      return NULL;
    }
    if (i == 2 && into == PJ_FP8CVT_TO_E8M0 && args[i]->kind == PJ_EX_INT && args[i]->ival != 1 && args[i]->ival != 2) {
      snprintf(err, errlen, "%s() rounds toward zero (cudaRoundMode.cudaRoundZero) or up (cudaRoundMode.cudaRoundPosInf); "
               "CUDA leaves rounding mode %lld undefined for e8m0", name, (long long)args[i]->ival);
      return NULL;
    }
    params[i] = pj_type_scalar(PJ_INT64);
  }
  if (into == PJ_FP8CVT_TO_BF16RAW) return pj_type_bf16raw(arena);
  return pj_type_scalar(n == 2 ? PJ_UINT16 : PJ_UINT8);
}

const PjType *pj_builtin_type(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                              size_t errlen) {
  const PjBuiltin *b = &pj_builtins[id];
  if (b->typing == PJ_TYPING_LIBDEVICE) return pj_type_libdevice(arena, id, args, nargs, params, err, errlen);
  /* the arity first: callers size params for the builtin's most arguments (range's 3), so more
   * arguments than that must not be written there (a fuzz finding: range(a, b, c, d)) */
  if (b->form == PJ_FORM_CALL && (nargs < b->min_args || nargs > b->max_args)) {
    if (b->min_args == b->max_args)
      snprintf(err, errlen, "%s() takes %d argument%s, got %d", b->name, b->min_args, b->min_args == 1 ? "" : "s", nargs);
    else
      snprintf(err, errlen, "%s() takes %d to %d arguments, got %d", b->name, b->min_args, b->max_args, nargs);
    return NULL;
  }
  for (int i = 0; i < nargs; i++) params[i] = NULL;
  switch (b->typing) {
  case PJ_TYPING_LIBDEVICE: return pj_type_libdevice(arena, id, args, nargs, params, err, errlen); /* (above) */
  case PJ_TYPING_SREG: return pj_type_scalar(PJ_INT64);
  case PJ_TYPING_CACHE_LOAD: case PJ_TYPING_CACHE_STORE: return pj_type_cache_hint(arena, id, args, nargs, params, err, errlen);
  case PJ_TYPING_CARRAY: return pj_type_carray(arena, id, args, nargs, err, errlen);
  case PJ_TYPING_FROM_BUFFER: return pj_type_from_buffer(arena, args, err, errlen);
  case PJ_TYPING_ADDRESS:
    if (args[0]->type->kind != PJ_TY_ARRAY)
      return pj_fail(err, errlen, "%s takes an array, not %s", b->name, arena, args[0]->type);
    params[0] = args[0]->type;
    return pj_type_scalar(PJ_UINT64);
  case PJ_TYPING_GRID: return pj_type_grid(arena, b, args, err, errlen);
  case PJ_TYPING_MATH1:
  case PJ_TYPING_MATH2:
  case PJ_TYPING_UFUNC: return pj_type_math(arena, b, args, nargs, params, err, errlen);
  case PJ_TYPING_POW: {
    /* numba-cuda has pow(float32, int32) -> float32 besides the all-float signatures */
    const PjType *x = args[0]->type, *n = args[1]->type;
    if (pj_type_is_scalar(x) && x->dtype == PJ_FLOAT32 && pj_type_is_int(n) &&
        (pj_dtype_is_signed(n->dtype) ? pj_dtype_bits(n->dtype) <= 32 : pj_dtype_bits(n->dtype) < 32)) {
      params[0] = params[1] = x;
      return x;
    }
    return pj_type_math(arena, b, args, nargs, params, err, errlen);
  }
  case PJ_TYPING_ROUND: {
    /* numba-cuda (cudamath): float32 -> float32, float64 and integers -> float64; unlike
     * Python's and numba's CPU floor, no integer result */
    const PjType *t = args[0]->type;
    if (!pj_real(t)) return pj_fail(err, errlen, "%s() takes a real number, not %s", b->name, arena, t);
    params[0] = pj_type_scalar(t->dtype == PJ_FLOAT32 || t->dtype == PJ_FLOAT16 ? t->dtype : PJ_FLOAT64);
    return params[0];
  }
  case PJ_TYPING_MINMAX: {
    if (!pj_all_scalars(args, nargs)) {
      for (int i = 0; i < nargs; i++)
        if (!pj_real(args[i]->type))
          return pj_fail(err, errlen, "%s() takes numbers, not %s", b->name, arena, args[i]->type);
    }
    PjDtype d = args[0]->type->dtype;
    for (int i = 1; i < nargs; i++) d = pj_dtype_unify(d, args[i]->type->dtype);
    const PjType *t = pj_type_scalar(d);
    for (int i = 0; i < nargs; i++) params[i] = t;
    return t;
  }
  case PJ_TYPING_PYROUND: {
    /* Python's round, as numba has it: to the nearest, ties to even */
    const PjType *t = args[0]->type;
    if (!pj_real(t)) return pj_fail(err, errlen, "%s() takes a real number, not %s", b->name, arena, t);
    if (nargs == 2 && !pj_type_is_int(args[1]->type))
      return pj_fail(err, errlen, "%s()'s ndigits must be an integer, not %s", b->name, arena, args[1]->type);
    params[0] = pj_type_is_bool(t) ? pj_type_scalar(PJ_INT64) : t;
    if (nargs == 2) params[1] = pj_type_scalar(PJ_INT64);
    if (nargs == 1 || !pj_dtype_is_float(t->dtype)) return pj_type_scalar(PJ_INT64);
    return t;
  }
  case PJ_TYPING_ABS: {
    const PjType *t = args[0]->type;
    if (!pj_type_is_scalar(t)) return pj_fail(err, errlen, "%s() takes a number, not %s", b->name, arena, t);
    if (pj_type_is_complex(t)) return pj_type_scalar(pj_dtype_part(t->dtype)); /* the modulus */
    if (pj_type_is_bool(t)) {
      params[0] = pj_type_scalar(PJ_INT64);
      return params[0];
    }
    return t;
  }
  case PJ_TYPING_TO_INT:
  case PJ_TYPING_TO_FLOAT: {
    /* numba: int() keeps an integer's own type, float() keeps float32 and float16 */
    const PjType *t = args[0]->type;
    if (!pj_real(t)) return pj_fail(err, errlen, "%s() takes a real number, not %s", b->name, arena, t);
    if (b->typing == PJ_TYPING_TO_INT) return pj_type_is_int(t) ? t : pj_type_scalar(PJ_INT64);
    return pj_type_scalar(t->dtype == PJ_FLOAT32 || t->dtype == PJ_FLOAT16 ? t->dtype : PJ_FLOAT64);
  }
  case PJ_TYPING_LEN: {
    const PjType *t = args[0]->type;
    if (t->kind != PJ_TY_ARRAY && t->kind != PJ_TY_TUPLE)
      return pj_fail(err, errlen, "%s() takes an array or a tuple, not %s", b->name, arena, t);
    if (t->kind == PJ_TY_ARRAY && t->ndim == 0) /* NumPy's TypeError */
      return pj_fail(err, errlen, "%s() of unsized object (%s: a 0-d array has no length)", b->name, arena, t);
    return pj_type_scalar(PJ_INT64);
  }
  case PJ_TYPING_LDEXP: {
    const PjType *x = args[0]->type, *n = args[1]->type;
    if (!pj_type_is_scalar(x) || !pj_type_is_intlike(n))
      return pj_fail(err, errlen, "%s() takes a number and an integer, not %s", b->name, arena, pj_type_is_scalar(x) ? n : x);
    params[0] = pj_type_scalar(x->dtype == PJ_FLOAT32 ? PJ_FLOAT32 : PJ_FLOAT64);
    params[1] = pj_type_scalar(PJ_INT32);
    return params[0];
  }
  case PJ_TYPING_FREXP:
  case PJ_TYPING_MODF: {
    const PjType *x = args[0]->type;
    if (!pj_type_is_scalar(x)) return pj_fail(err, errlen, "%s() takes a number, not %s", b->name, arena, x);
    params[0] = pj_type_scalar(x->dtype == PJ_FLOAT32 ? PJ_FLOAT32 : PJ_FLOAT64);
    const PjType *items[2] = {params[0], b->typing == PJ_TYPING_FREXP ? pj_type_scalar(PJ_INT32) : params[0]};
    return pj_type_tuple(arena, items, 2);
  }
  case PJ_TYPING_PREDICATE: {
    const PjType *x = args[0]->type;
    if (!pj_type_is_scalar(x)) return pj_fail(err, errlen, "%s() takes a number, not %s", b->name, arena, x);
    return pj_type_scalar(PJ_BOOL);
  }
  case PJ_TYPING_CONSTANT: return pj_type_scalar(PJ_FLOAT64);
  case PJ_TYPING_TO_BOOL: {
    const PjType *t = args[0]->type;
    if (!pj_type_is_scalar(t)) return pj_fail(err, errlen, "%s() takes a number, not %s", b->name, arena, t);
    return pj_type_scalar(PJ_BOOL);
  }
  case PJ_TYPING_VOID:
    for (int i = 0; i < nargs; i++) {
      if (!pj_type_is_intlike(args[i]->type))
        return pj_fail(err, errlen, "%s() takes integers, not %s", b->name, arena, args[i]->type);
      params[i] = pj_type_scalar(PJ_UINT32);
    }
    return pj_type_void();
  case PJ_TYPING_INT_SAME:
  case PJ_TYPING_FFS: {
    const PjType *t = args[0]->type;
    if (!pj_type_is_int(t)) return pj_fail(err, errlen, "%s() takes an integer, not %s", b->name, arena, t);
    return b->typing == PJ_TYPING_FFS ? pj_type_scalar(PJ_UINT32) : t;
  }
  case PJ_TYPING_SELP: {
    if (!pj_all_scalars(args, nargs)) return pj_fail(err, errlen, "%s() takes numbers, not %s", b->name, arena, args[0]->type);
    const PjType *t = pj_type_scalar(pj_dtype_unify(args[1]->type->dtype, args[2]->type->dtype));
    if (pj_type_is_complex(t)) return pj_fail(err, errlen, "%s() takes real numbers, not %s", b->name, arena, t);
    params[0] = pj_type_scalar(PJ_BOOL);
    params[1] = params[2] = t;
    return t;
  }
  case PJ_TYPING_MASK: return pj_type_scalar(PJ_UINT32);
  case PJ_TYPING_CONST_LIKE:
    if (args[0]->type->kind != PJ_TY_ARRAY || (args[0]->kind != PJ_EX_CONST_ARRAY && args[0]->kind != PJ_EX_NAME))
      return pj_fail(err, errlen, "%s() takes a module-level NumPy array, not %s", b->name, arena, args[0]->type);
    return args[0]->type;
  case PJ_TYPING_MAKE_COMPLEX:
    for (int i = 0; i < nargs; i++) {
      if (!pj_real(args[i]->type))
        return pj_fail(err, errlen, "%s() takes real numbers, not %s", b->name, arena, args[i]->type);
      params[i] = pj_type_scalar(PJ_FLOAT64);
    }
    return pj_type_scalar(PJ_COMPLEX128);
  case PJ_TYPING_F16:
    for (int i = 0; i < nargs; i++) {
      if (!pj_real(args[i]->type))
        return pj_fail(err, errlen, "%s() takes real numbers, not %s", b->name, arena, args[i]->type);
      params[i] = pj_type_scalar(PJ_FLOAT16);
    }
    return pj_type_scalar(b->lower == PJ_LOWER_F16OP && b->dim >= 9 && b->dim <= 14 ? PJ_BOOL : PJ_FLOAT16);
  case PJ_TYPING_CMATH: {
    /* numba's cmath signatures: complex64 when every argument is complex64 or float32, else
     * complex128; rect takes two reals (float32, float32 -> complex64) */
    bool narrow = true;
    for (int i = 0; i < nargs; i++) {
      const PjType *t = args[i]->type;
      if (!pj_type_is_scalar(t) || (b->dim == PJ_CMATH_RECT && pj_type_is_complex(t)))
        return pj_fail(err, errlen, b->dim == PJ_CMATH_RECT ? "%s() takes real numbers, not %s" : "%s() takes a number, not %s",
                       b->name, arena, t);
      narrow = narrow && (t->dtype == PJ_COMPLEX64 || t->dtype == PJ_FLOAT32);
    }
    PjDtype cx = narrow ? PJ_COMPLEX64 : PJ_COMPLEX128, part = pj_dtype_part(cx);
    for (int i = 0; i < nargs; i++) params[i] = pj_type_scalar(b->dim == PJ_CMATH_RECT ? part : cx);
    if (b->dim == PJ_CMATH_PHASE) return pj_type_scalar(part);
    if (b->dim == PJ_CMATH_POLAR) {
      const PjType *items[2] = {pj_type_scalar(part), pj_type_scalar(part)};
      return pj_type_tuple(arena, items, 2);
    }
    return pj_type_scalar(cx);
  }
  case PJ_TYPING_BF16:
    for (int i = 0; i < nargs; i++) {
      if (!pj_real(args[i]->type))
        return pj_fail(err, errlen, "%s() takes real numbers, not %s", b->name, arena, args[i]->type);
      params[i] = pj_type_scalar(PJ_BFLOAT16);
    }
    if (b->lower == PJ_LOWER_F16OP && ((b->dim >= 9 && b->dim <= 14) || b->dim == 23 || b->dim >= 26)) return pj_type_scalar(PJ_BOOL);
    if (b->lower == PJ_LOWER_F16OP && b->dim == 24) return pj_type_scalar(PJ_INT32); /* hisinf: -1, 0, 1 */
    return pj_type_scalar(PJ_BFLOAT16);
  case PJ_TYPING_BF16CVT: {
    int op = PJ_BF16CVT_OP(b->dim);
    PjDtype other = PJ_BF16CVT_DTYPE(b->dim);
    if (!pj_real(args[0]->type)) return pj_fail(err, errlen, "%s() takes a real number, not %s", b->name, arena, args[0]->type);
    bool into_bf16 = op == PJ_BF16CVT_TO || op == PJ_BF16CVT_BITS;
    params[0] = pj_type_scalar(into_bf16 ? other : PJ_BFLOAT16);
    return pj_type_scalar(into_bf16 ? PJ_BFLOAT16 : other);
  }
  case PJ_TYPING_FP8CVT: return pj_type_fp8cvt(arena, b, args, nargs, params, err, errlen);
  case PJ_TYPING_CONJUGATE:
    if (!pj_type_is_scalar(args[0]->type)) return pj_fail(err, errlen, "%s() needs a number, not %s", "conjugate", arena, args[0]->type);
    return args[0]->type;
  case PJ_TYPING_REDUCE: {
    /* numba's result types: sums and products of integers in (u)int64 (bool as int64), floats
     * their own type; means, variances of integers and bools in float64 */
    const PjType *t = args[0]->type;
    if (t->kind != PJ_TY_ARRAY || !pj_real(pj_type_scalar(t->dtype)) || t->dtype == PJ_FLOAT16)
      return pj_fail(err, errlen, "%s() takes an array of booleans, integers, float32 or float64, not %s", b->name, arena, t);
    PjDtype d = t->dtype;
    switch ((PjReduceOp)b->dim) {
    case PJ_RED_ALL: case PJ_RED_ANY: return pj_type_scalar(PJ_BOOL);
    case PJ_RED_COUNT_NONZERO: return pj_type_scalar(PJ_INT64);
    case PJ_RED_MIN: case PJ_RED_MAX: case PJ_RED_NANMIN: case PJ_RED_NANMAX: return pj_type_scalar(d);
    case PJ_RED_SUM: case PJ_RED_PROD: case PJ_RED_NANSUM: case PJ_RED_NANPROD:
      if (pj_dtype_is_float(d)) return pj_type_scalar(d);
      return pj_type_scalar(d != PJ_BOOL && !pj_dtype_is_signed(d) ? PJ_UINT64 : PJ_INT64);
    default: return pj_type_scalar(d == PJ_FLOAT32 ? PJ_FLOAT32 : PJ_FLOAT64);
    }
  }
  case PJ_TYPING_UFUNC_OP: /* the type checker types these as their operators (frontend/ufunc.c) */
    return pj_fail(err, errlen, "%s() is typed as its operator", b->name, arena, NULL);
  case PJ_TYPING_GRID_GROUP: return pj_type_grid_group();
  case PJ_TYPING_GROUP_SYNC:
    if (args[0]->type->kind != PJ_TY_GRID_GROUP)
      return pj_fail(err, errlen, "%s() needs a grid group (cuda.cg.this_grid()), not %s", "sync", arena, args[0]->type);
    return pj_type_void();
  case PJ_TYPING_PRINT:
    for (int i = 0; i < nargs; i++)
      if (args[i]->kind != PJ_EX_STRING && !pj_is_format_node(args[i]) && !pj_printable(args[i]->type))
        return pj_fail(err, errlen, "%s() takes numbers, strings and tuples of them, not %s", b->name, arena, args[i]->type);
    return pj_type_void();
  case PJ_TYPING_SHFL:
  case PJ_TYPING_VOTE:
  case PJ_TYPING_MATCH:
  case PJ_TYPING_BLOCK_VOTE: {
    if (!pj_all_scalars(args, nargs)) {
      for (int i = 0; i < nargs; i++)
        if (!pj_type_is_scalar(args[i]->type)) return pj_fail(err, errlen, "%s() takes numbers, not %s", b->name, arena, args[i]->type);
    }
    if (b->typing == PJ_TYPING_VOTE && !pj_type_is_int(args[0]->type)) /* numba's words */
      return pj_fail(err, errlen, "%s(): Mask type must be an integer, not %s", b->name, arena, args[0]->type);
    if (b->typing == PJ_TYPING_VOTE && !pj_type_is_intlike(args[1]->type))
      return pj_fail(err, errlen, "%s(): Predicate must be an integer or boolean, not %s", b->name, arena, args[1]->type);
    bool has_mask = b->typing != PJ_TYPING_BLOCK_VOTE;
    if (has_mask) params[0] = pj_type_scalar(PJ_UINT32);
    const PjType *v = args[has_mask ? 1 : 0]->type;
    if (b->typing == PJ_TYPING_SHFL || b->typing == PJ_TYPING_MATCH) {
      if (pj_dtype_bits(v->dtype) < 32 || pj_type_is_complex(v))
        return pj_fail(err, errlen, "%s() takes 32- or 64-bit values, not %s", b->name, arena, v);
      if (b->typing == PJ_TYPING_SHFL) {
        params[2] = pj_type_scalar(PJ_INT32);
        return v;
      }
      if (b->dim == PJ_COLL_MATCH_ALL) {
        const PjType *items[2] = {pj_type_scalar(PJ_UINT32), pj_type_scalar(PJ_BOOL)};
        return pj_type_tuple(arena, items, 2);
      }
      return pj_type_scalar(PJ_UINT32);
    }
    params[has_mask ? 1 : 0] = pj_type_scalar(PJ_BOOL);
    return pj_type_scalar(b->dim == PJ_COLL_BALLOT ? PJ_UINT32 : PJ_INT32);
  }
  case PJ_TYPING_ATOMIC:
  case PJ_TYPING_CAS: {
    /* (array, index, values...), or for compare_and_swap (array, values...) on element 0 */
    const PjType *at = args[0]->type;
    bool has_index = !(b->typing == PJ_TYPING_CAS && b->dim == 1);
    if (at->kind != PJ_TY_ARRAY) return pj_fail(err, errlen, "%s() needs an array first, not %s", b->name, arena, at);
    if (at->readonly)
      return pj_fail(err, errlen, "%s() cannot update %s: constant arrays and NumPy arrays whose flags.writeable is False are read-only", b->name, arena, at);
    if (has_index) {
      const PjType *it = args[1]->type;
      int n = it->kind == PJ_TY_TUPLE ? it->count : 1;
      bool ints = it->kind == PJ_TY_TUPLE || pj_type_is_intlike(it);
      for (int k = 0; it->kind == PJ_TY_TUPLE && k < it->count; k++) ints = ints && pj_type_is_intlike(it->items[k]);
      if (!ints || n != at->ndim) {
        snprintf(err, errlen, "%s() needs %d integer ind%s for %s", b->name, at->ndim, at->ndim == 1 ? "ex" : "ices",
                 pj_type_name(arena, at));
        return NULL;
      }
    } else if (at->ndim != 1) {
      return pj_fail(err, errlen, "%s() needs a 1-D array, not %s", b->name, arena, at);
    }
    const PjType *et = pj_type_scalar(at->dtype);
    PjDtype d = et->dtype;
    bool is_int = pj_type_is_int(et), ok = !pj_type_is_complex(et);
    switch (b->typing == PJ_TYPING_CAS ? -1 : b->dim) {
    case PJ_ATOMIC_AND: case PJ_ATOMIC_OR: case PJ_ATOMIC_XOR: case PJ_ATOMIC_EXCH: ok = ok && is_int && pj_dtype_bits(d) >= 32; break;
    case PJ_ATOMIC_INC: case PJ_ATOMIC_DEC: ok = ok && (d == PJ_UINT32 || d == PJ_UINT64); break;
    case -1: ok = ok && is_int && pj_dtype_bits(d) >= 32; break;
    default: ok = ok && pj_dtype_bits(d) >= 32 && d != PJ_BOOL; break;
    }
    if (!ok) {
      bool ints = b->typing == PJ_TYPING_CAS || b->dim == PJ_ATOMIC_AND || b->dim == PJ_ATOMIC_OR ||
                  b->dim == PJ_ATOMIC_XOR || b->dim == PJ_ATOMIC_EXCH;
      snprintf(err, errlen, "%s() does not support arrays of %s (numba-cuda: %s)", b->name, pj_dtype_name(d),
               b->typing == PJ_TYPING_ATOMIC && (b->dim == PJ_ATOMIC_INC || b->dim == PJ_ATOMIC_DEC)
                   ? "uint32 and uint64"
                   : ints ? "32- and 64-bit integers" : "32- and 64-bit elements");
      return NULL;
    }
    for (int i = has_index ? 2 : 1; i < nargs; i++) {
      if (!pj_type_is_scalar(args[i]->type))
        return pj_fail(err, errlen, "%s() takes numbers as values, not %s", b->name, arena, args[i]->type);
      params[i] = et;
    }
    return et;
  }
  case PJ_TYPING_NEW_ARRAY: {
    const PjExpr *shape = args[0];
    int ndim = shape->kind == PJ_EX_TUPLE ? shape->tuple.count : 1;
    for (int k = 0; k < ndim; k++) {
      const PjExpr *d = shape->kind == PJ_EX_TUPLE ? shape->tuple.items[k] : shape;
      if (d->kind != PJ_EX_INT) {
        char sig[256];
        pj_new_array_signature(sig, sizeof sig, arena, args);
        snprintf(err, errlen, "%s() needs a constant shape (an integer or a tuple of integers known at compile "
                 "time, such as a module-level constant). No implementation of function Function(<function %s>) "
                 "found for signature:\n \n >>> %s", b->name, pj_numba_function_name(b->name), sig);
        return NULL;
      }
      bool dynamic = d->ival == 0 && b->lower == PJ_LOWER_SHARED_ARRAY && ndim == 1;
      if (d->ival <= 0 && !dynamic) {
        snprintf(err, errlen, d->ival == 0 && b->lower == PJ_LOWER_SHARED_ARRAY
                     ? "%s() of size 0 (dynamic shared memory) must be one-dimensional"
                     : "%s() needs positive extents", b->name);
        return NULL;
      }
    }
    if (ndim < 1 || ndim > PJ_MAX_DIMS) {
      snprintf(err, errlen, "%s() takes 1 to %d dimensions", b->name, PJ_MAX_DIMS);
      return NULL;
    }
    if (args[1]->type->kind != PJ_TY_DTYPE) {
      char sig[256];
      pj_new_array_signature(sig, sizeof sig, arena, args);
      snprintf(err, errlen, "%s() needs a dtype such as float32 as its dtype, not %s. No implementation of function "
               "Function(<function %s>) found for signature:\n \n >>> %s", b->name,
               pj_type_name(arena, args[1]->type), pj_numba_function_name(b->name), sig);
      return NULL;
    }
    const PjRecord *rec = args[1]->type->record;
    if (rec && rec->chars) {
      snprintf(err, errlen, "%s() of fixed-width strings (%s) is not supported in kernels", b->name,
               pj_type_name(arena, args[1]->type));
      return NULL;
    }
    if (rec) return pj_type_record_array(arena, rec, ndim); /* records: strided, as every array of them */
    return pj_type_array(args[1]->type->dtype, ndim);
  }
  case PJ_TYPING_RANGE: {
    /* numba: int32-sized counters stay 32-bit, all-unsigned 64-bit ranges stay unsigned, the
     * rest is int64 (a signed argument makes numba pick the int64 signature) */
    bool small = true, u64 = false, all_unsigned = true;
    for (int i = 0; i < nargs; i++) {
      const PjType *t = args[i]->type;
      if (!pj_type_is_intlike(t)) return pj_fail(err, errlen, "%s() takes integers, not %s", b->name, arena, t);
      int bits = pj_dtype_bits(t->dtype);
      bool sig = t->dtype == PJ_BOOL || pj_dtype_is_signed(t->dtype);
      small = small && (sig ? bits <= 32 : bits < 32);
      u64 = u64 || t->dtype == PJ_UINT64;
      all_unsigned = all_unsigned && !sig;
    }
    PjDtype d = u64 && all_unsigned ? PJ_UINT64 : small ? PJ_INT32 : PJ_INT64;
    for (int i = 0; i < nargs; i++) params[i] = pj_type_scalar(d);
    return pj_type_range(d);
  }
  }
  snprintf(err, errlen, "internal error: no typing rule for %s", b->name);
  return NULL;
}
