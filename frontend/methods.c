/* Array methods that make views in kernels, as numba has them (frontend/checker.h):
 * a.reshape(shape) of a C-contiguous array (an int, ints, or a tuple of them; one extent may be
 * -1, inferred from the size) gives a C-contiguous view of the same elements; a.view(dtype)
 * reinterprets the bytes, the last axis taking as many items of the new dtype as its bytes hold. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

/* The typed call of builtin `id` (of type t, with args) that replaces the method call at *slot. */
static void pj_method_builtin(PjChecker *c, PjExpr **slot, int id, const PjType *t, PjExpr **args, int nargs) {
  PjExpr *b = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = (*slot)->loc, .type = t});
  b->builtin.id = id;
  b->builtin.args = args;
  b->builtin.nargs = nargs;
  *slot = b;
}

static bool pj_int_typed(const PjType *t) { return t && pj_type_is_scalar(t) && pj_type_is_intlike(t); }

static const PjType *pj_type_reshape(PjChecker *c, PjExpr **slot, PjExpr *base) {
  PjExpr *e = *slot;
  const PjType *bt = base->type;
  if (bt->layout != 'C') {
    pj_err(c, e->call.fn->attr.attr_loc, "reshape() needs a C-contiguous array, not %s (numba: reshape() supports "
           "contiguous array only)", pj_tn(c, bt));
    return NULL;
  }
  int n = e->call.nargs;
  if (n == 0 || e->call.has_kwargs) {
    pj_err(c, e->loc, "reshape() takes the new shape: integers or a tuple of them");
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (!pj_expr_type(c, &e->call.args[i])) return NULL;
  const PjType *t0 = e->call.args[0]->type;
  int ndim;
  if (n == 1 && t0->kind == PJ_TY_TUPLE) {
    ndim = t0->count;
    for (int i = 0; i < ndim; i++)
      if (!pj_int_typed(t0->items[i])) {
        pj_err(c, e->call.args[0]->loc, "reshape() takes a tuple of integers, not %s", pj_tn(c, t0));
        return NULL;
      }
    if (c->final && ndim) {
      const PjType *items[16];
      for (int i = 0; i < ndim && i < 16; i++) items[i] = pj_type_scalar(PJ_INT64);
      pj_coerce(c, &e->call.args[0], pj_type_tuple(c->arena, items, ndim));
    }
  } else {
    ndim = n;
    for (int i = 0; i < n; i++) {
      if (!pj_int_typed(e->call.args[i]->type)) {
        pj_err(c, e->call.args[i]->loc, "reshape() takes integers, not %s", pj_tn(c, e->call.args[i]->type));
        return NULL;
      }
      pj_coerce(c, &e->call.args[i], pj_type_scalar(PJ_INT64));
    }
  }
  if (ndim < 1 || ndim > 16) {
    pj_err(c, e->loc, "reshape() to %d dimensions is not supported (1 to 16)", ndim);
    return NULL;
  }
  const PjType *rt = pj_type_array_ro(bt->dtype, ndim, 'C', bt->readonly);
  if (c->final) {
    PjExpr **args = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(n + 1));
    args[0] = base;
    memcpy(args + 1, e->call.args, sizeof(PjExpr *) * (size_t)n);
    pj_method_builtin(c, slot, PJ_BI_ARRAY_RESHAPE, rt, args, n + 1);
  }
  return rt;
}

