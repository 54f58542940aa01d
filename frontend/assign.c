/* Assignments (frontend/checker.h): `t = v`, `t op= v` and their targets: variables, array
 * elements and slices, record fields, tuples to unpack (nested too). */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

static void pj_assign_to(PjChecker *c, PjExpr *target, PjExpr **value, const PjType *t);

static bool pj_store_base_ok(PjChecker *c, PjExpr *target) {
  const PjType *bt = pj_expr_type(c, &target->sub.base);
  const PjExpr *base = target->sub.base;
  while (base->kind == PJ_EX_BUILTIN && pj_builtins[base->builtin.id].lower == PJ_LOWER_IDENTITY) base = base->builtin.args[0];
  if (bt && base->kind == PJ_EX_CONST_ARRAY && !base->carray->address) {
    pj_err(c, target->loc, "constant array '%s' is read-only in kernels", base->carray->name);
    return false;
  }
  if (bt && bt->kind == PJ_TY_ARRAY && bt->readonly) {
    pj_err(c, target->loc, "Cannot modify readonly array of type: %s (constant arrays, NumPy arrays whose "
           "flags.writeable is False, and their views are read-only)", pj_tn(c, bt));
    return false;
  }
  if (!bt || bt->kind == PJ_TY_ARRAY || bt->kind == PJ_TY_POINTER) return bt != NULL;
  pj_err(c, target->loc, "%s does not support item assignment", pj_tn(c, bt));
  return false;
}

/* a[1:3] = x: a number for every element of the view, or an array NumPy broadcasts to its shape
 * (as many dimensions or fewer; an axis of extent 1 repeats). */
static bool pj_slice_value_ok(PjChecker *c, PjLoc loc, const PjType *vt, const PjType *et, const PjType *base) {
  PjDtype vd = vt->kind == PJ_TY_ARRAY || pj_type_is_scalar(vt) ? vt->dtype : PJ_BOOL;
  if (vt->kind == PJ_TY_ARRAY ? vt->ndim > et->ndim : !pj_type_is_scalar(vt)) {
    pj_err(c, loc, "cannot assign %s to a slice of %s: give a number or an array of at most %d dimension%s",
           pj_tn(c, vt), pj_tn(c, base), et->ndim, et->ndim == 1 ? "" : "s");
    return false;
  }
  if (pj_dtype_is_complex(vd) && !pj_dtype_is_complex(et->dtype)) {
    pj_err(c, loc, "cannot store %s into elements of %s (take .real or abs())", pj_tn(c, vt), pj_tn(c, base));
    return false;
  }
  return true;
}

/* A store of a value of type vt into an array element or a view (the backend converts to the dtype). */
static void pj_store_typed(PjChecker *c, PjExpr *target, const PjType *vt) {
  if (!pj_store_base_ok(c, target)) return;
  PjExpr *tmp = target;
  const PjType *et = pj_type_subscript(c, &tmp);
  if (!et) return;
  if (c->final) target->type = et;
  if (et->kind == PJ_TY_ARRAY) {
    pj_slice_value_ok(c, target->loc, vt, et, target->sub.base->type);
    return;
  }
  if (!pj_type_is_scalar(vt))
    pj_err(c, target->loc, "cannot store %s into an element of %s", pj_tn(c, vt), pj_tn(c, target->sub.base->type));
}

static void pj_store_item(PjChecker *c, PjExpr *target, PjExpr **value);

/* rec.a = v, rec['a'] = v: the value converted to the field's number. */
static void pj_store_field(PjChecker *c, PjExpr *target, PjExpr **value, const PjType *ft) {
  const PjExpr *base = target->kind == PJ_EX_ATTR ? target->attr.base : target->sub.base;
  if (base->type && base->type->readonly) {
    pj_err(c, target->loc, "a record of a constant array is read-only in kernels");
    return;
  }
  if (c->final) target->type = ft;
  if (ft->kind == PJ_TY_ARRAY) { /* rec.a = arr: stored as rec.a[:, ...] = arr (frontend/fields.c) */
    pj_field_store_whole(c, target, ft);
    pj_store_item(c, target, value);
    return;
  }
  if (!value) return;
  const PjType *vt = (*value)->type;
  if (pj_type_is_chars(ft)) { /* a string field: frontend/strings.c */
    pj_chars_store_ok(c, (*value)->loc, vt, ft, pj_arena_printf(c->arena, "a field of type %s", pj_tn(c, ft)));
    return;
  }
  if (pj_string_misplaced(c, *value)) return;
  if (pj_type_is_complex(vt) && !pj_type_is_complex(ft)) {
    pj_err(c, (*value)->loc, "cannot store %s into a field of type %s (take .real or abs())", pj_tn(c, vt), pj_tn(c, ft));
    return;
  }
  if (!pj_type_is_scalar(vt)) {
    pj_err(c, (*value)->loc, "cannot store %s into a field of type %s", pj_tn(c, vt), pj_tn(c, ft));
    return;
  }
  pj_coerce(c, value, ft);
}

