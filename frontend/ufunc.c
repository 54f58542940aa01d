/* NumPy ufuncs in kernels beyond a call on numbers (frontend/checker.h).
 *
 * - The ufuncs that are operators (np.add, np.bitwise_and, np.less, np.logical_xor, np.maximum,
 *   ...) are written as the operator on their arguments and typed as that: numba's typing of
 *   the operator is NumPy's loop selection for these.
 * - A ufunc given arrays writes into an output array, as numba-cuda does in kernels:
 *   `np.sin(x, out)`, `np.add(a, b, out)`, with inputs that are numbers or arrays broadcast to
 *   out's shape (NumPy's rules: trailing axes line up, an axis of extent 1 repeats). The call
 *   becomes one PJ_LOWER_ELEMENTWISE builtin: the inputs, out, and the ufunc applied to hidden
 *   variables that hold one element of each input (typed by the usual scalar rules); its value
 *   is out. A kernel cannot allocate, so a ufunc on arrays without an output array is an error. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

static bool pj_is_array(const PjType *t) { return t && t->kind == PJ_TY_ARRAY; }

bool pj_is_ufunc(int id) {
  if (id < 0 || pj_builtins[id].form != PJ_FORM_CALL || strncmp(pj_builtins[id].name, "numpy.", 6) != 0) return false;
  switch (pj_builtins[id].typing) {
  case PJ_TYPING_UFUNC: case PJ_TYPING_UFUNC_OP: case PJ_TYPING_ABS: case PJ_TYPING_PREDICATE: return true;
  default: return false;
  }
}

bool pj_ufunc_needs_rewrite(int id, PjExpr **args, int nargs) {
  if (pj_builtins[id].typing == PJ_TYPING_UFUNC_OP) return true;
  for (int i = 0; i < nargs; i++)
    if (pj_is_array(args[i]->type)) return true;
  return nargs == pj_builtins[id].max_args + 1;
}

/* An expression that is already typed, shielded from being typed again. */
static PjExpr *pj_typed(PjChecker *c, PjExpr *x) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_CAST, .loc = x->loc, .type = x->type, .cast = {x}});
}

static PjExpr *pj_unary(PjChecker *c, PjUnOp op, PjExpr *x, PjLoc loc) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_UNARY, .loc = loc, .un = {op, x}});
}

static PjExpr *pj_binary(PjChecker *c, PjBinOp op, PjExpr *l, PjExpr *r, PjLoc loc) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_BINARY, .loc = loc, .bin = {op, l, r}});
}

static PjExpr *pj_compare(PjChecker *c, PjCmpOp op, PjExpr *l, PjExpr *r, PjLoc loc) {
  PjExpr **operands = pj_arena_alloc(c->arena, 2 * sizeof(PjExpr *));
  PjCmpOp *ops = pj_arena_alloc(c->arena, sizeof(PjCmpOp));
  operands[0] = l;
  operands[1] = r;
  ops[0] = op;
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_COMPARE, .loc = loc, .cmp = {operands, ops, 1}});
}

static PjExpr *pj_part(PjChecker *c, PjExpr *x, const char *part) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_ATTR, .loc = x->loc, .attr = {x, part, x->loc}});
}

static PjExpr *pj_boolop(PjChecker *c, bool is_and, PjExpr *l, PjExpr *r, PjLoc loc) {
  return pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOLOP, .loc = loc, .boolop = {is_and, l, r}});
}

