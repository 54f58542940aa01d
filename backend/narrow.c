/* 32-bit loop counters on the GPU where the values provably fit.
 *
 * numba types every Python int as int64, so loop counters are 64-bit; nvcc's `int` counters are
 * 32-bit. A 64-bit add or compare is two SASS instructions: in a short loop body (mandelbrot's
 * escape loop, a matmul's inner product) that costs 10–15%. This file decides, from the typed
 * tree, which int64 values cannot leave the int32 range, so that codegen may keep them in 32 bits
 * without changing any result:
 * - pj_cg_fits_i32: the values an integer expression may take (pj_range), from its form:
 *   constants, the thread/block geometry within the device's limits (threadIdx.z below 64,
 *   blockIdx.y and .z below 65535, ...), cuda.grid's y and z (at most 65535 blocks of 1024);
 *   under narrow, whose launch has fewer than 2**31 threads along x, the thread's x index and the
 *   grid's x size (cuda.grid(1), cuda.gridsize(1), item 0 of grid(n) and gridsize(n), and
 *   blockIdx.x * blockDim.x + threadIdx.x and gridDim.x * blockDim.x in any order: pj_geometry_x),
 *   values typed 32 bits or narrower, sums, differences and products of such values, floor
 *   division or remainder by a positive constant, negation, min/max, `a if c else b`; extents and
 *   sizes of arrays with fewer than 2**31 elements (pj_array_small: the kernel's arrays when the
 *   launch promised it, PjBackendOptions.narrow; local, shared and module-level arrays of that
 *   size, views of them); the kernel's integer parameters never assigned (narrow: every integer
 *   argument in the int32 range); a device function's int64 parameters and results that every
 *   call and return keeps in that range (pj_cg_narrow_specs); a variable assigned once (or the
 *   variable of one range() loop, perhaps assigned once more), from such values; the names of
 *   `h, w = a.shape`. An expression fits when all its values lie in the int32 range.
 * - counters: an int64 variable set only to values that fit and stepped only by `v += 1` (or
 *   `v = v + 1`), each step in the region of a guard that holds only where v < bound (a bound
 *   that fits): the body of `while v < bound:` or the then branch of `if v < bound:` (the
 *   condition may be a conjunct of an `and`, a link of a chain or `not (v >= bound)`), the else
 *   branch of `if v >= bound:`, or the rest of a block after `if v >= bound or ...: break` (or
 *   continue, return), with no other assignment to v in that region. Such a variable never
 *   exceeds the largest bound; codegen stores it in 32 bits and sign-extends it where it is read.
 * range() loops use pj_cg_fits_i32 on their bounds to run their hidden counter in 32 bits (and,
 * with a step that fits, never negative start and positive step by pj_cg_int_range, a grid-stride
 * loop's variable: loops.c),
 * compares of two values that fit are 32-bit, and an element of a C array of 2 or more axes with
 * fewer than 2**31 elements has its offset computed in 32 bits (arrays.c). */
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
static void pj_defs_target(PjVarDefs *d, const PjExpr *t, int kind, const PjExpr *value, int top, int item) {
  if (t->kind == PJ_EX_NAME && t->name.var >= 0) {
    PjVarDefs *v = &d[t->name.var];
    if (kind == PJ_DEF_PLAIN || kind == PJ_DEF_UNPACKED) {
      if (kind == PJ_DEF_PLAIN) v->plain++;
      else v->unpacked++;
      v->value = value;
      v->top = top;
      v->item = item;
    } else v->other++;
  } else if (t->kind == PJ_EX_TUPLE) {
    bool each = kind == PJ_DEF_PLAIN && value && value->kind == PJ_EX_TUPLE && value->tuple.count == t->tuple.count;
    /* `x, y = cuda.grid(2)` (or gridsize): each name gets an item of the call, which
     * pj_cg_range_nonneg knows by the call itself */
    bool grid = kind == PJ_DEF_PLAIN && value &&
                (pj_grid_tuple(value, PJ_LOWER_GRID) || pj_grid_tuple(value, PJ_LOWER_GRIDSIZE));
    /* `h, w = a.shape`: each name gets an extent of a (counted with the others) */
    bool shape = kind == PJ_DEF_PLAIN && value && value->kind == PJ_EX_ATTR && !strcmp(value->attr.attr, "shape") &&
                 value->attr.base->type && value->attr.base->type->kind == PJ_TY_ARRAY;
    for (int i = 0; i < t->tuple.count; i++) {
      const PjExpr *item = t->tuple.items[i];
      pj_defs_target(d, item, each || grid ? PJ_DEF_UNPACKED : PJ_DEF_OTHER, each ? value->tuple.items[i] : grid ? value : NULL,
                     top, grid ? i : -1);
      if (shape && item->kind == PJ_EX_NAME && item->name.var >= 0) {
        d[item->name.var].shapes++;
        d[item->name.var].shape_of = value->attr.base;
      }
    }
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
        pj_defs_target(d, s->assign.targets[k], PJ_DEF_PLAIN, s->assign.value, top_level ? i : -1, -1);
      break;
    case PJ_ST_AUGASSIGN:
      if (pj_is_step(s, &v)) d[v].step++;
      else pj_defs_target(d, s->aug.target, PJ_DEF_OTHER, NULL, -1, -1);
      break;
    case PJ_ST_IF:
      pj_defs_block(d, &s->if_.then, false);
      pj_defs_block(d, &s->if_.orelse, false);
      break;
    case PJ_ST_WHILE: pj_defs_block(d, &s->while_.body, false); break;
    case PJ_ST_FOR:
      pj_defs_target(d, s->for_.target, PJ_DEF_OTHER, NULL, -1, -1);
      if (s->for_.target->kind == PJ_EX_NAME && s->for_.target->name.var >= 0) { /* range(): also one of the others */
        d[s->for_.target->name.var].fors++;
        d[s->for_.target->name.var].iter = s->for_.iter;
      }
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
  const PjFunc *f;      /* the function whose expressions are judged */
  PjVarDefs *defs;      /* how each of its variables is assigned */
  const bool *vars;     /* its int64 variables kept in 32 bits (known so far), or NULL */
  const bool *params;   /* its parameters known to fit in int32 (integers) or to be small (arrays), or NULL */
  const bool *rets;     /* per specialisation: it returns an int64 that fits in int32, or NULL */
  int depth;
  int budget;           /* expressions one question may still look at (names followed make a tree) */
} PjNarrowCtx;

enum { PJ_NARROW_BUDGET = 4096 };

/* The values an integer expression may take, both ends included. */
typedef struct PjRange {
  int64_t lo, hi;
} PjRange;

static const PjRange pj_i32 = {INT32_MIN, INT32_MAX};

static bool pj_range(PjNarrowCtx *c, const PjExpr *e, PjRange *r);

static bool pj_fits(PjNarrowCtx *c, const PjExpr *e) {
  PjRange r;
  c->budget = PJ_NARROW_BUDGET;
  return pj_range(c, e, &r) && r.lo >= INT32_MIN && r.hi <= INT32_MAX;
}

/* Whether dtype d holds every value of r (uint64: every value of r is not negative). */
static bool pj_holds(PjDtype d, PjRange r) {
  switch (d) {
  case PJ_BOOL: return r.lo >= 0 && r.hi <= 1;
  case PJ_INT8: return r.lo >= INT8_MIN && r.hi <= INT8_MAX;
  case PJ_INT16: return r.lo >= INT16_MIN && r.hi <= INT16_MAX;
  case PJ_INT32: return r.lo >= INT32_MIN && r.hi <= INT32_MAX;
  case PJ_INT64: return true;
  case PJ_UINT8: return r.lo >= 0 && r.hi <= UINT8_MAX;
  case PJ_UINT16: return r.lo >= 0 && r.hi <= UINT16_MAX;
  case PJ_UINT32: return r.lo >= 0 && r.hi <= (int64_t)UINT32_MAX;
  case PJ_UINT64: return r.lo >= 0;
  default: return false;
  }
}

/* The values of a type narrower than 64 bits. */
static bool pj_dtype_values(PjDtype d, PjRange *r) {
  switch (d) {
  case PJ_BOOL: *r = (PjRange){0, 1}; return true;
  case PJ_INT8: *r = (PjRange){INT8_MIN, INT8_MAX}; return true;
  case PJ_INT16: *r = (PjRange){INT16_MIN, INT16_MAX}; return true;
  case PJ_INT32: *r = pj_i32; return true;
  case PJ_UINT8: *r = (PjRange){0, UINT8_MAX}; return true;
  case PJ_UINT16: *r = (PjRange){0, UINT16_MAX}; return true;
  case PJ_UINT32: *r = (PjRange){0, (int64_t)UINT32_MAX}; return true;
  default: return false;
  }
}

/* Item `item` of cuda.grid(n) or cuda.gridsize(n) (n > 1), or the one value of grid(1) and
 * gridsize(1) (item 0). y and z: at most 65535 blocks of at most 1024 threads; x: up to
 * 2**31 - 1 blocks of 1024, beyond int32 unless the launch promised fewer than 2**31 threads
 * along x (narrow): then an index below that count, a count at most 2**31 - 1. */
static bool pj_grid_range(PjNarrowCtx *c, bool size, int item, PjRange *r) {
  if (item < 0 || (item == 0 && !c->g->narrow)) return false;
  *r = item == 0 ? (PjRange){size ? 1 : 0, size ? INT32_MAX : INT32_MAX - 1} : (PjRange){size ? 1 : 0, 65535 * 1024};
  return true;
}

/* ---- the thread geometry along x ------------------------------------------------------------
 * blockIdx.x * blockDim.x + threadIdx.x and gridDim.x * blockDim.x may pass 2**31 (gridDim.x up to
 * 2**31 - 1): their intervals say nothing better. Under narrow the launch promised that
 * gridDim.x * blockDim.x is below 2**31, so that count fits, and so does a block's first index
 * blockIdx.x * blockDim.x (at most the count less blockDim.x) and a thread's index (below the
 * count): facts relating the values, found here by the expression's form, its operands in either
 * order, through conversions that keep values and through names assigned once. */
enum { PJ_GX_NONE, PJ_GX_TID, PJ_GX_NTID, PJ_GX_CTAID, PJ_GX_NCTAID, PJ_GX_FIRST, PJ_GX_INDEX, PJ_GX_COUNT };

/* The x-axis quantity e is (PJ_GX_*); *named: a name was followed (which reads 0 before its
 * assignment runs, so a count read through one may be 0). */
static int pj_geometry_x(PjNarrowCtx *c, const PjExpr *e, int depth, bool *named) {
  e = pj_strip_casts(e);
  if (!e || depth > 8 || !e->type || e->type->kind != PJ_TY_SCALAR) return PJ_GX_NONE;
  switch (e->kind) {
  case PJ_EX_NAME: {
    int v = e->name.var;
    if (v < 0 || v >= c->f->nvars || c->f->vars[v].is_param) return PJ_GX_NONE;
    const PjType *t = c->f->vars[v].type;
    if (!t || t->kind != PJ_TY_SCALAR || !pj_dtype_is_int(t->dtype) || !pj_dtype_is_signed(t->dtype) ||
        (t->dtype != PJ_INT64 && t->dtype != PJ_INT32))
      return PJ_GX_NONE;
    const PjVarDefs *d = &c->defs[v];
    if (d->step || d->other || d->plain + d->unpacked != 1 || !d->value) return PJ_GX_NONE;
    *named = true;
    if (d->item >= 0) /* `x, y = cuda.grid(2)` */
      return d->item != 0 || t->dtype != PJ_INT64 ? PJ_GX_NONE
             : pj_grid_tuple(d->value, PJ_LOWER_GRIDSIZE) ? PJ_GX_COUNT : PJ_GX_INDEX;
    return pj_geometry_x(c, d->value, depth + 1, named);
  }
  case PJ_EX_BUILTIN: {
    const PjBuiltin *b = &pj_builtins[e->builtin.id];
    switch (b->lower) {
    case PJ_LOWER_TID: return b->dim == 0 ? PJ_GX_TID : PJ_GX_NONE;
    case PJ_LOWER_NTID: return b->dim == 0 ? PJ_GX_NTID : PJ_GX_NONE;
    case PJ_LOWER_CTAID: return b->dim == 0 ? PJ_GX_CTAID : PJ_GX_NONE;
    case PJ_LOWER_NCTAID: return b->dim == 0 ? PJ_GX_NCTAID : PJ_GX_NONE;
    case PJ_LOWER_GRID:
    case PJ_LOWER_GRIDSIZE: /* cuda.grid(1), cuda.gridsize(1) (scalars) */
      return b->lower == PJ_LOWER_GRID ? PJ_GX_INDEX : PJ_GX_COUNT;
    default: return PJ_GX_NONE;
    }
  }
  case PJ_EX_SUBSCRIPT: { /* cuda.grid(2)[0] */
    const PjExpr *base = e->sub.base, *ix = pj_strip_casts(e->sub.index);
    if (!ix || ix->kind != PJ_EX_INT || ix->big || ix->ival != 0) return PJ_GX_NONE;
    return pj_grid_tuple(base, PJ_LOWER_GRID) ? PJ_GX_INDEX : pj_grid_tuple(base, PJ_LOWER_GRIDSIZE) ? PJ_GX_COUNT : PJ_GX_NONE;
  }
  case PJ_EX_BINARY: {
    if (e->type->dtype != PJ_INT64 && e->type->dtype != PJ_INT32) return PJ_GX_NONE;
    if (e->bin.op != PJ_OP_ADD && e->bin.op != PJ_OP_MUL) return PJ_GX_NONE;
    int a = pj_geometry_x(c, e->bin.l, depth + 1, named), b = pj_geometry_x(c, e->bin.r, depth + 1, named);
    if (a > b) { /* in order: PJ_GX_* values ascending */
      int t = a;
      a = b;
      b = t;
    }
    if (e->bin.op == PJ_OP_MUL) {
      if (a == PJ_GX_NTID && b == PJ_GX_CTAID) return PJ_GX_FIRST;
      if (a == PJ_GX_NTID && b == PJ_GX_NCTAID) return PJ_GX_COUNT;
      return PJ_GX_NONE;
    }
    return a == PJ_GX_TID && b == PJ_GX_FIRST ? PJ_GX_INDEX : PJ_GX_NONE;
  }
  default: return PJ_GX_NONE;
  }
}

/* Under narrow, the range of an x-axis index or count that e is by its form (false: none). */
static bool pj_geometry_range(PjNarrowCtx *c, const PjExpr *e, PjRange *r) {
  if (!c->g->narrow) return false;
  bool named = false;
  int k = pj_geometry_x(c, e, 0, &named);
  if (k == PJ_GX_FIRST || k == PJ_GX_INDEX) *r = (PjRange){0, INT32_MAX - 1};
  else if (k == PJ_GX_COUNT) *r = (PjRange){named ? 0 : 1, INT32_MAX};
  else return false;
  return true;
}

static bool pj_array_small(PjNarrowCtx *c, const PjExpr *e);

static bool pj_param_known(PjNarrowCtx *c, int v) {
  const PjVarDefs *d = &c->defs[v];
  return v < c->f->nparams && c->params && c->params[v] && d->plain + d->step + d->other + d->unpacked == 0;
}

static bool pj_var_range(PjNarrowCtx *c, int v, PjRange *r) {
  const PjFunc *f = c->f;
  const PjType *t = f->vars[v].type;
  if (!t || t->kind != PJ_TY_SCALAR || !pj_dtype_is_int(t->dtype)) return false;
  if (c->vars && c->vars[v]) {
    *r = pj_i32;
    return true;
  }
  if (f->vars[v].is_param) {
    if (!pj_param_known(c, v)) return false;
    *r = pj_dtype_is_signed(t->dtype) ? pj_i32 : (PjRange){0, INT32_MAX};
    return true;
  }
  /* assigned once (read as 0 before that), from a value in the range; or the variable of one
   * range() loop, between its start and its stop, and perhaps assigned once more */
  const PjVarDefs *d = &c->defs[v];
  if (d->step) return false;
  bool ok;
  if (d->other == 0 && d->plain + d->unpacked == 1 && d->value) {
    if (d->item >= 0) ok = pj_grid_range(c, pj_grid_tuple(d->value, PJ_LOWER_GRIDSIZE), d->item, r);
    else ok = pj_range(c, d->value, r);
  } else if (d->other == 1 && d->shapes == 1 && d->plain + d->unpacked == 0) { /* an extent */
    *r = (PjRange){0, INT32_MAX};
    ok = pj_array_small(c, d->shape_of);
  } else if (d->other == 1 && d->fors == 1 && d->unpacked == 0 && d->plain <= 1 && d->iter && d->iter->kind == PJ_EX_CALL &&
             d->iter->call.nargs >= 1) {
    const PjExpr *it = d->iter;
    PjRange a = {0, 0}, b;
    ok = (it->call.nargs == 1 || pj_range(c, it->call.args[0], &a)) && pj_range(c, it->call.args[it->call.nargs > 1], &b);
    *r = (PjRange){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
    if (ok && d->plain == 1) {
      ok = d->value && pj_range(c, d->value, &b);
      *r = (PjRange){r->lo < b.lo ? r->lo : b.lo, r->hi > b.hi ? r->hi : b.hi};
    }
  } else return false;
  if (!ok) return false;
  if (r->lo > 0) r->lo = 0;
  if (r->hi < 0) r->hi = 0;
  return pj_holds(t->dtype, *r);
}

static int64_t pj_floor_div(int64_t a, int64_t k) { /* k > 0 */
  int64_t q = a / k;
  return q * k > a ? q - 1 : q;
}

/* The range of e's own form, when its form says one (else false). */
static bool pj_form_range(PjNarrowCtx *c, const PjExpr *e, PjRange *r) {
  switch (e->kind) {
  case PJ_EX_INT:
    if (e->big) return false;
    *r = (PjRange){e->ival, e->ival};
    return true;
  case PJ_EX_BOOL: *r = (PjRange){e->ival != 0, e->ival != 0}; return true;
  case PJ_EX_CAST: /* an integer kept as it is where the new type holds it */
    return e->cast.x->type && e->cast.x->type->kind == PJ_TY_SCALAR &&
           (pj_dtype_is_int(e->cast.x->type->dtype) || e->cast.x->type->dtype == PJ_BOOL) && pj_range(c, e->cast.x, r);
  case PJ_EX_NAME: return e->name.var >= 0 && e->name.var < c->f->nvars && pj_var_range(c, e->name.var, r);
  case PJ_EX_SHAPE:
    *r = (PjRange){0, INT32_MAX};
    return pj_array_small(c, e->shape.array);
  case PJ_EX_ATTR: /* a.size */
    *r = (PjRange){0, INT32_MAX};
    return !strcmp(e->attr.attr, "size") && pj_array_small(c, e->attr.base);
  case PJ_EX_IFEXP: {
    PjRange b;
    if (!pj_range(c, e->ifexp.then, r) || !pj_range(c, e->ifexp.orelse, &b)) return false;
    r->lo = r->lo < b.lo ? r->lo : b.lo;
    r->hi = r->hi > b.hi ? r->hi : b.hi;
    return true;
  }
  case PJ_EX_UNARY:
    if (e->un.op == PJ_UN_POS) return pj_range(c, e->un.x, r);
    if (e->un.op != PJ_UN_NEG || !pj_range(c, e->un.x, r) || r->lo == INT64_MIN) return false;
    *r = (PjRange){-r->hi, -r->lo};
    return true;
  case PJ_EX_SUBSCRIPT: { /* an item of cuda.grid(n) or cuda.gridsize(n) */
    const PjExpr *ix = pj_strip_casts(e->sub.index);
    bool size = pj_grid_tuple(e->sub.base, PJ_LOWER_GRIDSIZE);
    return ix && ix->kind == PJ_EX_INT && !ix->big && ix->ival >= 0 && ix->ival < 3 &&
           (size || pj_grid_tuple(e->sub.base, PJ_LOWER_GRID)) && pj_grid_range(c, size, (int)ix->ival, r);
  }
  case PJ_EX_BINARY: {
    PjRange a, b;
    if (pj_geometry_range(c, e, r)) return true;
    if (!pj_range(c, e->bin.l, &a) || !pj_range(c, e->bin.r, &b)) return false;
    switch (e->bin.op) {
    case PJ_OP_ADD: return !__builtin_add_overflow(a.lo, b.lo, &r->lo) && !__builtin_add_overflow(a.hi, b.hi, &r->hi);
    case PJ_OP_SUB: return !__builtin_sub_overflow(a.lo, b.hi, &r->lo) && !__builtin_sub_overflow(a.hi, b.lo, &r->hi);
    case PJ_OP_MUL: {
      int64_t p[4];
      if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
          __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
        return false;
      *r = (PjRange){p[0], p[0]};
      for (int i = 1; i < 4; i++) {
        if (p[i] < r->lo) r->lo = p[i];
        if (p[i] > r->hi) r->hi = p[i];
      }
      return true;
    }
    case PJ_OP_FLOORDIV: /* by a positive constant k: between floor(lo / k) and hi / k rounded up (or 0) */
      if (b.lo != b.hi || b.lo <= 0) return false;
      *r = (PjRange){pj_floor_div(a.lo, b.lo), a.hi >= 0 ? a.hi / b.lo : 0};
      return true;
    case PJ_OP_MOD: /* by a positive constant k: within (-k, k) whichever sign the remainder takes */
      if (b.lo != b.hi || b.lo <= 0) return false;
      *r = a.lo >= 0 && a.hi < b.lo ? a : (PjRange){a.lo >= 0 ? 0 : 1 - b.lo, b.lo - 1};
      return true;
    default: return false;
    }
  }
  case PJ_EX_CALL: /* a device function's result */
    *r = pj_i32;
    return e->call.spec && !e->call.foreign && c->rets && e->call.spec->id >= 0 && e->call.spec->id < c->g->nspecs &&
           c->rets[e->call.spec->id];
  case PJ_EX_BUILTIN:
    switch (pj_builtins[e->builtin.id].lower) {
    /* the device's limits: blockDim.x and .y at most 1024, .z at most 64; gridDim.x at most
     * 2**31 - 1, .y and .z at most 65535; each index below its dimension */
    case PJ_LOWER_TID: *r = (PjRange){0, pj_builtins[e->builtin.id].dim == 2 ? 63 : 1023}; return true;
    case PJ_LOWER_NTID: *r = (PjRange){1, pj_builtins[e->builtin.id].dim == 2 ? 64 : 1024}; return true;
    case PJ_LOWER_CTAID: *r = (PjRange){0, pj_builtins[e->builtin.id].dim == 0 ? INT32_MAX - 1 : 65534}; return true;
    case PJ_LOWER_NCTAID: *r = (PjRange){1, pj_builtins[e->builtin.id].dim == 0 ? INT32_MAX : 65535}; return true;
    case PJ_LOWER_GRID: /* cuda.grid(1), cuda.gridsize(1): under narrow, below 2**31 */
    case PJ_LOWER_GRIDSIZE: return e->type->kind == PJ_TY_SCALAR && pj_geometry_range(c, e, r);
    case PJ_LOWER_LANE: *r = (PjRange){0, 31}; return true;
    case PJ_LOWER_LEN: { /* of an array: its first extent; of a tuple: its (small) length */
      const PjExpr *x = e->builtin.nargs == 1 ? e->builtin.args[0] : NULL;
      *r = (PjRange){0, INT32_MAX};
      return x && x->type && (x->type->kind == PJ_TY_ARRAY ? pj_array_small(c, x) : x->type->kind == PJ_TY_TUPLE);
    }
    case PJ_LOWER_MIN:
    case PJ_LOWER_MAX: {
      bool is_max = pj_builtins[e->builtin.id].lower == PJ_LOWER_MAX;
      if (e->builtin.nargs < 1 || !pj_range(c, e->builtin.args[0], r)) return false;
      for (int i = 1; i < e->builtin.nargs; i++) {
        PjRange b;
        if (!pj_range(c, e->builtin.args[i], &b)) return false;
        if (is_max) *r = (PjRange){r->lo > b.lo ? r->lo : b.lo, r->hi > b.hi ? r->hi : b.hi};
        else *r = (PjRange){r->lo < b.lo ? r->lo : b.lo, r->hi < b.hi ? r->hi : b.hi};
      }
      return true;
    }
    default: return false;
    }
  default: return false;
  }
}

/* The values integer expression e may take: those of its form where its type holds them all,
 * else those of its type when narrower than 64 bits. */
static bool pj_range(PjNarrowCtx *c, const PjExpr *e, PjRange *r) {
  if (!e || !e->type || e->type->kind != PJ_TY_SCALAR || c->depth >= 16 || --c->budget < 0) return false;
  PjDtype d = e->type->dtype;
  if (d != PJ_BOOL && !pj_dtype_is_int(d)) return false;
  c->depth++;
  bool ok = pj_form_range(c, e, r) && pj_holds(d, *r);
  c->depth--;
  return ok || pj_dtype_values(d, r);
}

/* An array with fewer than 2**31 elements (so each extent and each in-bounds C-order offset is
 * below 2**31): a kernel's array argument under g->narrow (the launch checked it), a device
 * function's array parameter that every call passes such an array (pj_cg_narrow_specs), a local
 * or shared array (their shapes are constants of a few thousand elements), a module-level array
 * of that size, a view of one (a slice, a row) or a reshape of one, and a variable assigned once
 * from one. */
static bool pj_array_small(PjNarrowCtx *c, const PjExpr *e) {
  if (!e || !e->type || e->type->kind != PJ_TY_ARRAY || c->depth >= 16 || --c->budget < 0) return false;
  c->depth++;
  bool ok = false;
  switch (e->kind) {
  case PJ_EX_NAME: {
    int v = e->name.var;
    if (v < 0 || v >= c->f->nvars) break;
    const PjVarDefs *d = &c->defs[v];
    if (c->f->vars[v].is_param) ok = pj_param_known(c, v);
    else ok = d->plain + d->unpacked == 1 && !d->step && !d->other && d->item < 0 && pj_array_small(c, d->value);
    break;
  }
  case PJ_EX_CONST_ARRAY: {
    const PjConstArray *a = e->carray;
    int64_t n = 1;
    ok = a != NULL;
    for (int k = 0; ok && k < a->ndim; k++) ok = a->shape[k] >= 0 && !__builtin_mul_overflow(n, a->shape[k], &n) && n <= INT32_MAX;
    break;
  }
  case PJ_EX_SUBSCRIPT: ok = pj_array_small(c, e->sub.base); break;
  case PJ_EX_BUILTIN:
    switch (e->builtin.id) {
    case PJ_BI_LOCAL_ARRAY:
    case PJ_BI_SHARED_ARRAY: ok = true; break;
    case PJ_BI_ARRAY_RESHAPE: ok = e->builtin.nargs > 0 && pj_array_small(c, e->builtin.args[0]); break;
    default: break;
    }
    break;
  default: break;
  }
  c->depth--;
  return ok;
}

static PjNarrowCtx pj_ctx_of(PjCg *g) {
  return (PjNarrowCtx){.g = g, .f = g->f, .defs = g->narrow_defs, .vars = g->narrow_vars, .params = g->narrow_params,
                       .rets = g->spec_rets};
}

bool pj_cg_fits_i32(PjCg *g, const PjExpr *e) {
  if (g->host || !g->narrow_defs) return false;
  PjNarrowCtx c = pj_ctx_of(g);
  return pj_fits(&c, e);
}

bool pj_cg_int_range(PjCg *g, const PjExpr *e, int64_t *lo, int64_t *hi) {
  if (g->host || !g->narrow_defs) return false;
  PjNarrowCtx c = pj_ctx_of(g);
  PjRange r;
  c.budget = PJ_NARROW_BUDGET;
  if (!pj_range(&c, e, &r)) return false;
  *lo = r.lo;
  *hi = r.hi;
  return true;
}

bool pj_cg_array_small(PjCg *g, const PjExpr *e) {
  if (g->host || !g->narrow_defs) return false;
  PjNarrowCtx c = pj_ctx_of(g);
  c.budget = PJ_NARROW_BUDGET;
  return pj_array_small(&c, e);
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
  if (!d) return NULL;
  for (int v = 0; v <= f->nvars; v++) d[v].item = -1;
  pj_defs_block(d, &f->body, true);
  return d;
}

/* The int64 variables of c->f kept in 32 bits (c->vars, as they are found: a counter bounded by
 * one found before it fits). */
static bool *pj_find_counters(PjNarrowCtx *c) {
  const PjFunc *f = c->f;
  bool *vars = calloc((size_t)f->nvars + 1, sizeof(bool));
  if (!vars) return NULL;
  c->vars = vars;
  for (int v = f->nparams; v < f->nvars; v++) {
    const PjVarDefs *d = &c->defs[v];
    const PjType *t = f->vars[v].type;
    if (!t || t->kind != PJ_TY_SCALAR || t->dtype != PJ_INT64 || d->step == 0 || d->other > 0 || d->unpacked > 0)
      continue;
    vars[v] = pj_plain_fit(c, &f->body, v) && pj_steps_guarded(c, &f->body, v, false);
  }
  return vars;
}

void pj_cg_narrow_begin(PjCg *g) {
  g->narrow_vars = NULL;
  g->narrow_defs = NULL;
  g->narrow_params = NULL;
  if (g->host || g->debug) return; /* debug: each variable in a slot of its own type, as the debugger is told */
  const PjFunc *f = g->f;
  g->narrow_defs = pj_var_defs(f);
  g->narrow_params = calloc((size_t)f->nparams + 1, sizeof(bool));
  if (!g->narrow_defs || !g->narrow_params) {
    pj_cg_narrow_end(g);
    return;
  }
  if (!g->in_device) { /* the kernel: the launch checked its arguments */
    for (int k = 0; k < f->nparams; k++) g->narrow_params[k] = g->narrow && f->is_kernel;
  } else if (g->spec_params) { /* a device function: its calls pass such values */
    for (int i = 0; i < g->nspecs; i++)
      if (g->specs[i]->typed == f && g->spec_params[i]) {
        memcpy(g->narrow_params, g->spec_params[i], (size_t)f->nparams * sizeof(bool));
        break;
      }
  }
  PjNarrowCtx c = {.g = g, .f = f, .defs = g->narrow_defs, .params = g->narrow_params, .rets = g->spec_rets};
  g->narrow_vars = pj_find_counters(&c);
}

void pj_cg_narrow_end(PjCg *g) {
  free(g->narrow_vars);
  free(g->narrow_defs);
  free(g->narrow_params);
  g->narrow_vars = NULL;
  g->narrow_defs = NULL;
  g->narrow_params = NULL;
}

/* ---- device functions' parameters and results ------------------------------------------------
 * numba's users pass a kernel's int64 argument on to a device function (`mandel(x, y, max_iter)`,
 * whose `for i in range(max_iter)` is the hot loop, and which returns i or max_iter). A parameter
 * of a specialisation is known to fit (an int64) or to be small (an array) when every call of it,
 * in the kernel or in another device function, passes such a value, judged with what is known of
 * the caller's own parameters and of the results of the functions it calls; its int64 result is
 * known to fit when every `return` gives such a value (falling off the end returns 0). Starting
 * from "every parameter and result is", each round drops those some call or return refutes,
 * until a round drops none. Then each call's arguments are such values wherever the caller's
 * parameters are, which holds for the kernel, and so, call by call down from it, for every
 * activation (recursion included); and each result is such a value wherever the results of the
 * calls made before it are, so, by the order in which activations return, for every one. A
 * function whose result fits returns it as an i32 (sign-extended at the call): a loop counter
 * returned from inside the loop then stays 32-bit after inlining, where LLVM's strength reduction
 * widened it to feed the 64-bit result. */
typedef struct PjCallScan {
  PjNarrowCtx *c;
  PjCg *g;
  bool **params;
  bool changed;
} PjCallScan;

static bool pj_scan_call(const PjExpr *e, void *p) {
  PjCallScan *s = p;
  if (e->kind != PJ_EX_CALL || !e->call.spec || e->call.foreign) return false;
  const PjSpec *sp = e->call.spec;
  if (sp->id < 0 || sp->id >= s->g->nspecs || !s->params[sp->id]) return false;
  bool *known = s->params[sp->id];
  for (int k = 0; k < sp->typed->nparams && k < sp->nargs; k++) {
    if (!known[k]) continue;
    const PjExpr *a = k < e->call.nargs ? e->call.args[k] : NULL;
    const PjType *t = sp->args[k];
    s->c->budget = PJ_NARROW_BUDGET;
    bool ok = a && t && (t->kind == PJ_TY_ARRAY ? pj_array_small(s->c, a) : pj_fits(s->c, a));
    if (!ok) {
      known[k] = false;
      s->changed = true;
    }
  }
  return false;
}

/* Every `return value` in b gives a value that fits. */
static bool pj_returns_fit(PjNarrowCtx *c, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_RETURN:
      if (!s->expr || s->expr->kind == PJ_EX_NONE || !pj_fits(c, s->expr)) return false;
      break;
    case PJ_ST_IF:
      if (!pj_returns_fit(c, &s->if_.then) || !pj_returns_fit(c, &s->if_.orelse)) return false;
      break;
    case PJ_ST_WHILE:
      if (!pj_returns_fit(c, &s->while_.body)) return false;
      break;
    case PJ_ST_FOR:
      if (!pj_returns_fit(c, &s->for_.body)) return false;
      break;
    default: break;
    }
  }
  return true;
}

