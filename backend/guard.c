/* The guard of a CPU kernel's threads (codegen.h, pj_cg_find_guard).
 *
 * On the CPU executor the threads of a block run in a loop over threadIdx.x (inside loops over
 * y and z). Most kernels guard their work with a test of an index against a bound: `if i <
 * out.size:` around the body, or `if i >= n: return` before it. Inside the loop that test is a
 * branch per thread, and LLVM vectorizes a conditional body only with masked loads and stores,
 * which some CPUs run slowly. But a test that is convex in threadIdx.x, an `and` of comparisons
 * of values affine in it, holds for every thread of a row when it holds for the first and the
 * last: the entry tests those two, and when both pass it runs the row through a copy of the body
 * without the branch, which vectorizes with plain loads and stores.
 *
 * This file finds such a guard, and says that nothing before it has an effect, so that the entry
 * may evaluate the statements up to the guard for a thread (a "probe") without running the rest:
 * they may only assign names from pure expressions (no subscripts, no calls but cuda.grid). */
#include "backend/codegen.h"

#include <stdlib.h>

/* What a value is, as a function of threadIdx.x within a row of the block's threads. */
typedef enum PjAffinity {
  PJ_AFF_OTHER,     /* anything else (also: not pure) */
  PJ_AFF_INVARIANT, /* the same for every thread of the row */
  PJ_AFF_TX,        /* threadIdx.x itself (uint32, 0 to 1023) */
  PJ_AFF_LINEAR,    /* an int64 base + threadIdx.x + c: base 0 or blockIdx.x * blockDim.x, |c| <= 2^31,
                     * so that it never wraps: it grows by one from one thread to the next */
} PjAffinity;

enum { PJ_GUARD_MAX_OFFSET = 1 << 20 };

typedef struct PjGuardScan {
  const PjFunc *f;
  PjAffinity *vars; /* what each variable holds at this point of the prefix */
  int64_t *offset;  /* PJ_AFF_LINEAR: c */
} PjGuardScan;

static PjAffinity pj_affinity(PjGuardScan *s, const PjExpr *e, int64_t *offset);

static bool pj_is_int64(const PjExpr *e) {
  return e->type && e->type->kind == PJ_TY_SCALAR && e->type->dtype == PJ_INT64;
}

static bool pj_is_scalar(const PjExpr *e) { return e->type && e->type->kind == PJ_TY_SCALAR; }

/* The affinity of a value of several pure operands: invariant when all are. */
static PjAffinity pj_all_invariant(PjGuardScan *s, PjExpr *const *ops, int n) {
  int64_t c;
  for (int i = 0; i < n; i++)
    if (pj_affinity(s, ops[i], &c) != PJ_AFF_INVARIANT) return PJ_AFF_OTHER;
  return PJ_AFF_INVARIANT;
}

static PjAffinity pj_builtin_affinity(PjGuardScan *s, const PjExpr *e) {
  const PjBuiltin *b = &pj_builtins[e->builtin.id];
  switch (b->lower) {
  case PJ_LOWER_TID: return b->dim == 0 ? PJ_AFF_TX : PJ_AFF_INVARIANT;
  case PJ_LOWER_CTAID: case PJ_LOWER_NTID: case PJ_LOWER_NCTAID: case PJ_LOWER_GRIDSIZE: return PJ_AFF_INVARIANT;
  case PJ_LOWER_GRID: /* cuda.grid(1): blockIdx.x * blockDim.x + threadIdx.x; grid(2), grid(3): a tuple */
    return e->type && e->type->kind == PJ_TY_SCALAR && e->type->dtype == PJ_INT64 ? PJ_AFF_LINEAR : PJ_AFF_OTHER;
  default: return pj_all_invariant(s, e->builtin.args, e->builtin.nargs) == PJ_AFF_INVARIANT &&
                  (b->lower == PJ_LOWER_CONSTANT || b->lower == PJ_LOWER_LEN) ? PJ_AFF_INVARIANT : PJ_AFF_OTHER;
  }
}