/* x op y for an ordering; complex numbers in NumPy's order: by real part, then imaginary part */
static PjExpr *pj_order(PjChecker *c, PjCmpOp op, PjExpr *x, PjExpr *y, PjLoc loc) {
  bool cx = (x->type && pj_type_is_complex(x->type)) || (y->type && pj_type_is_complex(y->type));
  if (!cx) return pj_compare(c, op, x, y, loc);
  PjCmpOp strict = op == PJ_CMP_LE ? PJ_CMP_LT : op == PJ_CMP_GE ? PJ_CMP_GT : op;
  PjExpr *first = pj_compare(c, strict, pj_part(c, x, "real"), pj_part(c, y, "real"), loc);
  PjExpr *tie = pj_compare(c, PJ_CMP_EQ, pj_part(c, x, "real"), pj_part(c, y, "real"), loc);
  PjExpr *second = pj_compare(c, op, pj_part(c, x, "imag"), pj_part(c, y, "imag"), loc);
  return pj_boolop(c, false, first, pj_boolop(c, true, tie, second, loc), loc);
}

/* x as a bool: `not not x` */
static PjExpr *pj_truth(PjChecker *c, PjExpr *x, PjLoc loc) {
  return pj_unary(c, PJ_UN_NOT, pj_unary(c, PJ_UN_NOT, x, loc), loc);
}

/* The operator a UFUNC_OP row stands for, over x (and y). a and b may be read twice
 * (maximum: `a if a >= b or a != a else b`), so they are names or shielded typed values. */
static PjExpr *pj_operator_of(PjChecker *c, PjUfuncOp op, PjExpr *x, PjExpr *y, PjLoc loc) {
  static const PjBinOp bins[] = {[PJ_UF_ADD] = PJ_OP_ADD, [PJ_UF_SUB] = PJ_OP_SUB, [PJ_UF_MUL] = PJ_OP_MUL,
                                 [PJ_UF_TRUEDIV] = PJ_OP_DIV, [PJ_UF_FLOORDIV] = PJ_OP_FLOORDIV,
                                 [PJ_UF_MOD] = PJ_OP_MOD, [PJ_UF_POW] = PJ_OP_POW, [PJ_UF_LSHIFT] = PJ_OP_LSHIFT,
                                 [PJ_UF_RSHIFT] = PJ_OP_RSHIFT, [PJ_UF_BITAND] = PJ_OP_BITAND,
                                 [PJ_UF_BITOR] = PJ_OP_BITOR, [PJ_UF_BITXOR] = PJ_OP_BITXOR};
  switch (op) {
  case PJ_UF_INVERT: return pj_unary(c, PJ_UN_INVERT, x, loc);
  case PJ_UF_NEG: return pj_unary(c, PJ_UN_NEG, x, loc);
  case PJ_UF_POS: return pj_unary(c, PJ_UN_POS, x, loc);
  case PJ_UF_SQUARE: return pj_binary(c, PJ_OP_MUL, x, x, loc);
  case PJ_UF_EQ: return pj_compare(c, PJ_CMP_EQ, x, y, loc);
  case PJ_UF_NE: return pj_compare(c, PJ_CMP_NE, x, y, loc);
  case PJ_UF_LT: return pj_order(c, PJ_CMP_LT, x, y, loc);
  case PJ_UF_LE: return pj_order(c, PJ_CMP_LE, x, y, loc);
  case PJ_UF_GT: return pj_order(c, PJ_CMP_GT, x, y, loc);
  case PJ_UF_GE: return pj_order(c, PJ_CMP_GE, x, y, loc);
  case PJ_UF_LAND: return pj_binary(c, PJ_OP_BITAND, pj_truth(c, x, loc), pj_truth(c, y, loc), loc);
  case PJ_UF_LOR: return pj_binary(c, PJ_OP_BITOR, pj_truth(c, x, loc), pj_truth(c, y, loc), loc);
  case PJ_UF_LXOR: return pj_compare(c, PJ_CMP_NE, pj_truth(c, x, loc), pj_truth(c, y, loc), loc);
  case PJ_UF_LNOT: return pj_unary(c, PJ_UN_NOT, x, loc);
  case PJ_UF_MAXIMUM: case PJ_UF_MINIMUM: case PJ_UF_FMAX: case PJ_UF_FMIN: {
    /* maximum/minimum: a NaN on either side wins; fmax/fmin: a NaN yields to the other side */
    bool max = op == PJ_UF_MAXIMUM || op == PJ_UF_FMAX, nan_wins = op == PJ_UF_MAXIMUM || op == PJ_UF_MINIMUM;
    PjExpr *better = pj_order(c, max ? PJ_CMP_GE : PJ_CMP_LE, x, y, loc);
    PjExpr *nan = nan_wins ? pj_compare(c, PJ_CMP_NE, x, x, loc) : pj_compare(c, PJ_CMP_NE, y, y, loc);
    PjExpr *cond = pj_boolop(c, false, better, nan, loc);
    return pj_new_expr(c, (PjExpr){.kind = PJ_EX_IFEXP, .loc = loc, .ifexp = {cond, x, y}});
  }
  default: return pj_binary(c, bins[op], x, y, loc);
  }
}

