/* 32-bit loop counters on the GPU where the values provably fit.
 *
 * numba types every Python int as int64, so loop counters are 64-bit; nvcc's `int` counters are
 * 32-bit. A 64-bit add or compare is two SASS instructions: in a short loop body (mandelbrot's
 * escape loop, a matmul's inner product) that costs 10–15%. This file decides, from the typed
 * tree, which int64 values cannot leave the int32 range, so that codegen may keep them in 32 bits
 * without changing any result:
 * - pj_cg_fits_i32: constants, the thread/block geometry, values typed 32 bits or narrower and,
 *   when the launch promised it (PjBackendOptions.narrow: every integer argument and every array
 *   extent and size below 2**31), the kernel's integer parameters never assigned and array
 *   extents; floor division or remainder of such a value by a positive constant; min/max of them;
 *   a variable assigned once, from such a value.
 * - counters: an int64 variable set only to values that fit and stepped only by `v += 1` (or
 *   `v = v + 1`), each step in the region of a guard that holds only where v < bound (a bound
 *   that fits): the body of `while v < bound:` or the then branch of `if v < bound:` (the
 *   condition may be a conjunct of an `and`, a link of a chain or `not (v >= bound)`), the else
 *   branch of `if v >= bound:`, or the rest of a block after `if v >= bound or ...: break` (or
 *   continue, return), with no other assignment to v in that region. Such a variable never
 *   exceeds the largest bound; codegen stores it in 32 bits and sign-extends it where it is read.
 * range() loops use pj_cg_fits_i32 on their bounds to run their hidden counter in 32 bits. */
#include <stdlib.h>
#include <string.h>

#include "backend/codegen.h"
#include "stdlib/builtins.h"

enum { PJ_DEF_PLAIN = 1, PJ_DEF_STEP = 2, PJ_DEF_OTHER = 3, PJ_DEF_UNPACKED = 4 };

static bool pj_dtype_is_int(PjDtype d) { return d >= PJ_INT8 && d <= PJ_UINT64; }

/* e without the conversions to int64 that keep every value (from bool and integer types other
 * than uint64); a conversion that may wrap or truncate stays. */
static const PjExpr *pj_strip_casts(const PjExpr *e) {
  while (e && e->kind == PJ_EX_CAST && e->type && e->type->dtype == PJ_INT64 && e->cast.x->type &&
         (e->cast.x->type->dtype == PJ_BOOL || pj_dtype_is_int(e->cast.x->type->dtype)) &&
         e->cast.x->type->dtype != PJ_UINT64)
    e = e->cast.x;
  return e;
}

static bool pj_is_var(const PjExpr *e, int v) {
  e = pj_strip_casts(e);
  return e && e->kind == PJ_EX_NAME && e->name.var == v;
}

/* `v += 1` or `v = v + 1` (also `v = 1 + v`), the sum typed int64 */
static bool pj_is_step(const PjStmt *s, int *var) {
  const PjExpr *target, *sum;
  if (s->kind == PJ_ST_AUGASSIGN && s->aug.op == PJ_OP_ADD) target = s->aug.target, sum = s->aug.value;
  else if (s->kind == PJ_ST_ASSIGN && s->assign.ntargets == 1) target = s->assign.targets[0], sum = s->assign.value;
  else return false;
  if (target->kind != PJ_EX_NAME || target->name.var < 0) return false;
  int v = target->name.var;
  const PjExpr *x = pj_strip_casts(sum);
  if (!x || x->kind != PJ_EX_BINARY || x->bin.op != PJ_OP_ADD || !x->type || x->type->kind != PJ_TY_SCALAR ||
      x->type->dtype != PJ_INT64)
    return false;
  const PjExpr *one = pj_is_var(x->bin.l, v) ? x->bin.r : pj_is_var(x->bin.r, v) ? x->bin.l : NULL;
  one = pj_strip_casts(one);
  if (!one || one->kind != PJ_EX_INT || one->big || one->ival != 1) return false;
  *var = v;
  return true;
}

