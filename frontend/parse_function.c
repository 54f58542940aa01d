/* Function definitions: a module-level def into a PjFunc and its PjFuncSyntax (frontend.h). Its
 * decorators are kept as expressions for the resolver to judge (frontend/resolve.c), its
 * parameters checked (names, name=constant, a last *name), and its body converted with its
 * diagnostics parked: they matter only when the function is compiled as a kernel. The
 * function is then bound to its name at module level. Inner defs share the parameters'
 * reading (frontend/parse_stmt.c). */
#include "frontend/parser.h"

#include <string.h>

/* Parameters: names, names with a constant default (name=value), and a last *name. */
bool pj_parse_params(PjParser *p, TSNode params, PjFunc *f) {
  PjKids k = pj_named_kids(p, params);
  f->vars = pj_arena_alloc(p->arena, sizeof(PjVar) * (k.n + 1));
  PjExpr **defaults = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (k.n + 1));
  bool ok = true, any_default = false;
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    TSNode id = c;
    PjExpr *dflt = NULL;
    bool star = false;
    if (pj_is(c, PJ_SYM_DEFAULT_PARAM)) {
      id = pj_child(c, PJ_FIELD_NAME);
      PjExpr *v = pj_expr(p, pj_child(c, PJ_FIELD_VALUE));
      if (v && !(dflt = v->kind == PJ_EX_NONE ? v : pj_fold(p, v))) { /* None too: `def f(x, scale=None)` */
        pj_error(p->diags, &p->m->file, v->loc, "parameter '%s': a default value must be a constant (a number, "
                 "a bool, None or a tuple of them)", pj_text(p, id));
        ok = false;
      }
      if (!v) ok = false;
    } else if (pj_is(c, PJ_SYM_LIST_SPLAT_PATTERN) && ts_node_named_child_count(c) == 1) {
      id = pj_first_named(p, c);
      star = true;
    }
    if (!pj_is(id, PJ_SYM_IDENTIFIER)) {
      pj_error(p->diags, &p->m->file, pj_loc(p, c), "parameter '%s': only names, name=constant and a last *name "
               "are supported (no annotations, keyword-only parameters or **kwargs)", pj_text(p, c));
      ok = false;
      continue;
    }
    if (f->star) {
      pj_error(p->diags, &p->m->file, pj_loc(p, c), "parameter '%s' after *%s: keyword-only parameters are not "
               "supported", pj_text(p, c), f->vars[f->nparams - 1].name);
      ok = false;
      continue;
    }
    bool has_default = pj_is(c, PJ_SYM_DEFAULT_PARAM);
    if (!has_default && !star && any_default) {
      pj_error(p->diags, &p->m->file, pj_loc(p, c), "parameter '%s' without a default follows one with a default",
               pj_text(p, c));
      ok = false;
    }
    any_default |= has_default;
    for (int j = 0; j < f->nparams; j++) /* def k(a, a): CPython's SyntaxError */
      if (strcmp(f->vars[j].name, pj_text(p, id)) == 0) {
        pj_error(p->diags, &p->m->file, pj_loc(p, id), "duplicate argument '%s' in function definition",
                 pj_text(p, id));
        ok = false;
      }
    f->star = star;
    defaults[f->nparams] = dflt;
    PjVar *v = &f->vars[f->nparams++];
    v->name = pj_text(p, id);
    v->loc = pj_loc(p, id);
    v->is_param = true;
  }
  f->defaults = any_default ? defaults : NULL;
  return ok;
}

PjFunc *pj_func_of_def(PjParser *p, TSNode def) {
  PjFunc *f = pj_arena_alloc(p->arena, sizeof(PjFunc));
  TSNode name = pj_child(def, PJ_FIELD_NAME);
  f->name = pj_text(p, name);
  f->loc = pj_loc(p, name);
  f->end_line = pj_last_line(def);
  f->module = p->m;
  return f;
}

void pj_parse_function(PjParser *p, TSNode def, TSNode decorated) {
  PjFunc *f = pj_func_of_def(p, def);
  PjFuncSyntax *syn = pj_arena_alloc(p->arena, sizeof(PjFuncSyntax));
  syn->func = f;
  /* what the body does wrong matters only if it is a kernel: park its diagnostics */
  PjDiags *outer = p->diags;
  syn->diags = p->diags = pj_diags_new();
  /* decorators: kept as expressions, judged by the resolver */
  if (!ts_node_is_null(decorated)) {
    PjKids k = pj_named_kids(p, decorated);
    for (uint32_t i = 0; i < k.n; i++) {
      TSNode d = k.at[i];
      if (!pj_is(d, PJ_SYM_DECORATOR)) continue;
      PjExpr *e = pj_expr(p, pj_first_named(p, d));
      if (e) pj_vec_push(p->arena, &syn->decorators, e);
    }
  }
  bool ok = pj_parse_params(p, pj_child(def, PJ_FIELD_PARAMETERS), f);
  if (ts_node_child_count(def) > 0 && strcmp(ts_node_type(ts_node_child(def, 0)), "async") == 0) {
    pj_error(p->diags, &p->m->file, f->loc, "'%s' is an async function (a coroutine): kernels and device functions "
             "cannot be", f->name);
    ok = false;
  }
  p->cur = f;
  f->nvars = f->nparams;
  syn->body_ok = pj_block(p, pj_child(def, PJ_FIELD_BODY), &f->body) && ok;
  p->cur = NULL;
  p->diags = outer;
  pj_vec_push(p->arena, &p->funcs, syn);
  PjGlobal g = {.name = f->name, .kind = PJ_GLOBAL_FUNC, .func = f, .loc = f->loc};
  pj_add_global(p, g);
}
