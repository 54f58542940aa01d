/* Reads before any assignment (frontend/frontend.h, pj_check_defined): Python raises UnboundLocalError when a variable is read before any path assigned it. Walk the
 * typed body in order with the set of variables some path may have assigned by then; loop
 * bodies are walked once quietly first, since a later iteration sees the body's assignments. */

#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "stdlib/builtins.h"

typedef struct PjDefined {
  const PjModule *m;
  const PjFunc *f;
  PjDiags *diags; /* NULL: checked without reporting */
  bool *maybe;    /* per variable */
  bool *seen;     /* per variable: an assignment to it came earlier in the text, on any path */
  bool quiet;
  bool failed;
} PjDefined;

static void pj_def_expr(PjDefined *d, const PjExpr *e) {
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_NAME:
    if (e->name.var >= 0 && !d->maybe[e->name.var] && !d->quiet) {
      if (d->seen[e->name.var]) { /* assigned on other paths only: numba compiles it, reading an undefined value */
        if (d->diags)
          pj_diag_add(d->diags, PJ_SEVERITY_WARNING, &d->m->file, e->loc,
                      "Detected uninitialized variable %s: no path to this read assigns '%s' (it reads 0 here)",
                      e->name.id, e->name.id);
      } else {
        d->failed = true;
        if (d->diags) pj_error(d->diags, &d->m->file, e->loc, "local variable '%s' is referenced before assignment", e->name.id);
      }
      d->maybe[e->name.var] = true; /* once */
    }
    break;
  case PJ_EX_ATTR: pj_def_expr(d, e->attr.base); break;
  case PJ_EX_SUBSCRIPT: pj_def_expr(d, e->sub.base); pj_def_expr(d, e->sub.index); break;
  case PJ_EX_TUPLE: for (int i = 0; i < e->tuple.count; i++) pj_def_expr(d, e->tuple.items[i]); break;
  case PJ_EX_BINARY: pj_def_expr(d, e->bin.l); pj_def_expr(d, e->bin.r); break;
  case PJ_EX_UNARY: pj_def_expr(d, e->un.x); break;
  case PJ_EX_COMPARE: for (int i = 0; i <= e->cmp.n; i++) pj_def_expr(d, e->cmp.operands[i]); break;
  case PJ_EX_BOOLOP: pj_def_expr(d, e->boolop.l); pj_def_expr(d, e->boolop.r); break;
  case PJ_EX_IFEXP: pj_def_expr(d, e->ifexp.cond); pj_def_expr(d, e->ifexp.then); pj_def_expr(d, e->ifexp.orelse); break;
  case PJ_EX_CAST: pj_def_expr(d, e->cast.x); break;
  case PJ_EX_BUILTIN: {
    /* a ufunc into an array: its inputs and output are read here; its element expression reads
     * hidden variables the loop assigns */
    int n = e->builtin.id == PJ_BI_ELEMENTWISE ? (e->builtin.nargs - 2) / 2 + 1 : e->builtin.nargs;
    if (e->builtin.id == PJ_BI_LET) { /* $let: its values, then its expression with their variables assigned */
      n = (e->builtin.nargs - 1) / 2;
      for (int i = 0; i < n; i++) d->maybe[e->builtin.args[n + 1 + i]->name.var] = true;
    }
    for (int i = 0; i < n; i++) pj_def_expr(d, e->builtin.args[i]);
    if (e->builtin.id == PJ_BI_LET) pj_def_expr(d, e->builtin.args[n]);
    break;
  }
  case PJ_EX_SHAPE: pj_def_expr(d, e->shape.array); break;
  case PJ_EX_CALL: for (int i = 0; i < e->call.nargs; i++) pj_def_expr(d, e->call.args[i]); break;
  case PJ_EX_SLICE: pj_def_expr(d, e->slice.start); pj_def_expr(d, e->slice.stop); pj_def_expr(d, e->slice.step); break;
  default: break;
  }
}