static const PjType *pj_type_view(PjChecker *c, PjExpr **slot, PjExpr *base) {
  PjExpr *e = *slot;
  const PjType *bt = base->type;
  if (e->call.nargs != 1 || e->call.has_kwargs) {
    pj_err(c, e->loc, "view() takes a dtype");
    return NULL;
  }
  PjExpr *arg = e->call.args[0];
  const PjType *dt;
  if (arg->kind == PJ_EX_STRING) { /* a.view('i8'), a.view('<M8[D]'): NumPy's names of a dtype */
    PjDtype named;
    const char *name = arg->str + (arg->str[0] == '<' || arg->str[0] == '=' || arg->str[0] == '|');
    if (!pj_dtype_from_name(name, &named)) {
      pj_err(c, arg->loc, "view(): '%s' is not the name of a dtype pyjitc knows", arg->str);
      return NULL;
    }
    dt = arg->type = pj_type_dtype(named);
  } else {
    dt = pj_expr_type(c, &e->call.args[0]);
  }
  if (!dt) return NULL;
  if (dt->kind != PJ_TY_DTYPE || dt->record || pj_dtype_is_complex(dt->dtype) || dt->dtype == PJ_BOOL) {
    pj_err(c, e->call.args[0]->loc, "view() takes the dtype of a number (np.int32, np.float64, ...), not %s",
           pj_tn(c, dt));
    return NULL;
  }
  const PjType *rt = pj_type_array_ro(dt->dtype, bt->ndim, 'A', bt->readonly);
  if (c->final) {
    PjExpr **args = pj_arena_alloc(c->arena, sizeof(PjExpr *));
    args[0] = base;
    pj_method_builtin(c, slot, PJ_BI_ARRAY_VIEW, rt, args, 1);
  }
  return rt;
}

/* The module-level array base is, when it is one; else NULL. */
static const PjConstArray *pj_module_array(PjChecker *c, const PjExpr *base) {
  if (base->kind == PJ_EX_CONST_ARRAY) return base->carray;
  if (base->kind != PJ_EX_NAME || pj_var_index(c, base->name.id) >= 0) return NULL;
  const PjGlobal *g = pj_module_global(c->m, base->name.id);
  return g && g->kind == PJ_GLOBAL_ARRAY ? g->array : NULL;
}

/* arr.copy(): numba allocates the copy on the heap; pyjitc makes it a local array, which needs
 * its shape when compiling: the copy of a module-level array, a writable array of the thread's. */
static const PjType *pj_type_copy(PjChecker *c, PjExpr **slot, PjExpr *base) {
  PjExpr *e = *slot;
  if (e->call.nargs != 0 || e->call.has_kwargs) {
    pj_err(c, e->loc, "copy() takes no arguments in kernels (the copy is in C order)");
    return NULL;
  }
  const PjConstArray *a = pj_module_array(c, base);
  if (!a || a->record || (a->address && a->layout != 'C')) {
    pj_err(c, e->call.fn->attr.attr_loc, "copy() of %s is not supported in kernels: the copy is a local array, whose "
           "shape must be known when compiling (copy a module-level array, or make a cuda.local.array and copy into "
           "it)", pj_tn(c, base->type));
    return NULL;
  }
  const PjType *rt = pj_type_array_layout(a->dtype, a->ndim, 'C');
  if (c->final) {
    PjExpr *shape = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = e->loc});
    shape->tuple.count = a->ndim;
    shape->tuple.items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(a->ndim ? a->ndim : 1));
    for (int k = 0; k < a->ndim; k++)
      shape->tuple.items[k] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = e->loc, .ival = a->shape[k],
                                                      .type = pj_type_scalar(PJ_INT64)});
    PjExpr **args = pj_arena_alloc(c->arena, 2 * sizeof(PjExpr *));
    args[0] = shape;
    args[1] = base;
    pj_method_builtin(c, slot, PJ_BI_ARRAY_COPY, rt, args, 2);
  }
  return rt;
}

const PjType *pj_type_array_method(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot, *fn = e->call.fn, *base = fn->attr.base;
  if (!base->type || base->type->kind != PJ_TY_ARRAY || base->type->record) return NULL;
  if (strcmp(fn->attr.attr, "reshape") == 0) return pj_type_reshape(c, slot, base);
  if (strcmp(fn->attr.attr, "view") == 0) return pj_type_view(c, slot, base);
  if (strcmp(fn->attr.attr, "copy") == 0) return pj_type_copy(c, slot, base);
  return NULL;
}

bool pj_is_array_view_method(const char *name) {
  return !strcmp(name, "reshape") || !strcmp(name, "view") || !strcmp(name, "copy");
}
