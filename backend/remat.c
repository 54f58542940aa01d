/* Block mode (regions.c): the variables recomputed where a thread is bound rather than kept in an
 * array with one element per thread.
 *
 * Block mode keeps every variable of a kernel with barriers in an array of the block's threads,
 * since a thread region runs each thread to the next barrier in turn and the next region must
 * find each thread's values again. But most variables of a tiled kernel are set once, at the top
 * of the kernel, from the thread's index, the block's, the arguments and shared arrays (tx =
 * cuda.threadIdx.x, row = cuda.blockIdx.y * TILE + ty, sA = cuda.shared.array(...)), and never
 * change. Those are recomputed for the thread whenever code is emitted as it (cheap arithmetic
 * that LLVM drops where unused), and parameters that the kernel never assigns are kept once for
 * the block: LLVM then sees which values are the same along a row of threads and which step by
 * one, and vectorizes a region's loop over threadIdx.x instead of gathering from arrays.
 *
 * A variable qualifies when the kernel assigns it exactly once, in a statement at the top level
 * of its body (so every thread that reads it has run that statement, and its inputs cannot have
 * changed since), from an expression with no effect built from such variables, thread and block
 * indices, constants, array metadata and shared or local array creation, and when no warp
 * collective reads it as another thread holds it. */
#include "backend/codegen.h"

#include <stdlib.h>

typedef struct PjRematScan {
  const PjFunc *f;
  int *assigned;   /* per variable: assignments anywhere in the kernel */
  bool *collective; /* per variable: read by a warp collective */
  int array_sites;  /* cuda.shared.array / cuda.local.array calls */
} PjRematScan;

/* Array creation is recomputed too only where the code generator keeps every site's storage
 * (codegen.c keeps 64; past them a site gets new storage each time its code is emitted). */
enum { PJ_REMAT_MAX_ARRAY_SITES = 32 };

static void pj_scan_expr(PjRematScan *s, const PjExpr *e);

static void pj_count_target(PjRematScan *s, const PjExpr *t) {
  if (!t) return;
  if (t->kind == PJ_EX_NAME && t->name.var >= 0 && t->name.var < s->f->nvars) s->assigned[t->name.var]++;
  else if (t->kind == PJ_EX_TUPLE)
    for (int i = 0; i < t->tuple.count; i++) pj_count_target(s, t->tuple.items[i]);
  else pj_scan_expr(s, t); /* a subscript's base and index are reads */
}

static void pj_scan_exprs(PjRematScan *s, PjExpr *const *es, int n) {
  for (int i = 0; i < n; i++) pj_scan_expr(s, es[i]);
}

