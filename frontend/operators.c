/* Operators (frontend/checker.h): arithmetic, unary, comparisons (chains, `is`, complex order),
 * `and`/`or` and conditional expressions, typed by numba's rules; integer constants folded. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "ir/fold.h"
#include "stdlib/builtins.h"

/* The dtype an arithmetic operator computes in, and its result; numba's rules. */
static bool pj_binop_dtypes(PjBinOp op, PjDtype l, PjDtype r, PjDtype *operand, PjDtype *result) {
  if (pj_dtype_is_fp8(l) || pj_dtype_is_fp8(r)) return false; /* fp8 values only convert */
  if (pj_dtype_is_complex(l) || pj_dtype_is_complex(r)) { /* + - * / ** on complex numbers */
    if (op != PJ_OP_ADD && op != PJ_OP_SUB && op != PJ_OP_MUL && op != PJ_OP_DIV && op != PJ_OP_POW) return false;
    *operand = *result = pj_dtype_arith(l, r);
    return true;
  }
  bool fl = pj_dtype_is_float(l), fr = pj_dtype_is_float(r);
  switch (op) {
  case PJ_OP_DIV: *operand = *result = pj_dtype_truediv(l, r); return true;
  case PJ_OP_POW:
    if (fl && !fr) { *operand = *result = l; return true; } /* real ** integer keeps the real's width */
    *operand = *result = pj_dtype_arith(l, r);
    return true;
  case PJ_OP_LSHIFT: case PJ_OP_RSHIFT:
    if (fl || fr) return false;
    /* numba: the left operand's type, widened to 64 bits; the count does not take part */
    *operand = *result = pj_dtype_int(64, l == PJ_BOOL || pj_dtype_is_signed(l));
    return true;
  case PJ_OP_BITAND: case PJ_OP_BITOR: case PJ_OP_BITXOR:
    if (fl || fr) return false;
    if (l == PJ_BOOL && r == PJ_BOOL) {
      *operand = *result = PJ_BOOL;
      return true;
    }
    *operand = *result = pj_dtype_arith(l, r);
    return true;
  case PJ_OP_MATMUL: return false;
  default: *operand = *result = pj_dtype_arith(l, r); return true;
  }
}

/* Replace *slot by the int64 constant v (an expression of constants, folded as Python does). */
static const PjType *pj_int_const(PjChecker *c, PjExpr **slot, int64_t v) {
  PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr));
  k->kind = PJ_EX_INT;
  k->loc = (*slot)->loc;
  k->ival = v;
  *slot = k;
  return pj_type_scalar(PJ_INT64);
}

const PjType *pj_type_binary(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *lt = pj_expr_type(c, &e->bin.l), *rt = pj_expr_type(c, &e->bin.r);
  if (!lt || !rt) return NULL;
  if (pj_type_is_time(lt) || pj_type_is_time(rt)) {
    if (pj_type_is_scalar(lt) && pj_type_is_scalar(rt)) return pj_type_time_binary(c, slot); /* frontend/datetime.c */
  }
  PjDtype operand, result;
  if (!pj_type_is_scalar(lt) || !pj_type_is_scalar(rt) || !pj_binop_dtypes(e->bin.op, lt->dtype, rt->dtype, &operand, &result)) {
    bool arrays = lt->kind == PJ_TY_ARRAY || rt->kind == PJ_TY_ARRAY;
    pj_err(c, e->loc, "unsupported operand types for %s: %s and %s%s", pj_binop_text(e->bin.op), pj_tn(c, lt), pj_tn(c, rt),
           arrays ? " (arithmetic on whole arrays would allocate; numba-cuda does not compile it in kernels "
                    "either: loop over the elements)" : "");
    return NULL;
  }
  int64_t x, y, v;
  if (result == PJ_INT64 && pj_const_int(e->bin.l, &x) && pj_const_int(e->bin.r, &y) && pj_fold_int(e->bin.op, x, y, &v))
    return pj_int_const(c, slot, v); /* constants: T + 2 is a shape, N // 4 a constant index */
  if (e->bin.op == PJ_OP_POW && pj_dtype_is_float(lt->dtype) && pj_type_is_intlike(rt)) {
    pj_coerce(c, &e->bin.l, pj_type_scalar(operand));
    pj_coerce(c, &e->bin.r, pj_type_scalar(PJ_INT64));
  } else {
    pj_coerce(c, &e->bin.l, pj_type_scalar(operand));
    pj_coerce(c, &e->bin.r, pj_type_scalar(operand));
  }
  return pj_type_scalar(result);
}