/* A cast keeps the order of threadIdx.x's values where no value wraps: to int64 or a float, or
 * for threadIdx.x itself (0 to 1023) to any integer type. */
static PjAffinity pj_cast_affinity(PjGuardScan *s, const PjExpr *e, int64_t *offset) {
  PjAffinity a = pj_affinity(s, e->cast.x, offset);
  if (a == PJ_AFF_INVARIANT || a == PJ_AFF_OTHER) return a;
  if (!pj_is_scalar(e)) return PJ_AFF_OTHER;
  PjDtype d = e->type->dtype;
  if (d == PJ_INT64) return a == PJ_AFF_TX ? (*offset = 0, PJ_AFF_LINEAR) : a;
  if (d == PJ_FLOAT32 || d == PJ_FLOAT64) return PJ_AFF_LINEAR; /* compared, never added to again */
  bool integer = d == PJ_INT32 || d == PJ_UINT32 || d == PJ_UINT64 || d == PJ_INT16 || d == PJ_UINT16;
  return a == PJ_AFF_TX && integer ? PJ_AFF_TX : PJ_AFF_OTHER;
}

/* base + tx + c plus or minus an integer literal, in int64 */
static PjAffinity pj_binary_affinity(PjGuardScan *s, const PjExpr *e, int64_t *offset) {
  int64_t cl = 0, cr = 0;
  PjAffinity l = pj_affinity(s, e->bin.l, &cl), r = pj_affinity(s, e->bin.r, &cr);
  if (l == PJ_AFF_INVARIANT && r == PJ_AFF_INVARIANT)
    return e->bin.op == PJ_OP_MATMUL ? PJ_AFF_OTHER : PJ_AFF_INVARIANT;
  if (!pj_is_int64(e) || (e->bin.op != PJ_OP_ADD && e->bin.op != PJ_OP_SUB)) return PJ_AFF_OTHER;
  const PjExpr *lit = l == PJ_AFF_LINEAR ? e->bin.r : e->bin.l;
  PjAffinity lin = l == PJ_AFF_LINEAR ? l : r;
  if (lin != PJ_AFF_LINEAR || lit->kind != PJ_EX_INT || lit->big || (e->bin.op == PJ_OP_SUB && r == PJ_AFF_LINEAR))
    return PJ_AFF_OTHER;
  int64_t c = l == PJ_AFF_LINEAR ? cl : cr, k = lit->ival;
  if (k > PJ_GUARD_MAX_OFFSET || k < -PJ_GUARD_MAX_OFFSET) return PJ_AFF_OTHER;
  c += e->bin.op == PJ_OP_ADD ? k : -k;
  if (c > PJ_GUARD_MAX_OFFSET || c < -PJ_GUARD_MAX_OFFSET) return PJ_AFF_OTHER;
  *offset = c;
  return PJ_AFF_LINEAR;
}

static PjAffinity pj_affinity(PjGuardScan *s, const PjExpr *e, int64_t *offset) {
  *offset = 0;
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: return PJ_AFF_INVARIANT;
  case PJ_EX_NAME:
    if (e->name.var < 0 || e->name.var >= s->f->nvars) return PJ_AFF_OTHER;
    *offset = s->offset[e->name.var];
    return s->vars[e->name.var];
  case PJ_EX_ATTR: return pj_all_invariant(s, (PjExpr *const[]){e->attr.base}, 1);
  case PJ_EX_SHAPE: return pj_all_invariant(s, (PjExpr *const[]){e->shape.array}, 1);
  case PJ_EX_BUILTIN: return pj_builtin_affinity(s, e);
  case PJ_EX_CAST: return pj_cast_affinity(s, e, offset);
  case PJ_EX_BINARY: return pj_binary_affinity(s, e, offset);
  case PJ_EX_UNARY: return pj_all_invariant(s, (PjExpr *const[]){e->un.x}, 1);
  case PJ_EX_COMPARE: return pj_all_invariant(s, e->cmp.operands, e->cmp.n + 1);
  case PJ_EX_BOOLOP: return pj_all_invariant(s, (PjExpr *const[]){e->boolop.l, e->boolop.r}, 2);
  case PJ_EX_IFEXP: return pj_all_invariant(s, (PjExpr *const[]){e->ifexp.cond, e->ifexp.then, e->ifexp.orelse}, 3);
  default: return PJ_AFF_OTHER;
  }
}