/* top: the index of the function body's statement that assigns, or -1 below the top level. A
 * tuple of values unpacked into as many names (`start, stride = cuda.grid(1), cuda.gridsize(1)`)
 * assigns each its own value, counted apart from plain assignments: pj_cg_var_value takes it,
 * the 32-bit counters below do not (pj_plain_fit checks plain assignments only). */
static void pj_defs_target(PjVarDefs *d, const PjExpr *t, int kind, const PjExpr *value, int top) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0) {
    PjVarDefs *v = &d[t->name.var];
    if (kind == PJ_DEF_PLAIN || kind == PJ_DEF_UNPACKED) {
      if (kind == PJ_DEF_PLAIN) v->plain++;
      else v->unpacked++;
      v->value = value;
      v->top = top;
    } else v->other++;
  } else if (t->kind == PJ_EX_TUPLE) {
    bool each = kind == PJ_DEF_PLAIN && value && value->kind == PJ_EX_TUPLE && value->tuple.count == t->tuple.count;
    /* `x, y = cuda.grid(2)` (or gridsize): each name gets an item of the call, which
     * pj_cg_range_nonneg knows by the call itself */
    bool grid = kind == PJ_DEF_PLAIN && value &&
                (pj_grid_tuple(value, PJ_LOWER_GRID) || pj_grid_tuple(value, PJ_LOWER_GRIDSIZE));
    for (int i = 0; i < t->tuple.count; i++)
      pj_defs_target(d, t->tuple.items[i], each || grid ? PJ_DEF_UNPACKED : PJ_DEF_OTHER,
                     each ? value->tuple.items[i] : grid ? value : NULL, top);
  }
}

static void pj_defs_block(PjVarDefs *d, const PjBlock *b, bool top_level) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    int v;
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      if (pj_is_step(s, &v)) {
        d[v].step++;
        break;
      }
      for (int k = 0; k < s->assign.ntargets; k++)
        pj_defs_target(d, s->assign.targets[k], PJ_DEF_PLAIN, s->assign.value, top_level ? i : -1);
      break;
    case PJ_ST_AUGASSIGN:
      if (pj_is_step(s, &v)) d[v].step++;
      else pj_defs_target(d, s->aug.target, PJ_DEF_OTHER, NULL, -1);
      break;
    case PJ_ST_IF:
      pj_defs_block(d, &s->if_.then, false);
      pj_defs_block(d, &s->if_.orelse, false);
      break;
    case PJ_ST_WHILE: pj_defs_block(d, &s->while_.body, false); break;
    case PJ_ST_FOR:
      pj_defs_target(d, s->for_.target, PJ_DEF_OTHER, NULL, -1);
      pj_defs_block(d, &s->for_.body, false);
      break;
    default: break;
    }
  }
}

/* Whether assigning to target t assigns v (a name, or a name inside a tuple target). */
static bool pj_target_is(const PjExpr *t, int v) {
  if (t->kind == PJ_EX_NAME) return t->name.var == v;
  if (t->kind == PJ_EX_TUPLE)
    for (int i = 0; i < t->tuple.count; i++)
      if (pj_target_is(t->tuple.items[i], v)) return true;
  return false;
}

int pj_count_defs(const PjBlock *b, int v) {
  int n = 0;
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      for (int k = 0; k < s->assign.ntargets; k++) n += pj_target_is(s->assign.targets[k], v);
      break;
    case PJ_ST_AUGASSIGN: n += pj_target_is(s->aug.target, v); break;
    case PJ_ST_IF: n += pj_count_defs(&s->if_.then, v) + pj_count_defs(&s->if_.orelse, v); break;
    case PJ_ST_WHILE: n += pj_count_defs(&s->while_.body, v); break;
    case PJ_ST_FOR: n += pj_target_is(s->for_.target, v) + pj_count_defs(&s->for_.body, v); break;
    default: break;
    }
  }
  return n;
}

typedef struct PjNarrowCtx {
  PjCg *g;
  PjVarDefs *defs;
  int depth;
} PjNarrowCtx;

static bool pj_fits(PjNarrowCtx *c, const PjExpr *e);

