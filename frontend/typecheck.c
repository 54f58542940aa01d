/* Type inference of one kernel for one signature, following numba's rules (ir/types.c).
 *
 * Two phases over a private copy of the function. Inference: walk the body again and again,
 * unifying each variable's type with every value assigned to it, until nothing changes (types
 * only grow, so this ends). Checking: walk once more with the variables' types fixed, report
 * every error at the user's line, and rewrite the tree into the typed IR the backend reads:
 * resolved names and builtins, constants folded in, explicit casts. The constructs with rules of
 * their own are typed in files of their own (frontend/checker.h lists them). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "ir/abi.h"
#include "ir/fold.h"
#include "stdlib/builtins.h"


void pj_err(PjChecker *c, PjLoc loc, const char *fmt, ...) {
  if (!c->final) return;
  c->failed_quietly = true;
  if (!c->diags) return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  pj_error(c->diags, &c->m->file, loc, "%s", msg);
}

const char *pj_tn(PjChecker *c, const PjType *t) { return t ? pj_type_name(c->arena, t) : "unknown"; }

/* ---- copying the function ------------------------------------------------------------------ */

static PjFunc *pj_clone_func(PjArena *a, const PjFunc *f) {
  PjFunc *c = pj_arena_alloc(a, sizeof(PjFunc));
  *c = *f;
  c->vars = pj_arena_alloc(a, sizeof(PjVar) * (size_t)(f->nvars + 1));
  memcpy(c->vars, f->vars, sizeof(PjVar) * (size_t)f->nvars);
  pj_clone_block(a, &c->body, &f->body, 0);
  return c;
}

/* ---- names ----------------------------------------------------------------------------------- */

int pj_var_index(PjChecker *c, const char *name) {
  const PjFunc *f = c->f;
  if (f->nvars <= 8) { /* a search is as quick as a table */
    for (int i = 0; i < f->nvars; i++)
      if (strcmp(f->vars[i].name, name) == 0) return i;
    return -1;
  }
  if (c->var_index.vars != f->vars || c->var_index.nvars != f->nvars) { /* made again for a new list */
    c->var_index.names = (PjNames){0};
    for (int i = 0; i < f->nvars; i++) /* the first of a name, as a search finds */
      if (pj_names_get(&c->var_index.names, f->vars[i].name) < 0) pj_names_put(c->arena, &c->var_index.names, f->vars[i].name, i);
    c->var_index.vars = f->vars;
    c->var_index.nvars = f->nvars;
  }
  return pj_names_get(&c->var_index.names, name);
}

/* Python's builtin functions that kernels may not call (yet): named as such in messages. */
static bool pj_python_builtin(const char *name) {
  static const char *const names[] = {"print", "pow", "divmod", "complex", "bool", "sum", "any", "all",
                                      "enumerate", "zip", "list", "tuple", "dict", "set", "str",
                                      "repr", "hash", "id", "input", "open", "iter", "next", "sorted", "reversed",
                                      "map", "filter", "getattr", "setattr", "type", "slice", "ord", "chr", "hex"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(names[i], name) == 0) return true;
  return false;
}

/* The canonical qualified name of a dotted expression: a module binding ("cuda.grid"), or a
 * bare name ("min") that nothing local or global binds. NULL otherwise. */
const char *pj_qualify(PjChecker *c, const PjExpr *e) {
  if (e->kind == PJ_EX_NAME) {
    if (pj_var_index(c, e->name.id) >= 0) return NULL;
    const PjGlobal *g = pj_module_global(c->m, e->name.id);
    if (g) return g->kind == PJ_GLOBAL_MODULE ? pj_canonical_name(c->arena, g->qualname) : NULL;
    return e->name.id;
  }
  if (e->kind == PJ_EX_ATTR) {
    /* a dotted path must start at an import: `math.sqrt` needs `import math` */
    const PjExpr *root = e->attr.base;
    while (root->kind == PJ_EX_ATTR) root = root->attr.base;
    if (root->kind != PJ_EX_NAME || !pj_module_global(c->m, root->name.id)) return NULL;
    const char *base = pj_qualify(c, e->attr.base);
    return base ? pj_canonical_name(c->arena, pj_arena_printf(c->arena, "%s.%s", base, e->attr.attr)) : NULL;
  }
  return NULL;
}

/* ---- conversions ------------------------------------------------------------------------------ */

/* Make *slot produce `to`: wrap it in a cast when its type differs (checking phase only). */
void pj_coerce(PjChecker *c, PjExpr **slot, const PjType *to) {
  PjExpr *e = *slot;
  if (!c->final || !to || !e->type || pj_type_equal(e->type, to)) return;
  if (e->type->kind == PJ_TY_SCALAR && to->kind == PJ_TY_SCALAR && !pj_time_cast_ok(c, e->loc, e->type, to->dtype, false))
    return; /* reported: numba converts no datetime64 or timedelta64 implicitly */
  if (e->kind == PJ_EX_TUPLE && to->kind == PJ_TY_TUPLE && e->tuple.count == to->count) {
    for (int i = 0; i < e->tuple.count; i++) pj_coerce(c, &e->tuple.items[i], to->items[i]);
    e->type = to;
    return;
  }
  PjExpr *cast = pj_arena_alloc(c->arena, sizeof(PjExpr));
  cast->kind = PJ_EX_CAST;
  cast->loc = e->loc;
  cast->type = to;
  cast->cast.x = e;
  *slot = cast;
}

bool pj_truth_ok(PjChecker *c, const PjExpr *e) {
  if (!e->type) return false;
  if (pj_type_is_scalar(e->type) && !pj_type_is_time(e->type)) return true;
  if (e->type->kind == PJ_TY_NONE) return true; /* None is false (pj_condition_type folds it) */
  pj_err(c, e->loc, "a condition must be a number or a bool, not %s", pj_tn(c, e->type));
  return false;
}

/* A condition (if, while, `not`, a conditional expression) typed: None, whose truth is known
 * (False), becomes that constant, so that `if x:` with x None prunes as numba's branch pruning
 * does. NULL when the condition is not one (reported). */
const PjType *pj_condition_type(PjChecker *c, PjExpr **slot) {
  const PjType *t = pj_expr_type(c, slot);
  if (!t || !pj_truth_ok(c, *slot)) return NULL;
  if (t->kind == PJ_TY_NONE) {
    *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = (*slot)->loc, .ival = 0});
    t = (*slot)->type = pj_type_scalar(PJ_BOOL);
  }
  return t;
}

/* ---- expressions ------------------------------------------------------------------------------ */


static void pj_literal_at(PjExpr *e, PjLoc loc) {
  e->loc = loc;
  if (e->kind == PJ_EX_CAST) e->cast.x->loc = loc; /* a typed constant */
  if (e->kind == PJ_EX_TUPLE)
    for (int i = 0; i < e->tuple.count; i++) pj_literal_at(e->tuple.items[i], loc);
}

/* A global constant's value where a kernel uses it: a copy, located at the use. */
PjExpr *pj_literal_copy(PjChecker *c, const PjExpr *v, PjLoc loc) {
  PjExpr *e = pj_clone_expr(c->arena, v, 0);
  pj_literal_at(e, loc);
  return e;
}

/* ---- functions, dtypes and constants as values ----------------------------------------------
 * A function (cuda.atomic.add, math.sqrt, a device function) or a dtype passed to a device
 * function has a type that names it and no data at run time; the callee is specialised on that
 * type and calls it directly. An integer or bool constant passed as written (numba's literal
 * types) specialises the callee on its value: a parameter the body never assigns is that
 * constant there, usable as a shape or a tuple index. */


/* A value its type says all of: the checking phase leaves a STATIC node for the backend. */
static const PjType *pj_static(PjChecker *c, PjExpr **slot, const PjType *t) {
  if (c->final) {
    PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr));
    k->kind = PJ_EX_STATIC;
    k->loc = (*slot)->loc;
    k->type = t;
    *slot = k;
  }
  return t;
}

static bool pj_is_literal_type(const PjType *t) {
  if (t->kind == PJ_TY_SCALAR || t->kind == PJ_TY_STRING) return t->literal;
  if (t->kind != PJ_TY_TUPLE || t->count == 0) return false;
  for (int i = 0; i < t->count; i++)
    if (!pj_is_literal_type(t->items[i])) return false;
  return true;
}

/* The constant a literal type stands for, located at loc. */
static PjExpr *pj_literal_expr(PjChecker *c, const PjType *t, PjLoc loc) {
  PjExpr *e = pj_arena_alloc(c->arena, sizeof(PjExpr));
  e->loc = loc;
  if (t->kind == PJ_TY_TUPLE) {
    e->kind = PJ_EX_TUPLE;
    e->tuple.count = t->count;
    e->tuple.items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)t->count);
    for (int i = 0; i < t->count; i++) e->tuple.items[i] = pj_literal_expr(c, t->items[i], loc);
    return e;
  }
  if (t->kind == PJ_TY_STRING) {
    e->kind = PJ_EX_STRING;
    e->str = t->text;
    e->str_len = t->text_len;
    e->big = t->dtype == PJ_UINT8;
    e->type = t;
    return e;
  }
  e->kind = t->dtype == PJ_BOOL ? PJ_EX_BOOL : PJ_EX_INT;
  e->ival = t->value;
  return e;
}

/* The literal type of parameter v of the specialisation being typed, when its argument was a
 * constant and the body never assigns it; NULL otherwise. */
static const PjType *pj_literal_param(PjChecker *c, int v) {
  if (!c->spec || v >= c->f->nparams || !pj_is_literal_type(c->spec->args[v])) return NULL;
  return pj_assigns_name(&c->f->body, c->f->vars[v].name) ? NULL : c->spec->args[v];
}

/* Whether an argument, as written, is a constant numba types as a literal: an integer, a bool or
 * a string, a negated integer, a tuple of them, a module-level Python int or bool, or a literal
 * parameter. */
static bool pj_literal_syntax(PjChecker *c, const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: return !e->big;
  case PJ_EX_BOOL: case PJ_EX_STRING: return true;
  case PJ_EX_UNARY:
    return (e->un.op == PJ_UN_NEG || e->un.op == PJ_UN_POS) && e->un.x->kind == PJ_EX_INT && !e->un.x->big;
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_literal_syntax(c, e->tuple.items[i])) return false;
    return e->tuple.count > 0;
  case PJ_EX_NAME: {
    int v = pj_var_index(c, e->name.id);
    if (v >= 0) return pj_literal_param(c, v) != NULL;
    const PjGlobal *g = pj_module_global(c->m, e->name.id);
    return g && g->kind == PJ_GLOBAL_CONST && g->value && pj_literal_syntax(c, g->value);
  }
  default: return false;
  }
}

/* The literal type of a typed constant argument; NULL when it is not one. */
static const PjType *pj_literal_of(PjChecker *c, const PjExpr *e) {
  if (e->kind == PJ_EX_INT && !e->big) return pj_type_literal(c->arena, PJ_INT64, e->ival);
  if (e->kind == PJ_EX_BOOL) return pj_type_literal(c->arena, PJ_BOOL, e->ival != 0);
  if (e->kind == PJ_EX_STRING && e->type && e->type->kind == PJ_TY_STRING)
    return pj_type_string_literal_of(c->arena, e->type, e->str, e->str_len);
  if (e->kind != PJ_EX_TUPLE || e->tuple.count == 0 || e->tuple.count > 64) return NULL;
  const PjType *items[64];
  for (int i = 0; i < e->tuple.count; i++)
    if (!(items[i] = pj_literal_of(c, e->tuple.items[i]))) return NULL;
  return pj_type_tuple(c->arena, items, e->tuple.count);
}