/* Whether e reads nothing but names and array metadata and calls nothing but builtins that are
 * pure values: evaluating it has no effect, whatever it depends on. */
static bool pj_pure(const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_NAME: return true;
  case PJ_EX_ATTR: return pj_pure(e->attr.base);
  case PJ_EX_SHAPE: return pj_pure(e->shape.array);
  case PJ_EX_CAST: return pj_pure(e->cast.x);
  case PJ_EX_UNARY: return pj_pure(e->un.x);
  case PJ_EX_BINARY: /* integer // and % by zero record an error under debug=True, and never run then */
    return e->bin.op != PJ_OP_MATMUL && e->bin.op != PJ_OP_POW && pj_pure(e->bin.l) && pj_pure(e->bin.r);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (!pj_pure(e->cmp.operands[i])) return false;
    return true;
  case PJ_EX_BOOLOP: return pj_pure(e->boolop.l) && pj_pure(e->boolop.r);
  case PJ_EX_IFEXP: return pj_pure(e->ifexp.cond) && pj_pure(e->ifexp.then) && pj_pure(e->ifexp.orelse);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_pure(e->tuple.items[i])) return false;
    return true;
  case PJ_EX_BUILTIN: {
    PjLowering l = pj_builtins[e->builtin.id].lower;
    if (l != PJ_LOWER_TID && l != PJ_LOWER_CTAID && l != PJ_LOWER_NTID && l != PJ_LOWER_NCTAID && l != PJ_LOWER_GRID &&
        l != PJ_LOWER_GRIDSIZE && l != PJ_LOWER_CONSTANT && l != PJ_LOWER_LEN)
      return false;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (!pj_pure(e->builtin.args[i])) return false;
    return true;
  }
  default: return false;
  }
}

/* One statement before the guard: an assignment of pure values to names. Records what each
 * name then holds; false where the statement may have an effect. */
static bool pj_scan_prefix(PjGuardScan *s, const PjStmt *st) {
  if (st->kind == PJ_ST_PASS) return true;
  if (st->kind != PJ_ST_ASSIGN || !pj_pure(st->assign.value)) return false;
  const PjExpr *v = st->assign.value;
  for (int t = 0; t < st->assign.ntargets; t++) {
    const PjExpr *target = st->assign.targets[t];
    if (target->kind == PJ_EX_NAME) {
      if (target->name.var < 0 || target->name.var >= s->f->nvars) return false;
      int64_t c = 0;
      PjAffinity a = pj_affinity(s, v, &c);
      s->vars[target->name.var] = a;
      s->offset[target->name.var] = c;
      continue;
    }
    if (target->kind != PJ_EX_TUPLE) return false;
    /* j, i = cuda.grid(2): the first is linear in threadIdx.x, the others invariant; another
     * tuple of values: each item's own affinity; anything else: unknown */
    bool grid = v->kind == PJ_EX_BUILTIN && pj_builtins[v->builtin.id].lower == PJ_LOWER_GRID;
    for (int k = 0; k < target->tuple.count; k++) {
      const PjExpr *item = target->tuple.items[k];
      if (item->kind != PJ_EX_NAME || item->name.var < 0 || item->name.var >= s->f->nvars) return false;
      int64_t c = 0;
      PjAffinity a = grid ? (k == 0 ? PJ_AFF_LINEAR : PJ_AFF_INVARIANT)
                     : v->kind == PJ_EX_TUPLE && v->tuple.count == target->tuple.count ? pj_affinity(s, v->tuple.items[k], &c)
                                                                                         : PJ_AFF_OTHER;
      if (grid && !(item->type && item->type->kind == PJ_TY_SCALAR && item->type->dtype == PJ_INT64)) a = PJ_AFF_OTHER;
      s->vars[item->name.var] = a;
      s->offset[item->name.var] = c;
    }
  }
  return true;
}

