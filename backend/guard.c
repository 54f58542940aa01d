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
 * they may only assign names from pure expressions (no subscripts, no calls but cuda.grid).
 *
 * A grid-stride loop, `for i in range(cuda.grid(1), n, cuda.gridsize(1)):` as the kernel's last
 * statement (or `while i < n:` ending in `i += step`, the same walk), is a guard too: the k-th iteration of thread x runs when k < count(x), and count is
 * the same or smaller from one thread to the next (the start grows by one, the stop and step are
 * the row's), so the threads that run their k-th iteration are an interval of the row. When no
 * iteration reads what an earlier one of its thread left in a variable, the threads' iterations
 * may interleave (any interleaving is a schedule CUDA allows): the row runs iteration 0 of every
 * thread, then iteration 1, and each pass over the threads vectorizes like a guarded body. */
#include "backend/codegen.h"

#include <stdlib.h>
#include <string.h>

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
  bool *positive;   /* the variable holds a value known to be at least 1 */
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

bool pj_pure_value(const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_NAME: return true;
  case PJ_EX_ATTR: return pj_pure_value(e->attr.base);
  case PJ_EX_SHAPE: return pj_pure_value(e->shape.array);
  case PJ_EX_CAST: return pj_pure_value(e->cast.x);
  case PJ_EX_UNARY: return pj_pure_value(e->un.x);
  case PJ_EX_BINARY: /* integer // and % by zero record an error under debug=True, and never run then */
    return e->bin.op != PJ_OP_MATMUL && e->bin.op != PJ_OP_POW && pj_pure_value(e->bin.l) && pj_pure_value(e->bin.r);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (!pj_pure_value(e->cmp.operands[i])) return false;
    return true;
  case PJ_EX_BOOLOP: return pj_pure_value(e->boolop.l) && pj_pure_value(e->boolop.r);
  case PJ_EX_IFEXP: return pj_pure_value(e->ifexp.cond) && pj_pure_value(e->ifexp.then) && pj_pure_value(e->ifexp.orelse);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_pure_value(e->tuple.items[i])) return false;
    return true;
  case PJ_EX_BUILTIN: {
    PjLowering l = pj_builtins[e->builtin.id].lower;
    if (l != PJ_LOWER_TID && l != PJ_LOWER_CTAID && l != PJ_LOWER_NTID && l != PJ_LOWER_NCTAID && l != PJ_LOWER_GRID &&
        l != PJ_LOWER_GRIDSIZE && l != PJ_LOWER_CONSTANT && l != PJ_LOWER_LEN)
      return false;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (!pj_pure_value(e->builtin.args[i])) return false;
    return true;
  }
  default: return false;
  }
}

/* blockDim, gridDim or cuda.gridsize(1), perhaps cast to int64: at least 1, below 2**31 (2**42). */
static bool pj_grid_size(const PjExpr *e) {
  if (e->kind == PJ_EX_CAST && pj_is_int64(e)) e = e->cast.x;
  if (e->kind != PJ_EX_BUILTIN || !pj_is_scalar(e)) return false;
  PjLowering l = pj_builtins[e->builtin.id].lower;
  return l == PJ_LOWER_NTID || l == PJ_LOWER_NCTAID || (l == PJ_LOWER_GRIDSIZE && pj_is_int64(e));
}

/* Whether e is at least 1 in every launch: a positive literal, the grid's and the block's sizes
 * (cuda.gridsize(1), blockDim.x, gridDim.x), a product of two of those, and names holding such
 * values. */
static bool pj_positive(const PjGuardScan *s, const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: return !e->big && e->ival > 0;
  case PJ_EX_NAME: return e->name.var >= 0 && e->name.var < s->f->nvars && s->positive[e->name.var];
  case PJ_EX_CAST: /* to int64 from a narrower or as wide integer */
    return pj_is_int64(e) && e->cast.x->type && e->cast.x->type->kind == PJ_TY_SCALAR &&
           (e->cast.x->type->dtype == PJ_INT32 || e->cast.x->type->dtype == PJ_UINT32 || e->cast.x->type->dtype == PJ_INT64) &&
           pj_positive(s, e->cast.x);
  case PJ_EX_BINARY: /* two grid or block sizes multiply to below 2**42: no wrap in int64 (names or
                      * longer products might: 3037000500 * 3037000500 is negative) */
    return e->bin.op == PJ_OP_MUL && pj_is_int64(e) && pj_grid_size(e->bin.l) && pj_grid_size(e->bin.r);
  case PJ_EX_BUILTIN: {
    PjLowering l = pj_builtins[e->builtin.id].lower;
    return (l == PJ_LOWER_NTID || l == PJ_LOWER_NCTAID || (l == PJ_LOWER_GRIDSIZE && pj_is_int64(e)));
  }
  default: return false;
  }
}

