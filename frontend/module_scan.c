/* The module's bindings, in the order Python makes them: imports (import a.b, import a as b,
 * from a import b as c) bind names to modules, module-level assignments bind names to
 * constants where their values fold (frontend/module_fold.c), to dtypes or to constant arrays;
 * any other name a module-level statement binds (a class, a loop variable, an assignment that
 * does not fold) is bound to no value known when compiling. A def binds its name in
 * frontend/parse_function.c. pj_global finds the latest binding of a name so far. */
#include "frontend/parser.h"

void pj_add_global(PjParser *p, PjGlobal g) {
  PjGlobal *slot = pj_arena_alloc(p->arena, sizeof(PjGlobal));
  *slot = g;
  pj_vec_push(p->arena, &p->globals, slot);
  pj_names_put(p->arena, &p->global_names, slot->name, p->globals.len - 1);
}

void pj_parse_import(PjParser *p, TSNode n) {
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    PjGlobal g = {.kind = PJ_GLOBAL_MODULE, .loc = pj_loc(p, c)};
    if (pj_is(c, PJ_SYM_ALIASED_IMPORT)) {
      g.qualname = pj_text(p, pj_child(c, PJ_FIELD_NAME));
      g.name = pj_text(p, pj_child(c, PJ_FIELD_ALIAS));
    } else if (pj_is(c, PJ_SYM_DOTTED_NAME)) {
      /* `import a.b.c` binds `a` to the package a */
      g.qualname = pj_text(p, pj_first_named(p, c));
      g.name = g.qualname;
    } else {
      continue;
    }
    pj_add_global(p, g);
  }
}

void pj_parse_import_from(PjParser *p, TSNode n) {
  TSNode mod = pj_child(n, PJ_FIELD_MODULE_NAME);
  const char *base = pj_text(p, mod);
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (ts_node_eq(c, mod) || !(pj_is(c, PJ_SYM_DOTTED_NAME) || pj_is(c, PJ_SYM_ALIASED_IMPORT))) continue;
    PjGlobal g = {.kind = PJ_GLOBAL_MODULE, .loc = pj_loc(p, c)};
    const char *name;
    if (pj_is(c, PJ_SYM_ALIASED_IMPORT)) {
      name = pj_text(p, pj_child(c, PJ_FIELD_NAME));
      g.name = pj_text(p, pj_child(c, PJ_FIELD_ALIAS));
    } else {
      name = pj_text(p, c);
      g.name = name;
    }
    g.qualname = pj_arena_printf(p->arena, "%s.%s", base, name);
    pj_add_global(p, g);
  }
}

/* The latest module-level binding of name so far, or NULL. */
const PjGlobal *pj_global(PjParser *p, const char *name) {
  int i = pj_names_get(&p->global_names, name);
  return i >= 0 ? p->globals.items[i] : NULL;
}

static void pj_bind_const(PjParser *p, const PjExpr *target, PjExpr *value) {
  if (target->kind == PJ_EX_NAME) {
    PjGlobal g = {.name = target->name.id, .loc = target->loc, .kind = PJ_GLOBAL_CONST, .value = value};
    pj_add_global(p, g); /* value NULL: bound, but not a compile-time constant */
    return;
  }
  if (target->kind != PJ_EX_TUPLE) return;
  bool unpack = value && value->kind == PJ_EX_TUPLE && value->tuple.count == target->tuple.count;
  for (int i = 0; i < target->tuple.count; i++) pj_bind_const(p, target->tuple.items[i], unpack ? value->tuple.items[i] : NULL);
}

/* Every name a module-level statement binds that is not a plain constant assignment: not a
 * compile-time constant for kernels (its value depends on how the module runs). */