static const PjType *pj_type_name_expr(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  int v = pj_var_index(c, e->name.id);
  const PjType *lit = v >= 0 ? pj_literal_param(c, v) : NULL;
  if (lit) { /* a constant the caller passed: the body sees the constant */
    *slot = pj_literal_expr(c, lit, e->loc);
    return lit->kind == PJ_TY_STRING ? pj_type_string_literal(c, *slot) : pj_expr_type(c, slot);
  }
  if (v >= 0) {
    e->name.var = v;
    if (!c->f->vars[v].type) {
      bool reported = false; /* its assignment failed with an error of its own */
      for (int i = 0; i < c->unknown.len && !reported; i++) reported = strcmp(c->unknown.items[i], e->name.id) == 0;
      if (c->final && !reported) {
        pj_err(c, e->loc, "local variable '%s' is used before it has a value", e->name.id);
        pj_vec_push(c->arena, &c->unknown, (void *)e->name.id); /* once a variable, like the first read Python raises at */
      } else if (c->final) c->failed_quietly = true;
      return NULL;
    }
    const PjType *t = c->f->vars[v].type;
    if (t->kind == PJ_TY_NONE) { /* a parameter given None (numba's none): the constant, so that `is None` folds */
      *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_NONE, .loc = e->loc});
      return t;
    }
    return t->kind == PJ_TY_FUNCTION || t->kind == PJ_TY_DTYPE ? pj_static(c, slot, t) : t;
  }
  const PjType *captured;
  if (c->f->outer && pj_type_captured(c, slot, &captured)) return captured;
  const PjGlobal *g = pj_module_global(c->m, e->name.id);
  if (g && g->kind == PJ_GLOBAL_CONST) {
    if (!g->value && g->qualname && strcmp(g->qualname, "function") == 0) {
      pj_err(c, e->loc, "'%s' is a Python function, which kernels cannot call: decorate it with "
             "@cuda.jit(device=True), or numba's @njit, to call it from a kernel", e->name.id);
      return NULL;
    }
    if (!g->value) {
      pj_err(c, e->loc, "global '%s' is not a compile-time constant (a number, a bool, a NumPy scalar or a tuple of "
             "them)", e->name.id);
      return NULL;
    }
    *slot = pj_literal_copy(c, g->value, e->loc);
    return pj_expr_type(c, slot);
  }
  if (g && g->kind == PJ_GLOBAL_FUNC && (g->func->is_device || g->func->is_kernel))
    return pj_static(c, slot, pj_type_function(c->arena, -1, g->func, g->func->name));
  if (g && g->kind == PJ_GLOBAL_FUNC) {
    pj_err(c, e->loc, "function '%s' cannot be used as a value: it is not a CUDA function (decorate it with "
           "@cuda.jit(device=True))", e->name.id);
    return NULL;
  }
  if (g && g->kind == PJ_GLOBAL_FOREIGN) {
    pj_err(c, e->loc, "function '%s' (declared with cuda.declare_device) can only be called, not used as a value",
           e->name.id);
    return NULL;
  }
  if (g && g->kind == PJ_GLOBAL_RECORD_DTYPE) return pj_static(c, slot, pj_type_record_dtype(c->arena, g->record));
  if (g && g->kind == PJ_GLOBAL_ARRAY) { /* captured now, read-only in the kernel */
    if (c->final) {
      PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr));
      k->kind = PJ_EX_CONST_ARRAY;
      k->loc = e->loc;
      k->carray = g->array;
      *slot = k;
    }
    const PjConstArray *a = g->array;
    if (a->record) { /* an array of records: strided, as numba's */
      PjType *t = (PjType *)pj_type_record_array(c->arena, a->record, a->ndim);
      t->readonly = true;
      return t;
    }
    return pj_type_array_ro(a->dtype, a->ndim, a->address ? a->layout : 'C', !a->address);
  }
  const char *q = pj_qualify(c, e);
  int b = q ? pj_builtin_lookup(q) : -1;
  PjDtype d;
  if (g && g->kind == PJ_GLOBAL_MODULE && b < 0 && pj_dtype_of_name(q, &d)) return pj_static(c, slot, pj_type_dtype(d));
  if (g && g->kind == PJ_GLOBAL_MODULE && b < 0) {
    pj_err(c, e->loc, "module '%s' cannot be used as a value", e->name.id);
    return NULL;
  }
  if (b >= 0 && pj_builtins[b].form == PJ_FORM_CALL)
    return pj_static(c, slot, pj_type_function(c->arena, b, NULL, pj_builtins[b].name));
  pj_err(c, e->loc, "name '%s' is not defined", e->name.id);
  return NULL;
}

/* A builtin value such as cuda.threadIdx.x: rewrite the attribute chain into a BUILTIN node. */
static const PjType *pj_type_builtin_value(PjChecker *c, PjExpr **slot, int id) {
  PjExpr *e = *slot;
  char err[256];
  const PjType *t = pj_builtin_type(c->arena, id, NULL, 0, NULL, err, sizeof err);
  if (!t) {
    pj_err(c, e->loc, "%s", err);
    return NULL;
  }
  if (c->final) {
    PjExpr *b = pj_arena_alloc(c->arena, sizeof(PjExpr));
    b->kind = PJ_EX_BUILTIN;
    b->loc = e->loc;
    b->builtin.id = id;
    *slot = b;
  }
  return t;
}

/* rec.name and rec['name']: the field's number, or a C array over its bytes (a subarray). */
const PjType *pj_type_field(PjChecker *c, const PjType *rt, const char *name, PjLoc loc) {
  const PjRecordField *f = pj_record_field(rt->record, name);
  if (!f) {
    pj_err(c, loc, "%s has no field '%s'", pj_tn(c, rt), name);
    return NULL;
  }
  const PjType *ft = pj_record_field_type(c->arena, f);
  if (rt->readonly && ft->kind == PJ_TY_ARRAY) { /* a subarray of a constant record */
    PjType *t = pj_arena_alloc(c->arena, sizeof(PjType));
    *t = *ft;
    t->readonly = true;
    return t;
  }
  return ft;
}

static const PjType *pj_type_tuple_index(PjChecker *c, PjExpr **slot, const PjType *bt);

static const PjType *pj_type_attr(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const char *q = pj_qualify(c, e);
  if (q) {
    int id = pj_builtin_lookup(q);
    PjDtype d;
    if (id < 0 && pj_dtype_of_name(q, &d)) return pj_static(c, slot, pj_type_dtype(d));
    size_t n = strlen(q);
    if (id < 0 && n > 5 && strcmp(q + n - 5, ".type") == 0 &&
        pj_dtype_of_name(pj_arena_printf(c->arena, "%.*s", (int)(n - 5), q), &d))
      return pj_static(c, slot, pj_type_dtype(d)); /* DT.type of a dtype bound at module level */
    if (id >= 0 && pj_builtins[id].form == PJ_FORM_VALUE) return pj_type_builtin_value(c, slot, id);
    if (id >= 0) return pj_static(c, slot, pj_type_function(c->arena, id, NULL, q));
    /* a module path that names nothing we know */
    if (e->attr.base->kind != PJ_EX_NAME || pj_module_global(c->m, e->attr.base->name.id)) {
      pj_err(c, e->attr.attr_loc, "'%s' is not supported in kernels", q);
      return NULL;
    }
  }
  if (pj_is_ctypes_data(e)) return pj_type_ctypes_data(c, slot); /* arr.ctypes.data (frontend/newarrays.c) */
  const PjType *bt = pj_expr_type(c, &e->attr.base);
  if (!bt) return NULL;
  if (bt->kind == PJ_TY_RECORD) return pj_type_field(c, bt, e->attr.attr, e->attr.attr_loc);
  if (bt->kind == PJ_TY_DTYPE && strcmp(e->attr.attr, "type") == 0)
    return pj_static(c, slot, bt); /* a.dtype.type: the scalar type, numba's NumberClass (a cast when called) */
  int field = pj_type_field_index(bt, e->attr.attr);
  if (field >= 0) { /* a namedtuple's item by name: p.x is p[0] */
    if (!c->final) return bt->items[field];
    PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr)), *sub = pj_arena_alloc(c->arena, sizeof(PjExpr));
    *k = (PjExpr){.kind = PJ_EX_INT, .loc = e->attr.attr_loc, .ival = field, .type = pj_type_scalar(PJ_INT64)};
    *sub = (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = e->loc, .sub = {e->attr.base, k}};
    *slot = sub;
    return pj_type_tuple_index(c, slot, bt);
  }
  if (bt->kind == PJ_TY_ARRAY && bt->record && strcmp(e->attr.attr, "size") != 0 && strcmp(e->attr.attr, "shape") != 0 &&
      strcmp(e->attr.attr, "strides") != 0 && strcmp(e->attr.attr, "ndim") != 0 && strcmp(e->attr.attr, "dtype") != 0) {
    pj_err(c, e->attr.attr_loc, "a field of a whole array of records ('%s') is not supported in kernels; index the array first",
           e->attr.attr);
    return NULL;
  }
  if (bt->kind == PJ_TY_ARRAY && !bt->record && (strcmp(e->attr.attr, "real") == 0 || strcmp(e->attr.attr, "imag") == 0)) {
    /* a complex array's parts: strided views of its memory; a real array's .real is itself */
    if (pj_dtype_is_complex(bt->dtype)) return pj_type_array_ro(pj_dtype_part(bt->dtype), bt->ndim, 'A', bt->readonly);
    if (strcmp(e->attr.attr, "real") == 0) return bt;
    pj_err(c, e->attr.attr_loc, "the .imag of a real array (%s) is not supported in kernels", pj_tn(c, bt));
    return NULL;
  }
  if (bt->kind == PJ_TY_ARRAY) {
    if (strcmp(e->attr.attr, "dtype") == 0) /* the element type, known statically: cuda.local.array(n, a.dtype) */
      return pj_static(c, slot, bt->record ? pj_type_record_dtype(c->arena, bt->record) : pj_type_dtype(bt->dtype));
    if (strcmp(e->attr.attr, "size") == 0) return pj_type_scalar(PJ_INT64);
    if (strcmp(e->attr.attr, "shape") == 0 || strcmp(e->attr.attr, "strides") == 0)
      return pj_type_unituple(c->arena, pj_type_scalar(PJ_INT64), bt->ndim);
    if (strcmp(e->attr.attr, "ndim") == 0) {
      if (c->final) {
        PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr));
        k->kind = PJ_EX_INT;
        k->loc = e->loc;
        k->ival = bt->ndim;
        k->type = pj_type_scalar(PJ_INT64);
        *slot = k;
      }
      return pj_type_scalar(PJ_INT64);
    }
  }
  if (pj_type_is_scalar(bt) && (strcmp(e->attr.attr, "real") == 0 || strcmp(e->attr.attr, "imag") == 0))
    return pj_type_scalar(pj_dtype_part(bt->dtype)); /* numbers have both; a real number's imag is 0 */
  pj_err(c, e->attr.attr_loc, "%s has no attribute '%s'", pj_tn(c, bt), e->attr.attr);
  return NULL;
}

/* An index known at compile time: an integer literal (after constants are folded). */
static bool pj_const_index(const PjExpr *e, int64_t *out) {
  if (e->kind == PJ_EX_INT || e->kind == PJ_EX_BOOL) {
    *out = e->ival;
    return true;
  }
  if (e->kind == PJ_EX_CAST) return pj_const_index(e->cast.x, out);
  return false;
}

static bool pj_index_ok(PjChecker *c, PjExpr **slot);

