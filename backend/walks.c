/* Bounded walks: while loops that step an index up to a bound (codegen.h, pj_cg_walk).
 *
 * numba's users write a thread's loop over an array with while as often as with range():
 *     i = cuda.grid(1)
 *     while i < x.size:
 *         acc += x[i]
 *         i += cuda.gridsize(1)
 * A while loop in general may run forever, so on the CPU each of its iterations polls for an
 * interrupt; and an int64 index may be negative, so x[i] picks from the end when it is. In a
 * loop as short as this one the two cost as much as its own work (a load, an add, a step and a
 * compare).
 *
 * A walk here is `while v < stop:` (or `stop > v`) whose body ends in `v += step` (or `v = v +
 * step`) and assigns v nowhere else nor any variable stop or step reads, where stop has no effect
 * to evaluate and step is positive and below 2**42 by its form (pj_step_positive: a literal, a
 * grid or block size, and names assigned once from one). When every assignment to v in the
 * function is a value never negative by its form (pj_small_index: below 2**62) or the step of
 * such a walk, v is never negative: it starts at 0 or more (a variable read before any
 * assignment reads 0), and a step adds less than 2**42 to a value below stop, which does not
 * wrap when stop is below 2**62 by its form or its type (an int32), nor, for any other stop, in
 * less than 2**46 steps of one thread (pj_walk_slow_step). In the walk's body v is then between 0
 * and stop, and an index v needs no wraparound. And unless a `continue` of the loop skips the
 * step, the walk ends after at most stop / step iterations: the CPU polls once a chunk of them
 * (codegen.c, pj_cg_walk_while). */
#include <stdlib.h>

#include "backend/codegen.h"

typedef struct PjWalk {
  const PjStmt *loop;
  const PjExpr *step;
  int var;
  bool ends; /* no continue of the loop itself */
} PjWalk;

typedef struct PjWalks {
  const PjFunc *f; /* whose loops these are */
  PjWalk *items;
  int n, cap;
} PjWalks;

typedef struct PjWalkScan {
  const PjFunc *f;
  PjVarDefs *defs;          /* per variable: its assignments anywhere in f (narrow.c) */
  bool *bad;                /* int64 variables: an assignment that is neither a small value nor a walk's step */
  const PjStmt **steps;     /* the steps of the walks found so far (last statements of their bodies) */
  int nsteps, capsteps;
  int lookups;              /* names looked up for the value being judged */
  PjWalks *out;
  bool failed;              /* out of memory: no walk is reported */
} PjWalkScan;

static bool pj_grow(void **items, int *cap, int n, size_t size) {
  if (n < *cap) return true;
  int c = *cap ? *cap * 2 : 16;
  void *p = realloc(*items, (size_t)c * size);
  if (!p) return false;
  *items = p;
  *cap = c;
  return true;
}

/* a name the block ctx assigns */
static bool pj_reads_assigned(const PjExpr *e, void *ctx) {
  return e->kind == PJ_EX_NAME && e->name.var >= 0 && pj_count_defs(ctx, e->name.var) > 0;
}

/* A continue of the loop itself (not of a loop inside it) in b. */
static bool pj_continues(const PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *st = b->stmts[i];
    if (st->kind == PJ_ST_CONTINUE) return true;
    if (st->kind == PJ_ST_IF && (pj_continues(&st->if_.then) || pj_continues(&st->if_.orelse))) return true;
  }
  return false;
}

/* ---- the values of names ------------------------------------------------------------------------
 * A local variable assigned once in f holds 0 where no path has assigned it yet (codegen's
 * zeroed slots, numba's reading of an undefined variable) and that one value elsewhere: for
 * pj_small_index both are small. A step read as 0 stops the walk from advancing, as it does in
 * numba (the CPU still polls between chunks). Four lookups at most for one value, so that a
 * value stays below 2**62 (five sums of at most 5000 terms below 2**47) and names assigned from
 * each other are not followed round. */
static const PjExpr *pj_walk_value(const PjExpr *name, void *ctx) {
  PjWalkScan *s = ctx;
  int v = name->name.var;
  if (v < 0 || v >= s->f->nvars || s->f->vars[v].is_param || s->lookups >= 4) return NULL;
  const PjVarDefs *d = &s->defs[v];
  if (d->plain + d->unpacked != 1 || d->step || d->other) return NULL;
  s->lookups++;
  return d->value;
}

