/* for loops over sequences (frontend/checker.h): everything but a loop over range(...) itself
 * becomes `for $k in range(n)` whose body first assigns the target the item at $k.
 *
 * An iterable is an array (its rows), a tuple whose items share a type, range(...), or
 * enumerate(...) and zip(...) of iterables, nested as deep as written:
 *   item(a, k)                   = a[k]                       n = len(a)
 *   item(range(b, e, s), k)      = b + k * s                  n = the range's length
 *   item(enumerate(x, b), k)     = (k + b, item(x, k))        n = n(x)
 *   item(zip(x, y, ...), k)      = (item(x, k), item(y, ...)) n = min(n(x), n(y), ...)
 * The target is then any unpacking target: `for i, (x, y) in enumerate(zip(a, b))`. What the
 * item reads is evaluated again at each iteration, so it must be names, attributes, subscripts
 * and constants that the loop does not assign. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "ir/fold.h"

bool pj_iter_names(const PjExpr *e, const char **names, int *n) {
  switch (e->kind) {
  case PJ_EX_NAME:
    if (*n == 16) return false;
    names[(*n)++] = e->name.id;
    return true;
  case PJ_EX_INT: return true;
  case PJ_EX_ATTR: return pj_iter_names(e->attr.base, names, n);
  case PJ_EX_SUBSCRIPT: return pj_iter_names(e->sub.base, names, n) && pj_iter_names(e->sub.index, names, n);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_iter_names(e->tuple.items[i], names, n)) return false;
    return true;
  case PJ_EX_SLICE:
    return (!e->slice.start || pj_iter_names(e->slice.start, names, n)) &&
           (!e->slice.stop || pj_iter_names(e->slice.stop, names, n)) &&
           (!e->slice.step || pj_iter_names(e->slice.step, names, n));
  case PJ_EX_CAST: return pj_iter_names(e->cast.x, names, n);
  case PJ_EX_BINARY: return pj_iter_names(e->bin.l, names, n) && pj_iter_names(e->bin.r, names, n);
  case PJ_EX_UNARY: return pj_iter_names(e->un.x, names, n);
  default: return false;
  }
}

PjStmt *pj_assign_of(PjChecker *c, PjExpr *target, PjExpr *value, PjLoc loc) {
  PjStmt *st = pj_arena_alloc(c->arena, sizeof(PjStmt));
  *st = (PjStmt){.kind = PJ_ST_ASSIGN, .loc = loc};
  st->assign.targets = pj_arena_alloc(c->arena, sizeof(PjExpr *));
  st->assign.targets[0] = target;
  st->assign.ntargets = 1;
  st->assign.value = value;
  return st;
}

/* The number of items of a sequence a for loop walks: a tuple's count, an array's rows. */
static PjExpr *pj_seq_length(PjChecker *c, PjExpr *it, const PjType *t) {
  if (t->kind == PJ_TY_TUPLE) return pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = it->loc, .ival = t->count});
  PjExpr *shape = pj_new_expr(c, (PjExpr){.kind = PJ_EX_ATTR, .loc = it->loc,
                                          .attr = {pj_clone_expr(c->arena, it, 0), "shape", it->loc}});
  PjExpr *zero = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = it->loc, .ival = 0});
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = it->loc, .sub = {shape, zero}});
}

/* e, which the loop re-evaluates, reads only names the loop leaves alone (reported if not). */
static bool pj_loop_pure(PjChecker *c, PjStmt *s, const PjExpr *e, const char *what) {
  const char *names[16];
  int n = 0;
  if (!pj_iter_names(e, names, &n)) {
    pj_err(c, e->loc, "%s needs a literal, a variable or an element of one: assign this to a variable first", what);
    return false;
  }
  for (int i = 0; i < n; i++)
    if (pj_assigns_name(&s->for_.body, names[i])) {
      pj_err(c, e->loc, "the loop assigns '%s', which %s reads: iterate over a copy", names[i], what);
      return false;
    }
  return true;
}

/* A sequence a for loop may walk by index: a tuple whose items share one type, or an array. */
static const PjType *pj_walkable(PjChecker *c, PjStmt *s, PjExpr **slot) {
  const PjType *t = pj_expr_type(c, slot);
  if (!t) return NULL;
  PjExpr *it = *slot;
  if (t->kind != PJ_TY_TUPLE && t->kind != PJ_TY_ARRAY) {
    pj_err(c, it->loc, "for loops iterate over range(...), a tuple or an array, not %s", pj_tn(c, t));
    return NULL;
  }
  if (t->kind == PJ_TY_ARRAY && t->ndim == 0) { /* NumPy's TypeError */
    pj_err(c, it->loc, "iteration over a 0-d array (%s): read its element as x[()]", pj_tn(c, t));
    return NULL;
  }
  bool uniform = true;
  for (int i = 1; t->kind == PJ_TY_TUPLE && i < t->count && uniform; i++) uniform = pj_type_equal(t->items[i], t->items[0]);
  if (!uniform) {
    pj_err(c, it->loc, "a for loop over a tuple needs items of one type, not %s (iterate over literal_unroll(...) to "
           "run the body once per item)", pj_tn(c, t));
    return NULL;
  }
  if (it->kind != PJ_EX_TUPLE && !pj_loop_pure(c, s, it, t->kind == PJ_TY_TUPLE ? "a for loop over a tuple" : "a for loop over an array"))
    return NULL;
  return t;
}