static const PjType *pj_type_tuple_index(PjChecker *c, PjExpr **slot, const PjType *bt) {
  PjExpr *e = *slot;
  int64_t k;
  if (!pj_const_index(e->sub.index, &k)) {
    /* numba indexes a tuple whose items share one type (a UniTuple) at run time */
    bool uniform = bt->count > 0;
    for (int i = 1; i < bt->count && uniform; i++) uniform = pj_type_equal(bt->items[i], bt->items[0]);
    if (!uniform) {
      pj_err(c, e->sub.index->loc, "a tuple index must be a constant integer: the items of %s differ in type",
             pj_tn(c, bt));
      return NULL;
    }
    if (!pj_index_ok(c, &e->sub.index)) return NULL;
    pj_coerce(c, &e->sub.index, pj_type_scalar(PJ_INT64));
    return bt->items[0];
  }
  if (k < 0) k += bt->count;
  if (k < 0 || k >= bt->count) {
    pj_err(c, e->sub.index->loc, "tuple index out of range: %s has %d items", pj_tn(c, bt), bt->count);
    return NULL;
  }
  const PjType *t = bt->items[k];
  if (!c->final) return t;
  /* arr.shape[k] becomes a SHAPE node; other tuples keep a constant subscript */
  PjExpr *base = e->sub.base;
  if (base->kind == PJ_EX_ATTR && strcmp(base->attr.attr, "shape") == 0 && base->attr.base->type &&
      base->attr.base->type->kind == PJ_TY_ARRAY) {
    PjExpr *s = pj_arena_alloc(c->arena, sizeof(PjExpr));
    s->kind = PJ_EX_SHAPE;
    s->loc = e->loc;
    s->shape.array = base->attr.base;
    s->shape.dim = (int)k;
    *slot = s;
    return t;
  }
  PjExpr *idx = pj_arena_alloc(c->arena, sizeof(PjExpr));
  idx->kind = PJ_EX_INT;
  idx->loc = e->sub.index->loc;
  idx->ival = k;
  idx->type = pj_type_scalar(PJ_INT64);
  e->sub.index = idx;
  return t;
}

static bool pj_index_ok(PjChecker *c, PjExpr **slot) {
  const PjType *t = pj_expr_type(c, slot);
  if (!t) return false;
  if (pj_type_is_intlike(t)) return true;
  pj_err(c, (*slot)->loc, "array index must be an integer, not %s", pj_tn(c, t));
  return false;
}

const PjType *pj_type_subscript(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *bt = pj_expr_type(c, &e->sub.base);
  if (!bt) return NULL;
  if (bt->kind == PJ_TY_TUPLE) {
    if (!pj_expr_type(c, &e->sub.index)) return NULL;
    return pj_type_tuple_index(c, slot, bt);
  }
  if (pj_type_is_chars(bt)) return pj_type_chars_index(c, e, bt); /* s[i] of a fixed-width string */
  if (bt->kind == PJ_TY_RECORD) {
    if (e->sub.index->kind != PJ_EX_STRING && !pj_record_index_by_position(c, e, bt)) {
      pj_err(c, e->sub.index->loc, "a record is indexed by a constant field name or position, as in rec['a'] or rec[0]");
      return NULL;
    }
    if (e->sub.index->kind != PJ_EX_STRING) return NULL; /* reported */
    e->sub.index->type = pj_type_void(); /* the name: no value */
    return pj_type_field(c, bt, e->sub.index->str, e->sub.index->loc);
  }
  if (bt->kind == PJ_TY_POINTER) return pj_type_pointer_index(c, e, bt);
  if (bt->kind != PJ_TY_ARRAY) {
    pj_err(c, e->sub.base->loc, "%s cannot be indexed", pj_tn(c, bt));
    return NULL;
  }
  PjExpr *ix = e->sub.index;
  PjExpr **items = ix->kind == PJ_EX_TUPLE ? ix->tuple.items : &e->sub.index;
  int n = ix->kind == PJ_EX_TUPLE ? ix->tuple.count : 1;
  bool ok = true, whole = false;
  int nslices = 0, last_int = -1, first_slice = n;
  if (n == 1 && ix->kind != PJ_EX_TUPLE && ix->kind != PJ_EX_SLICE) {
    const PjType *it = pj_expr_type(c, &e->sub.index);
    if (!it) return NULL;
    if (it->kind == PJ_TY_TUPLE) { /* a[t] with a tuple of integers */
      whole = true;
      n = it->count;
      for (int i = 0; i < n; i++)
        if (!pj_type_is_intlike(it->items[i])) {
          pj_err(c, e->sub.index->loc, "array index must be integers, not %s", pj_tn(c, it));
          return NULL;
        }
      last_int = n - 1;
    }
  }
  for (int i = 0; !whole && i < n; i++) {
    if (items[i]->kind != PJ_EX_SLICE) {
      ok = pj_index_ok(c, &items[i]) && ok;
      last_int = i;
      continue;
    }
    nslices++;
    if (first_slice == n) first_slice = i;
    PjExpr **parts[3] = {&items[i]->slice.start, &items[i]->slice.stop, &items[i]->slice.step};
    for (int k = 0; k < 3; k++)
      if (*parts[k] && (*parts[k])->kind != PJ_EX_NONE) ok = pj_index_ok(c, parts[k]) && ok;
    const PjExpr *step = items[i]->slice.step;
    if (step && step->kind == PJ_EX_INT && step->ival == 0) {
      pj_err(c, step->loc, "slice step cannot be zero");
      ok = false;
    }
  }
  if (!ok) return NULL;
  if (n > bt->ndim) {
    pj_err(c, e->sub.index->loc, "too many indices for %s: %d", pj_tn(c, bt), n);
    return NULL;
  }
  if (nslices == 0 && n == bt->ndim && bt->record) { /* a record of a constant array is read-only */
    PjType *t = (PjType *)pj_type_record(c->arena, bt->record);
    t->readonly = bt->readonly;
    return t;
  }
  if (nslices == 0 && n == bt->ndim) return pj_type_scalar(bt->dtype);
  if (bt->record) {
    pj_err(c, e->sub.index->loc, "slices of an array of records are not supported in kernels; index every axis");
    return NULL;
  }
  /* a view (numba's basic slicing): integers drop their axis, slices keep theirs; it stays
   * C-contiguous when integers come first and every slice is a whole ':' */
  bool contiguous = bt->layout == 'C' && last_int < first_slice;
  for (int i = 0; i < n && !whole; i++)
    if (items[i]->kind == PJ_EX_SLICE && (items[i]->slice.start || items[i]->slice.stop || items[i]->slice.step))
      contiguous = false;
  return pj_type_array_ro(bt->dtype, nslices + bt->ndim - n, contiguous ? 'C' : 'A', bt->readonly);
}

/* Put keyword arguments of a builtin call in their positions. false (reported) on misuse. */
static bool pj_order_keywords(PjChecker *c, PjExpr *e, int id) {
  PjExpr *ordered[16] = {0};
  int n = 0;
  bool seen_kw = false;
  for (int i = 0; i < e->call.nargs; i++) {
    PjExpr *a = e->call.args[i];
    bool kw = a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT;
    if (!kw && seen_kw) {
      pj_err(c, a->loc, "invalid syntax: positional argument follows keyword argument");
      return false;
    }
    seen_kw = seen_kw || kw;
    int pos = kw ? (id >= 0 ? pj_builtin_keyword(id, a->bin.l->name.id) : -1) : i;
    if (pos < 0 || pos >= 16) {
      pj_err(c, a->loc, "%s() got an unexpected keyword argument '%s'", id >= 0 ? pj_builtins[id].name : "this call",
             a->bin.l->name.id);
      return false;
    }
    if (ordered[pos]) {
      pj_err(c, a->loc, "%s() got multiple values for argument %d", pj_builtins[id].name, pos + 1);
      return false;
    }
    ordered[pos] = kw ? a->bin.r : a;
    if (pos + 1 > n) n = pos + 1;
  }
  for (int i = 0; i < n; i++)
    if (!ordered[i]) {
      pj_err(c, e->loc, "%s() is missing argument %d", pj_builtins[id].name, i + 1);
      return false;
    }
  memcpy(e->call.args, ordered, sizeof(PjExpr *) * (size_t)n);
  e->call.nargs = n;
  e->call.has_kwargs = false;
  return true;
}

/* float32(x), np.int8(x): a conversion to the dtype. */
static const PjType *pj_type_dtype_cast(PjChecker *c, PjExpr **slot, PjDtype d) {
  PjExpr *e = *slot;
  if (e->call.nargs != 1 || e->call.has_kwargs) {
    pj_err(c, e->loc, "%s() takes 1 argument, got %d", pj_dtype_name(d), e->call.nargs);
    return NULL;
  }
  const PjType *t = pj_expr_type(c, &e->call.args[0]);
  if (!t) return NULL;
  if (!pj_type_is_scalar(t) || (pj_dtype_is_fp8(d) && pj_dtype_is_complex(t->dtype))) {
    pj_err(c, e->loc, "%s() takes a number, not %s", pj_dtype_name(d), pj_tn(c, t));
    return NULL;
  }
  if (!pj_time_cast_ok(c, e->loc, t, d, true)) return NULL; /* np.int64(datetime): frontend/datetime.c */
  if (c->final) {
    PjExpr *cast = pj_arena_alloc(c->arena, sizeof(PjExpr));
    cast->kind = PJ_EX_CAST;
    cast->loc = e->loc;
    cast->cast.x = e->call.args[0];
    *slot = cast;
  }
  return pj_type_scalar(d);
}

/* np.dtype(x) of a dtype (np.float32, a.dtype) or a dtype's name ("int16"): that dtype, a value
 * known when compiling (numba's DType), usable as an array's dtype and, through .type, a cast. */
static const PjType *pj_type_np_dtype_call(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->call.nargs != 1 || e->call.has_kwargs) {
    pj_err(c, e->loc, "np.dtype() takes one positional argument in kernels (a dtype or its name), got %d%s",
           e->call.nargs, e->call.has_kwargs ? " and keywords" : "");
    return NULL;
  }
  PjExpr *a = e->call.args[0];
  PjDtype d;
  if (a->kind == PJ_EX_STRING) {
    if (!pj_dtype_from_name(a->str, &d)) {
      pj_err(c, a->loc, "unknown dtype descriptor: '%s'", a->str);
      return NULL;
    }
    return pj_static(c, slot, pj_type_dtype(d));
  }
  const PjType *t = pj_expr_type(c, &e->call.args[0]);
  if (!t) return NULL;
  if (t->kind != PJ_TY_DTYPE) {
    pj_err(c, a->loc, "unknown dtype descriptor: %s (np.dtype() takes a dtype or its name)", pj_tn(c, t));
    return NULL;
  }
  return pj_static(c, slot, t);
}

static PjFunc *pj_check_function(PjChecker *parent, PjSpec *spec);

/* The specialisation of `f` for these argument types: found, or made and typed now. */
static PjSpec *pj_spec_for(PjChecker *c, const PjFunc *f, const PjType **args, int nargs) {
  for (int i = 0; i < c->specs->len; i++) {
    PjSpec *s = c->specs->items[i];
    if (s->src != f || s->nargs != nargs) continue;
    bool same = true;
    for (int k = 0; k < nargs && same; k++) same = pj_type_equal(s->args[k], args[k]);
    if (!same) continue;
    if (s->state == PJ_SPEC_FAILED && s->quiet && c->final && c->diags) {
      /* typed quietly while the caller's types were still growing: type it again, reporting */
      s->quiet = false;
      s->state = PJ_SPEC_TYPING;
      s->typed = pj_check_function(c, s);
      s->state = s->typed ? PJ_SPEC_DONE : PJ_SPEC_FAILED;
    }
    return s;
  }
  PjSpec *s = pj_arena_alloc(c->arena, sizeof(PjSpec));
  s->quiet = !c->final || !c->diags;
  s->src = f;
  s->nargs = nargs;
  s->args = pj_arena_alloc(c->arena, sizeof(PjType *) * (size_t)(nargs + 1));
  memcpy(s->args, args, sizeof(PjType *) * (size_t)nargs);
  s->id = c->specs->len;
  s->state = PJ_SPEC_TYPING;
  pj_vec_push(c->arena, c->specs, s);
  s->typed = pj_check_function(c, s);
  s->state = s->typed ? PJ_SPEC_DONE : PJ_SPEC_FAILED;
  return s;
}