/* The ufunc applied to scalar operands (names or shielded values): its operator, or a call of
 * its row through the callee as written. */
static PjExpr *pj_scalar_ufunc(PjChecker *c, const PjExpr *call, int id, PjExpr **operands, int n) {
  if (pj_builtins[id].typing == PJ_TYPING_UFUNC_OP)
    return pj_operator_of(c, (PjUfuncOp)pj_builtins[id].dim, operands[0], n > 1 ? operands[1] : NULL, call->loc);
  PjExpr *e = pj_new_expr(c, (PjExpr){.kind = PJ_EX_CALL, .loc = call->loc});
  e->call.fn = call->call.fn;
  e->call.args = operands;
  e->call.nargs = n;
  return e;
}

int pj_ufunc_on_complex(PjChecker *c, PjExpr *call, int id) {
  static const char *const pairs[][2] = {
      {"numpy.sin", "cmath.sin"},       {"numpy.cos", "cmath.cos"},       {"numpy.tan", "cmath.tan"},
      {"numpy.arcsin", "cmath.asin"},   {"numpy.arccos", "cmath.acos"},   {"numpy.arctan", "cmath.atan"},
      {"numpy.sinh", "cmath.sinh"},     {"numpy.cosh", "cmath.cosh"},     {"numpy.tanh", "cmath.tanh"},
      {"numpy.arcsinh", "cmath.asinh"}, {"numpy.arccosh", "cmath.acosh"}, {"numpy.arctanh", "cmath.atanh"},
      {"numpy.exp", "cmath.exp"},       {"numpy.log", "cmath.log"},       {"numpy.log10", "cmath.log10"},
      {"numpy.sqrt", "cmath.sqrt"},     {"numpy.log2", "$cmath.log2"},
  };
  if (pj_builtins[id].typing != PJ_TYPING_UFUNC) return id;
  bool cx = false;
  for (int i = 0; i < call->call.nargs; i++) cx = cx || (call->call.args[i]->type && pj_type_is_complex(call->call.args[i]->type));
  if (!cx) return id;
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
    if (strcmp(pj_builtins[id].name, pairs[k][0]) != 0) continue;
    return pj_builtin_lookup(pairs[k][1]);
  }
  return id;
}