static bool pj_walk_small(PjWalkScan *s, const PjExpr *e) {
  s->lookups = 0;
  return pj_small_index(e, true, pj_walk_value, s);
}

static bool pj_walk_step(PjWalkScan *s, const PjExpr *e) {
  s->lookups = 0;
  return pj_step_positive(e, pj_walk_value, s);
}

static bool pj_is_int64_value(const PjExpr *e) {
  return e->type && e->type->kind == PJ_TY_SCALAR && e->type->dtype == PJ_INT64;
}

/* An integer type of 32 bits or fewer: its values are below 2**32. */
static bool pj_narrow_int(const PjType *t) {
  return t && t->kind == PJ_TY_SCALAR && t->dtype >= PJ_INT8 && t->dtype <= PJ_UINT64 && pj_dtype_bits(t->dtype) <= 32;
}

/* A stop below 2**62: pj_small_index's forms, or any integer narrower than int64 (an int32 size
 * passed as an argument); a stop below zero only runs no iteration. */
static bool pj_walk_bounded(PjWalkScan *s, const PjExpr *e) {
  if (pj_narrow_int(e->type) || (e->kind == PJ_EX_CAST && pj_narrow_int(e->cast.x->type))) return true;
  return pj_is_int64_value(e) && pj_walk_small(s, e);
}

/* Any other int64 stop (an int64 argument): v stays below it and could wrap only past 2**63 -
 * step, after more than 2**46 steps of one thread with a literal step (at most 2**16 here), or
 * 2**63 / step steps with a grid or block size as the step, in a grid of at least step threads:
 * a day of one core at a step a nanosecond, or a grid of 2**41 threads. A walk to it counts. */
static bool pj_walk_slow_step(PjWalkScan *s, const PjExpr *step) {
  s->lookups = 0;
  const PjExpr *v = step->kind == PJ_EX_NAME ? pj_walk_value(step, s) : step;
  return v && (v->kind != PJ_EX_INT || v->ival <= (1 << 16));
}

/* ---- the walks --------------------------------------------------------------------------------- */

static bool pj_is_int64_name(const PjFunc *f, const PjExpr *e) {
  return e->kind == PJ_EX_NAME && e->name.var >= 0 && e->name.var < f->nvars && !f->vars[e->name.var].is_param &&
         e->type && e->type->kind == PJ_TY_SCALAR && e->type->dtype == PJ_INT64;
}

const PjExpr *pj_step_of(const PjStmt *st, int v) {
  const PjExpr *target, *sum;
  if (st->kind == PJ_ST_AUGASSIGN && st->aug.op == PJ_OP_ADD) target = st->aug.target, sum = st->aug.value;
  else if (st->kind == PJ_ST_ASSIGN && st->assign.ntargets == 1) target = st->assign.targets[0], sum = st->assign.value;
  else return NULL;
  if (target->kind != PJ_EX_NAME || target->name.var != v || sum->kind != PJ_EX_BINARY || sum->bin.op != PJ_OP_ADD ||
      !pj_is_int64_value(sum) || sum->bin.l->kind != PJ_EX_NAME || sum->bin.l->name.var != v)
    return NULL;
  return sum->bin.r;
}

/* A while loop of the walk's form, its stop and step judged; added to s->out when it is one. */
static void pj_walk_loop(PjWalkScan *s, const PjStmt *st) {
  const PjExpr *c = st->while_.cond, *var, *stop;
  const PjBlock *body = &st->while_.body;
  if (c->kind != PJ_EX_COMPARE || c->cmp.n != 1 || body->count < 1) return;
  if (c->cmp.ops[0] == PJ_CMP_LT) var = c->cmp.operands[0], stop = c->cmp.operands[1];
  else if (c->cmp.ops[0] == PJ_CMP_GT) var = c->cmp.operands[1], stop = c->cmp.operands[0];
  else return;
  if (!pj_is_int64_name(s->f, var)) return;
  int v = var->name.var;
  const PjStmt *last = body->stmts[body->count - 1];
  const PjExpr *step = pj_step_of(last, v);
  PjBlock rest = {body->stmts, body->count - 1};
  if (!step || !pj_is_int64_value(step) || pj_count_defs(&rest, v) || !pj_pure_value(stop) || !pj_walk_step(s, step) ||
      !(pj_walk_bounded(s, stop) || (pj_is_int64_value(stop) && pj_walk_slow_step(s, step))) ||
      pj_expr_any(stop, pj_reads_assigned, (void *)body) || pj_expr_any(step, pj_reads_assigned, (void *)body))
    return;
  if (!pj_grow((void **)&s->steps, &s->capsteps, s->nsteps, sizeof *s->steps) ||
      !pj_grow((void **)&s->out->items, &s->out->cap, s->out->n, sizeof *s->out->items)) {
    s->failed = true;
    return;
  }
  s->steps[s->nsteps++] = last;
  s->out->items[s->out->n++] = (PjWalk){st, step, v, !pj_continues(&rest)};
}