/* ---- calls of device functions declared with signatures (numba's overload resolution) -------- */

/* numba's kinds of conversion between argument types, in the order its resolution prefers them */
enum { PJ_CONV_EXACT, PJ_CONV_PROMOTE, PJ_CONV_SAFE, PJ_CONV_UNSAFE, PJ_CONV_NONE };

/* numba's casting rules between numbers (numba/core/typeconv/rules.py, with their closure): widening
 * within a kind promotes; an unsigned integer into a wider signed one, small integers into float32,
 * any integer into float64, a float into the complex of its width or wider, bool into any number are
 * safe; every other number to number is unsafe, but nothing turns a complex number real. */
static int pj_number_conversion(PjDtype from, PjDtype to) {
  if (from == to) return PJ_CONV_EXACT;
  bool fc = pj_dtype_is_complex(from), tc = pj_dtype_is_complex(to);
  if (fc && !tc) return PJ_CONV_NONE;
  if (from == PJ_BOOL) return to == PJ_BOOL ? PJ_CONV_EXACT : PJ_CONV_SAFE;
  if (to == PJ_BOOL) return PJ_CONV_UNSAFE;
  bool fi = !pj_dtype_is_float(from) && !fc && !pj_dtype_is_fp8(from), ti = !pj_dtype_is_float(to) && !tc && !pj_dtype_is_fp8(to);
  int fb = pj_dtype_bits(fc ? pj_dtype_part(from) : from), tb = pj_dtype_bits(tc ? pj_dtype_part(to) : to);
  if (fi && ti) {
    bool fs = pj_dtype_is_signed(from), ts = pj_dtype_is_signed(to);
    if (fs == ts) return tb > fb ? PJ_CONV_PROMOTE : PJ_CONV_UNSAFE;
    return !fs && ts && tb > fb ? PJ_CONV_SAFE : PJ_CONV_UNSAFE;
  }
  if (fi) { /* an integer into a float or complex */
    if (tb >= 64) return PJ_CONV_SAFE;
    return tb == 32 && fb <= 16 && (pj_dtype_is_signed(from) || fb == 8) && (to == PJ_FLOAT32 || to == PJ_COMPLEX64)
               ? PJ_CONV_SAFE : PJ_CONV_UNSAFE;
  }
  if (ti) return PJ_CONV_UNSAFE; /* a float into an integer */
  bool ff = from == PJ_FLOAT16 || from == PJ_FLOAT32 || from == PJ_FLOAT64 || fc;
  bool tf = to == PJ_FLOAT16 || to == PJ_FLOAT32 || to == PJ_FLOAT64 || tc;
  if (!ff || !tf) return PJ_CONV_UNSAFE; /* bfloat16, fp8 */
  if (fc == tc) return tb > fb ? PJ_CONV_PROMOTE : PJ_CONV_UNSAFE;
  return tb >= fb ? PJ_CONV_SAFE : PJ_CONV_UNSAFE; /* a float into a complex */
}

/* The conversion of an argument of type `from` into a declared parameter type `to`. */
static int pj_arg_conversion(const PjType *from, const PjType *to) {
  if (from->kind == PJ_TY_SCALAR && to->kind == PJ_TY_SCALAR) return pj_number_conversion(from->dtype, to->dtype);
  if (from->kind == PJ_TY_ARRAY && to->kind == PJ_TY_ARRAY) {
    if (from->dtype != to->dtype || from->ndim != to->ndim || (from->record || to->record) ||
        (from->readonly && !to->readonly))
      return PJ_CONV_NONE;
    if (from->layout == to->layout) return from->readonly == to->readonly ? PJ_CONV_EXACT : PJ_CONV_SAFE;
    return to->layout == 'A' ? PJ_CONV_SAFE : PJ_CONV_NONE;
  }
  return pj_type_equal(from, to) ? PJ_CONV_EXACT : PJ_CONV_NONE;
}

/* The type a declared argument type stands for in kernels. */
static const PjType *pj_declared_type(const PjArgType *a) {
  if (pj_abi_pointer(a)) return pj_type_pointer(a->dtype);
  return a->ndim ? pj_type_array_ro(a->dtype, a->ndim, pj_abi_strided(a) ? 'A' : 'C', a->readonly != 0)
                 : pj_type_scalar(a->dtype);
}

/* The signature of f a call with these argument types takes, as numba picks it: the fewest unsafe
 * conversions, then safe ones, then promotions; the first declared on a tie. -1 (reported) when
 * none accepts them, in numba's words. */
static int pj_choose_signature(PjChecker *c, const PjExpr *e, const PjFunc *f, const PjType **args, int nargs) {
  int best = -1;
  long best_rank = 0;
  for (int k = 0; k < f->nsigs; k++) {
    const PjSignature *sg = &f->sigs[k];
    if (sg->nargs != nargs) continue;
    int count[PJ_CONV_NONE] = {0};
    bool ok = true;
    for (int i = 0; ok && i < nargs; i++) {
      int kind = pj_arg_conversion(pj_type_unliteral(c->arena, args[i]), pj_declared_type(&sg->args[i]));
      ok = kind != PJ_CONV_NONE;
      if (ok) count[kind]++;
    }
    long rank = ((long)count[PJ_CONV_UNSAFE] << 20) | ((long)count[PJ_CONV_SAFE] << 10) | count[PJ_CONV_PROMOTE];
    if (ok && (best < 0 || rank < best_rank)) best = k, best_rank = rank;
  }
  if (best >= 0) return best;
  const char *given = "", *known = "";
  for (int i = 0; i < nargs; i++) given = pj_arena_printf(c->arena, "%s%s%s", given, i ? ", " : "", pj_tn(c, args[i]));
  for (int k = 0; k < f->nsigs; k++) {
    const PjSignature *sg = &f->sigs[k];
    const char *one = "";
    for (int i = 0; i < sg->nargs; i++)
      one = pj_arena_printf(c->arena, "%s%s%s", one, i ? ", " : "", pj_tn(c, pj_declared_type(&sg->args[i])));
    known = pj_arena_printf(c->arena, "%s\n * (%s)%s%s", known, one, sg->result == PJ_RESULT_INFERRED ? "" : " -> ",
                            sg->result == PJ_RESULT_VOID ? "none" : sg->result == PJ_RESULT_DTYPE ? pj_dtype_name(sg->result_dtype) : "");
  }
  pj_err(c, e->loc, "Invalid use of type(CUDADispatcher(<function %s>)) with parameters (%s): device function '%s' "
         "is declared with other signatures, and numba does not compile it for more.\nKnown signatures:%s", f->name,
         given, f->name, known);
  return -1;
}

static const PjType *pj_type_device_call(PjChecker *c, PjExpr **slot, const PjFunc *f) {
  PjExpr *e = *slot;
  if (f->parse_diags) {
    if (c->final) pj_diags_append(c->diags, f->parse_diags);
    pj_err(c, e->call.fn->loc, "device function '%s' cannot be compiled (see the errors in its body)", f->name);
    return NULL;
  }
  if (!pj_bind_call(c, e, f)) return NULL;
  if (e->call.nargs != f->nparams) {
    pj_err(c, e->loc, "%s() takes %d argument%s, got %d", f->name, f->nparams, f->nparams == 1 ? "" : "s", e->call.nargs);
    return NULL;
  }
  const PjType *args[64];
  if (e->call.nargs > 64) {
    pj_err(c, e->loc, "%s() takes %d arguments: device functions of more than 64 parameters are not supported",
           f->name, e->call.nargs);
    return NULL;
  }
  bool ok = true;
  if (!e->call.literals_known) { /* as written: before typing folds anything */
    e->call.literals_known = true;
    for (int i = 0; i < e->call.nargs; i++)
      if (pj_literal_syntax(c, e->call.args[i])) e->call.literals |= 1ull << i;
  }
  for (int i = 0; ok && i < e->call.nargs; i++) /* a string literal: numba's StringLiteral, the callee sees it */
    ok = (args[i] = e->call.args[i]->kind == PJ_EX_STRING ? pj_type_string_literal(c, e->call.args[i])
                                                           : pj_expr_type(c, &e->call.args[i])) != NULL;
  if (!ok) return NULL;
  for (int i = 0; i < e->call.nargs; i++) {
    if (args[i]->kind != PJ_TY_SCALAR && args[i]->kind != PJ_TY_STRING && args[i]->kind != PJ_TY_ARRAY && args[i]->kind != PJ_TY_TUPLE &&
        args[i]->kind != PJ_TY_GRID_GROUP && args[i]->kind != PJ_TY_FUNCTION && args[i]->kind != PJ_TY_DTYPE &&
        args[i]->kind != PJ_TY_RECORD && args[i]->kind != PJ_TY_POINTER && args[i]->kind != PJ_TY_NONE) {
      pj_err(c, e->call.args[i]->loc, "cannot pass %s to a device function", pj_tn(c, args[i]));
      return NULL;
    }
    const PjType *lit = e->call.literals >> i & 1 ? pj_literal_of(c, e->call.args[i]) : NULL;
    if (lit) args[i] = lit; /* the callee is specialised on the constant */
  }
  const PjSignature *declared = NULL;
  if (f->nsigs > 0) { /* declared signatures: the callee is compiled for the one chosen, never for constants */
    int k = pj_choose_signature(c, e, f, args, e->call.nargs);
    if (k < 0) return NULL;
    declared = &f->sigs[k];
    for (int i = 0; i < e->call.nargs; i++) {
      args[i] = pj_declared_type(&declared->args[i]);
      pj_coerce(c, &e->call.args[i], args[i]);
    }
  }
  if (c->depth > 32) {
    pj_err(c, e->loc, "device functions nested more than 32 calls deep");
    return NULL;
  }
  PjSpec *s = pj_spec_for(c, f, args, e->call.nargs);
  if (s->state == PJ_SPEC_FAILED) {
    pj_err(c, e->call.fn->loc, "in the call of device function '%s' from here", f->name);
    return NULL;
  }
  const PjType *ret = s->typed ? s->typed->ret_type : s->src->ret_type;
  if (s->state == PJ_SPEC_TYPING) s->recursive = true;
  if (s->state == PJ_SPEC_TYPING && !ret) {
    /* recursion: the return type comes from the non-recursive returns typed so far */
    pj_err(c, e->loc, "cannot type infer runaway recursion: the return type of recursive function '%s' is not "
           "known here (give it a return that does not recurse before this call)", f->name);
    return NULL;
  }
  if (c->final) e->call.spec = s;
  if (declared && declared->result != PJ_RESULT_INFERRED && ret) {
    const PjType *want = declared->result == PJ_RESULT_VOID ? pj_type_void() : pj_type_scalar(declared->result_dtype);
    if (want->kind == PJ_TY_VOID && ret->kind != PJ_TY_VOID) {
      pj_err(c, e->loc, "device function '%s' returns %s, but its signature says it returns nothing", f->name, pj_tn(c, ret));
      return NULL;
    }
    if (want->kind != PJ_TY_VOID && (ret->kind != PJ_TY_SCALAR || pj_number_conversion(ret->dtype, want->dtype) == PJ_CONV_NONE)) {
      pj_err(c, e->loc, "device function '%s' returns %s, which cannot be converted to the %s its signature returns",
             f->name, pj_tn(c, ret), pj_tn(c, want));
      return NULL;
    }
    e->type = ret;
    pj_coerce(c, slot, want); /* the call's value as the signature declares it */
    return want;
  }
  return ret;
}