static PjExpr *pj_bin(PjChecker *c, PjBinOp op, PjExpr *l, PjExpr *r, PjLoc loc) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_BINARY, .loc = loc, .bin = {op, l, r}});
}

static PjExpr *pj_int(PjChecker *c, int64_t v, PjLoc loc) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = loc, .ival = v});
}

/* A call of a Python builtin by name (min, max, range) over n arguments. */
static PjExpr *pj_builtin_call(PjChecker *c, const char *name, PjExpr **args, int n, PjLoc loc) {
  PjExpr *call = pj_new_expr(c, (PjExpr){.kind = PJ_EX_CALL, .loc = loc});
  call->call.fn = pj_new_expr(c, (PjExpr){.kind = PJ_EX_NAME, .loc = loc, .name = {name, -1}});
  call->call.args = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)n);
  memcpy(call->call.args, args, sizeof(PjExpr *) * (size_t)n);
  call->call.nargs = n;
  return call;
}

/* The value of a constant integer step (`2`, `-1`), or false. */
static bool pj_const_step(const PjExpr *e, int64_t *v) {
  if (pj_const_int(e, v)) return true;
  if (e->kind == PJ_EX_UNARY && e->un.op == PJ_UN_NEG && pj_const_int(e->un.x, v)) {
    *v = -*v;
    return true;
  }
  return false;
}

static bool pj_walk(PjChecker *c, PjStmt *s, PjExpr **slot, PjExpr *k, PjExpr **item, PjExpr **len);

/* range(...) nested in enumerate/zip: start + k * step, of max(0, ceil((stop - start) / step)) items */
static bool pj_walk_range(PjChecker *c, PjStmt *s, PjExpr *it, PjExpr *k, PjExpr **item, PjExpr **len) {
  int n = it->call.nargs;
  if (it->call.has_kwargs || n < 1 || n > 3) {
    pj_err(c, it->loc, "range() takes 1 to 3 integers");
    return false;
  }
  for (int i = 0; i < n; i++) {
    const PjType *t = pj_expr_type(c, &it->call.args[i]);
    if (!t) return false;
    if (!pj_type_is_intlike(t)) {
      pj_err(c, it->call.args[i]->loc, "range() takes integers, not %s", pj_tn(c, t));
      return false;
    }
    if (!pj_loop_pure(c, s, it->call.args[i], "range()")) return false;
  }
  int64_t step = 1;
  if (n == 3 && (!pj_const_step(it->call.args[2], &step) || step == 0)) {
    pj_err(c, it->call.args[2]->loc, "a range inside enumerate() or zip() needs a constant, non-zero step");
    return false;
  }
  PjLoc loc = it->loc;
  PjExpr *start = n == 1 ? pj_int(c, 0, loc) : pj_clone_expr(c->arena, it->call.args[0], 0);
  PjExpr *stop = pj_clone_expr(c->arena, it->call.args[n == 1 ? 0 : 1], 0);
  *item = pj_bin(c, PJ_OP_ADD, pj_clone_expr(c->arena, start, 0),
                 pj_bin(c, PJ_OP_MUL, pj_clone_expr(c->arena, k, 0), pj_int(c, step, loc), loc), loc);
  PjExpr *span = step > 0 ? pj_bin(c, PJ_OP_SUB, stop, start, loc) : pj_bin(c, PJ_OP_SUB, start, stop, loc);
  int64_t a = step > 0 ? step : -step;
  PjExpr *count = pj_bin(c, PJ_OP_FLOORDIV, pj_bin(c, PJ_OP_ADD, span, pj_int(c, a - 1, loc), loc), pj_int(c, a, loc), loc);
  PjExpr *args[2] = {pj_int(c, 0, loc), count};
  *len = pj_builtin_call(c, "max", args, 2, loc);
  return true;
}