static void pj_store_attr(PjChecker *c, PjExpr *target, PjExpr **value) {
  const PjType *bt = pj_expr_type(c, &target->attr.base);
  if (!bt) return;
  if (bt->kind != PJ_TY_RECORD) {
    pj_err(c, target->loc, "cannot assign to attribute '%s' of %s", target->attr.attr, pj_tn(c, bt));
    return;
  }
  const PjType *ft = pj_type_field(c, bt, target->attr.attr, target->attr.attr_loc);
  if (ft) pj_store_field(c, target, value, ft);
}

static void pj_store_item(PjChecker *c, PjExpr *target, PjExpr **value) {
  const PjType *rt = pj_expr_type(c, &target->sub.base);
  if (rt && rt->kind == PJ_TY_RECORD) {
    PjExpr *tmp = target;
    const PjType *ft = pj_type_subscript(c, &tmp);
    if (ft) pj_store_field(c, target, value, ft);
    return;
  }
  if (!pj_store_base_ok(c, target)) return;
  PjExpr *tmp = target;
  const PjType *et = pj_type_subscript(c, &tmp);
  if (!et) return;
  if (c->final) target->type = et;
  if (!value) return; /* inference: nothing to convert yet */
  const PjType *vt = (*value)->type;
  if (!pj_type_is_chars(et) && pj_string_misplaced(c, *value)) return;
  if (et->kind == PJ_TY_ARRAY) {
    if (pj_slice_value_ok(c, (*value)->loc, vt, et, target->sub.base->type) && vt->kind != PJ_TY_ARRAY)
      pj_coerce(c, value, pj_type_scalar(et->dtype));
    return;
  }
  if (pj_type_is_chars(et)) { /* a[i] = "XYZ": frontend/strings.c */
    pj_chars_store_ok(c, (*value)->loc, vt, et,
                      pj_arena_printf(c->arena, "an element of %s", pj_tn(c, target->sub.base->type)));
    return;
  }
  if (et->kind == PJ_TY_RECORD) { /* a[i] = rec: the record's bytes copied */
    if (!pj_type_equal(vt, et))
      pj_err(c, (*value)->loc, "cannot store %s into an element of %s", pj_tn(c, vt), pj_tn(c, target->sub.base->type));
    return;
  }
  if (pj_type_is_complex(vt) && !pj_type_is_complex(et)) {
    pj_err(c, (*value)->loc, "cannot store %s into an element of %s (take .real or abs())", pj_tn(c, vt),
           pj_tn(c, target->sub.base->type));
    return;
  }
  if (vt->kind == PJ_TY_FUNCTION) {
    pj_err(c, (*value)->loc, "'%s' must be called: a function cannot be stored in an array", vt->fname);
    return;
  }
  if (!pj_type_is_scalar(vt)) {
    pj_err(c, (*value)->loc, "cannot store %s into an element of %s", pj_tn(c, vt), pj_tn(c, target->sub.base->type));
    return;
  }
  pj_coerce(c, value, et); /* numba converts to the array's dtype on store */
}