void pj_bind_opaque(PjParser *p, TSNode n) {
  if (pj_is(n, PJ_SYM_FUNCTION_DEF) || pj_is(n, PJ_SYM_CLASS_DEF)) {
    TSNode name = pj_child(n, PJ_FIELD_NAME);
    if (pj_is(n, PJ_SYM_CLASS_DEF) && !ts_node_is_null(name)) {
      PjGlobal g = {.name = pj_text(p, name), .loc = pj_loc(p, name), .kind = PJ_GLOBAL_CONST};
      pj_add_global(p, g);
    }
    return;
  }
  bool binds = pj_is(n, PJ_SYM_ASSIGNMENT) || pj_is(n, PJ_SYM_AUG_ASSIGNMENT) || pj_is(n, PJ_SYM_FOR);
  TSNode left = binds ? pj_child(n, PJ_FIELD_LEFT) : (TSNode){0};
  if (!ts_node_is_null(left)) {
    if (pj_is(left, PJ_SYM_IDENTIFIER)) {
      PjGlobal g = {.name = pj_text(p, left), .loc = pj_loc(p, left), .kind = PJ_GLOBAL_CONST};
      pj_add_global(p, g);
    } else {
      PjKids k = pj_named_kids(p, left);
      for (uint32_t i = 0; i < k.n; i++) {
        TSNode c = k.at[i];
        if (!pj_is(c, PJ_SYM_IDENTIFIER)) continue;
        PjGlobal g = {.name = pj_text(p, c), .loc = pj_loc(p, c), .kind = PJ_GLOBAL_CONST};
        pj_add_global(p, g);
      }
    }
  }
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) pj_bind_opaque(p, k.at[i]);
}

/* NAME = value, A = B = value, C, D = 1, 2, NAME op= value: folded where Python's value is
 * known here; evaluated quietly: a value the kernel language cannot hold is an error only
 * where a kernel uses it. */
void pj_parse_module_assign(PjParser *p, TSNode stmt) {
  TSNode a = pj_first_named(p, stmt);
  if (!pj_is(a, PJ_SYM_ASSIGNMENT) && !pj_is(a, PJ_SYM_AUG_ASSIGNMENT)) {
    pj_bind_opaque(p, stmt);
    return;
  }
  PjDiags *quiet = pj_diags_new(), *saved = p->diags, *saved_syntax = p->syntax;
  p->diags = p->syntax = quiet;
  p->module_level = true;
  PjStmt *st = pj_is(a, PJ_SYM_ASSIGNMENT) ? pj_parse_assignment(p, a) : pj_parse_aug(p, a);
  p->module_level = false;
  p->diags = saved;
  p->syntax = saved_syntax;
  pj_diags_delete(quiet);
  if (!st) {
    pj_bind_opaque(p, stmt);
    return;
  }
  if (st->kind == PJ_ST_AUGASSIGN) {
    PjExpr bin = {.kind = PJ_EX_BINARY, .loc = st->loc};
    bin.bin.op = st->aug.op;
    bin.bin.l = st->aug.target;
    bin.bin.r = st->aug.value;
    pj_bind_const(p, st->aug.target, st->aug.target->kind == PJ_EX_NAME ? pj_fold(p, &bin) : NULL);
    return;
  }
  if (st->assign.ntargets == 1 && st->assign.targets[0]->kind == PJ_EX_NAME) {
    const char *dtype = pj_fold_dtype(p, st->assign.value);
    if (dtype) { /* DT = np.float32: a name for the dtype, as an import is one for a module */
      PjGlobal g = {.name = st->assign.targets[0]->name.id, .loc = st->assign.targets[0]->loc,
                    .kind = PJ_GLOBAL_MODULE, .qualname = dtype};
      pj_add_global(p, g);
      return;
    }
    PjConstArray *arr = pj_fold_array(p, st->assign.targets[0]->name.id, st->assign.value);
    if (arr) {
      PjGlobal g = {.name = arr->name, .loc = st->assign.targets[0]->loc, .kind = PJ_GLOBAL_ARRAY, .array = arr};
      pj_add_global(p, g);
      return;
    }
  }
  PjExpr *value = st->assign.value->kind == PJ_EX_NONE ? st->assign.value : pj_fold(p, st->assign.value);
  if (value && value->kind == PJ_EX_LIST) value = NULL; /* a Python list is no constant for kernels */
  for (int i = 0; i < st->assign.ntargets; i++) pj_bind_const(p, st->assign.targets[i], value);
}
