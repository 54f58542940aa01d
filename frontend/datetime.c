/* datetime64 and timedelta64 values in kernels (frontend/checker.h), typed by numba's rules
 * (numba's typing/npdatetime.py): the arithmetic of datetimes and timedeltas and the unit of its
 * result, comparisons, the few builtins that take them (abs, int, np.int64(x)), and the
 * conversions numba refuses (no implicit conversion to another unit or to a number). The backend
 * lowers them in backend/datetime.c. */
#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "ir/datetime.h"
#include "stdlib/builtins.h"

bool pj_type_is_time(const PjType *t) { return pj_type_is_scalar(t) && pj_dtype_unit(t->dtype) >= 0; }

/* An integer or a float: what numba multiplies and divides a timedelta by (bool is neither). */
static bool pj_time_factor(const PjType *t) {
  return pj_type_is_scalar(t) && t->dtype != PJ_BOOL && pj_dtype_unit(t->dtype) < 0 && !pj_dtype_is_complex(t->dtype) &&
         !pj_dtype_is_fp8(t->dtype);
}

/* Two timedelta units numba orders and compares: one converts to the other exactly. */
static bool pj_units_meet(int a, int b) { return pj_unit_can_cast(a, b) || pj_unit_can_cast(b, a); }

static const PjType *pj_time_binop_fail(PjChecker *c, const PjExpr *e, const char *why) {
  pj_err(c, e->loc, "unsupported operand types for %s: %s and %s%s", pj_binop_text(e->bin.op), pj_tn(c, e->bin.l->type),
         pj_tn(c, e->bin.r->type), why);
  return NULL;
}

const PjType *pj_type_time_binary(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *lt = e->bin.l->type, *rt = e->bin.r->type;
  PjDtype l = lt->dtype, r = rt->dtype;
  int lu = pj_dtype_unit(l), ru = pj_dtype_unit(r);
  bool ldt = pj_dtype_is_datetime(l), ltd = pj_dtype_is_timedelta(l);
  bool rdt = pj_dtype_is_datetime(r), rtd = pj_dtype_is_timedelta(r);
  const char *units = " (their units do not convert to one another)";
  switch (e->bin.op) {
  case PJ_OP_ADD:
  case PJ_OP_SUB:
    if (ltd && rtd) { /* the unit the other converts to */
      if (pj_unit_can_cast(lu, ru)) return rt;
      if (pj_unit_can_cast(ru, lu)) return lt;
      return pj_time_binop_fail(c, e, units);
    }
    if ((ldt && rtd) || (ltd && rdt && e->bin.op == PJ_OP_ADD)) {
      int u = ldt ? pj_unit_combine(lu, ru) : pj_unit_combine(ru, lu);
      if (u < 0) return pj_time_binop_fail(c, e, " (a timedelta of years or months does not combine with a datetime of "
                                                 "weeks or finer units)");
      return pj_type_scalar(pj_dtype_datetime(u));
    }
    if (ldt && rdt && e->bin.op == PJ_OP_SUB) return pj_type_scalar(pj_dtype_timedelta(pj_unit_best(lu, ru)));
    break;
  case PJ_OP_MUL:
    if ((ltd && pj_time_factor(rt)) || (rtd && pj_time_factor(lt))) {
      PjExpr **num = ltd ? &e->bin.r : &e->bin.l; /* an integer as int64, as numba does */
      if (!pj_type_is_float((*num)->type)) pj_coerce(c, num, pj_type_scalar(PJ_INT64));
      return ltd ? lt : rt;
    }
    break;
  case PJ_OP_DIV:
  case PJ_OP_FLOORDIV:
    if (ltd && rtd) {
      if (!pj_units_meet(lu, ru)) return pj_time_binop_fail(c, e, units);
      return pj_type_scalar(PJ_FLOAT64); /* numba's type for both; // gives the floor */
    }
    if (ltd && pj_time_factor(rt)) {
      if (!pj_type_is_float(rt)) pj_coerce(c, &e->bin.r, pj_type_scalar(PJ_INT64));
      return lt;
    }
    break;
  default: break;
  }
  return pj_time_binop_fail(c, e, "");
}

const PjType *pj_type_time_unary(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const PjType *t = e->un.x->type;
  if (pj_dtype_is_timedelta(t->dtype) && (e->un.op == PJ_UN_NEG || e->un.op == PJ_UN_POS)) return t;
  static const char *const ops[] = {"-", "+", "~", "not"};
  pj_err(c, e->loc, "bad operand type for unary %s: %s", ops[e->un.op], pj_tn(c, t));
  return NULL;
}

bool pj_time_compare_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *a, const PjType *b) {
  PjDtype x = a->dtype, y = b->dtype;
  if (pj_dtype_is_datetime(x) && pj_dtype_is_datetime(y)) return true; /* any two units */
  if (pj_dtype_is_timedelta(x) && pj_dtype_is_timedelta(y)) {
    if (pj_units_meet(pj_dtype_unit(x), pj_dtype_unit(y))) return true;
    pj_err(c, loc, "'%s' is not supported between %s and %s (their units do not convert to one another)",
           pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b));
    return false;
  }
  pj_err(c, loc, "'%s' is not supported between %s and %s", pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b));
  return false;
}

