/* Block mode (regions.c): the variables every live thread of a block holds the same value of.
 *
 * A thread region's loop over the block asks every live thread for the conditions and range
 * bounds of the control flow around a barrier, to catch threads that disagree; and it runs every
 * thread through a region whose only statement is `if tx < s:` (the steps of a tree reduction),
 * though most of them do nothing there. Where the value is the same in every thread by the way it
 * is computed, the first live thread's answer is the answer, and a region guarded by threadIdx.x
 * against such a value runs only the threads the guard admits.
 *
 * A variable is uniform when every statement that assigns it is reached by all live threads
 * alike and assigns a value built from constants, arguments, uniform variables, the block's and
 * the grid's indices and sizes, and array metadata. A statement is reached alike at the top level
 * of the kernel, and in the branches of an if and the body of a loop whose condition or range is
 * itself uniform and that is reached alike, unless the loop's body leaves it (`break` or
 * `continue`, which a thread may take on its own). A thread that returns takes no further part,
 * so a `return` does not make the others disagree. Optimistic: every variable starts uniform and
 * loses it until nothing changes. */
#include "backend/codegen.h"

#include <stdlib.h>

typedef struct PjUniformScan {
  const PjFunc *f;
  bool *uniform;
  bool changed;
} PjUniformScan;

static void pj_not_uniform(PjUniformScan *s, const PjExpr *t) {
  if (!t) return;
  if (t->kind == PJ_EX_NAME) {
    int v = t->name.var;
    if (v >= 0 && v < s->f->nvars && s->uniform[v]) {
      s->uniform[v] = false;
      s->changed = true;
    }
  } else if (t->kind == PJ_EX_TUPLE || t->kind == PJ_EX_LIST) {
    for (int i = 0; i < t->tuple.count; i++) pj_not_uniform(s, t->tuple.items[i]);
  }
}

bool pj_uniform_expr(const PjExpr *e, const bool *uniform, int nvars) {
  uint64_t ops = PJ_LOWERING(PJ_LOWER_CTAID) | PJ_LOWERING(PJ_LOWER_NTID) | PJ_LOWERING(PJ_LOWER_NCTAID) |
                 PJ_LOWERING(PJ_LOWER_GRIDSIZE) | PJ_LOWERING(PJ_LOWER_CONSTANT) | PJ_LOWERING(PJ_LOWER_LEN);
  return pj_expr_built_of(e, uniform, nvars, ops, true);
}

/* The hidden variables an expression assigns itself (PJ_LOWER_LET: n values, the result, n
 * variables) are set wherever it is evaluated, in whatever thread: never uniform. */
static bool pj_uniform_let(const PjExpr *e, void *ctx) {
  if (e->kind == PJ_EX_BUILTIN && pj_builtins[e->builtin.id].lower == PJ_LOWER_LET) {
    int n = (e->builtin.nargs - 1) / 2;
    for (int i = 0; i < n; i++) pj_not_uniform(ctx, e->builtin.args[n + 1 + i]);
  }
  return false;
}

/* Whether a loop's own body (not the loops inside it) has a break or continue. */
static bool pj_leaves_loop(const PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *st = b->stmts[i];
    if (st->kind == PJ_ST_BREAK || st->kind == PJ_ST_CONTINUE) return true;
    if (st->kind == PJ_ST_IF && (pj_leaves_loop(&st->if_.then) || pj_leaves_loop(&st->if_.orelse))) return true;
  }
  return false;
}

static bool pj_uniform_range(const PjUniformScan *s, const PjExpr *it) {
  if (it->kind != PJ_EX_CALL || it->type->kind != PJ_TY_RANGE) return false;
  for (int i = 0; i < it->call.nargs; i++)
    if (!pj_uniform_expr(it->call.args[i], s->uniform, s->f->nvars)) return false;
  return true;
}

static void pj_uniform_scan_block(PjUniformScan *s, const PjBlock *b, bool alike);

static void pj_uniform_scan_stmt(PjUniformScan *s, const PjStmt *st, bool alike) {
  const bool *u = s->uniform;
  int nv = s->f->nvars;
  switch (st->kind) {
  case PJ_ST_ASSIGN: {
    bool keep = alike && pj_uniform_expr(st->assign.value, u, nv);
    for (int i = 0; i < st->assign.ntargets; i++)
      if (st->assign.targets[i]->kind != PJ_EX_NAME || !keep) pj_not_uniform(s, st->assign.targets[i]);
    break;
  }
  case PJ_ST_AUGASSIGN:
    if (!alike || !pj_uniform_expr(st->aug.value, u, nv) || !pj_uniform_expr(st->aug.target, u, nv))
      pj_not_uniform(s, st->aug.target);
    break;
  case PJ_ST_IF: {
    bool inner = alike && pj_uniform_expr(st->if_.cond, u, nv);
    pj_uniform_scan_block(s, &st->if_.then, inner);
    pj_uniform_scan_block(s, &st->if_.orelse, inner);
    break;
  }
  case PJ_ST_WHILE: {
    bool inner = alike && pj_uniform_expr(st->while_.cond, u, nv) && !pj_leaves_loop(&st->while_.body);
    pj_uniform_scan_block(s, &st->while_.body, inner);
    break;
  }
  case PJ_ST_FOR: {
    bool inner = alike && pj_uniform_range(s, st->for_.iter) && !pj_leaves_loop(&st->for_.body);
    if (st->for_.target->kind != PJ_EX_NAME || !inner) pj_not_uniform(s, st->for_.target);
    pj_uniform_scan_block(s, &st->for_.body, inner);
    break;
  }
  default: break;
  }
}

static void pj_uniform_scan_block(PjUniformScan *s, const PjBlock *b, bool alike) {
  for (int i = 0; i < b->count; i++) pj_uniform_scan_stmt(s, b->stmts[i], alike);
}

bool *pj_block_uniform(const PjFunc *f) {
  PjUniformScan s = {f, malloc(((size_t)f->nvars + 1) * sizeof(bool)), true};
  if (!s.uniform) return NULL;
  for (int v = 0; v < f->nvars; v++) s.uniform[v] = true;
  pj_block_any_expr(&f->body, pj_uniform_let, &s);
  while (s.changed) {
    s.changed = false;
    pj_uniform_scan_block(&s, &f->body, true);
  }
  return s.uniform;
}