/* One statement before the guard: an assignment of pure values to names. Records what each
 * name then holds; false where the statement may have an effect. */
static bool pj_scan_prefix(PjGuardScan *s, const PjStmt *st) {
  if (st->kind == PJ_ST_PASS) return true;
  if (st->kind != PJ_ST_ASSIGN || !pj_pure_value(st->assign.value)) return false;
  const PjExpr *v = st->assign.value;
  for (int t = 0; t < st->assign.ntargets; t++) {
    const PjExpr *target = st->assign.targets[t];
    if (target->kind == PJ_EX_NAME) {
      if (target->name.var < 0 || target->name.var >= s->f->nvars) return false;
      int64_t c = 0;
      PjAffinity a = pj_affinity(s, v, &c);
      s->vars[target->name.var] = a;
      s->offset[target->name.var] = c;
      s->positive[target->name.var] = pj_positive(s, v);
      continue;
    }
    if (target->kind != PJ_EX_TUPLE) return false;
    /* j, i = cuda.grid(2): the first is linear in threadIdx.x, the others invariant; another
     * tuple of values: each item's own affinity; anything else: unknown */
    bool grid = v->kind == PJ_EX_BUILTIN && pj_builtins[v->builtin.id].lower == PJ_LOWER_GRID;
    enum { PJ_MAX_ITEMS = 64 };
    if (target->tuple.count > PJ_MAX_ITEMS) return false;
    PjAffinity as[PJ_MAX_ITEMS];
    int64_t cs[PJ_MAX_ITEMS];
    /* every item's value first, then the names: `i, j = j, i` reads both before it writes */
    for (int k = 0; k < target->tuple.count; k++) {
      const PjExpr *item = target->tuple.items[k];
      if (item->kind != PJ_EX_NAME || item->name.var < 0 || item->name.var >= s->f->nvars) return false;
      cs[k] = 0;
      as[k] = grid ? (k == 0 ? PJ_AFF_LINEAR : PJ_AFF_INVARIANT)
              : v->kind == PJ_EX_TUPLE && v->tuple.count == target->tuple.count ? pj_affinity(s, v->tuple.items[k], &cs[k])
                                                                                  : PJ_AFF_OTHER;
      if (grid && !(item->type && item->type->kind == PJ_TY_SCALAR && item->type->dtype == PJ_INT64)) as[k] = PJ_AFF_OTHER;
    }
    for (int k = 0; k < target->tuple.count; k++) {
      int var = target->tuple.items[k]->name.var;
      s->vars[var] = as[k];
      s->offset[var] = cs[k];
      s->positive[var] = false;
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

/* ---- grid-stride loops ------------------------------------------------------------------ */

/* A field of a record: a load from memory the kernel may write, unlike an array's shape. */
static bool pj_reads_record_field(const PjExpr *e, void *ctx) {
  (void)ctx;
  return e->kind == PJ_EX_ATTR && e->attr.base->type && e->attr.base->type->kind == PJ_TY_RECORD;
}

/* What an iteration of the loop may not do: leave the thread (return, raise, break out of it),
 * keep storage from one iteration to the next (local arrays), or wait for other threads. */
static bool pj_stride_forbidden_expr(const PjExpr *e, void *ctx) {
  (void)ctx;
  if (e->kind != PJ_EX_BUILTIN) return false;
  switch (pj_builtins[e->builtin.id].lower) {
  case PJ_LOWER_RAISE: case PJ_LOWER_LOCAL_ARRAY: case PJ_LOWER_SHARED_ARRAY: case PJ_LOWER_BARRIER:
  case PJ_LOWER_COLLECTIVE: case PJ_LOWER_GROUP: case PJ_LOWER_LANE: return true;
  default: return false;
  }
}

/* A return anywhere, or a break of the loop itself (not of a loop inside it); with no_continue, a
 * continue of the loop itself too (in a while loop it would skip the step at the body's end). */
static bool pj_stride_leaves(const PjBlock *b, bool own_level, bool no_continue) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *st = b->stmts[i];
    switch (st->kind) {
    case PJ_ST_RETURN: return true;
    case PJ_ST_BREAK: if (own_level) return true; break;
    case PJ_ST_CONTINUE: if (own_level && no_continue) return true; break;
    case PJ_ST_IF:
      if (pj_stride_leaves(&st->if_.then, own_level, no_continue) || pj_stride_leaves(&st->if_.orelse, own_level, no_continue))
        return true;
      break;
    case PJ_ST_WHILE: if (pj_stride_leaves(&st->while_.body, false, false)) return true; break;
    case PJ_ST_FOR: if (pj_stride_leaves(&st->for_.body, false, false)) return true; break;
    default: break;
    }
  }
  return false;
}

/* The variables the loop's body assigns (for targets of inner loops too). */
typedef struct PjStrideScan {
  const PjFunc *f;
  bool *assigned, *defined;
  bool carried; /* some iteration may read a value an earlier one left */
} PjStrideScan;

static void pj_mark_target(PjStrideScan *s, const PjExpr *t) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0 && t->name.var < s->f->nvars) s->assigned[t->name.var] = true;
  else if (t->kind == PJ_EX_TUPLE)
    for (int k = 0; k < t->tuple.count; k++) pj_mark_target(s, t->tuple.items[k]);
}