static bool pj_var_fits(PjNarrowCtx *c, int v) {
  const PjFunc *f = c->g->f;
  if (c->g->narrow_vars && c->g->narrow_vars[v]) return true;
  const PjVarDefs *d = &c->defs[v];
  const PjType *t = f->vars[v].type;
  if (!t || t->kind != PJ_TY_SCALAR || !pj_dtype_is_int(t->dtype)) return false;
  if (f->vars[v].is_param)
    return c->g->narrow && f->is_kernel && !c->g->in_device && d->plain + d->step + d->other + d->unpacked == 0;
  return d->plain == 1 && d->step == 0 && d->other == 0 && d->unpacked == 0 && pj_fits(c, d->value);
}

static bool pj_fits(PjNarrowCtx *c, const PjExpr *e) {
  if (!e || !e->type || e->type->kind != PJ_TY_SCALAR || c->depth >= 16) return false;
  c->depth++;
  bool ok = false;
  PjDtype d = e->type->dtype;
  if (d == PJ_BOOL || d == PJ_INT8 || d == PJ_INT16 || d == PJ_INT32 || d == PJ_UINT8 || d == PJ_UINT16) ok = true;
  else if (!pj_dtype_is_int(d)) ok = false;
  else switch (e->kind) {
  case PJ_EX_INT: ok = !e->big && e->ival >= INT32_MIN && e->ival <= INT32_MAX; break;
  case PJ_EX_CAST: /* to int64 (narrower types fit by their type): the value is kept when it fits; a
                     * conversion to an unsigned type may wrap a negative value */
    ok = pj_dtype_is_signed(d) && e->cast.x->type && (pj_dtype_is_int(e->cast.x->type->dtype) || e->cast.x->type->dtype == PJ_BOOL) &&
         pj_fits(c, e->cast.x);
    break;
  case PJ_EX_NAME: ok = e->name.var >= 0 && pj_var_fits(c, e->name.var); break;
  case PJ_EX_SHAPE: ok = c->g->narrow; break;
  case PJ_EX_ATTR: /* a.size */
    ok = c->g->narrow && e->attr.base->type && e->attr.base->type->kind == PJ_TY_ARRAY && !strcmp(e->attr.attr, "size");
    break;
  case PJ_EX_BINARY: {
    const PjExpr *r = pj_strip_casts(e->bin.r);
    ok = (e->bin.op == PJ_OP_FLOORDIV || e->bin.op == PJ_OP_MOD) && r->kind == PJ_EX_INT && !r->big && r->ival > 0 &&
         r->ival <= INT32_MAX && pj_fits(c, e->bin.l);
    break;
  }
  case PJ_EX_BUILTIN:
    switch (pj_builtins[e->builtin.id].lower) {
    case PJ_LOWER_TID:
    case PJ_LOWER_CTAID:
    case PJ_LOWER_NTID:
    case PJ_LOWER_NCTAID:
    case PJ_LOWER_LANE: ok = true; break;
    case PJ_LOWER_LEN: ok = c->g->narrow; break;
    case PJ_LOWER_MIN:
    case PJ_LOWER_MAX:
      ok = e->builtin.nargs > 0;
      for (int i = 0; ok && i < e->builtin.nargs; i++) ok = pj_fits(c, e->builtin.args[i]);
      break;
    default: break;
    }
    break;
  default: break;
  }
  c->depth--;
  return ok;
}

bool pj_cg_fits_i32(PjCg *g, const PjExpr *e) {
  if (g->host || !g->narrow_defs) return false;
  PjNarrowCtx c = {.g = g, .defs = g->narrow_defs};
  return pj_fits(&c, e);
}

const PjExpr *pj_cg_var_value(PjCg *g, const PjExpr *e) {
  const PjExpr *x = pj_strip_casts(e);
  if (g->host || !g->narrow_defs || !x || x->kind != PJ_EX_NAME || x->name.var < 0 || x->name.var >= g->f->nvars ||
      g->f->vars[x->name.var].is_param)
    return e;
  const PjVarDefs *d = &g->narrow_defs[x->name.var];
  /* assigned once, by a statement of the body's top level before this one: it has run by now */
  if (d->plain + d->unpacked != 1 || d->step || d->other || d->top < 0 || d->top >= g->top_stmt || !d->value) return e;
  return d->value;
}