/* A call of a function declared with cuda.declare_device: numbers converted to its parameters. */
static const PjType *pj_type_foreign_call(PjChecker *c, PjExpr *e, const PjForeign *f) {
  if (e->call.has_kwargs) {
    pj_err(c, e->loc, "'%s' (declared with cuda.declare_device) takes positional arguments only", f->name);
    return NULL;
  }
  if (e->call.nargs != f->nparams) {
    pj_err(c, e->loc, "'%s' takes %d argument%s as declared with cuda.declare_device, got %d", f->name, f->nparams,
           f->nparams == 1 ? "" : "s", e->call.nargs);
    return NULL;
  }
  bool ok = true;
  for (int i = 0; i < e->call.nargs; i++) ok = pj_expr_type(c, &e->call.args[i]) && ok;
  if (!ok) return NULL;
  for (int i = 0; i < e->call.nargs; i++) {
    const PjType *t = e->call.args[i]->type;
    if (f->params[i]->kind == PJ_TY_POINTER ? !pj_type_equal(t, f->params[i])
                                            : !pj_type_is_scalar(t) || (pj_type_is_complex(t) && !pj_type_is_complex(f->params[i]))) {
      pj_err(c, e->call.args[i]->loc, "argument %d of '%s' is declared %s; it cannot take %s", i + 1, f->name,
             pj_tn(c, f->params[i]), pj_tn(c, t));
      return NULL;
    }
  }
  if (c->final) {
    for (int i = 0; i < e->call.nargs; i++) pj_coerce(c, &e->call.args[i], f->params[i]);
    e->call.foreign = f;
  }
  return f->ret;
}

/* pow(a, b) is a ** b, as numba types it; numba has no three-argument form. */
static const PjType *pj_type_pow_call(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->call.nargs != 2 || e->call.has_kwargs) {
    pj_err(c, e->loc, e->call.nargs == 3 ? "pow() with a modulus (three arguments) is not supported in kernels (numba "
                                           "does not compile it either): compute the power, then the remainder"
                                         : "pow() takes 2 positional arguments, got %d", e->call.nargs);
    return NULL;
  }
  PjExpr *bin = pj_arena_alloc(c->arena, sizeof(PjExpr));
  bin->kind = PJ_EX_BINARY;
  bin->loc = e->loc;
  bin->bin.op = PJ_OP_POW;
  bin->bin.l = e->call.args[0];
  bin->bin.r = e->call.args[1];
  *slot = bin;
  return pj_type_binary(c, slot);
}

/* operator.add(a, b) (the operator module's functions, as numba types them): the binary
 * operator itself. false when q names no such function. */
static bool pj_operator_binop(const char *q, PjBinOp *op) {
  static const struct { const char *name; PjBinOp op; } ops[] = {
      {"operator.add", PJ_OP_ADD}, {"operator.sub", PJ_OP_SUB}, {"operator.mul", PJ_OP_MUL},
      {"operator.truediv", PJ_OP_DIV}, {"operator.floordiv", PJ_OP_FLOORDIV}, {"operator.mod", PJ_OP_MOD},
      {"operator.pow", PJ_OP_POW}, {"operator.lshift", PJ_OP_LSHIFT}, {"operator.rshift", PJ_OP_RSHIFT},
      {"operator.and_", PJ_OP_BITAND}, {"operator.or_", PJ_OP_BITOR}, {"operator.xor", PJ_OP_BITXOR}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(q, ops[i].name) == 0) {
      *op = ops[i].op;
      return true;
    }
  return false;
}

static const PjType *pj_type_operator_call(PjChecker *c, PjExpr **slot, const char *q, PjBinOp op) {
  PjExpr *e = *slot;
  if (e->call.nargs != 2 || e->call.has_kwargs) {
    pj_err(c, e->loc, "%s() takes 2 positional arguments, got %d", q, e->call.nargs);
    return NULL;
  }
  PjExpr *bin = pj_arena_alloc(c->arena, sizeof(PjExpr));
  bin->kind = PJ_EX_BINARY;
  bin->loc = e->loc;
  bin->bin.op = op;
  bin->bin.l = e->call.args[0];
  bin->bin.r = e->call.args[1];
  *slot = bin;
  return pj_type_binary(c, slot);
}

/* A method of a cooperative group (g.sync()): its row "<GridGroup>.sync" applied to g, which
 * becomes the call's only argument; likewise an array's reduction method (a.sum(): numpy.sum). The row's id; -1 when the callee is no such method; -2 when
 * typing the group failed or the call is wrong (reported). */
static int pj_group_method(PjChecker *c, PjExpr *e) {
  PjExpr *fn = e->call.fn;
  bool rewritten = e->call.nargs == 1 && e->call.args[0] == fn->attr.base; /* in an earlier round */
  const PjType *bt = pj_expr_type(c, &fn->attr.base);
  if (!bt) return -2;
  int id = -1;
  if (bt->kind == PJ_TY_ARRAY) { /* a.sum(), a.max(): the NumPy reduction applied to a */
    id = pj_builtin_lookup(pj_arena_printf(c->arena, "numpy.%s", fn->attr.attr));
    if (id >= 0 && (pj_builtins[id].typing != PJ_TYPING_REDUCE || id == PJ_BI_NP_AMIN || id == PJ_BI_NP_AMAX ||
                    pj_builtins[id].dim >= PJ_RED_NANMIN))
      id = -1;
  } else if (bt->kind == PJ_TY_GRID_GROUP)
    id = pj_builtin_lookup(pj_arena_printf(c->arena, "<%s>.%s", pj_tn(c, bt), fn->attr.attr));
  if (id < 0) return -1;
  if (rewritten) {
    e->call.args[0] = fn->attr.base; /* as typed now */
    return id;
  }
  if (e->call.nargs != 0) {
    pj_err(c, e->loc, "%s.%s() takes no arguments, got %d", pj_tn(c, bt), fn->attr.attr, e->call.nargs);
    return -2;
  }
  e->call.args = pj_arena_alloc(c->arena, sizeof(PjExpr *));
  e->call.args[0] = fn->attr.base;
  e->call.nargs = 1;
  return id;
}

/* ---- locals that are constants ----------------------------------------------------------------
 * numba propagates a local assigned once from a constant (`N = 100` ... cuda.shared.array(N, ...))
 * into the places that need a constant. Here: a variable that is no parameter, whose only
 * assignment is `name = constant` at the top level of the function, before the use. */

typedef struct PjAssignCount {
  const char *name;
  int count;
} PjAssignCount;

static void pj_count_target(const PjExpr *t, PjAssignCount *a) {
  if (t->kind == PJ_EX_NAME && strcmp(t->name.id, a->name) == 0) a->count++;
  for (int k = 0; t->kind == PJ_EX_TUPLE && k < t->tuple.count; k++) pj_count_target(t->tuple.items[k], a);
}

static void pj_count_assigns(const PjBlock *b, PjAssignCount *a) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN: for (int t = 0; t < s->assign.ntargets; t++) pj_count_target(s->assign.targets[t], a); break;
    case PJ_ST_AUGASSIGN: pj_count_target(s->aug.target, a); break;
    case PJ_ST_IF: pj_count_assigns(&s->if_.then, a); pj_count_assigns(&s->if_.orelse, a); break;
    case PJ_ST_WHILE: pj_count_assigns(&s->while_.body, a); break;
    case PJ_ST_FOR: pj_count_target(s->for_.target, a); pj_count_assigns(&s->for_.body, a); break;
    default: break;
    }
  }
}

static bool pj_loc_before(PjLoc a, PjLoc b) { return a.line < b.line || (a.line == b.line && a.col < b.col); }

/* The constant a local variable stands for at `use`, or NULL. */
static const PjExpr *pj_local_constant(PjChecker *c, const PjExpr *use) {
  int v = use->kind == PJ_EX_NAME ? pj_var_index(c, use->name.id) : -1;
  if (v < c->f->nparams) return NULL;
  PjAssignCount a = {use->name.id, 0};
  pj_count_assigns(&c->f->body, &a);
  if (a.count != 1) return NULL;
  for (int i = 0; i < c->f->body.count; i++) {
    const PjStmt *s = c->f->body.stmts[i];
    if (s->kind == PJ_ST_ASSIGN && s->assign.ntargets == 1 && s->assign.targets[0]->kind == PJ_EX_NAME &&
        strcmp(s->assign.targets[0]->name.id, use->name.id) == 0)
      return pj_loc_before(s->loc, use->loc) && pj_literal_syntax(c, s->assign.value) ? s->assign.value : NULL;
  }
  return NULL;
}

/* Where a constant is needed (an array's shape): such locals, in *slot or its tuple's items, become
 * their constants. */
static void pj_inline_local_constants(PjChecker *c, PjExpr **slot) {
  if ((*slot)->kind == PJ_EX_TUPLE)
    for (int i = 0; i < (*slot)->tuple.count; i++) pj_inline_local_constants(c, &(*slot)->tuple.items[i]);
  const PjExpr *k = pj_local_constant(c, *slot);
  if (k) *slot = pj_literal_copy(c, k, (*slot)->loc);
}

/* The arguments of cuda.shared.array / cuda.local.array that are not values: a dtype given by its
 * NumPy name (dtype="int32", which numba accepts), and a list as the shape (numba takes an integer
 * or a tuple only). Returns 1 when argument i was one of them and is typed, -1 when it was one and
 * is wrong (reported), 0 when it is an ordinary argument. */
/* NumPy's object dtype as an array's dtype: np.dtype("O"), np.dtype(object), object, np.object_
 * (numba's pyobject, an imprecise type). */
static bool pj_is_object_dtype(PjChecker *c, const PjExpr *e) {
  if (e->kind == PJ_EX_CALL && e->call.nargs == 1 && !e->call.has_kwargs) {
    const char *q = pj_qualify(c, e->call.fn);
    return q && strcmp(q, "numpy.dtype") == 0 && pj_is_object_dtype(c, e->call.args[0]);
  }
  if (e->kind == PJ_EX_STRING) return strcmp(e->str, "O") == 0 || strcmp(e->str, "|O") == 0 || strcmp(e->str, "object") == 0;
  const char *q = e->kind == PJ_EX_NAME || e->kind == PJ_EX_ATTR ? pj_qualify(c, e) : NULL;
  return q && (strcmp(q, "object") == 0 || strcmp(q, "numpy.object_") == 0);
}

/* The shape of a new array given as a list, as numba writes its type: list(int64)<iv=[5, 6]> (the
 * initial values where every item is a constant integer), its items typed. NULL: an item failed. */
static const char *pj_list_shape_text(PjChecker *c, PjExpr *list) {
  const char *iv = "[", *item = NULL;
  bool constant = true;
  for (int k = 0; k < list->tuple.count; k++) {
    pj_inline_local_constants(c, &list->tuple.items[k]);
    const PjType *t = pj_expr_type(c, &list->tuple.items[k]);
    if (!t) return NULL;
    const PjExpr *x = list->tuple.items[k];
    constant = constant && x->kind == PJ_EX_INT;
    if (constant) iv = pj_arena_printf(c->arena, "%s%s%lld", iv, k ? ", " : "", (long long)x->ival);
    /* numba's list of integers holds int64 (literal or not), of floats float64 */
    const char *tn = pj_type_is_intlike(t) && t->dtype != PJ_BOOL ? "int64" : pj_type_is_float(t) ? "float64"
                                                                                               : pj_tn(c, pj_type_unliteral(c->arena, t));
    if (!item) item = tn;
  }
  return pj_arena_printf(c->arena, "list(%s)<iv=%s>", item ? item : "undefined",
                         constant && list->tuple.count ? pj_arena_printf(c->arena, "%s]", iv) : "None");
}