static void pj_mark_assigned(PjStrideScan *s, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *st = b->stmts[i];
    switch (st->kind) {
    case PJ_ST_ASSIGN:
      for (int t = 0; t < st->assign.ntargets; t++) pj_mark_target(s, st->assign.targets[t]);
      break;
    case PJ_ST_AUGASSIGN: pj_mark_target(s, st->aug.target); break;
    case PJ_ST_IF: pj_mark_assigned(s, &st->if_.then); pj_mark_assigned(s, &st->if_.orelse); break;
    case PJ_ST_WHILE: pj_mark_assigned(s, &st->while_.body); break;
    case PJ_ST_FOR: pj_mark_target(s, st->for_.target); pj_mark_assigned(s, &st->for_.body); break;
    default: break;
    }
  }
}

/* A read of a variable the body assigns, where this iteration has not yet assigned it. */
static bool pj_reads_carried(const PjExpr *e, void *ctx) {
  const PjStrideScan *s = ctx;
  return e->kind == PJ_EX_NAME && e->name.var >= 0 && e->name.var < s->f->nvars && s->assigned[e->name.var] &&
         !s->defined[e->name.var];
}

static void pj_check_read(PjStrideScan *s, const PjExpr *e) {
  if (e && pj_expr_any(e, pj_reads_carried, s)) s->carried = true;
}

/* An assignment's target: a name is written, anything else (a[i], a.x) reads its parts. */
static void pj_check_target_reads(PjStrideScan *s, const PjExpr *t) {
  if (t->kind == PJ_EX_NAME) return;
  if (t->kind == PJ_EX_TUPLE) {
    for (int k = 0; k < t->tuple.count; k++) pj_check_target_reads(s, t->tuple.items[k]);
    return;
  }
  pj_check_read(s, t);
}

static void pj_define_target(PjStrideScan *s, const PjExpr *t) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0 && t->name.var < s->f->nvars) s->defined[t->name.var] = true;
  else if (t->kind == PJ_EX_TUPLE)
    for (int k = 0; k < t->tuple.count; k++) pj_define_target(s, t->tuple.items[k]);
}

/* Walks a block in order, with s->defined the variables every path to this point assigned in
 * this iteration; leaves in s->defined those assigned on every path through the block. */