const PjType *pj_type_unary(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->un.op == PJ_UN_NOT) return pj_condition_type(c, &e->un.x) ? pj_type_scalar(PJ_BOOL) : NULL;
  const PjType *t = pj_expr_type(c, &e->un.x);
  if (!t) return NULL;
  if (pj_type_is_time(t)) return pj_type_time_unary(c, slot); /* frontend/datetime.c */
  if (!pj_type_is_scalar(t) || pj_dtype_is_fp8(t->dtype) || (e->un.op == PJ_UN_INVERT && (pj_type_is_float(t) || pj_type_is_complex(t)))) {
    static const char *const ops[] = {"-", "+", "~", "not"};
    pj_err(c, e->loc, "bad operand type for unary %s: %s", ops[e->un.op], pj_tn(c, t));
    return NULL;
  }
  if (pj_type_is_float(t) || pj_type_is_complex(t)) return t;
  int64_t x;
  if (t->dtype == PJ_INT64 && e->un.op != PJ_UN_NOT && pj_const_int(e->un.x, &x) && x != INT64_MIN)
    return pj_int_const(c, slot, e->un.op == PJ_UN_NEG ? -x : e->un.op == PJ_UN_INVERT ? ~x : x);
  if (pj_type_is_bool(t)) {
    if (e->un.op == PJ_UN_INVERT) return t; /* NumPy's ~ on a bool: logical not */
    pj_coerce(c, &e->un.x, pj_type_scalar(PJ_INT64));
    return pj_type_scalar(PJ_INT64);
  }
  /* numba computes - and ~ in the operand's own width, then widens to the machine word: the
   * backend converts from the operand's type to this node's */
  return pj_type_scalar(pj_dtype_arith(t->dtype, t->dtype));
}

/* Whether `==` of values of types a and b compiles: numbers (not fp8) with numbers, tuples item
 * by item (tuples of different lengths are simply unequal). */
static bool pj_equality_ok(const PjType *a, const PjType *b) {
  if (a->kind == PJ_TY_TUPLE && b->kind == PJ_TY_TUPLE) {
    for (int i = 0; i < a->count && i < b->count; i++)
      if (!pj_equality_ok(a->items[i], b->items[i])) return false;
    return true;
  }
  return pj_type_is_scalar(a) && pj_type_is_scalar(b) && !pj_dtype_is_fp8(a->dtype) && !pj_dtype_is_fp8(b->dtype);
}

/* t1 == t2 and t1 != t2 of tuples (numba's tuple equality: item by item, in order). */
static bool pj_tuple_compare_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *a, const PjType *b) {
  if (op != PJ_CMP_EQ && op != PJ_CMP_NE) {
    pj_err(c, loc, "'%s' between %s and %s is not supported in kernels (tuples compare with == and != only)",
           pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b));
    return false;
  }
  if (a->kind != b->kind || !pj_equality_ok(a, b)) {
    pj_err(c, loc, "cannot compare %s and %s", pj_tn(c, a), pj_tn(c, b));
    return false;
  }
  return true;
}

/* x in s, x not in s (numba's operator.contains): s a tuple, whose items are compared with x by
 * `==` in turn (an empty tuple holds nothing), or an array of numbers, whose elements are (all
 * of them, in C order). */
static bool pj_contains_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *x, const PjType *s) {
  bool ok = false;
  if (s->kind == PJ_TY_TUPLE) {
    ok = true;
    for (int i = 0; i < s->count && ok; i++) ok = pj_equality_ok(x, s->items[i]);
  } else if (s->kind == PJ_TY_ARRAY && !s->record) {
    ok = pj_equality_ok(x, pj_type_scalar(s->dtype)) && !pj_dtype_is_fp8(s->dtype);
  } else {
    pj_err(c, loc, "the '%s' operator needs a tuple or an array on its right in kernels, not %s", pj_cmpop_text(op),
           pj_tn(c, s));
    return false;
  }
  if (!ok) pj_err(c, loc, "'%s' is not supported between %s and %s (its items are compared with ==)",
                  pj_cmpop_text(op), pj_tn(c, x), pj_tn(c, s));
  return ok;
}