static int pj_new_array_arg(PjChecker *c, PjExpr *call, int id, int i) {
  const char *name = pj_builtins[id].name;
  const char *fn = strncmp(name, "cuda.", 5) == 0 ? name + 5 : name; /* numba's name of the function */
  PjExpr **slot = &call->call.args[i];
  PjExpr *e = *slot;
  if (i == 1 && pj_is_object_dtype(c, e)) { /* numba types the array, and then cannot type its variable */
    const PjExpr *shape = call->call.args[0];
    int ndim = shape->kind == PJ_EX_TUPLE ? shape->tuple.count : 1;
    if (c->assign_value == call)
      pj_err(c, e->loc, "Cannot infer the type of variable '%s', have imprecise type: array(pyobject, %dd, C). (NumPy's "
             "object dtype holds Python objects, which kernels cannot)", c->assign_name, ndim);
    else
      pj_err(c, e->loc, "%s() of NumPy's object dtype (Python objects, numba's pyobject) is not supported in kernels",
             name);
    return -1;
  }
  if (i == 1 && e->kind == PJ_EX_STRING) {
    PjDtype d;
    if (!pj_dtype_from_name(e->str, &d)) {
      pj_err(c, e->loc, "%s(): Invalid NumPy dtype specified: '%s' (give a NumPy dtype or its name, such as "
             "float32 or 'float32')", name, e->str);
      return -1;
    }
    const PjType *t = pj_static(c, slot, pj_type_dtype(d));
    (*slot)->type = t;
    return 1;
  }
  if (i == 2) return pj_new_array_alignment(c, id, slot); /* frontend/newarrays.c */
  if (i == 0 && e->kind == PJ_EX_LIST) {
    const char *shape = pj_list_shape_text(c, e);
    const PjType *dt = NULL;
    if (shape && call->call.nargs > 1) { /* the dtype too, for numba's signature */
      int r = pj_new_array_arg(c, call, id, 1);
      dt = r > 0 ? call->call.args[1]->type : r == 0 ? pj_expr_type(c, &call->call.args[1]) : NULL;
    }
    if (!shape || (call->call.nargs > 1 && !dt)) return -1; /* reported */
    const char *dtext = !dt ? "none" : dt->kind == PJ_TY_DTYPE && !dt->record
                                           ? pj_arena_printf(c->arena, "class(%s)", pj_dtype_name(dt->dtype)) : pj_tn(c, dt);
    pj_err(c, e->loc, "%s() takes its shape as an integer or a tuple of integers, not a list. No implementation of "
           "function Function(<function %s>) found for signature:\n \n >>> array(shape=%s, dtype=%s)", name, fn,
           shape, dtext);
    return -1;
  }
  return 0;
}

/* Whether a value of type xt is an instance of the class written as cls, as numba answers
 * isinstance() when compiling: int, float, complex and bool are numba's Integer, Float, Complex
 * and Boolean kinds; a NumPy or numba scalar class (np.float32, float32, nv_bfloat16) its one type;
 * tuple and np.ndarray any tuple and any array; a tuple of classes any of them. 1 yes, 0 no, -1 an
 * error (reported). */
static int pj_isinstance_of(PjChecker *c, const PjType *xt, const PjExpr *cls) {
  if (cls->kind == PJ_EX_TUPLE) {
    int any = 0;
    for (int i = 0; i < cls->tuple.count; i++) {
      int r = pj_isinstance_of(c, xt, cls->tuple.items[i]);
      if (r < 0) return -1;
      any |= r;
    }
    return any;
  }
  const char *q = pj_qualify(c, cls);
  bool scalar = xt->kind == PJ_TY_SCALAR;
  PjDtype d = xt->dtype;
  if (q && strcmp(q, "int") == 0)
    return pj_type_is_int(xt) && !pj_dtype_is_datetime(d) && !pj_dtype_is_timedelta(d) && !pj_dtype_is_fp8(d);
  if (q && strcmp(q, "float") == 0) return scalar && pj_dtype_is_float(d);
  if (q && strcmp(q, "complex") == 0) return scalar && pj_dtype_is_complex(d);
  if (q && strcmp(q, "bool") == 0) return scalar && d == PJ_BOOL;
  if (q && strcmp(q, "tuple") == 0) return xt->kind == PJ_TY_TUPLE;
  if (q && strcmp(q, "numpy.ndarray") == 0) return xt->kind == PJ_TY_ARRAY;
  PjDtype want;
  if (q && pj_dtype_of_name(q, &want)) return scalar && !xt->record && d == want;
  pj_err(c, cls->loc, "isinstance() takes a class pyjitc knows in kernels (int, float, complex, bool, tuple, "
         "np.ndarray, a NumPy or numba scalar type, or a tuple of them)");
  return -1;
}

/* isinstance(x, cls): a constant, so that `if isinstance(x, float):` prunes the other branch. */
static const PjType *pj_type_isinstance(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->call.nargs != 2 || e->call.has_kwargs) {
    pj_err(c, e->loc, "isinstance() takes 2 arguments, a value and a class");
    return NULL;
  }
  const PjType *xt = pj_expr_type(c, &e->call.args[0]);
  if (!xt) return NULL;
  int r = pj_isinstance_of(c, xt, e->call.args[1]);
  if (r < 0) return NULL;
  *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = e->loc, .ival = r});
  return pj_expr_type(c, slot);
}

static const PjType *pj_type_call(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->call.star && !pj_spread_star(c, e)) return NULL;
  const char *q = pj_qualify(c, e->call.fn);
  int id = q ? pj_builtin_lookup(q) : -1;
  if (q && strcmp(q, "numba.literal_unroll") == 0) {
    pj_err(c, e->loc, "literal_unroll() is only supported as the iterable of a for loop");
    return NULL;
  }
  if (q && strcmp(q, "isinstance") == 0) return pj_type_isinstance(c, slot);
  PjDtype d;
  if (q && id < 0 && pj_dtype_of_name(q, &d)) return pj_type_dtype_cast(c, slot, d);
  if (q && id < 0 && strcmp(q, "numpy.dtype") == 0) return pj_type_np_dtype_call(c, slot);
  if (id < 0 && e->call.fn->kind == PJ_EX_ATTR && strcmp(e->call.fn->attr.attr, "type") == 0) {
    /* a.dtype.type(x), DT.type(x): a dtype's scalar type called, a cast */
    const PjType *ft = pj_expr_type(c, &e->call.fn);
    if (!ft) return NULL;
    if (ft->kind == PJ_TY_DTYPE && !ft->record) return pj_type_dtype_cast(c, slot, ft->dtype);
    pj_err(c, e->call.fn->loc, "%s is not callable", pj_tn(c, ft));
    return NULL;
  }
  if (q && id < 0 && pj_is_vector_ctor(q)) return pj_type_vector_ctor(c, slot, q); /* frontend/vectors.c */
  if (q && id < 0 && e->call.fn->kind == PJ_EX_NAME && strcmp(q, "tuple") == 0) return pj_type_tuple_call(c, slot);
  if (q && e->call.fn->kind == PJ_EX_NAME && strcmp(q, "pow") == 0) return pj_type_pow_call(c, slot);
  PjBinOp bop;
  if (q && id < 0 && pj_operator_binop(q, &bop)) return pj_type_operator_call(c, slot, q, bop);
  bool conj = false;
  if (!q && e->call.fn->kind == PJ_EX_ATTR &&
      ((conj = strcmp(e->call.fn->attr.attr, "conjugate") == 0) || strcmp(e->call.fn->attr.attr, "bit_count") == 0) &&
      (e->call.nargs == 0 || (e->call.nargs == 1 && e->call.args[0] == e->call.fn->attr.base))) {
    /* z.conjugate(), i.bit_count() (numba-cuda: cuda.popc(i)): the builtin applied to the value */
    PjExpr *base = e->call.fn->attr.base;
    const PjType *bt = conj ? NULL : pj_expr_type(c, &e->call.fn->attr.base);
    if (conj || (bt && pj_type_is_int(bt))) {
      e->call.args = pj_arena_alloc(c->arena, sizeof(PjExpr *));
      e->call.args[0] = conj ? base : e->call.fn->attr.base;
      e->call.nargs = 1;
      id = conj ? PJ_BI_CONJUGATE : PJ_BI_POPC;
    }
  }
  if (!q && id < 0 && e->call.fn->kind == PJ_EX_ATTR && (id = pj_group_method(c, e)) == -2) return NULL;
  bool captured = e->call.fn->kind == PJ_EX_NAME && c->f->outer && pj_var_index(c, e->call.fn->name.id) < 0 &&
                  pj_is_captured(c, e->call.fn->name.id); /* an inner function's name for another, or itself */
  captured |= e->call.fn->kind == PJ_EX_STATIC; /* that name, replaced by the function */
  if (captured || (!q && id < 0 && e->call.fn->kind == PJ_EX_NAME && pj_var_index(c, e->call.fn->name.id) >= 0)) {
    /* a variable holding a function or a dtype: a parameter a caller passed one in */
    PjLoc fn_loc = e->call.fn->loc;
    const PjType *ft = pj_expr_type(c, &e->call.fn);
    if (!ft) return NULL;
    if (ft->kind == PJ_TY_DTYPE && !ft->record) return pj_type_dtype_cast(c, slot, ft->dtype);
    if (ft->kind == PJ_TY_FUNCTION && ft->builtin < 0) return pj_type_device_call(c, slot, ft->func);
    if (ft->kind != PJ_TY_FUNCTION) {
      pj_err(c, fn_loc, "%s is not callable", pj_tn(c, ft));
      return NULL;
    }
    id = ft->builtin;
  }
  if (id < 0 || pj_builtins[id].form != PJ_FORM_CALL) {
    const PjExpr *fn = e->call.fn;
    if (fn->kind == PJ_EX_ATTR && !q) { /* a method of a value */
      if (pj_expr_type(c, &e->call.fn->attr.base)) {
        if (pj_is_array_view_method(fn->attr.attr) && fn->attr.base->type->kind == PJ_TY_ARRAY)
          return pj_type_array_method(c, slot);
        pj_err(c, fn->attr.attr_loc, "%s has no method '%s' in kernels", pj_tn(c, fn->attr.base->type), fn->attr.attr);
      }
      return NULL;
    }
    const PjGlobal *g = fn->kind == PJ_EX_NAME ? pj_module_global(c->m, fn->name.id) : NULL;
    if (g && g->kind == PJ_GLOBAL_FUNC && (g->func->is_device || g->func->is_kernel)) return pj_type_device_call(c, slot, g->func);
    if (g && g->kind == PJ_GLOBAL_FOREIGN) return pj_type_foreign_call(c, e, g->foreign);
    if (g && g->kind == PJ_GLOBAL_FUNC)
      pj_err(c, fn->loc, "'%s' is not a CUDA function: decorate it with @cuda.jit(device=True) to call it from a kernel",
             fn->name.id);
    else if (q && fn->kind == PJ_EX_NAME && !g && !pj_python_builtin(q))
      pj_err(c, fn->loc, "name '%s' is not defined", q);
    else if (q && strncmp(q, "cuda.libdevice.", 15) == 0) /* numba: an unknown attribute of the module */
      pj_err(c, fn->loc, "module 'libdevice' has no function '%s' (numba.cuda.libdevice has libdevice's functions "
             "without their __nv_ prefix)", q + 15);
    else if (q)
      pj_err(c, fn->loc, "'%s' is not supported in kernels yet", q);
    else if (pj_expr_type(c, &e->call.fn)) /* else typing the callee said what is wrong */
      pj_err(c, fn->loc, "%s is not callable", pj_tn(c, e->call.fn->type));
    return NULL;
  }
  if (id == PJ_BI_RAISE) return pj_type_raise(c, slot);
  if (id == PJ_BI_FORMAT) {
    pj_err(c, e->loc, "an f-string or str.format() is supported in kernels only as an argument of print()");
    return NULL;
  }
  if (id == PJ_BI_RANGE) {
    pj_err(c, e->loc, "range() is only supported as the iterable of a for loop");
    return NULL;
  }
  if (e->call.has_kwargs && !pj_order_keywords(c, e, id)) return NULL;
  for (int i = 0; pj_builtins[id].typing == PJ_TYPING_NEW_ARRAY && i < e->call.nargs; i += 2)
    pj_inline_local_constants(c, &e->call.args[i]); /* the shape and the alignment */
  if (id == PJ_BI_FLOAT && e->call.nargs == 1 && e->call.args[0]->kind == PJ_EX_STRING && !pj_float_literal(c, e->call.args[0]))
    return NULL;
  bool ok = true;
  for (int i = 0; i < e->call.nargs; i++) {
    if (pj_builtins[id].typing == PJ_TYPING_PRINT && pj_is_format(e->call.args[i])) {
      ok = pj_type_format(c, &e->call.args[i]) != NULL && ok;
      continue;
    }
    if (pj_builtins[id].typing == PJ_TYPING_PRINT && e->call.args[i]->kind == PJ_EX_STRING) {
      const PjExpr *a = e->call.args[i];
      if (memchr(a->str, 0, (size_t)a->str_len)) {
        pj_err(c, a->loc, "a NUL character in a printed string is not supported in kernels (printf ends its text there)");
        ok = false;
      }
      e->call.args[i]->type = pj_type_void(); /* a constant of the format */
      continue;
    }
    if (pj_builtins[id].typing == PJ_TYPING_PRINT) pj_dim3_as_tuple(c, &e->call.args[i]);
    if (id == PJ_BI_LEN && e->call.args[i]->kind == PJ_EX_STRING) { /* len("abc"): its characters */
      pj_type_string_literal(c, e->call.args[i]);
      continue;
    }
    int special = pj_builtins[id].typing == PJ_TYPING_NEW_ARRAY ? pj_new_array_arg(c, e, id, i) : 0;
    ok = (special ? special > 0 : pj_expr_type(c, &e->call.args[i]) != NULL) && ok;
    if (special < 0 && i == 0 && e->call.args[0]->kind == PJ_EX_LIST) break; /* its message typed the rest */
  }
  if (!ok) return NULL;
  if (!pj_time_builtin_ok(c, e, id)) return NULL; /* frontend/datetime.c */
  if (pj_builtins[id].typing == PJ_TYPING_PRINT && c->final && !pj_print_limit(c, e)) return NULL;
  if (pj_is_ufunc(id) && pj_ufunc_needs_rewrite(id, e->call.args, e->call.nargs)) return pj_type_ufunc(c, slot, id);
  if (pj_is_ufunc(id)) id = pj_ufunc_on_complex(c, e, id);
  const PjType *params[256];
  char err[512];
  if (e->call.nargs > 255) {
    pj_err(c, e->loc, "%s() takes at most 255 arguments, got %d", pj_builtins[id].name, e->call.nargs);
    return NULL;
  }
  const PjType *t = pj_time_call_type(e, id, NULL); /* abs(td), int(td): the value's own lowering */
  if (!t) t = pj_chars_len_type(e, id);               /* len(s) of a fixed-width string */
  if (t) params[0] = e->call.args[0]->type;
  else t = pj_builtin_type(c->arena, id, e->call.args, e->call.nargs, params, err, sizeof err);
  if (!t) {
    pj_err(c, e->loc, "%s", err);
    return NULL;
  }
  if (c->final) {
    for (int i = 0; i < e->call.nargs; i++) pj_coerce(c, &e->call.args[i], params[i]);
    PjExpr *b = pj_arena_alloc(c->arena, sizeof(PjExpr));
    b->kind = PJ_EX_BUILTIN;
    b->loc = e->loc;
    b->builtin.id = id;
    b->builtin.args = e->call.args;
    b->builtin.nargs = e->call.nargs;
    *slot = b;
  }
  return t;
}