static void pj_check_block(PjStrideScan *s, const PjBlock *b) {
  size_t n = (size_t)s->f->nvars;
  for (int i = 0; i < b->count && !s->carried; i++) {
    const PjStmt *st = b->stmts[i];
    switch (st->kind) {
    case PJ_ST_EXPR: case PJ_ST_RETURN: pj_check_read(s, st->expr); break;
    case PJ_ST_ASSIGN:
      pj_check_read(s, st->assign.value);
      for (int t = 0; t < st->assign.ntargets; t++) pj_check_target_reads(s, st->assign.targets[t]);
      for (int t = 0; t < st->assign.ntargets; t++) pj_define_target(s, st->assign.targets[t]);
      break;
    case PJ_ST_AUGASSIGN: pj_check_read(s, st->aug.target); pj_check_read(s, st->aug.value); break;
    case PJ_ST_IF: {
      pj_check_read(s, st->if_.cond);
      bool *before = malloc(n), *then = malloc(n);
      if (!before || !then) {
        free(before);
        free(then);
        s->carried = true;
        return;
      }
      memcpy(before, s->defined, n);
      pj_check_block(s, &st->if_.then);
      memcpy(then, s->defined, n);
      memcpy(s->defined, before, n);
      pj_check_block(s, &st->if_.orelse);
      for (size_t v = 0; v < n; v++) s->defined[v] = s->defined[v] && then[v];
      free(before);
      free(then);
      break;
    }
    case PJ_ST_WHILE: case PJ_ST_FOR: {
      /* the body may not run: what it assigns is not assigned after it; inside it, only what
       * was assigned before it (and a for loop's own variable) */
      bool *before = malloc(n);
      if (!before) {
        s->carried = true;
        return;
      }
      pj_check_read(s, st->kind == PJ_ST_WHILE ? st->while_.cond : st->for_.iter);
      memcpy(before, s->defined, n);
      if (st->kind == PJ_ST_FOR) pj_define_target(s, st->for_.target);
      pj_check_block(s, st->kind == PJ_ST_WHILE ? &st->while_.body : &st->for_.body);
      memcpy(s->defined, before, n);
      free(before);
      break;
    }
    default: break;
    }
  }
}

/* An integer type that compares and converts to int64 without change (not uint64, which numba
 * compares with int64 as a float). */
static bool pj_int64_exact(const PjExpr *e) {
  if (!pj_is_scalar(e)) return false;
  switch (e->type->dtype) {
  case PJ_INT8: case PJ_INT16: case PJ_INT32: case PJ_INT64: case PJ_UINT8: case PJ_UINT16: case PJ_UINT32: return true;
  default: return false;
  }
}

/* A read of a variable the loop's body assigns (where the loop's bounds must not change). */
static bool pj_reads_assigned(const PjExpr *e, void *ctx) {
  const PjStrideScan *s = ctx;
  return e->kind == PJ_EX_NAME && e->name.var >= 0 && e->name.var < s->f->nvars && s->assigned[e->name.var];
}

/* Whether no iteration of a loop with this body reads a variable an earlier iteration left:
 * every variable the body assigns is assigned before it is read, on every path through the
 * iteration (the loop's own variable, target, is assigned as it starts). With fixed, the body
 * may not assign any variable these expressions read (a while loop's index, stop and step). */
static bool pj_iterations_independent(const PjFunc *f, const PjBlock *body, const PjExpr *target,
                                      const PjExpr *const fixed[3]) {
  size_t n = (size_t)f->nvars;
  PjStrideScan s = {f, calloc(n, 1), calloc(n, 1), false};
  if (!s.assigned || !s.defined) {
    free(s.assigned);
    free(s.defined);
    return false;
  }
  pj_mark_assigned(&s, body);
  for (int k = 0; fixed && k < 3; k++)
    if (pj_expr_any(fixed[k], pj_reads_assigned, &s)) s.carried = true;
  pj_define_target(&s, target);
  if (!s.carried) pj_check_block(&s, body);
  free(s.assigned);
  free(s.defined);
  return !s.carried;
}

/* `for v in range(start, stop[, step])` whose start is cuda.grid(1) plus a constant (or another
 * value growing by one from thread to thread), whose stop and step are the row's, and whose
 * iterations may interleave across the row's threads. */