static void pj_assign_to(PjChecker *c, PjExpr *target, PjExpr **value, const PjType *t) {
  switch (target->kind) {
  case PJ_EX_NAME:
    if (t->kind == PJ_TY_STRING) {
      pj_err(c, value ? (*value)->loc : target->loc, "strings are not supported in kernels yet (a string literal is "
             "only stored into an element or a field of a fixed-width string dtype, or compared with one)");
      return;
    }
    if (pj_bind_var(c, target, t) && value) pj_coerce(c, value, c->f->vars[target->name.var].type);
    return;
  case PJ_EX_SUBSCRIPT: pj_store_item(c, target, value); return;
  case PJ_EX_ATTR: pj_store_attr(c, target, value); return;
  case PJ_EX_TUPLE:
    if (t->kind != PJ_TY_TUPLE || t->count != target->tuple.count) {
      pj_err(c, target->loc, "cannot unpack %s into %d targets", pj_tn(c, t), target->tuple.count);
      return;
    }
    for (int i = 0; i < target->tuple.count; i++) {
      PjExpr *item = target->tuple.items[i];
      if (item->kind == PJ_EX_NAME) pj_bind_var(c, item, t->items[i]);
      else if (item->kind == PJ_EX_SUBSCRIPT) pj_store_typed(c, item, t->items[i]);
      else if (item->kind == PJ_EX_TUPLE) pj_assign_to(c, item, NULL, t->items[i]); /* (a, b), c = ... */
      else pj_err(c, item->loc, "only names, array elements and tuples of them can be unpacked into");
    }
    if (c->final) target->type = t;
    return;
  default: pj_err(c, target->loc, "cannot assign to this expression"); return;
  }
}

/* The names a failed assignment would have bound: their later uses are not reported again. */
static void pj_mark_unknown(PjChecker *c, const PjExpr *target) {
  if (target->kind == PJ_EX_NAME) pj_vec_push(c->arena, &c->unknown, (void *)target->name.id);
  if (target->kind == PJ_EX_TUPLE)
    for (int i = 0; i < target->tuple.count; i++) pj_mark_unknown(c, target->tuple.items[i]);
}

void pj_check_assign(PjChecker *c, PjStmt *s) {
  /* a[i] = "XYZ", rec.name = b"XYZ": a string literal stored into a fixed-width string */
  const PjExpr *outer_value = c->assign_value;
  const char *outer_name = c->assign_name;
  bool named = s->assign.ntargets == 1 && s->assign.targets[0]->kind == PJ_EX_NAME;
  c->assign_value = named ? s->assign.value : NULL;
  c->assign_name = named ? s->assign.targets[0]->name.id : NULL;
  const PjType *t = s->assign.value->kind == PJ_EX_STRING ? pj_type_string_literal(c, s->assign.value)
                                                           : pj_expr_type(c, &s->assign.value);
  c->assign_value = outer_value;
  c->assign_name = outer_name;
  if (!t) {
    for (int i = 0; c->final && i < s->assign.ntargets; i++) pj_mark_unknown(c, s->assign.targets[i]);
    return;
  }
  if (t->kind == PJ_TY_NONE || t->kind == PJ_TY_VOID) {
    pj_err(c, s->assign.value->loc, "cannot assign a value of type %s", pj_tn(c, t));
    return;
  }
  if (s->assign.ntargets > 1) {
    for (int i = 0; i < s->assign.ntargets; i++)
      if (s->assign.targets[i]->kind == PJ_EX_TUPLE) {
        pj_err(c, s->assign.targets[i]->loc, "chained assignment is only supported to names and array elements");
        return;
      }
  }
  for (int i = 0; i < s->assign.ntargets; i++) {
    PjExpr *target = s->assign.targets[i];
    /* tuple targets take a tuple value as it is; the value is converted to a single name's type */
    pj_assign_to(c, target, s->assign.ntargets == 1 ? &s->assign.value : NULL, t);
  }
  /* a = b = v: each name may have been widened differently; the backend converts v per target */
}

void pj_check_aug(PjChecker *c, PjStmt *s) {
  PjExpr *target = s->aug.target;
  if (target->kind != PJ_EX_NAME && target->kind != PJ_EX_SUBSCRIPT && target->kind != PJ_EX_ATTR) {
    pj_err(c, target->loc, "augmented assignment needs a name, an array element or a record field");
    return;
  }
  /* type `target op value` on copies, then assign the result back */
  PjExpr *bin = pj_arena_alloc(c->arena, sizeof(PjExpr));
  bin->kind = PJ_EX_BINARY;
  bin->loc = s->loc;
  bin->bin.op = s->aug.op;
  bin->bin.l = pj_clone_expr(c->arena, target, 0);
  bin->bin.r = s->aug.value;
  PjExpr *slot = bin;
  const PjType *t = pj_expr_type(c, &slot);
  if (!t) return;
  if (c->final) s->aug.value = slot; /* the full `target op value`, typed; the backend stores it */
  pj_assign_to(c, target, c->final ? &s->aug.value : NULL, t);
}