const PjType *pj_type_compare(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  bool ok = true;
  for (int i = 0; i <= e->cmp.n; i++) /* a string literal compares with a fixed-width string */
    ok = (e->cmp.operands[i]->kind == PJ_EX_STRING ? pj_type_string_literal(c, e->cmp.operands[i])
                                                   : pj_expr_type(c, &e->cmp.operands[i])) && ok;
  if (!ok) return NULL;
  for (int i = 0; i < e->cmp.n; i++) {
    const PjType *a = e->cmp.operands[i]->type, *b = e->cmp.operands[i + 1]->type;
    PjCmpOp op = e->cmp.ops[i];
    if ((op == PJ_CMP_EQ || op == PJ_CMP_NE) && e->cmp.n == 1 && a->kind == PJ_TY_DTYPE && b->kind == PJ_TY_DTYPE) {
      /* a.dtype == np.float32: dtypes are known when compiling (NumPy's dtype equality) */
      bool same = a->dtype == b->dtype;
      *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = e->loc, .ival = op == PJ_CMP_EQ ? same : !same});
      return pj_type_scalar(PJ_BOOL);
    }
    if ((op == PJ_CMP_IS || op == PJ_CMP_IS_NOT) && e->cmp.n == 1 && (a->kind == PJ_TY_NONE || b->kind == PJ_TY_NONE)) {
      /* x is None: known from the types (nothing in a kernel is optional); folded in both
       * phases, so that `if x is None:` prunes its dead branch while types are inferred too */
      bool same = a->kind == b->kind;
      PjExpr *k = pj_arena_alloc(c->arena, sizeof(PjExpr));
      k->kind = PJ_EX_BOOL;
      k->loc = e->loc;
      k->ival = op == PJ_CMP_IS ? same : !same;
      *slot = k;
      return pj_type_scalar(PJ_BOOL);
    }
    if ((op == PJ_CMP_IS || op == PJ_CMP_IS_NOT) && e->cmp.n == 1 && pj_type_is_scalar(a) && pj_type_is_scalar(b)) {
      /* numba's `is` of immutable values: `==` for one type (enum members too), False across types */
      if (pj_type_equal(a, b)) {
        e->cmp.ops[i] = op == PJ_CMP_IS ? PJ_CMP_EQ : PJ_CMP_NE;
        continue;
      }
      if (c->final) *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = e->loc, .ival = op == PJ_CMP_IS_NOT});
      return pj_type_scalar(PJ_BOOL);
    }
    if (op == PJ_CMP_IN || op == PJ_CMP_NOT_IN) {
      if (!pj_contains_ok(c, e->loc, op, a, b)) return NULL;
      continue;
    }
    if (op == PJ_CMP_IS || op == PJ_CMP_IS_NOT) {
      pj_err(c, e->loc, "the '%s' operator is not supported in kernels yet", pj_cmpop_text(op));
      return NULL;
    }
    if (a->kind == PJ_TY_TUPLE || b->kind == PJ_TY_TUPLE) {
      if (!pj_tuple_compare_ok(c, e->loc, op, a, b)) return NULL;
      continue;
    }
    if ((a->kind == PJ_TY_SCALAR && pj_dtype_is_fp8(a->dtype)) || (b->kind == PJ_TY_SCALAR && pj_dtype_is_fp8(b->dtype))) {
      pj_err(c, e->loc, "'%s' is not supported between %s and %s (convert fp8 values first: float32(x))", pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b));
      return NULL;
    }
    if (pj_type_is_chars(a) || pj_type_is_chars(b) || a->kind == PJ_TY_STRING || b->kind == PJ_TY_STRING) {
      if (!pj_chars_compare_ok(c, e->loc, op, a, b)) return NULL; /* frontend/strings.c */
      continue;
    }
    if ((pj_type_is_time(a) || pj_type_is_time(b)) && pj_type_is_scalar(a) && pj_type_is_scalar(b)) {
      if (!pj_time_compare_ok(c, e->loc, op, a, b)) return NULL; /* frontend/datetime.c */
      continue;
    }
    if ((pj_type_is_complex(a) || pj_type_is_complex(b)) && op != PJ_CMP_EQ && op != PJ_CMP_NE) {
      pj_err(c, e->loc, "'%s' is not supported between %s and %s", pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b));
      return NULL;
    }
    if (!pj_type_is_scalar(a) || !pj_type_is_scalar(b)) {
      pj_err(c, e->loc, "cannot compare %s and %s%s", pj_tn(c, a), pj_tn(c, b),
             a->kind == PJ_TY_NONE || b->kind == PJ_TY_NONE ? " (use 'is None')" : "");
      return NULL;
    }
  }
  if (!c->final) return pj_type_scalar(PJ_BOOL);
  /* each comparison happens in the pair's common type: keep the operand types and let the
   * backend convert per pair (an operand of a chain takes part in two comparisons) */
  return pj_type_scalar(PJ_BOOL);
}

static const PjType *pj_unify_or_fail(PjChecker *c, PjLoc loc, const PjType *a, const PjType *b, const char *what) {
  const PjType *u = pj_type_unify(c->arena, a, b);
  if (!u) pj_err(c, loc, "cannot unify %s and %s in %s", pj_tn(c, a), pj_tn(c, b), what);
  return u;
}

const PjType *pj_type_boolop(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *l = pj_expr_type(c, &e->boolop.l), *r = pj_expr_type(c, &e->boolop.r);
  if (!l || !r || !pj_truth_ok(c, e->boolop.l) || !pj_truth_ok(c, e->boolop.r)) return NULL;
  const PjType *u = pj_unify_or_fail(c, e->loc, l, r, e->boolop.is_and ? "'and'" : "'or'");
  if (!u) return NULL;
  pj_coerce(c, &e->boolop.l, u);
  pj_coerce(c, &e->boolop.r, u);
  return u;
}

const PjType *pj_type_ifexp(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *ct = pj_condition_type(c, &e->ifexp.cond);
  const PjType *a = pj_expr_type(c, &e->ifexp.then), *b = pj_expr_type(c, &e->ifexp.orelse);
  if (!ct || !a || !b) return NULL;
  const PjType *u = pj_unify_or_fail(c, e->loc, a, b, "a conditional expression");
  if (!u) return NULL;
  pj_coerce(c, &e->ifexp.then, u);
  pj_coerce(c, &e->ifexp.orelse, u);
  return u;
}