static bool pj_stride_loop(PjGuardScan *g, const PjStmt *st, bool *nonneg) {
  const PjExpr *it = st->for_.iter;
  if (!it || it->kind != PJ_EX_CALL || it->call.nargs < 2 || it->call.nargs > 3 || !it->type ||
      it->type->kind != PJ_TY_RANGE || it->type->dtype != PJ_INT64 || st->for_.target->kind != PJ_EX_NAME)
    return false;
  int64_t c;
  if (pj_affinity(g, it->call.args[0], &c) != PJ_AFF_LINEAR) return false;
  /* a start of base + threadIdx.x + c, c >= 0, is never negative (the base is 0 or blockIdx.x *
   * blockDim.x); with a positive step, k < count gives 0 <= k * step < stop - start */
  *nonneg = c >= 0 && (it->call.nargs == 2 || pj_positive(g, it->call.args[2]));
  int64_t c2;
  for (int a = 1; a < it->call.nargs; a++)
    if (pj_affinity(g, it->call.args[a], &c2) != PJ_AFF_INVARIANT || !pj_pure_value(it->call.args[a])) return false;
  for (int a = 0; a < it->call.nargs; a++) /* each pass evaluates them again */
    if (pj_expr_any(it->call.args[a], pj_reads_record_field, NULL)) return false;
  if (!pj_pure_value(it->call.args[0]) || pj_stride_leaves(&st->for_.body, true, false) ||
      pj_block_any_expr(&st->for_.body, pj_stride_forbidden_expr, NULL))
    return false;
  return pj_iterations_independent(g->f, &st->for_.body, st->for_.target, NULL);
}

/* `while i < stop:` whose body ends in `i += step` (or `i = i + step`), where i holds a value
 * growing by one from thread to thread, stop and step are the row's and the body assigns neither
 * them nor i elsewhere, step is positive, and nothing skips the step: the same iterations as
 * `for i in range(i, stop, step)`. */
static bool pj_stride_while(PjGuardScan *g, const PjStmt *st, bool *nonneg, PjGuard *out) {
  const PjExpr *c = st->while_.cond, *var, *stop;
  if (c->kind != PJ_EX_COMPARE || c->cmp.n != 1) return false;
  if (c->cmp.ops[0] == PJ_CMP_LT) var = c->cmp.operands[0], stop = c->cmp.operands[1];
  else if (c->cmp.ops[0] == PJ_CMP_GT) var = c->cmp.operands[1], stop = c->cmp.operands[0];
  else return false;
  if (var->kind != PJ_EX_NAME || !pj_is_int64(var) || var->name.var < 0 || var->name.var >= g->f->nvars ||
      g->vars[var->name.var] != PJ_AFF_LINEAR)
    return false;
  int64_t c2;
  if (!pj_int64_exact(stop) || pj_affinity(g, stop, &c2) != PJ_AFF_INVARIANT || !pj_pure_value(stop))
    return false;
  const PjBlock *body = &st->while_.body;
  if (body->count < 1) return false;
  const PjExpr *step = pj_step_of(body->stmts[body->count - 1], var->name.var);
  if (!step || !pj_int64_exact(step) || pj_affinity(g, step, &c2) != PJ_AFF_INVARIANT || !pj_pure_value(step) || !pj_positive(g, step))
    return false;
  if (pj_expr_any(stop, pj_reads_record_field, NULL) || pj_expr_any(step, pj_reads_record_field, NULL)) return false;
  PjBlock rest = {body->stmts, body->count - 1};
  if (pj_stride_leaves(&rest, true, true) || pj_block_any_expr(body, pj_stride_forbidden_expr, NULL)) return false;
  if (!pj_iterations_independent(g->f, &rest, var, (const PjExpr *const[]){var, stop, step})) return false;
  *nonneg = g->offset[var->name.var] >= 0;
  out->stride_var = var;
  out->stride_stop = stop;
  out->stride_step = step;
  return true;
}

/* ---- range loops inside a thread ------------------------------------------------------- */

/* threadIdx, blockIdx, blockDim, gridDim: each below 2**31, a product of two below 2**62 */
static bool pj_block_index(const PjExpr *e) {
  if (e->kind != PJ_EX_BUILTIN || !e->type || e->type->kind != PJ_TY_SCALAR) return false;
  PjLowering l = pj_builtins[e->builtin.id].lower;
  return l == PJ_LOWER_TID || l == PJ_LOWER_CTAID || l == PJ_LOWER_NTID || l == PJ_LOWER_NCTAID;
}

