/* For the CPU executor: every warp or block collective (shuffles, votes, syncthreads_count...)
 * becomes a statement of its own, `t = collective(n1, n2, n3)`, whose arguments are variables
 * assigned just before it. Block mode (backend/regions.c) then runs the assignments of the
 * arguments in one thread region and the collective in the next, where each thread can read
 * the other lanes' arguments. The GPU needs none of this and keeps the tree as typed. */
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"
#include "stdlib/builtins.h"

typedef struct PjHoist {
  PjArena *arena;
  const PjModule *m;
  PjFunc *f;
  PjDiags *diags;
  PjVec vars;     /* PjVar*: the function's variables, with the temporaries added */
  PjVec before;   /* PjStmt*: what the statement being rewritten needs first */
  bool ok;
} PjHoist;

bool pj_is_collective(const PjExpr *e) {
  return e && e->kind == PJ_EX_BUILTIN && pj_builtins[e->builtin.id].lower == PJ_LOWER_COLLECTIVE;
}

static PjExpr *pj_temp(PjHoist *h, const PjType *t, PjLoc loc) {
  PjVar *v = pj_arena_alloc(h->arena, sizeof(PjVar));
  v->name = pj_arena_printf(h->arena, "$t%d", h->vars.len);
  v->loc = loc;
  v->type = t;
  pj_vec_push(h->arena, &h->vars, v);
  PjExpr *n = pj_arena_alloc(h->arena, sizeof(PjExpr));
  n->kind = PJ_EX_NAME;
  n->loc = loc;
  n->type = t;
  n->name.id = v->name;
  n->name.var = h->vars.len - 1;
  return n;
}

static void pj_emit_assign(PjHoist *h, PjExpr *target, PjExpr *value) {
  PjStmt *s = pj_arena_alloc(h->arena, sizeof(PjStmt));
  s->kind = PJ_ST_ASSIGN;
  s->loc = value->loc;
  s->assign.targets = pj_arena_alloc(h->arena, sizeof(PjExpr *));
  s->assign.targets[0] = target;
  s->assign.ntargets = 1;
  s->assign.value = value;
  pj_vec_push(h->arena, &h->before, s);
}

static void pj_hoist_expr(PjHoist *h, PjExpr **slot, bool conditional);

static void pj_hoist_all(PjHoist *h, PjExpr **xs, int n, bool conditional) {
  for (int i = 0; i < n; i++) pj_hoist_expr(h, &xs[i], conditional);
}

/* Replace each collective in *slot (innermost first) by a temporary assigned before. */
static void pj_hoist_expr(PjHoist *h, PjExpr **slot, bool conditional) {
  PjExpr *e = *slot;
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_BUILTIN:
    pj_hoist_all(h, e->builtin.args, e->builtin.nargs, conditional);
    if (!pj_is_collective(e)) return;
    if (conditional) {
      pj_error(h->diags, &h->m->file, e->loc, "%s inside 'and', 'or' or a conditional expression cannot run on the "
               "CPU executor yet", pj_builtins[e->builtin.id].name);
      h->ok = false;
      return;
    }
    for (int i = 0; i < e->builtin.nargs; i++) {
      PjExpr *a = e->builtin.args[i];
      if (a->kind == PJ_EX_NAME || a->kind == PJ_EX_INT) continue;
      PjExpr *t = pj_temp(h, a->type, a->loc);
      pj_emit_assign(h, t, a);
      e->builtin.args[i] = t;
    }
    {
      PjExpr *t = pj_temp(h, e->type, e->loc);
      pj_emit_assign(h, t, e);
      PjExpr *use = pj_arena_alloc(h->arena, sizeof(PjExpr));
      *use = *t;
      *slot = use;
    }
    return;
  case PJ_EX_ATTR: pj_hoist_expr(h, &e->attr.base, conditional); return;
  case PJ_EX_SUBSCRIPT: pj_hoist_expr(h, &e->sub.base, conditional); pj_hoist_expr(h, &e->sub.index, conditional); return;
  case PJ_EX_TUPLE: pj_hoist_all(h, e->tuple.items, e->tuple.count, conditional); return;
  case PJ_EX_BINARY: pj_hoist_expr(h, &e->bin.l, conditional); pj_hoist_expr(h, &e->bin.r, conditional); return;
  case PJ_EX_UNARY: pj_hoist_expr(h, &e->un.x, conditional); return;
  case PJ_EX_COMPARE: pj_hoist_all(h, e->cmp.operands, e->cmp.n + 1, conditional); return;
  case PJ_EX_BOOLOP: pj_hoist_expr(h, &e->boolop.l, conditional); pj_hoist_expr(h, &e->boolop.r, true); return;
  case PJ_EX_IFEXP:
    pj_hoist_expr(h, &e->ifexp.cond, conditional);
    pj_hoist_expr(h, &e->ifexp.then, true);
    pj_hoist_expr(h, &e->ifexp.orelse, true);
    return;
  case PJ_EX_CAST: pj_hoist_expr(h, &e->cast.x, conditional); return;
  case PJ_EX_SHAPE: pj_hoist_expr(h, &e->shape.array, conditional); return;
  case PJ_EX_CALL: pj_hoist_all(h, e->call.args, e->call.nargs, conditional); return;
  default: return;
  }
}