static void pj_scan_expr(PjRematScan *s, const PjExpr *e) {
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_ATTR: pj_scan_expr(s, e->attr.base); break;
  case PJ_EX_CALL: pj_scan_expr(s, e->call.fn); pj_scan_exprs(s, e->call.args, e->call.nargs); break;
  case PJ_EX_SUBSCRIPT: pj_scan_expr(s, e->sub.base); pj_scan_expr(s, e->sub.index); break;
  case PJ_EX_TUPLE: case PJ_EX_LIST: pj_scan_exprs(s, e->tuple.items, e->tuple.count); break;
  case PJ_EX_BINARY: pj_scan_expr(s, e->bin.l); pj_scan_expr(s, e->bin.r); break;
  case PJ_EX_UNARY: pj_scan_expr(s, e->un.x); break;
  case PJ_EX_COMPARE: pj_scan_exprs(s, e->cmp.operands, e->cmp.n + 1); break;
  case PJ_EX_BOOLOP: pj_scan_expr(s, e->boolop.l); pj_scan_expr(s, e->boolop.r); break;
  case PJ_EX_IFEXP: pj_scan_expr(s, e->ifexp.cond); pj_scan_expr(s, e->ifexp.then); pj_scan_expr(s, e->ifexp.orelse); break;
  case PJ_EX_CAST: pj_scan_expr(s, e->cast.x); break;
  case PJ_EX_SHAPE: pj_scan_expr(s, e->shape.array); break;
  case PJ_EX_SLICE: pj_scan_expr(s, e->slice.start); pj_scan_expr(s, e->slice.stop); pj_scan_expr(s, e->slice.step); break;
  case PJ_EX_BUILTIN: {
    const PjBuiltin *b = &pj_builtins[e->builtin.id];
    if (b->lower == PJ_LOWER_LET) { /* args: n values, the result, n hidden variables it assigns */
      int n = (e->builtin.nargs - 1) / 2;
      pj_scan_exprs(s, e->builtin.args, n + 1);
      for (int i = 0; i < n; i++) pj_count_target(s, e->builtin.args[n + 1 + i]);
      break;
    }
    if (b->lower == PJ_LOWER_SHARED_ARRAY || b->lower == PJ_LOWER_LOCAL_ARRAY) s->array_sites++;
    if (b->lower == PJ_LOWER_COLLECTIVE)
      for (int i = 0; i < e->builtin.nargs; i++) {
        const PjExpr *a = e->builtin.args[i];
        if (a->kind == PJ_EX_NAME && a->name.var >= 0 && a->name.var < s->f->nvars) s->collective[a->name.var] = true;
      }
    pj_scan_exprs(s, e->builtin.args, e->builtin.nargs);
    break;
  }
  default: break;
  }
}

static void pj_scan_block(PjRematScan *s, const PjBlock *b);

static void pj_scan_stmt(PjRematScan *s, const PjStmt *st) {
  switch (st->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: pj_scan_expr(s, st->expr); break;
  case PJ_ST_ASSIGN:
    for (int i = 0; i < st->assign.ntargets; i++) pj_count_target(s, st->assign.targets[i]);
    pj_scan_expr(s, st->assign.value);
    break;
  case PJ_ST_AUGASSIGN: pj_count_target(s, st->aug.target); pj_scan_expr(s, st->aug.value); break;
  case PJ_ST_IF: pj_scan_expr(s, st->if_.cond); pj_scan_block(s, &st->if_.then); pj_scan_block(s, &st->if_.orelse); break;
  case PJ_ST_WHILE: pj_scan_expr(s, st->while_.cond); pj_scan_block(s, &st->while_.body); break;
  case PJ_ST_FOR: pj_count_target(s, st->for_.target); pj_scan_expr(s, st->for_.iter); pj_scan_block(s, &st->for_.body); break;
  default: break;
  }
}

static void pj_scan_block(PjRematScan *s, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) pj_scan_stmt(s, b->stmts[i]);
}

bool pj_expr_built_of(const PjExpr *e, const bool *vars, int nvars, uint64_t ops, bool pow) {
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_STATIC: return true;
  case PJ_EX_NAME: return e->name.var >= 0 && e->name.var < nvars && vars[e->name.var];
  case PJ_EX_ATTR: return pj_expr_built_of(e->attr.base, vars, nvars, ops, pow);
  case PJ_EX_SHAPE: return pj_expr_built_of(e->shape.array, vars, nvars, ops, pow);
  case PJ_EX_CAST: return pj_expr_built_of(e->cast.x, vars, nvars, ops, pow);
  case PJ_EX_UNARY: return pj_expr_built_of(e->un.x, vars, nvars, ops, pow);
  case PJ_EX_BINARY:
    return e->bin.op != PJ_OP_MATMUL && (pow || e->bin.op != PJ_OP_POW) && pj_expr_built_of(e->bin.l, vars, nvars, ops, pow) &&
           pj_expr_built_of(e->bin.r, vars, nvars, ops, pow);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (!pj_expr_built_of(e->cmp.operands[i], vars, nvars, ops, pow)) return false;
    return true;
  case PJ_EX_BOOLOP:
    return pj_expr_built_of(e->boolop.l, vars, nvars, ops, pow) && pj_expr_built_of(e->boolop.r, vars, nvars, ops, pow);
  case PJ_EX_IFEXP:
    return pj_expr_built_of(e->ifexp.cond, vars, nvars, ops, pow) && pj_expr_built_of(e->ifexp.then, vars, nvars, ops, pow) &&
           pj_expr_built_of(e->ifexp.orelse, vars, nvars, ops, pow);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_expr_built_of(e->tuple.items[i], vars, nvars, ops, pow)) return false;
    return true;
  case PJ_EX_BUILTIN:
    if (!(ops & PJ_LOWERING(pj_builtins[e->builtin.id].lower))) return false;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (!pj_expr_built_of(e->builtin.args[i], vars, nvars, ops, pow)) return false;
    return true;
  default: return false;
  }
}

