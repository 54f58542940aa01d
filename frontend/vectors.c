/* CUDA's vector types in kernels (numba.cuda.vector_types): cuda.float32x4, cuda.int2, ... A
 * vector of n numbers of one dtype is a namedtuple in the compiler, its class name the vector
 * type's and its fields x, y, z, w (as many as it has), so v.x reads an item and a vector is a
 * value like any tuple. A constructor call takes numbers and vectors of the same dtype, in any
 * grouping whose components add up to n: float32x4(a, float32x2(b, c), d). */
#include <stdio.h>
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

static const char *const PJ_VEC_BASES[] = {"int8",   "int16",  "int32",  "int64",   "uint8",
                                           "uint16", "uint32", "uint64", "float32", "float64"};
/* CUDA's C names (short2, double4, ...), for the sizes of C's types on 64-bit Linux */
static const struct { const char *alias, *base; } PJ_VEC_ALIASES[] = {
    {"char", "int8"},    {"short", "int16"},   {"int", "int32"},    {"long", "int64"},
    {"longlong", "int64"}, {"uchar", "uint8"}, {"ushort", "uint16"}, {"uint", "uint32"},
    {"ulong", "uint64"}, {"ulonglong", "uint64"}, {"float", "float32"}, {"double", "float64"},
};
static const char *const PJ_VEC_FIELDS[] = {"x", "y", "z", "w"};

/* The base dtype's name ("float32") and component count of a vector type's short name
 * ("float32x4", "float4"), or NULL. */
static const char *pj_vector_parse(const char *name, int *n) {
  size_t len = strlen(name);
  if (len < 2 || name[len - 1] < '1' || name[len - 1] > '4') return NULL;
  *n = name[len - 1] - '0';
  char prefix[32];
  if (len - 1 >= sizeof prefix) return NULL;
  memcpy(prefix, name, len - 1);
  prefix[len - 1] = 0;
  size_t pl = len - 1;
  if (pl > 1 && prefix[pl - 1] == 'x') {
    prefix[pl - 1] = 0;
    for (size_t i = 0; i < sizeof PJ_VEC_BASES / sizeof *PJ_VEC_BASES; i++)
      if (strcmp(prefix, PJ_VEC_BASES[i]) == 0) return PJ_VEC_BASES[i];
    prefix[pl - 1] = 'x';
  }
  for (size_t i = 0; i < sizeof PJ_VEC_ALIASES / sizeof *PJ_VEC_ALIASES; i++)
    if (strcmp(prefix, PJ_VEC_ALIASES[i].alias) == 0) return PJ_VEC_ALIASES[i].base;
  return NULL;
}

bool pj_is_vector_ctor(const char *q) {
  int n;
  return q && strncmp(q, "cuda.", 5) == 0 && pj_vector_parse(q + 5, &n) != NULL;
}

/* The vector type of base dtype `base` ("float32") with n components. */
static const PjType *pj_vector_type(PjChecker *c, const char *base, PjDtype d, int n) {
  const PjType *items[4];
  for (int i = 0; i < n; i++) items[i] = pj_type_scalar(d);
  char name[32];
  snprintf(name, sizeof name, "%sx%d", base, n);
  return pj_type_namedtuple(c->arena, items, n, name, PJ_VEC_FIELDS);
}

/* Whether t is a vector type (made by pj_vector_type) of dtype d; its component count in *n. */
static bool pj_is_vector_of(const PjType *t, PjDtype d, int *n) {
  int k;
  if (t->kind != PJ_TY_TUPLE || !t->fields || !t->tname || !pj_vector_parse(t->tname, &k) || k != t->count) return false;
  if (strchr(t->tname, 'x') == NULL) return false;
  for (int i = 0; i < t->count; i++)
    if (!pj_type_is_scalar(t->items[i]) || t->items[i]->dtype != d || strcmp(t->fields[i], PJ_VEC_FIELDS[i]) != 0)
      return false;
  *n = k;
  return true;
}

const PjType *pj_type_vector_ctor(PjChecker *c, PjExpr **slot, const char *q) {
  PjExpr *e = *slot;
  int n;
  const char *base = pj_vector_parse(q + 5, &n);
  PjDtype d;
  if (!pj_dtype_of_name(pj_arena_printf(c->arena, "numpy.%s", base), &d)) {
    pj_err(c, e->loc, "'%s' is not supported in kernels yet", q);
    return NULL;
  }
  const PjType *vt = pj_vector_type(c, base, d, n);
  if (e->call.has_kwargs || e->call.star) {
    pj_err(c, e->loc, "%s() takes its components as positional arguments", q);
    return NULL;
  }
  int total = 0;
  bool ok = true;
  for (int i = 0; i < e->call.nargs; i++) {
    const PjType *at = pj_expr_type(c, &e->call.args[i]);
    int k;
    if (!at) {
      ok = false;
    } else if (pj_type_is_scalar(at) && !pj_type_is_complex(at)) {
      total += 1;
    } else if (pj_is_vector_of(at, d, &k)) {
      total += k;
    } else {
      pj_err(c, e->call.args[i]->loc, "%s() takes numbers and vectors of %s, not %s", q, base, pj_tn(c, at));
      ok = false;
    }
  }
  if (!ok) return NULL;
  if (total != n) {
    pj_err(c, e->loc, "%s() needs %d component%s, given %d (numbers count one each, vectors their size)", q, n,
           n == 1 ? "" : "s", total);
    return NULL;
  }
  if (!c->final) return vt;
  /* the typed form: the tuple of the n components, each converted to the dtype */
  PjExpr **items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)n);
  int m = 0;
  for (int i = 0; i < e->call.nargs; i++) {
    PjExpr *a = e->call.args[i];
    if (pj_type_is_scalar(a->type)) {
      items[m] = a;
      pj_coerce(c, &items[m], pj_type_scalar(d));
      m++;
    } else if (a->kind == PJ_EX_CAST && a->cast.x->kind == PJ_EX_TUPLE) { /* one made in place: its components */
      for (int k = 0; k < a->cast.x->tuple.count; k++) items[m++] = a->cast.x->tuple.items[k];
    } else if (a->kind == PJ_EX_NAME) { /* a vector variable: v[0], v[1], ... */
      for (int k = 0; k < a->type->count; k++) {
        PjExpr *sub = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = a->loc});
        sub->sub.base = pj_clone_expr(c->arena, a, 0);
        sub->sub.index = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = a->loc, .ival = k});
        items[m] = sub;
        if (!pj_expr_type(c, &items[m])) return NULL;
        m++;
      }
    } else {
      pj_err(c, a->loc, "%s(): assign this vector to a variable first, then pass the variable", q);
      return NULL;
    }
  }
  /* the plain tuple of the components, as the vector type: a typed cast keeps the type when the
   * tree is typed again (a tuple expression would type as a plain tuple) */
  PjExpr *t = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = e->loc});
  t->tuple.items = items;
  t->tuple.count = n;
  const PjType *plain[4];
  for (int i = 0; i < n; i++) plain[i] = pj_type_scalar(d);
  t->type = pj_type_tuple(c->arena, plain, n);
  *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_CAST, .loc = e->loc, .type = vt});
  (*slot)->cast.x = t;
  return vt;
}