/* e, or for a name the value `value` says it holds (NULL: not known) */
static const PjExpr *pj_named(const PjExpr *e, PjNameValue value, void *ctx) {
  return e->kind == PJ_EX_NAME ? (value ? value(e, ctx) : NULL) : e;
}

bool pj_small_index(const PjExpr *e, bool product_ok, PjNameValue value, void *ctx) {
  switch (e->kind) {
  case PJ_EX_INT: return !e->big && e->ival >= 0 && e->ival <= ((int64_t)1 << 31);
  case PJ_EX_SHAPE: return true;
  case PJ_EX_NAME: { /* an item of cuda.grid(2) or cuda.gridsize(2) is what the 1-D form is */
    const PjExpr *v = pj_named(e, value, ctx);
    return v && (pj_grid_tuple(v, PJ_LOWER_GRID) || pj_grid_tuple(v, PJ_LOWER_GRIDSIZE) ||
                 pj_small_index(v, product_ok, value, ctx));
  }
  case PJ_EX_ATTR:
    return strcmp(e->attr.attr, "size") == 0 && e->attr.base->type && e->attr.base->type->kind == PJ_TY_ARRAY;
  case PJ_EX_CAST:
    return e->type && e->type->kind == PJ_TY_SCALAR && e->type->dtype == PJ_INT64 && e->cast.x->type &&
           e->cast.x->type->kind == PJ_TY_SCALAR &&
           (e->cast.x->type->dtype == PJ_INT32 || e->cast.x->type->dtype == PJ_UINT32) &&
           pj_small_index(e->cast.x, product_ok, value, ctx);
  case PJ_EX_BINARY:
    if (e->bin.op == PJ_OP_ADD)
      return pj_small_index(e->bin.l, false, value, ctx) && pj_small_index(e->bin.r, false, value, ctx);
    if (e->bin.op != PJ_OP_MUL || !product_ok) return false;
    const PjExpr *l = pj_named(e->bin.l, value, ctx), *r = pj_named(e->bin.r, value, ctx);
    return l && r && pj_block_index(l) && pj_block_index(r);
  case PJ_EX_BUILTIN: {
    const PjBuiltin *b = &pj_builtins[e->builtin.id];
    bool scalar = e->type && e->type->kind == PJ_TY_SCALAR;
    switch (b->lower) {
    case PJ_LOWER_TID: case PJ_LOWER_CTAID: case PJ_LOWER_NTID: case PJ_LOWER_NCTAID: return scalar;
    case PJ_LOWER_GRID: case PJ_LOWER_GRIDSIZE: return scalar;
    case PJ_LOWER_LEN: return e->builtin.nargs == 1 && e->builtin.args[0]->type && e->builtin.args[0]->type->kind == PJ_TY_ARRAY;
    default: return false;
    }
  }
  default: return false;
  }
}

/* blockDim (want PJ_LOWER_NTID) or gridDim (PJ_LOWER_NCTAID), perhaps cast to int64 */
static bool pj_dim(const PjExpr *e, PjLowering want) {
  if (e && e->kind == PJ_EX_CAST && pj_is_int64(e)) e = e->cast.x;
  return e && e->kind == PJ_EX_BUILTIN && pj_is_scalar(e) && pj_builtins[e->builtin.id].lower == want;
}

bool pj_step_positive(const PjExpr *e, PjNameValue value, void *ctx) {
  const PjExpr *step = pj_named(e, value, ctx);
  if (!step) return false;
  if (step->kind == PJ_EX_INT) return !step->big && step->ival > 0 && step->ival <= ((int64_t)1 << 31);
  if (step->kind == PJ_EX_BINARY && step->bin.op == PJ_OP_MUL && pj_is_int64(step)) {
    const PjExpr *l = pj_named(step->bin.l, value, ctx), *r = pj_named(step->bin.r, value, ctx);
    return (pj_dim(l, PJ_LOWER_NTID) && (pj_dim(r, PJ_LOWER_NTID) || pj_dim(r, PJ_LOWER_NCTAID))) ||
           (pj_dim(r, PJ_LOWER_NTID) && pj_dim(l, PJ_LOWER_NCTAID));
  }
  return pj_grid_size(step) || pj_grid_tuple(step, PJ_LOWER_GRIDSIZE);
}