/* The builtins whose arrays may hold datetimes: they move elements or read shapes, no arithmetic. */
static bool pj_time_array_ok(int id) {
  switch (pj_builtins[id].typing) {
  case PJ_TYPING_LEN: case PJ_TYPING_CACHE_LOAD: case PJ_TYPING_CACHE_STORE: case PJ_TYPING_CARRAY:
  case PJ_TYPING_FROM_BUFFER: case PJ_TYPING_ADDRESS: case PJ_TYPING_CONST_LIKE: return true;
  default: return false;
  }
}

bool pj_time_builtin_ok(PjChecker *c, const PjExpr *e, int id) {
  if (id == PJ_BI_NP_ISNAT && e->call.nargs == 1 && e->call.args[0]->type && !pj_type_is_time(e->call.args[0]->type)) {
    pj_err(c, e->call.args[0]->loc, "isnat() takes a datetime64 or timedelta64, not %s", pj_tn(c, e->call.args[0]->type));
    return false;
  }
  if (pj_builtins[id].typing == PJ_TYPING_MINMAX && e->call.nargs > 0 && pj_type_is_time(e->call.args[0]->type)) {
    /* min/max of datetimes (or of timedeltas) of one unit: numba unifies no two units */
    for (int i = 1; i < e->call.nargs; i++)
      if (!e->call.args[i]->type || e->call.args[i]->type->kind != PJ_TY_SCALAR ||
          e->call.args[i]->type->dtype != e->call.args[0]->type->dtype) {
        pj_err(c, e->loc, "%s() of %s and %s: numba takes datetime64 and timedelta64 values of one type and unit only",
               pj_builtins[id].name, pj_tn(c, e->call.args[0]->type), pj_tn(c, e->call.args[i]->type));
        return false;
      }
    return true;
  }
  for (int i = 0; i < e->call.nargs; i++) {
    const PjType *t = e->call.args[i]->type;
    if (!t) continue;
    if (t->kind == PJ_TY_ARRAY && !t->record && pj_dtype_unit(t->dtype) >= 0 && !pj_time_array_ok(id)) {
      pj_err(c, e->call.args[i]->loc, "%s() does not take %s (arrays of datetime64 and timedelta64 take part in "
             "no arithmetic but that of their elements; a.view(np.int64) gives their counts)", pj_builtins[id].name,
             pj_tn(c, t));
      return false;
    }
    if (!pj_type_is_time(t)) continue;
    PjTypingRule rule = pj_builtins[id].typing;
    if (rule == PJ_TYPING_ABS && pj_dtype_is_timedelta(t->dtype)) continue;
    if (rule == PJ_TYPING_CACHE_STORE || id == PJ_BI_NP_ISNAT) continue;
    if (id == PJ_BI_INT && (pj_dtype_is_timedelta(t->dtype) || pj_dtype_unit(t->dtype) == PJ_UNIT_ns)) continue;
    if (id == PJ_BI_INT) {
      pj_err(c, e->call.args[i]->loc, "Only datetime64[ns] can be converted, but got %s", pj_tn(c, t));
      return false;
    }
    pj_err(c, e->call.args[i]->loc, "%s() does not take %s (datetime64 and timedelta64 values take part in their "
           "arithmetic, comparisons, min(), max(), abs(), int() and np.isnat())", pj_builtins[id].name, pj_tn(c, t));
    return false;
  }
  return true;
}

const PjType *pj_time_call_type(const PjExpr *e, int id, const PjType *t) {
  if (id == PJ_BI_INT && e->call.nargs == 1 && pj_type_is_time(e->call.args[0]->type)) return pj_type_scalar(PJ_INT64);
  if (pj_builtins[id].typing == PJ_TYPING_ABS && e->call.nargs == 1 && pj_type_is_time(e->call.args[0]->type))
    return e->call.args[0]->type;
  return t;
}

bool pj_time_cast_ok(PjChecker *c, PjLoc loc, const PjType *from, PjDtype to, bool explicit_cast) {
  if (from->dtype == to || (pj_dtype_unit(from->dtype) < 0 && pj_dtype_unit(to) < 0)) return true;
  if (explicit_cast && pj_dtype_unit(from->dtype) >= 0 && pj_dtype_unit(to) < 0) {
    /* np.int64(d): the count, for a 64-bit integer type only */
    if (to == PJ_INT64 || to == PJ_UINT64) return true;
    if (pj_dtype_is_float(to) || pj_dtype_is_complex(to) || to == PJ_BOOL) {
      pj_err(c, loc, "Cannot cast %s to %s", pj_tn(c, from), pj_dtype_name(to));
      return false;
    }
    pj_err(c, loc, "Cannot cast %s to %s as %s is not 64 bits wide.", pj_tn(c, from), pj_dtype_name(to),
           pj_dtype_name(to));
    return false;
  }
  if (explicit_cast) {
    pj_err(c, loc, "%s(%s) is not supported in kernels (pass datetime64 and timedelta64 values in as arguments or "
           "globals)", pj_dtype_name(to), pj_tn(c, from));
    return false;
  }
  pj_err(c, loc, "cannot convert %s to %s implicitly: numba converts no datetime64 or timedelta64 value to another unit "
         "or to a number", pj_tn(c, from), pj_dtype_name(to));
  return false;
}