static void pj_hoist_block(PjHoist *h, PjBlock *b);

/* A loop header is evaluated again at each iteration: a collective there cannot move out. */
static void pj_forbid(PjHoist *h, PjExpr **slot, const char *where) {
  size_t before = h->before.len;
  pj_hoist_expr(h, slot, false);
  if ((size_t)h->before.len != before) {
    pj_error(h->diags, &h->m->file, (*slot)->loc, "a warp or block collective in %s cannot run on the CPU executor "
             "yet: assign it to a variable first", where);
    h->ok = false;
    h->before.len = (int)before;
  }
}

static void pj_hoist_stmt(PjHoist *h, PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: pj_hoist_expr(h, &s->expr, false); break;
  case PJ_ST_ASSIGN:
    pj_hoist_expr(h, &s->assign.value, false);
    for (int i = 0; i < s->assign.ntargets; i++) pj_hoist_expr(h, &s->assign.targets[i], false);
    break;
  case PJ_ST_AUGASSIGN: pj_hoist_expr(h, &s->aug.value, false); break;
  case PJ_ST_IF:
    pj_hoist_expr(h, &s->if_.cond, false);
    pj_hoist_block(h, &s->if_.then);
    pj_hoist_block(h, &s->if_.orelse);
    break;
  case PJ_ST_WHILE:
    pj_forbid(h, &s->while_.cond, "a while condition");
    pj_hoist_block(h, &s->while_.body);
    break;
  case PJ_ST_FOR:
    for (int i = 0; i < s->for_.iter->call.nargs; i++) pj_forbid(h, &s->for_.iter->call.args[i], "a range()");
    pj_hoist_block(h, &s->for_.body);
    break;
  default: break;
  }
}

static void pj_hoist_block(PjHoist *h, PjBlock *b) {
  PjVec out = {0};
  for (int i = 0; i < b->count; i++) {
    PjVec saved = h->before;
    h->before = (PjVec){0};
    pj_hoist_stmt(h, b->stmts[i]);
    for (int k = 0; k < h->before.len; k++) pj_vec_push(h->arena, &out, h->before.items[k]);
    pj_vec_push(h->arena, &out, b->stmts[i]);
    h->before = saved;
  }
  b->stmts = (PjStmt **)out.items;
  b->count = out.len;
}

bool pj_hoist_collectives(PjArena *arena, const PjModule *m, PjFunc *f, PjDiags *diags) {
  PjHoist h = {.arena = arena, .m = m, .f = f, .diags = diags, .ok = true};
  for (int v = 0; v < f->nvars; v++) {
    PjVar *copy = pj_arena_alloc(arena, sizeof(PjVar));
    *copy = f->vars[v];
    pj_vec_push(arena, &h.vars, copy);
  }
  pj_hoist_block(&h, &f->body);
  if (h.vars.len != f->nvars) {
    PjVar *vars = pj_arena_alloc(arena, sizeof(PjVar) * (size_t)(h.vars.len + 1));
    for (int v = 0; v < h.vars.len; v++) vars[v] = *(PjVar *)h.vars.items[v];
    f->vars = vars;
    f->nvars = h.vars.len;
  }
  return h.ok;
}