/* v itself (int64), compared as int64 with a bound that fits: a conversion of v to a narrower or
 * unsigned type would bound the converted value, not v. */
static bool pj_bound_pair(PjNarrowCtx *c, const PjExpr *a, const PjExpr *b, int v) {
  if (a->kind != PJ_EX_NAME || a->name.var != v || !b->type || b->type->kind != PJ_TY_SCALAR || b->type->dtype != PJ_INT64)
    return false;
  return !pj_is_var(b, v) && pj_fits(c, b);
}

static bool pj_exit_guards(PjNarrowCtx *c, const PjExpr *cond, int v);

/* cond holds only where v < bound, with a bound that fits: `v < bound`, `bound > v`, a link of a
 * chain (`0 <= v < bound`), one conjunct of an `and`, or `not` of a condition pj_exit_guards takes. */
static bool pj_guards(PjNarrowCtx *c, const PjExpr *cond, int v) {
  if (!cond || c->depth >= 16) return false;
  if (cond->kind == PJ_EX_BOOLOP)
    return cond->boolop.is_and && (pj_guards(c, cond->boolop.l, v) || pj_guards(c, cond->boolop.r, v));
  if (cond->kind == PJ_EX_UNARY && cond->un.op == PJ_UN_NOT) {
    c->depth++;
    bool ok = pj_exit_guards(c, cond->un.x, v);
    c->depth--;
    return ok;
  }
  if (cond->kind != PJ_EX_COMPARE) return false;
  for (int k = 0; k < cond->cmp.n; k++) {
    const PjExpr *a = cond->cmp.operands[k], *b = cond->cmp.operands[k + 1];
    if ((cond->cmp.ops[k] == PJ_CMP_LT && pj_bound_pair(c, a, b, v)) || (cond->cmp.ops[k] == PJ_CMP_GT && pj_bound_pair(c, b, a, v)))
      return true;
  }
  return false;
}

/* cond is false only where v < bound, with a bound that fits: `v >= bound`, `bound <= v`, one
 * operand of an `or`, or `not` of a condition pj_guards takes. */
static bool pj_exit_guards(PjNarrowCtx *c, const PjExpr *cond, int v) {
  if (!cond || c->depth >= 16) return false;
  if (cond->kind == PJ_EX_BOOLOP)
    return !cond->boolop.is_and && (pj_exit_guards(c, cond->boolop.l, v) || pj_exit_guards(c, cond->boolop.r, v));
  if (cond->kind == PJ_EX_UNARY && cond->un.op == PJ_UN_NOT) {
    c->depth++;
    bool ok = pj_guards(c, cond->un.x, v);
    c->depth--;
    return ok;
  }
  if (cond->kind != PJ_EX_COMPARE || cond->cmp.n != 1) return false;
  const PjExpr *a = cond->cmp.operands[0], *b = cond->cmp.operands[1];
  return (cond->cmp.ops[0] == PJ_CMP_GE && pj_bound_pair(c, a, b, v)) ||
         (cond->cmp.ops[0] == PJ_CMP_LE && pj_bound_pair(c, b, a, v));
}

/* Whether b always leaves the statements after it in its block: it ends in a break, continue or
 * return, or in an if whose branches both do. */
static bool pj_leaves(const PjBlock *b) {
  if (b->count == 0) return false;
  const PjStmt *s = b->stmts[b->count - 1];
  if (s->kind == PJ_ST_BREAK || s->kind == PJ_ST_CONTINUE || s->kind == PJ_ST_RETURN) return true;
  return s->kind == PJ_ST_IF && pj_leaves(&s->if_.then) && pj_leaves(&s->if_.orelse);
}

/* Every step of v in b sits in the region of a guard, with no other assignment to v in that
 * region and no loop between the guard and the step. A region: the body of `while cond:` and the
 * branch of `if cond:` that runs where v < bound (cond by pj_guards: its then branch; by
 * pj_exit_guards: its else branch), and the statements of a block after `if cond: break` (or
 * continue, return) whose cond pj_exit_guards takes (`if n >= max_iter or done: break`).
 * in_region: b is (inside) such a region. */