static const PjType *pj_type_tuple_expr(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *items[64];
  if (e->tuple.count > 64) {
    pj_err(c, e->loc, "tuples of more than 64 items are not supported");
    return NULL;
  }
  bool ok = true;
  for (int i = 0; i < e->tuple.count; i++) ok = (items[i] = pj_expr_type(c, &e->tuple.items[i])) && ok;
  return ok ? pj_type_tuple(c->arena, items, e->tuple.count) : NULL;
}

static const PjType *pj_expr_type_raw(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  switch (e->kind) {
  case PJ_EX_INT: return pj_type_scalar(e->big ? PJ_UINT64 : PJ_INT64);
  case PJ_EX_FLOAT: return pj_type_scalar(e->big ? PJ_COMPLEX128 : PJ_FLOAT64);
  case PJ_EX_BOOL: return pj_type_scalar(PJ_BOOL);
  case PJ_EX_NONE: return pj_type_none();
  case PJ_EX_STRING:
    pj_err(c, e->loc, "strings are not supported in kernels yet");
    return NULL;
  case PJ_EX_NAME: return pj_type_name_expr(c, slot);
  case PJ_EX_ATTR: return pj_type_attr(c, slot);
  case PJ_EX_CALL: return pj_type_call(c, slot);
  case PJ_EX_SUBSCRIPT: return pj_type_subscript(c, slot);
  case PJ_EX_TUPLE: return pj_type_tuple_expr(c, slot);
  case PJ_EX_BINARY: return pj_type_binary(c, slot);
  case PJ_EX_UNARY: return pj_type_unary(c, slot);
  case PJ_EX_COMPARE: return pj_type_compare(c, slot);
  case PJ_EX_BOOLOP: return pj_type_boolop(c, slot);
  case PJ_EX_IFEXP: return pj_type_ifexp(c, slot);
  case PJ_EX_CAST: case PJ_EX_BUILTIN: case PJ_EX_SHAPE: return e->type;
  case PJ_EX_SLICE:
    pj_err(c, e->loc, "a slice is only allowed in an array subscript");
    return NULL;
  case PJ_EX_LIST:
    pj_err(c, e->loc, "a list is not supported in kernels");
    return NULL;
  case PJ_EX_CONST_ARRAY: case PJ_EX_STATIC: return e->type;
  }
  return NULL;
}

/* Type *slot, which the checking phase may replace by its typed form; sets its type. */
const PjType *pj_expr_type(PjChecker *c, PjExpr **slot) {
  const PjType *t = pj_expr_type_raw(c, slot);
  (*slot)->type = t; /* both phases: builtins' typing rules read their arguments' types */
  return t;
}

/* ---- statements ------------------------------------------------------------------------------- */

static void pj_check_block(PjChecker *c, PjBlock *b);

/* Bind a value of type `t` to variable v: inference widens the variable, checking verifies. */
bool pj_bind_var(PjChecker *c, PjExpr *target, const PjType *t) {
  int v = pj_var_index(c, target->name.id);
  target->name.var = v;
  PjVar *var = &c->f->vars[v];
  if (!var->type) {
    var->type = t;
    c->changed = true;
  } else if (!pj_type_equal(var->type, t)) {
    const PjType *u = pj_type_unify(c->arena, var->type, t);
    if (!u) {
      pj_err(c, target->loc, "cannot unify %s and %s for '%s'", pj_tn(c, var->type), pj_tn(c, t), var->name);
      return false;
    }
    if (!pj_type_equal(u, var->type)) {
      var->type = u; /* an argument too: its value is converted on entry, as numba does */
      c->changed = true;
    }
  }
  target->type = c->final ? var->type : target->type;
  return true;
}

static bool pj_stmt_assigns_name(const PjStmt *s, const char *name) {
  const PjExpr *const *targets = s->kind == PJ_ST_ASSIGN ? (const PjExpr *const *)s->assign.targets
                                 : s->kind == PJ_ST_AUGASSIGN ? (const PjExpr *const *)&s->aug.target
                                 : s->kind == PJ_ST_FOR ? (const PjExpr *const *)&s->for_.target : NULL;
  int n = s->kind == PJ_ST_ASSIGN ? s->assign.ntargets : targets ? 1 : 0;
  for (int i = 0; i < n; i++) {
    const PjExpr *t = targets[i];
    if (t->kind == PJ_EX_NAME && strcmp(t->name.id, name) == 0) return true;
    for (int k = 0; t->kind == PJ_EX_TUPLE && k < t->tuple.count; k++)
      if (t->tuple.items[k]->kind == PJ_EX_NAME && strcmp(t->tuple.items[k]->name.id, name) == 0) return true;
  }
  switch (s->kind) {
  case PJ_ST_IF: return pj_assigns_name(&s->if_.then, name) || pj_assigns_name(&s->if_.orelse, name);
  case PJ_ST_WHILE: return pj_assigns_name(&s->while_.body, name);
  case PJ_ST_FOR: return pj_assigns_name(&s->for_.body, name);
  default: return false;
  }
}

bool pj_assigns_name(const PjBlock *b, const char *name) {
  for (int i = 0; i < b->count; i++)
    if (pj_stmt_assigns_name(b->stmts[i], name)) return true;
  return false;
}

/* A new variable of the function being typed, named after `base`. */
PjExpr *pj_new_var(PjChecker *c, const char *base, PjLoc loc) {
  PjFunc *f = c->f;
  PjVar *vars = pj_arena_alloc(c->arena, sizeof(PjVar) * (size_t)(f->nvars + 2));
  memcpy(vars, f->vars, sizeof(PjVar) * (size_t)f->nvars);
  const char *name = pj_arena_printf(c->arena, "%s$%d", base, f->nvars);
  vars[f->nvars] = (PjVar){.name = name, .loc = loc};
  if (c->var_index.vars == f->vars && c->var_index.nvars == f->nvars) { /* the table kept up to date */
    pj_names_put(c->arena, &c->var_index.names, name, f->nvars);
    c->var_index.vars = vars;
    c->var_index.nvars = f->nvars + 1;
  }
  f->vars = vars;
  f->nvars++;
  PjExpr *e = pj_arena_alloc(c->arena, sizeof(PjExpr));
  *e = (PjExpr){.kind = PJ_EX_NAME, .loc = loc, .name = {name, f->nvars - 1}};
  return e;
}

PjExpr *pj_new_expr(PjChecker *c, PjExpr proto) {
  PjExpr *e = pj_arena_alloc(c->arena, sizeof(PjExpr));
  *e = proto;
  return e;
}

static void pj_check_for(PjChecker *c, PjStmt *s) {
  if (s->for_.iter->kind == PJ_EX_CALL) {
    const char *u = pj_qualify(c, s->for_.iter->call.fn);
    if (u && strcmp(u, "numba.literal_unroll") == 0 && !pj_for_unrolled(c, s)) return;
  }
  PjExpr *it = s->for_.iter;
  const char *q = it->kind == PJ_EX_CALL ? pj_qualify(c, it->call.fn) : NULL;
  if (!q || strcmp(q, "range") != 0) {
    if (!pj_for_over_sequence(c, s)) return;
    it = s->for_.iter;
    q = "range";
  }
  if (!q || strcmp(q, "range") != 0) {
    pj_err(c, it->loc, "for loops must iterate over range(...)");
    return;
  }
  if (s->for_.target->kind != PJ_EX_NAME) {
    pj_err(c, s->for_.target->loc, "the target of a for loop must be a name");
    return;
  }
  bool ok = true;
  for (int i = 0; i < it->call.nargs; i++) ok = pj_expr_type(c, &it->call.args[i]) && ok;
  if (!ok) return;
  const PjType *params[3];
  char err[256];
  const PjType *rt = pj_builtin_type(c->arena, PJ_BI_RANGE, it->call.args, it->call.nargs, params, err, sizeof err);
  if (!rt) {
    pj_err(c, it->loc, "%s", err);
    return;
  }
  if (it->call.nargs == 3 && it->call.args[2]->kind == PJ_EX_INT && it->call.args[2]->ival == 0) {
    pj_err(c, it->call.args[2]->loc, "range() arg 3 must not be zero");
    return;
  }
  if (c->final) {
    for (int i = 0; i < it->call.nargs; i++) pj_coerce(c, &it->call.args[i], params[i]);
    it->type = rt;
  }
  pj_bind_var(c, s->for_.target, pj_type_scalar(rt->dtype));
  c->loop_depth++;
  pj_check_block(c, &s->for_.body);
  c->loop_depth--;
}