/* Whether e has no effect and depends on nothing but variables already recomputed (remat[]),
 * thread and block indices, constants, array metadata and array creation. */
static bool pj_remat_expr(const PjExpr *e, const bool *remat, int nvars, bool arrays) {
  uint64_t ops = PJ_LOWERING(PJ_LOWER_TID) | PJ_LOWERING(PJ_LOWER_CTAID) | PJ_LOWERING(PJ_LOWER_NTID) |
                 PJ_LOWERING(PJ_LOWER_NCTAID) | PJ_LOWERING(PJ_LOWER_GRID) | PJ_LOWERING(PJ_LOWER_GRIDSIZE) |
                 PJ_LOWERING(PJ_LOWER_CONSTANT) | PJ_LOWERING(PJ_LOWER_LEN);
  if (arrays) ops |= PJ_LOWERING(PJ_LOWER_SHARED_ARRAY) | PJ_LOWERING(PJ_LOWER_LOCAL_ARRAY);
  return pj_expr_built_of(e, remat, nvars, ops, false);
}

/* Whether e reads variable v. */
static bool pj_reads(const PjExpr *e, int v);

static bool pj_reads_any(PjExpr *const *es, int n, int v) {
  for (int i = 0; i < n; i++)
    if (pj_reads(es[i], v)) return true;
  return false;
}

static bool pj_reads(const PjExpr *e, int v) {
  if (!e) return false;
  switch (e->kind) {
  case PJ_EX_NAME: return e->name.var == v;
  case PJ_EX_ATTR: return pj_reads(e->attr.base, v);
  case PJ_EX_CALL: return pj_reads(e->call.fn, v) || pj_reads_any(e->call.args, e->call.nargs, v);
  case PJ_EX_SUBSCRIPT: return pj_reads(e->sub.base, v) || pj_reads(e->sub.index, v);
  case PJ_EX_TUPLE: case PJ_EX_LIST: return pj_reads_any(e->tuple.items, e->tuple.count, v);
  case PJ_EX_BINARY: return pj_reads(e->bin.l, v) || pj_reads(e->bin.r, v);
  case PJ_EX_UNARY: return pj_reads(e->un.x, v);
  case PJ_EX_COMPARE: return pj_reads_any(e->cmp.operands, e->cmp.n + 1, v);
  case PJ_EX_BOOLOP: return pj_reads(e->boolop.l, v) || pj_reads(e->boolop.r, v);
  case PJ_EX_IFEXP: return pj_reads(e->ifexp.cond, v) || pj_reads(e->ifexp.then, v) || pj_reads(e->ifexp.orelse, v);
  case PJ_EX_CAST: return pj_reads(e->cast.x, v);
  case PJ_EX_SHAPE: return pj_reads(e->shape.array, v);
  case PJ_EX_SLICE: return pj_reads(e->slice.start, v) || pj_reads(e->slice.stop, v) || pj_reads(e->slice.step, v);
  case PJ_EX_BUILTIN: return pj_reads_any(e->builtin.args, e->builtin.nargs, v);
  default: return false;
  }
}

static bool pj_block_reads(const PjBlock *b, int v);