const PjType *pj_type_ufunc(PjChecker *c, PjExpr **slot, int id) {
  PjExpr *e = *slot;
  const PjBuiltin *b = &pj_builtins[id];
  int nin = b->max_args, n = e->call.nargs;
  PjExpr **args = e->call.args;
  if (n != nin && n != nin + 1) {
    pj_err(c, e->loc, "%s() takes %d input%s and an optional output array, got %d arguments", b->name, nin,
           nin == 1 ? "" : "s", n);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    const PjType *t = args[i]->type;
    if (!pj_is_array(t) && !pj_type_is_scalar(t)) {
      pj_err(c, args[i]->loc, "%s() takes numbers and arrays, not %s", b->name, pj_tn(c, t));
      return NULL;
    }
  }
  if (n == nin) {
    for (int i = 0; i < n; i++)
      if (pj_is_array(args[i]->type)) {
        pj_err(c, e->loc, "%s() of an array needs an output array in kernels (a kernel cannot allocate one): "
               "%s(..., out)", b->name, b->name);
        return NULL;
      }
    /* a ufunc on numbers: operands that are not plain names or literals are computed once, into
     * hidden variables ($let), since the operator may read them twice (np.maximum, np.square) */
    PjExpr **ops = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)n);
    PjExpr *vals[8], *vars[8];
    int nlet = 0;
    for (int i = 0; i < n; i++) {
      PjExpr *a = args[i];
      bool plain = (a->kind == PJ_EX_NAME && a->name.var >= 0) || a->kind == PJ_EX_INT || a->kind == PJ_EX_FLOAT ||
                   a->kind == PJ_EX_BOOL;
      ops[i] = plain ? a : pj_typed(c, a);
      if (plain || !c->final) continue;
      ops[i] = pj_new_var(c, "ufunc.arg", a->loc);
      ops[i]->type = c->f->vars[ops[i]->name.var].type = a->type;
      vals[nlet] = a;
      vars[nlet++] = ops[i];
    }
    PjExpr *x = pj_scalar_ufunc(c, e, id, ops, n);
    const PjType *t = pj_expr_type(c, &x);
    if (!t || !c->final) return t;
    if (!nlet) {
      *slot = x;
      return t;
    }
    PjExpr **lets = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(2 * nlet + 1));
    for (int j = 0; j < nlet; j++) {
      lets[j] = vals[j];
      lets[nlet + 1 + j] = vars[j];
    }
    lets[nlet] = x;
    PjExpr *let = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = e->loc, .type = t});
    let->builtin.id = PJ_BI_LET;
    let->builtin.args = lets;
    let->builtin.nargs = 2 * nlet + 1;
    *slot = let;
    return t;
  }
  PjExpr *out = args[nin];
  const PjType *ot = out->type;
  if (!pj_is_array(ot) || ot->readonly) {
    pj_err(c, out->loc, "the output of %s() must be a writable array, not %s", b->name, pj_tn(c, ot));
    return NULL;
  }
  for (int i = 0; i < nin; i++)
    if (pj_is_array(args[i]->type) && args[i]->type->ndim > ot->ndim) {
      pj_err(c, args[i]->loc, "%s(): input %d has %d dimensions, more than the output array's %d", b->name, i + 1,
             args[i]->type->ndim, ot->ndim);
      return NULL;
    }
  if (!c->final) return ot; /* its value is out; the checking phase types the ufunc on the elements */
  /* one element of each input in a hidden variable; the ufunc over them */
  PjExpr **names = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)nin);
  for (int i = 0; i < nin; i++) {
    const PjType *t = args[i]->type;
    names[i] = pj_new_var(c, "ufunc.in", args[i]->loc);
    c->f->vars[names[i]->name.var].type = pj_is_array(t) ? pj_type_scalar(t->dtype) : t;
    names[i]->type = c->f->vars[names[i]->name.var].type;
  }
  PjExpr *elem = pj_scalar_ufunc(c, e, id, names, nin);
  const PjType *et = pj_expr_type(c, &elem);
  if (!et) return NULL;
  if (!pj_type_is_scalar(et)) {
    pj_err(c, e->loc, "%s() gives %s, which an array cannot hold", b->name, pj_tn(c, et));
    return NULL;
  }
  {
    pj_coerce(c, &elem, pj_type_scalar(ot->dtype));
    PjExpr **all = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(2 * nin + 2));
    for (int i = 0; i < nin; i++) {
      all[i] = args[i];
      all[nin + 2 + i] = names[i];
    }
    all[nin] = out;
    all[nin + 1] = elem;
    PjExpr *w = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = e->loc, .type = ot});
    w->builtin.id = PJ_BI_ELEMENTWISE;
    w->builtin.args = all;
    w->builtin.nargs = 2 * nin + 2;
    *slot = w;
  }
  return ot;
}