static void pj_free_params(bool **params, int n) {
  if (!params) return;
  for (int i = 0; i < n; i++) free(params[i]);
  free(params);
}

/* A specialisation compiled into an internal function here, called only by this module's code (a
 * function kept as a call, inline="never", is weak_odr: visible to what is linked with it). */
static bool pj_spec_made(const PjSpec *s, int i) {
  return s->state == PJ_SPEC_DONE && s->typed && !s->inlined && s->id == i && s->src->inline_mode != PJ_INLINE_NEVER;
}

void pj_cg_narrow_specs(PjCg *g) {
  g->spec_params = NULL;
  g->spec_rets = NULL;
  if (g->host || g->debug || g->nspecs <= 0) return;
  int n = g->nspecs, total = 0;
  bool **params = calloc((size_t)n + 1, sizeof *params);
  bool *rets = calloc((size_t)n + 1, sizeof(bool));
  PjVarDefs **defs = calloc((size_t)n + 1, sizeof *defs);
  PjVarDefs *kdefs = pj_var_defs(g->f);
  bool *kparams = calloc((size_t)g->f->nparams + 1, sizeof(bool));
  bool failed = !params || !rets || !defs || !kdefs || !kparams;
  for (int k = 0; !failed && k < g->f->nparams; k++) kparams[k] = g->narrow && g->f->is_kernel;
  for (int i = 0; !failed && i < n; i++) {
    const PjSpec *s = g->specs[i];
    if (!pj_spec_made(s, i)) continue;
    const PjFunc *f = s->typed;
    params[i] = calloc((size_t)f->nparams + 1, sizeof(bool));
    defs[i] = pj_var_defs(f);
    if (!params[i] || !defs[i]) failed = true;
    for (int k = 0; !failed && k < f->nparams && k < s->nargs; k++) {
      const PjType *t = s->args[k], *vt = f->vars[k].type; /* vt: what the parameter is converted to on entry */
      params[i][k] = t && vt && ((t->kind == PJ_TY_ARRAY && vt->kind == PJ_TY_ARRAY) ||
                                 (t->kind == PJ_TY_SCALAR && t->dtype == PJ_INT64 && vt->kind == PJ_TY_SCALAR && vt->dtype == PJ_INT64));
      total += params[i][k];
    }
    const PjType *rt = f->ret_type;
    rets[i] = rt && rt->kind == PJ_TY_SCALAR && rt->dtype == PJ_INT64;
    total += rets[i];
  }
  bool changed = true;
  for (int round = 0; !failed && changed && round <= total; round++) {
    changed = false;
    for (int i = -1; !failed && i < n; i++) {
      if (i >= 0 && !params[i]) continue;
      PjNarrowCtx c = {.g = g, .f = i < 0 ? g->f : g->specs[i]->typed, .defs = i < 0 ? kdefs : defs[i],
                       .params = i < 0 ? kparams : params[i], .rets = rets};
      bool *vars = pj_find_counters(&c);
      if (!vars) {
        failed = true;
        break;
      }
      PjCallScan scan = {.c = &c, .g = g, .params = params};
      pj_block_any_expr(&c.f->body, pj_scan_call, &scan);
      if (i >= 0 && rets[i] && !pj_returns_fit(&c, &c.f->body)) {
        rets[i] = false;
        scan.changed = true;
      }
      free(vars);
      changed = changed || scan.changed;
    }
  }
  if (failed || changed) {
    pj_free_params(params, n);
    free(rets);
  } else {
    g->spec_params = params;
    g->spec_rets = rets;
  }
  for (int i = 0; defs && i < n; i++) free(defs[i]);
  free(defs);
  free(kdefs);
  free(kparams);
}

void pj_cg_narrow_specs_free(PjCg *g) {
  pj_free_params(g->spec_params, g->nspecs);
  free(g->spec_rets);
  g->spec_params = NULL;
  g->spec_rets = NULL;
}