static bool pj_stmt_reads(const PjStmt *st, int v) {
  switch (st->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: return pj_reads(st->expr, v);
  case PJ_ST_ASSIGN: return pj_reads(st->assign.value, v) || pj_reads_any(st->assign.targets, st->assign.ntargets, v);
  case PJ_ST_AUGASSIGN: return pj_reads(st->aug.target, v) || pj_reads(st->aug.value, v);
  case PJ_ST_IF: return pj_reads(st->if_.cond, v) || pj_block_reads(&st->if_.then, v) || pj_block_reads(&st->if_.orelse, v);
  case PJ_ST_WHILE: return pj_reads(st->while_.cond, v) || pj_block_reads(&st->while_.body, v);
  case PJ_ST_FOR: return pj_reads(st->for_.iter, v) || pj_block_reads(&st->for_.body, v);
  default: return false;
  }
}

static bool pj_block_reads(const PjBlock *b, int v) {
  for (int i = 0; i < b->count; i++)
    if (pj_stmt_reads(b->stmts[i], v)) return true;
  return false;
}

/* A target of a top-level assignment that may be recomputed: a name assigned only there, whose
 * type is the value's (no conversion), and no earlier statement reads. */
static bool pj_remat_target(const PjRematScan *s, const PjFunc *f, int stmt_index, const PjExpr *t, const PjType *vt) {
  if (t->kind != PJ_EX_NAME || t->name.var < f->nparams || t->name.var >= f->nvars) return false;
  int v = t->name.var;
  if (s->assigned[v] != 1 || s->collective[v] || f->vars[v].type != vt) return false;
  for (int k = 0; k < stmt_index; k++)
    if (pj_stmt_reads(f->body.stmts[k], v)) return false;
  return true;
}

PjRemat *pj_block_remat(const PjFunc *f) {
  int nv = f->nvars;
  PjRemat *r = calloc(1, sizeof *r);
  PjRematScan s = {f, calloc((size_t)nv + 1, sizeof(int)), calloc((size_t)nv + 1, sizeof(bool))};
  if (r) {
    r->var = calloc((size_t)nv + 1, sizeof(bool));
    r->defs = calloc((size_t)f->body.count + 1, sizeof(const PjStmt *));
  }
  if (!r || !r->var || !r->defs || !s.assigned || !s.collective) {
    free(s.assigned);
    free(s.collective);
    pj_block_remat_free(r);
    return NULL;
  }
  pj_scan_block(&s, &f->body);
  for (int v = 0; v < f->nparams; v++) r->var[v] = s.assigned[v] == 0 && !s.collective[v];
  for (int i = 0; i < f->body.count; i++) {
    const PjStmt *st = f->body.stmts[i];
    if (st->kind != PJ_ST_ASSIGN || st->assign.ntargets != 1 || !pj_remat_expr(st->assign.value, r->var, nv, s.array_sites <= PJ_REMAT_MAX_ARRAY_SITES))
      continue;
    const PjExpr *t = st->assign.targets[0], *v = st->assign.value;
    bool any = false;
    if (t->kind == PJ_EX_NAME) {
      any = pj_remat_target(&s, f, i, t, v->type);
      if (any) r->var[t->name.var] = true;
    } else if (t->kind == PJ_EX_TUPLE && v->type && v->type->kind == PJ_TY_TUPLE && v->type->count == t->tuple.count) {
      bool ok[64] = {false};
      for (int k = 0; k < t->tuple.count && k < 64; k++) any |= ok[k] = pj_remat_target(&s, f, i, t->tuple.items[k], v->type->items[k]);
      for (int k = 0; k < t->tuple.count && k < 64; k++)
        if (ok[k]) r->var[t->tuple.items[k]->name.var] = true;
    }
    if (any) r->defs[r->ndefs++] = st;
  }
  free(s.assigned);
  free(s.collective);
  return r;
}

void pj_block_remat_free(PjRemat *r) {
  if (!r) return;
  free(r->var);
  free(r->defs);
  free(r);
}