/* Marks the int64 variables some assignment may make negative or large: all but the assignments
 * of small values and the steps of walks. */
static void pj_judge_target(PjWalkScan *s, const PjExpr *t, const PjExpr *value) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0 && t->name.var < s->f->nvars) {
    if (!value || !pj_walk_small(s, value)) s->bad[t->name.var] = true;
  } else if (t->kind == PJ_EX_TUPLE) {
    bool each = value && value->kind == PJ_EX_TUPLE && value->tuple.count == t->tuple.count;
    bool grid = value && (pj_grid_tuple(value, PJ_LOWER_GRID) || pj_grid_tuple(value, PJ_LOWER_GRIDSIZE));
    for (int i = 0; i < t->tuple.count; i++) {
      const PjExpr *item = t->tuple.items[i];
      if (grid) continue; /* an item of cuda.grid(2) or cuda.gridsize(2): below 2**42 */
      pj_judge_target(s, item, each ? value->tuple.items[i] : NULL);
    }
  }
}

static bool pj_is_walk_step(const PjWalkScan *s, const PjStmt *st) {
  for (int i = 0; i < s->nsteps; i++)
    if (s->steps[i] == st) return true;
  return false;
}

static void pj_walk_block(PjWalkScan *s, const PjBlock *b) {
  for (int i = 0; i < b->count && !s->failed; i++) {
    const PjStmt *st = b->stmts[i];
    switch (st->kind) {
    case PJ_ST_ASSIGN:
      if (pj_is_walk_step(s, st)) break;
      for (int k = 0; k < st->assign.ntargets; k++) pj_judge_target(s, st->assign.targets[k], st->assign.value);
      break;
    case PJ_ST_AUGASSIGN:
      if (!pj_is_walk_step(s, st)) pj_judge_target(s, st->aug.target, NULL);
      break;
    case PJ_ST_IF:
      pj_walk_block(s, &st->if_.then);
      pj_walk_block(s, &st->if_.orelse);
      break;
    case PJ_ST_WHILE:
      pj_walk_loop(s, st); /* before its body: its step is then known as one */
      pj_walk_block(s, &st->while_.body);
      break;
    case PJ_ST_FOR:
      pj_judge_target(s, st->for_.target, NULL);
      pj_walk_block(s, &st->for_.body);
      break;
    default: break;
    }
  }
}

static PjWalks *pj_find_walks(const PjFunc *f) {
  PjWalks *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->f = f;
  PjWalkScan s = {.f = f, .defs = pj_var_defs(f), .bad = calloc((size_t)f->nvars + 1, sizeof(bool)), .out = w};
  if (s.defs && s.bad) pj_walk_block(&s, &f->body);
  else s.failed = true;
  /* only the walks whose variable nothing else makes negative */
  int kept = 0;
  for (int i = 0; i < w->n; i++)
    if (!s.failed && !s.bad[w->items[i].var]) w->items[kept++] = w->items[i];
  w->n = kept;
  free(s.defs);
  free(s.bad);
  free(s.steps);
  return w;
}

const PjExpr *pj_cg_walk(PjCg *g, const PjStmt *s, bool *ends) {
  if (!g->walks || g->walks->f != g->f) {
    pj_cg_walks_free(g);
    g->walks = pj_find_walks(g->f);
    if (!g->walks) return NULL;
  }
  for (int i = 0; i < g->walks->n; i++)
    if (g->walks->items[i].loop == s) {
      *ends = g->walks->items[i].ends;
      return g->walks->items[i].step;
    }
  return NULL;
}

void pj_cg_walks_free(PjCg *g) {
  if (g->walks) free(g->walks->items);
  free(g->walks);
  g->walks = NULL;
}