static bool pj_steps_guarded(PjNarrowCtx *c, const PjBlock *b, int v, bool in_region) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    int w;
    switch (s->kind) {
    case PJ_ST_ASSIGN:
    case PJ_ST_AUGASSIGN:
      if (pj_is_step(s, &w) && w == v && !in_region) return false;
      break;
    case PJ_ST_IF: {
      bool exit_guard = pj_exit_guards(c, s->if_.cond, v);
      bool guard = pj_guards(c, s->if_.cond, v) && pj_count_defs(&s->if_.then, v) == 1;
      if (!pj_steps_guarded(c, &s->if_.then, v, guard || in_region)) return false;
      bool other = exit_guard && pj_count_defs(&s->if_.orelse, v) == 1;
      if (!pj_steps_guarded(c, &s->if_.orelse, v, other || in_region)) return false;
      PjBlock rest = {b->stmts + i + 1, b->count - i - 1};
      if (!in_region && exit_guard && pj_leaves(&s->if_.then) && pj_count_defs(&rest, v) == 1)
        return pj_steps_guarded(c, &rest, v, true);
      break;
    }
    case PJ_ST_WHILE: {
      bool guard = pj_guards(c, s->while_.cond, v) && pj_count_defs(&s->while_.body, v) == 1;
      if (!pj_steps_guarded(c, &s->while_.body, v, guard)) return false;
      break;
    }
    case PJ_ST_FOR:
      if (!pj_steps_guarded(c, &s->for_.body, v, false)) return false;
      break;
    default: break;
    }
  }
  return true;
}

/* Every plain assignment to v in b is of a value that fits (and does not read v: v is not yet
 * known to fit while this is asked). */
static bool pj_plain_fit(PjNarrowCtx *c, const PjBlock *b, int v) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN: {
      int w;
      if (pj_is_step(s, &w)) break; /* `v = v + 1`: a step, judged by pj_steps_guarded */
      for (int k = 0; k < s->assign.ntargets; k++)
        if (pj_is_var(s->assign.targets[k], v) && !pj_fits(c, s->assign.value)) return false;
      break;
    }
    case PJ_ST_IF:
      if (!pj_plain_fit(c, &s->if_.then, v) || !pj_plain_fit(c, &s->if_.orelse, v)) return false;
      break;
    case PJ_ST_WHILE:
      if (!pj_plain_fit(c, &s->while_.body, v)) return false;
      break;
    case PJ_ST_FOR:
      if (!pj_plain_fit(c, &s->for_.body, v)) return false;
      break;
    default: break;
    }
  }
  return true;
}

PjVarDefs *pj_var_defs(const PjFunc *f) {
  PjVarDefs *d = calloc((size_t)f->nvars + 1, sizeof(PjVarDefs));
  if (d) pj_defs_block(d, &f->body, true);
  return d;
}

void pj_cg_narrow_begin(PjCg *g) {
  g->narrow_vars = NULL;
  g->narrow_defs = NULL;
  if (g->host || g->debug) return; /* debug: each variable in a slot of its own type, as the debugger is told */
  const PjFunc *f = g->f;
  g->narrow_defs = pj_var_defs(f);
  g->narrow_vars = calloc((size_t)f->nvars + 1, sizeof(bool));
  PjNarrowCtx c = {.g = g, .defs = g->narrow_defs};
  for (int v = f->nparams; v < f->nvars; v++) {
    const PjVarDefs *d = &g->narrow_defs[v];
    const PjType *t = f->vars[v].type;
    if (!t || t->kind != PJ_TY_SCALAR || t->dtype != PJ_INT64 || d->step == 0 || d->other > 0 || d->unpacked > 0)
      continue;
    g->narrow_vars[v] = pj_plain_fit(&c, &f->body, v) && pj_steps_guarded(&c, &f->body, v, false);
  }
}

void pj_cg_narrow_end(PjCg *g) {
  free(g->narrow_vars);
  free(g->narrow_defs);
  g->narrow_vars = NULL;
  g->narrow_defs = NULL;
}