bool pj_grid_tuple(const PjExpr *e, PjLowering l) {
  return e->kind == PJ_EX_BUILTIN && pj_builtins[e->builtin.id].lower == l && e->type && e->type->kind == PJ_TY_TUPLE;
}

/* range(start, stop, step) whose start is never negative and whose step is positive, from their
 * forms (codegen.h): then 0 <= k * step < stop - start and start <= i < stop for every k below
 * the count, so the counter, k * step and i take LLVM's no-wrap flags, and an index i needs no
 * wraparound. */
bool pj_cg_range_nonneg(PjCg *g, const PjExpr *it) {
  int n = it->call.nargs;
  if (it->type->dtype != PJ_INT64 || n < 1 || n > 3) return false;
  /* start and step may be names assigned once before: numba's own examples name them
   * (`start = cuda.grid(1)`, `stride = cuda.gridsize(1)`; `startX, startY = cuda.grid(2)` and
   * `gridX = cuda.gridDim.x * cuda.blockDim.x`) */
  const PjExpr *start = n > 1 ? pj_cg_var_value(g, it->call.args[0]) : NULL;
  if (start && !pj_small_index(start, true, NULL, NULL) && !pj_grid_tuple(start, PJ_LOWER_GRID)) return false;
  if (n < 3) return true;
  const PjExpr *step = pj_cg_var_value(g, it->call.args[2]);
  if (step->kind == PJ_EX_INT) return !step->big && step->ival > 0;
  /* a product of two grid or block sizes: below 2**42 and at least 1 */
  if (step->kind == PJ_EX_BINARY && step->bin.op == PJ_OP_MUL && pj_is_int64(step))
    return pj_grid_size(step->bin.l) && pj_grid_size(step->bin.r);
  return pj_grid_size(step) || pj_grid_tuple(step, PJ_LOWER_GRIDSIZE);
}

/* The statement is `return` (no value) alone. */
static bool pj_just_return(const PjBlock *b) {
  return b->count == 1 && b->stmts[0]->kind == PJ_ST_RETURN && !b->stmts[0]->expr;
}

bool pj_cg_find_guard(const PjFunc *f, PjGuard *out) {
  out->stmt = NULL;
  out->early_return = out->stride = out->stride_nonneg = false;
  out->stride_var = out->stride_stop = out->stride_step = NULL;
  if (!f->is_kernel || f->nvars <= 0) return false;
  PjGuardScan s = {f, calloc((size_t)f->nvars, sizeof(PjAffinity)), calloc((size_t)f->nvars, sizeof(int64_t)),
                   calloc((size_t)f->nvars, sizeof(bool))};
  if (!s.vars || !s.offset || !s.positive) {
    free(s.vars);
    free(s.offset);
    free(s.positive);
    return false;
  }
  for (int i = 0; i < f->nparams; i++) s.vars[i] = PJ_AFF_INVARIANT; /* parameters: the launch's arguments */
  const PjBlock *body = &f->body;
  bool prefix_reads_fields = false;
  for (int i = 0; i < body->count; i++) {
    const PjStmt *st = body->stmts[i];
    if (st->kind == PJ_ST_FOR || st->kind == PJ_ST_WHILE) {
      /* each pass evaluates the statements before the loop again: they may not read a record's
       * fields, which the loop may write */
      bool last = !prefix_reads_fields; /* the loop ends the kernel (a bare return or pass may follow) */
      for (int k = i + 1; k < body->count && last; k++)
        last = body->stmts[k]->kind == PJ_ST_PASS || (body->stmts[k]->kind == PJ_ST_RETURN && !body->stmts[k]->expr);
      bool nonneg = false;
      if (last && (st->kind == PJ_ST_FOR ? pj_stride_loop(&s, st, &nonneg) : pj_stride_while(&s, st, &nonneg, out))) {
        out->stmt = st;
        out->stride = true;
        out->stride_nonneg = nonneg;
      }
      break;
    }
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
    prefix_reads_fields |= pj_stmt_any_expr(st, pj_reads_record_field, NULL);
  }
  free(s.vars);
  free(s.offset);
  free(s.positive);
  return out->stmt != NULL;
}