static void pj_def_target(PjDefined *d, const PjExpr *t) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0) d->maybe[t->name.var] = d->seen[t->name.var] = true;
  else if (t->kind == PJ_EX_TUPLE) for (int i = 0; i < t->tuple.count; i++) pj_def_target(d, t->tuple.items[i]);
  else if (t->kind == PJ_EX_SUBSCRIPT) pj_def_expr(d, t);
}

static void pj_def_block(PjDefined *d, const PjBlock *b);

/* Every variable a block assigns anywhere (a later loop iteration sees them all). */
static void pj_def_assigned(PjDefined *d, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      for (int t = 0; t < s->assign.ntargets; t++)
        if (s->assign.targets[t]->kind != PJ_EX_SUBSCRIPT) pj_def_target(d, s->assign.targets[t]);
      break;
    case PJ_ST_AUGASSIGN: if (s->aug.target->kind == PJ_EX_NAME) pj_def_target(d, s->aug.target); break;
    case PJ_ST_IF: pj_def_assigned(d, &s->if_.then); pj_def_assigned(d, &s->if_.orelse); break;
    case PJ_ST_WHILE: pj_def_assigned(d, &s->while_.body); break;
    case PJ_ST_FOR: pj_def_target(d, s->for_.target); pj_def_assigned(d, &s->for_.body); break;
    default: break;
    }
  }
}

static void pj_def_loop(PjDefined *d, const PjBlock *body) {
  pj_def_assigned(d, body); /* what any iteration may assign, visible to the next */
  pj_def_block(d, body);
}

static void pj_def_stmt(PjDefined *d, const PjStmt *s) {
  int n = d->f->nvars;
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: pj_def_expr(d, s->expr); break;
  case PJ_ST_ASSIGN:
    pj_def_expr(d, s->assign.value);
    for (int i = 0; i < s->assign.ntargets; i++) pj_def_target(d, s->assign.targets[i]);
    break;
  case PJ_ST_AUGASSIGN: pj_def_expr(d, s->aug.value); pj_def_target(d, s->aug.target); break;
  case PJ_ST_IF: {
    pj_def_expr(d, s->if_.cond);
    bool *before = malloc((size_t)n + 1);
    memcpy(before, d->maybe, (size_t)n);
    pj_def_block(d, &s->if_.then);
    bool *after_then = malloc((size_t)n + 1);
    memcpy(after_then, d->maybe, (size_t)n);
    memcpy(d->maybe, before, (size_t)n);
    pj_def_block(d, &s->if_.orelse);
    for (int v = 0; v < n; v++) d->maybe[v] = d->maybe[v] || after_then[v];
    free(before);
    free(after_then);
    break;
  }
  case PJ_ST_WHILE: pj_def_expr(d, s->while_.cond); pj_def_loop(d, &s->while_.body); break;
  case PJ_ST_FOR:
    if (s->for_.iter->kind != PJ_EX_CALL) pj_def_expr(d, s->for_.iter);
    else for (int i = 0; i < s->for_.iter->call.nargs; i++) pj_def_expr(d, s->for_.iter->call.args[i]);
    pj_def_target(d, s->for_.target);
    pj_def_loop(d, &s->for_.body);
    break;
  default: break;
  }
}

static void pj_def_block(PjDefined *d, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) pj_def_stmt(d, b->stmts[i]);
}

bool pj_check_defined(const PjModule *m, const PjFunc *f, PjDiags *diags) {
  PjDefined d = {.m = m, .f = f, .diags = diags, .maybe = calloc((size_t)f->nvars + 1, 1),
                .seen = calloc((size_t)f->nvars + 1, 1)};
  for (int v = 0; v < f->nparams; v++) d.maybe[v] = true;
  pj_def_block(&d, &f->body);
  free(d.maybe);
  free(d.seen);
  return !d.failed;
}