static bool pj_order_op(PjCmpOp op) { return op == PJ_CMP_LT || op == PJ_CMP_LE || op == PJ_CMP_GT || op == PJ_CMP_GE; }

/* A comparison of two values neither of which is anything but invariant or affine: the threads
 * for which it holds are an interval of the row (or all or none of it). */
static bool pj_convex_pair(PjGuardScan *s, const PjExpr *a, const PjExpr *b) {
  int64_t c;
  PjAffinity x = pj_affinity(s, a, &c), y = pj_affinity(s, b, &c);
  return x != PJ_AFF_OTHER && y != PJ_AFF_OTHER;
}

/* Whether the threads of a row for which e holds form an interval: an `and` of comparisons
 * (chained ones too) of invariant and affine values, or the negation of such an `or`. */
static bool pj_convex(PjGuardScan *s, const PjExpr *e, bool negated) {
  switch (e->kind) {
  case PJ_EX_COMPARE:
    if (negated && e->cmp.n != 1) return false; /* not (a < b < c) is an or */
    for (int i = 0; i < e->cmp.n; i++)
      if (!pj_order_op(e->cmp.ops[i]) || !pj_convex_pair(s, e->cmp.operands[i], e->cmp.operands[i + 1])) return false;
    return true;
  case PJ_EX_BOOLOP:
    return e->boolop.is_and != negated && pj_convex(s, e->boolop.l, negated) && pj_convex(s, e->boolop.r, negated);
  case PJ_EX_UNARY: return e->un.op == PJ_UN_NOT && pj_convex(s, e->un.x, !negated);
  default: return false;
  }
}

/* The statement is `return` (no value) alone. */
static bool pj_just_return(const PjBlock *b) {
  return b->count == 1 && b->stmts[0]->kind == PJ_ST_RETURN && !b->stmts[0]->expr;
}

bool pj_cg_find_guard(const PjFunc *f, PjGuard *out) {
  out->stmt = NULL;
  out->early_return = false;
  if (!f->is_kernel || f->nvars <= 0) return false;
  PjGuardScan s = {f, calloc((size_t)f->nvars, sizeof(PjAffinity)), calloc((size_t)f->nvars, sizeof(int64_t))};
  if (!s.vars || !s.offset) {
    free(s.vars);
    free(s.offset);
    return false;
  }
  for (int i = 0; i < f->nparams; i++) s.vars[i] = PJ_AFF_INVARIANT; /* parameters: the launch's arguments */
  const PjBlock *body = &f->body;
  for (int i = 0; i < body->count; i++) {
    const PjStmt *st = body->stmts[i];
    if (st->kind == PJ_ST_IF && !st->if_.orelse.count) {
      bool early = pj_just_return(&st->if_.then);
      bool last = true; /* `if cond: body` ends the kernel (a bare return or pass may follow) */
      for (int k = i + 1; k < body->count && last; k++)
        last = body->stmts[k]->kind == PJ_ST_PASS || (body->stmts[k]->kind == PJ_ST_RETURN && !body->stmts[k]->expr);
      if ((early || last) && pj_convex(&s, st->if_.cond, early)) {
        out->stmt = st;
        out->early_return = early;
      }
      break;
    }
    if (!pj_scan_prefix(&s, st)) break;
  }
  free(s.vars);
  free(s.offset);
  return out->stmt != NULL;
}
