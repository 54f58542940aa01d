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
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_STATIC: return true;
  case PJ_EX_NAME: return e->name.var >= 0 && e->name.var < nvars && uniform[e->name.var];
  case PJ_EX_ATTR: return pj_uniform_expr(e->attr.base, uniform, nvars);
  case PJ_EX_SHAPE: return pj_uniform_expr(e->shape.array, uniform, nvars);
  case PJ_EX_CAST: return pj_uniform_expr(e->cast.x, uniform, nvars);
  case PJ_EX_UNARY: return pj_uniform_expr(e->un.x, uniform, nvars);
  case PJ_EX_BINARY:
    return e->bin.op != PJ_OP_MATMUL && pj_uniform_expr(e->bin.l, uniform, nvars) && pj_uniform_expr(e->bin.r, uniform, nvars);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (!pj_uniform_expr(e->cmp.operands[i], uniform, nvars)) return false;
    return true;
  case PJ_EX_BOOLOP: return pj_uniform_expr(e->boolop.l, uniform, nvars) && pj_uniform_expr(e->boolop.r, uniform, nvars);
  case PJ_EX_IFEXP:
    return pj_uniform_expr(e->ifexp.cond, uniform, nvars) && pj_uniform_expr(e->ifexp.then, uniform, nvars) &&
           pj_uniform_expr(e->ifexp.orelse, uniform, nvars);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_uniform_expr(e->tuple.items[i], uniform, nvars)) return false;
    return true;
  case PJ_EX_BUILTIN: {
    PjLowering l = pj_builtins[e->builtin.id].lower;
    if (l != PJ_LOWER_CTAID && l != PJ_LOWER_NTID && l != PJ_LOWER_NCTAID && l != PJ_LOWER_GRIDSIZE &&
        l != PJ_LOWER_CONSTANT && l != PJ_LOWER_LEN)
      return false;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (!pj_uniform_expr(e->builtin.args[i], uniform, nvars)) return false;
    return true;
  }
  default: return false;
  }
}

/* The variables an expression assigns itself (hidden assignments of PJ_LOWER_LET) lose uniformity:
 * they are set wherever the expression is evaluated, in whatever thread. */
static void pj_uniform_scan_expr(PjUniformScan *s, const PjExpr *e) {
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_ATTR: pj_uniform_scan_expr(s, e->attr.base); break;
  case PJ_EX_CALL:
    pj_uniform_scan_expr(s, e->call.fn);
    for (int i = 0; i < e->call.nargs; i++) pj_uniform_scan_expr(s, e->call.args[i]);
    break;
  case PJ_EX_SUBSCRIPT: pj_uniform_scan_expr(s, e->sub.base); pj_uniform_scan_expr(s, e->sub.index); break;
  case PJ_EX_TUPLE: case PJ_EX_LIST:
    for (int i = 0; i < e->tuple.count; i++) pj_uniform_scan_expr(s, e->tuple.items[i]);
    break;
  case PJ_EX_BINARY: pj_uniform_scan_expr(s, e->bin.l); pj_uniform_scan_expr(s, e->bin.r); break;
  case PJ_EX_UNARY: pj_uniform_scan_expr(s, e->un.x); break;
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++) pj_uniform_scan_expr(s, e->cmp.operands[i]);
    break;
  case PJ_EX_BOOLOP: pj_uniform_scan_expr(s, e->boolop.l); pj_uniform_scan_expr(s, e->boolop.r); break;
  case PJ_EX_IFEXP:
    pj_uniform_scan_expr(s, e->ifexp.cond);
    pj_uniform_scan_expr(s, e->ifexp.then);
    pj_uniform_scan_expr(s, e->ifexp.orelse);
    break;
  case PJ_EX_CAST: pj_uniform_scan_expr(s, e->cast.x); break;
  case PJ_EX_SHAPE: pj_uniform_scan_expr(s, e->shape.array); break;
  case PJ_EX_SLICE:
    pj_uniform_scan_expr(s, e->slice.start);
    pj_uniform_scan_expr(s, e->slice.stop);
    pj_uniform_scan_expr(s, e->slice.step);
    break;
  case PJ_EX_BUILTIN: {
    int n = e->builtin.nargs;
    if (pj_builtins[e->builtin.id].lower == PJ_LOWER_LET) /* n values, the result, n hidden variables */
      for (int i = 0; i < (n - 1) / 2; i++) pj_not_uniform(s, e->builtin.args[(n - 1) / 2 + 1 + i]);
    for (int i = 0; i < n; i++) pj_uniform_scan_expr(s, e->builtin.args[i]);
    break;
  }
  default: break;
  }
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
  case PJ_ST_EXPR: case PJ_ST_RETURN: pj_uniform_scan_expr(s, st->expr); break;
  case PJ_ST_ASSIGN: {
    pj_uniform_scan_expr(s, st->assign.value);
    bool keep = alike && pj_uniform_expr(st->assign.value, u, nv);
    for (int i = 0; i < st->assign.ntargets; i++) {
      const PjExpr *t = st->assign.targets[i];
      if (t->kind != PJ_EX_NAME || !keep) pj_not_uniform(s, t);
      if (t->kind != PJ_EX_NAME) pj_uniform_scan_expr(s, t);
    }
    break;
  }
  case PJ_ST_AUGASSIGN:
    pj_uniform_scan_expr(s, st->aug.value);
    if (st->aug.target->kind != PJ_EX_NAME) pj_uniform_scan_expr(s, st->aug.target);
    else if (!alike || !pj_uniform_expr(st->aug.value, u, nv) || !pj_uniform_expr(st->aug.target, u, nv))
      pj_not_uniform(s, st->aug.target);
    break;
  case PJ_ST_IF: {
    pj_uniform_scan_expr(s, st->if_.cond);
    bool inner = alike && pj_uniform_expr(st->if_.cond, u, nv);
    pj_uniform_scan_block(s, &st->if_.then, inner);
    pj_uniform_scan_block(s, &st->if_.orelse, inner);
    break;
  }
  case PJ_ST_WHILE: {
    pj_uniform_scan_expr(s, st->while_.cond);
    bool inner = alike && pj_uniform_expr(st->while_.cond, u, nv) && !pj_leaves_loop(&st->while_.body);
    pj_uniform_scan_block(s, &st->while_.body, inner);
    break;
  }
  case PJ_ST_FOR: {
    pj_uniform_scan_expr(s, st->for_.iter);
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
  while (s.changed) {
    s.changed = false;
    pj_uniform_scan_block(&s, &f->body, true);
  }
  return s.uniform;
}