/* `return v` in a device function: its result type is the unification of every returned value. */
static void pj_check_return(PjChecker *c, PjStmt *s) {
  bool has_value = s->expr && s->expr->kind != PJ_EX_NONE;
  if (!c->device) {
    if (has_value && pj_expr_type(c, &s->expr)) pj_err(c, s->expr->loc, "a kernel cannot return a value (a kernel must have void return type)");
    return;
  }
  const PjType *t = has_value ? pj_expr_type(c, &s->expr) : pj_type_void();
  if (!t) return;
  if (t->kind == PJ_TY_FUNCTION || t->kind == PJ_TY_DTYPE) {
    pj_err(c, s->expr->loc, "a device function cannot return %s: functions and dtypes can be passed to device "
           "functions, not returned", pj_tn(c, t));
    return;
  }
  const PjType *cur = c->f->ret_type;
  if (!cur) {
    c->f->ret_type = t;
    c->changed = true;
  } else if (!pj_type_equal(cur, t)) {
    const PjType *u = cur->kind == PJ_TY_VOID || t->kind == PJ_TY_VOID ? NULL : pj_type_unify(c->arena, cur, t);
    if (!u) {
      pj_err(c, s->loc, "function '%s' returns %s here and %s elsewhere%s", c->f->name, pj_tn(c, t), pj_tn(c, cur),
             c->spec && c->spec->recursive ? ". Return type of recursive function does not converge" : "");
      return;
    }
    if (!pj_type_equal(u, cur)) {
      c->f->ret_type = u;
      c->changed = true;
    }
  }
  if (has_value) pj_coerce(c, &s->expr, c->f->ret_type);
}

static void pj_check_stmt(PjChecker *c, PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR: pj_expr_type(c, &s->expr); break;
  case PJ_ST_ASSIGN: pj_check_assign(c, s); break;
  case PJ_ST_AUGASSIGN: pj_check_aug(c, s); break;
  case PJ_ST_IF:
    if (pj_condition_type(c, &s->if_.cond) &&
        (s->if_.cond->kind == PJ_EX_BOOL || s->if_.cond->kind == PJ_EX_INT)) {
      /* a constant condition (`if DEBUG:`, a literal parameter): the branch not taken is dead
       * and not typed, as numba prunes it */
      bool taken = s->if_.cond->ival != 0;
      pj_check_block(c, taken ? &s->if_.then : &s->if_.orelse);
      if (c->final) *(taken ? &s->if_.orelse : &s->if_.then) = (PjBlock){0};
      break;
    }
    pj_check_block(c, &s->if_.then);
    pj_check_block(c, &s->if_.orelse);
    break;
  case PJ_ST_WHILE:
    pj_condition_type(c, &s->while_.cond);
    c->loop_depth++;
    pj_check_block(c, &s->while_.body);
    c->loop_depth--;
    break;
  case PJ_ST_FOR: pj_check_for(c, s); break;
  case PJ_ST_BREAK:
  case PJ_ST_CONTINUE:
    if (c->loop_depth == 0) pj_err(c, s->loc, "'%s' outside a loop", s->kind == PJ_ST_BREAK ? "break" : "continue");
    break;
  case PJ_ST_RETURN: pj_check_return(c, s); break;
  case PJ_ST_PASS: break;
  }
}

/* Whether every path through b ends in a return. */
static bool pj_block_returns(const PjBlock *b) {
  if (!b->count) return false;
  const PjStmt *s = b->stmts[b->count - 1];
  if (s->kind == PJ_ST_RETURN) return true;
  return s->kind == PJ_ST_IF && pj_block_returns(&s->if_.then) && pj_block_returns(&s->if_.orelse);
}

static void pj_check_block(PjChecker *c, PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    pj_check_stmt(c, s);
    if (s->kind == PJ_ST_IF && (s->if_.cond->kind == PJ_EX_BOOL || s->if_.cond->kind == PJ_EX_INT) &&
        pj_block_returns(s->if_.cond->ival ? &s->if_.then : &s->if_.orelse)) {
      /* `if x is None: return ...` with the branch taken known: what follows is dead, and is
       * neither typed nor compiled (numba prunes the branch and drops the unreachable code) */
      if (c->final) b->count = i + 1;
      break;
    }
  }
}

/* Infer the variables' types until they settle, then check and rewrite. */
static bool pj_check_body(PjChecker *c) {
  int rounds = 64 + 8 * c->f->nvars; /* types only grow: this bounds the widening chains */
  for (int round = 0; round < rounds; round++) {
    c->changed = false;
    c->final = false;
    pj_check_block(c, &c->f->body);
    if (!c->changed) break;
  }
  size_t before = pj_diags_errors(c->diags);
  c->final = true;
  pj_check_block(c, &c->f->body);
  /* without diags an error shows only as failed_quietly: a body with errors is not walked again */
  bool clean = c->diags ? pj_diags_errors(c->diags) == before : !c->failed_quietly;
  if (clean && !pj_check_defined(c->m, c->f, c->diags)) c->failed_quietly = true;
  if (!c->f->ret_type) c->f->ret_type = pj_type_void();
  return c->diags ? pj_diags_errors(c->diags) == before : !c->failed_quietly;
}

static PjFunc *pj_check_function(PjChecker *parent, PjSpec *spec) {
  PjChecker c = {.arena = parent->arena, .m = spec->src->module ? spec->src->module : parent->m,
                 .specs = parent->specs, .spec = spec, .depth = parent->depth + 1, .device = true};
  c.diags = spec->quiet ? NULL : parent->diags;
  c.f = pj_clone_func(c.arena, spec->src);
  c.f->ret_type = NULL;
  spec->typed = c.f; /* a recursive call sees the return type inferred so far */
  for (int i = 0; i < spec->nargs; i++) c.f->vars[i].type = pj_type_unliteral(c.arena, spec->args[i]);
  return pj_check_body(&c) ? c.f : NULL;
}

/* A record argument's type: a record, or an array of them. NULL (reported) when a field is not
 * aligned to its size (a packed dtype), which numba refuses on the GPU. */
static const PjType *pj_record_arg_type(PjChecker *c, const PjFunc *src, int i, const PjArgType *a) {
  const PjRecordField *bad = pj_record_misaligned(a->record);
  if (bad) {
    pj_error(c->diags, &c->m->file, src->loc,
             "argument %d ('%s'): field '%s' of type %s is not aligned (offset %lld in a packed record); "
             "give the dtype align=True",
             i + 1, src->vars[i].name, bad->name, pj_dtype_name(bad->dtype), (long long)bad->offset);
    return NULL;
  }
  const PjRecord *r = pj_arena_alloc(c->arena, sizeof(PjRecord));
  memcpy((void *)r, a->record, sizeof *r); /* fields stay the caller's: they outlive the compile */
  if (a->zero_dim) return pj_type_record_array(c->arena, r, 0); /* np.ndarray((), dtype=rec) */
  return a->ndim ? pj_type_record_array(c->arena, r, a->ndim) : pj_type_record(c->arena, r);
}

static const PjType *pj_arg_type(PjChecker *c, const PjFunc *src, int i, const PjArgType *a) {
  if (pj_abi_pointer(a)) return pj_type_pointer(a->dtype);
  if (a->zero_dim && !a->record) return pj_type_array_ro(a->dtype, 0, 'C', a->readonly != 0);
  return a->record ? pj_record_arg_type(c, src, i, a) /* F and A arguments are strided views */
         : a->ndim ? pj_type_array_ro(a->dtype, a->ndim, pj_abi_strided(a) ? 'A' : 'C', a->readonly != 0)
                   : pj_type_scalar(a->dtype);
}

/* Parameter i's type from the nodes of the argument tree at *node: one argument type (the next,
 * at *leaf), or a tuple of the trees that follow. NULL (reported) when the tree does not fit. */
static const PjType *pj_tree_type(PjChecker *c, const PjFunc *src, int i, const PjArgType *args, int nargs,
                                  const PjArgNode *tree, int ntree, int *node, int *leaf) {
  if (*node >= ntree) goto bad;
  const PjArgNode *n = &tree[(*node)++];
  if (n->items < 0) return *leaf < nargs ? pj_arg_type(c, src, i, &args[(*leaf)++]) : NULL;
  if (n->items > 64) {
    pj_error(c->diags, &c->m->file, src->loc, "argument %d ('%s'): tuples of more than 64 items are not supported",
             i + 1, src->vars[i].name);
    return NULL;
  }
  const PjType *items[64];
  for (int k = 0; k < n->items; k++)
    if (!(items[k] = pj_tree_type(c, src, i, args, nargs, tree, ntree, node, leaf))) return NULL;
  return n->fields ? pj_type_namedtuple(c->arena, items, n->items, n->name, n->fields)
                   : pj_type_tuple(c->arena, items, n->items);
bad:
  pj_error(c->diags, &c->m->file, src->loc, "the argument tree does not fit the %d argument types given", nargs);
  return NULL;
}

/* The node after the tree that starts at `node`. */
static int pj_tree_end(const PjArgNode *tree, int ntree, int node) {
  int items = node < ntree ? tree[node].items : -1;
  node++;
  for (int k = 0; k < items && node < ntree; k++) node = pj_tree_end(tree, ntree, node);
  return node;
}

static PjFunc *pj_typecheck_as(PjArena *arena, const PjModule *m, const PjFunc *src, const PjArgType *args, int nargs,
                               const PjArgNode *tree, int ntree, PjVec *specs, PjDiags *diags, bool device) {
  PjChecker c = {.arena = arena, .m = m, .diags = diags, .specs = specs, .device = device};
  if ((src->star || src->defaults) && !pj_params_plain(m, src, device ? "device function" : "kernel", diags))
    return NULL;
  int nparams = tree ? 0 : nargs; /* with a tree: its top-level trees */
  for (int node = 0; tree && node < ntree; nparams++) node = pj_tree_end(tree, ntree, node);
  if (nparams != src->nparams) {
    pj_error(diags, &m->file, src->loc, "%s '%s' takes %d argument%s, got %d", device ? "device function" : "kernel",
             src->name, src->nparams, src->nparams == 1 ? "" : "s", nparams);
    return NULL;
  }
  c.f = pj_clone_func(arena, src);
  if (device) c.f->ret_type = NULL; /* inferred from its returns */
  int node = 0, leaf = 0;
  for (int i = 0; i < nparams; i++)
    if (!(c.f->vars[i].type = tree ? pj_tree_type(&c, src, i, args, nargs, tree, ntree, &node, &leaf)
                                   : pj_arg_type(&c, src, i, &args[i])))
      return NULL;
  if (tree && (node != ntree || leaf != nargs)) {
    pj_error(diags, &m->file, src->loc, "the argument tree does not fit the %d argument types given", nargs);
    return NULL;
  }
  return pj_check_body(&c) ? c.f : NULL;
}

PjFunc *pj_typecheck(PjArena *arena, const PjModule *m, const PjFunc *src, const PjArgType *args, int nargs,
                     const PjArgNode *tree, int ntree, PjVec *specs, PjDiags *diags) {
  return pj_typecheck_as(arena, m, src, args, nargs, tree, ntree, specs, diags, false);
}

PjFunc *pj_typecheck_device(PjArena *arena, const PjModule *m, const PjFunc *src, const PjArgType *args, int nargs,
                            PjVec *specs, PjDiags *diags) {
  return pj_typecheck_as(arena, m, src, args, nargs, NULL, 0, specs, diags, true);
}