/* The item at k of the iterable at *slot and its length; false (reported) when it is none. */
static bool pj_walk(PjChecker *c, PjStmt *s, PjExpr **slot, PjExpr *k, PjExpr **item, PjExpr **len) {
  PjExpr *it = *slot;
  const char *q = it->kind == PJ_EX_CALL ? pj_qualify(c, it->call.fn) : NULL;
  PjLoc loc = it->loc;
  if (q && strcmp(q, "range") == 0) return pj_walk_range(c, s, it, k, item, len);
  if (q && strcmp(q, "enumerate") == 0) {
    if (it->call.has_kwargs || it->call.nargs < 1 || it->call.nargs > 2) {
      pj_err(c, loc, "enumerate() takes a sequence and an optional start");
      return false;
    }
    PjExpr *index = pj_clone_expr(c->arena, k, 0);
    if (it->call.nargs == 2) {
      const PjType *st = pj_expr_type(c, &it->call.args[1]);
      if (!st) return false;
      if (!pj_type_is_intlike(st)) {
        pj_err(c, it->call.args[1]->loc, "enumerate()'s start must be an integer, not %s", pj_tn(c, st));
        return false;
      }
      if (!pj_loop_pure(c, s, it->call.args[1], "enumerate()'s start")) return false;
      index = pj_bin(c, PJ_OP_ADD, index, it->call.args[1], it->call.args[1]->loc);
    }
    PjExpr *inner;
    if (!pj_walk(c, s, &it->call.args[0], k, &inner, len)) return false;
    PjExpr **pair = pj_arena_alloc(c->arena, 2 * sizeof(PjExpr *));
    pair[0] = index;
    pair[1] = inner;
    *item = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = loc, .tuple = {pair, 2}});
    return true;
  }
  if (q && strcmp(q, "zip") == 0) {
    int n = it->call.nargs;
    if (it->call.has_kwargs || n < 1 || n > 8) {
      pj_err(c, loc, "zip() takes 1 to 8 sequences");
      return false;
    }
    PjExpr **items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)n), *lens[8];
    for (int j = 0; j < n; j++)
      if (!pj_walk(c, s, &it->call.args[j], k, &items[j], &lens[j])) return false;
    *item = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = loc, .tuple = {items, n}});
    *len = n == 1 ? lens[0] : pj_builtin_call(c, "min", lens, n, loc); /* zip stops at the shortest */
    return true;
  }
  const PjType *t = pj_walkable(c, s, slot);
  if (!t) return false;
  it = *slot;
  *item = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = it->loc,
                                  .sub = {pj_clone_expr(c->arena, it, 0), pj_clone_expr(c->arena, k, 0)}});
  *len = pj_seq_length(c, it, t);
  return true;
}

/* A target made of names, nested in tuples. */
static bool pj_names_target(const PjExpr *t) {
  if (t->kind == PJ_EX_NAME) return true;
  if (t->kind != PJ_EX_TUPLE) return false;
  for (int i = 0; i < t->tuple.count; i++)
    if (!pj_names_target(t->tuple.items[i])) return false;
  return true;
}

bool pj_for_over_sequence(PjChecker *c, PjStmt *s) {
  if (!pj_names_target(s->for_.target)) {
    pj_err(c, s->for_.target->loc, "the target of a for loop must be a name or a tuple of names");
    return false;
  }
  PjExpr *k = pj_new_var(c, "$k", s->for_.iter->loc), *item, *len;
  const PjType *t = s->for_.iter->kind == PJ_EX_CALL ? NULL : pj_expr_type(c, &s->for_.iter);
  if (!t && s->for_.iter->kind != PJ_EX_CALL) return false; /* reported: typing it again would report it twice */
  if (t && t->kind == PJ_TY_TUPLE && t->count == 0) { /* an empty tuple (no *args): the body never runs */
    PjExpr *zero = pj_int(c, 0, s->for_.iter->loc);
    s->for_.iter = pj_builtin_call(c, "range", &zero, 1, s->for_.iter->loc);
    s->for_.target = k;
    s->for_.body = (PjBlock){0};
    return true;
  }
  if (!pj_walk(c, s, &s->for_.iter, k, &item, &len)) return false;
  PjStmt **body = pj_arena_alloc(c->arena, sizeof(PjStmt *) * (size_t)(s->for_.body.count + 1));
  body[0] = pj_assign_of(c, s->for_.target, item, s->loc);
  memcpy(body + 1, s->for_.body.stmts, sizeof(PjStmt *) * (size_t)s->for_.body.count);
  s->for_.body = (PjBlock){body, s->for_.body.count + 1};
  s->for_.iter = pj_builtin_call(c, "range", &len, 1, s->for_.iter->loc);
  s->for_.target = k;
  return true;
}

/* tuple(t) of a tuple t: t itself (tuples are immutable, so no copy is seen); tuple() is (). */
const PjType *pj_type_tuple_call(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->call.has_kwargs || e->call.star || e->call.nargs > 1) {
    pj_err(c, e->loc, "tuple() takes at most one argument, a tuple, in kernels");
    return NULL;
  }
  if (e->call.nargs == 0) {
    PjExpr *t = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = e->loc});
    *slot = t;
    return pj_expr_type(c, slot);
  }
  const PjType *t = pj_expr_type(c, &e->call.args[0]);
  if (!t) return NULL;
  if (t->kind != PJ_TY_TUPLE) {
    pj_err(c, e->call.args[0]->loc, "tuple() of %s is not supported in kernels: give it a tuple", pj_tn(c, t));
    return NULL;
  }
  if (c->final) *slot = e->call.args[0];
  return t;
}
