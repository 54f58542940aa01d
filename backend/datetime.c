/* datetime64 and timedelta64 in generated code (backend/codegen.h), with numba's semantics (its
 * np/npdatetime.py): values are int64 counts of their unit, NaT the minimum int64; arithmetic and
 * comparisons bring both operands to one unit first (a datetime of years or months through its
 * day number), and an operation with NaT gives NaT (a comparison: false, != true). Everything is
 * straight-line code with selects: nothing divides by zero or overflows a division even where the
 * select throws the result away. */
#include "backend/codegen.h"

#include "ir/datetime.h"

typedef LLVMValueRef V;

static V pj_k(PjCg *g, int64_t v) { return LLVMConstInt(pj_cg_i64(g), (unsigned long long)v, 1); }

static V pj_not_nat(PjCg *g, V v) { return LLVMBuildICmp(g->b, LLVMIntNE, v, pj_k(g, PJ_NAT), ""); }

static V pj_scale(PjCg *g, V v, int64_t factor) { return factor == 1 ? v : LLVMBuildMul(g->b, v, pj_k(g, factor), ""); }

/* Floor division by a positive constant (Python's //), and its remainder. */
static V pj_floordiv_k(PjCg *g, V v, int64_t k, V *rem) {
  V q = LLVMBuildSDiv(g->b, v, pj_k(g, k), ""), r = LLVMBuildSRem(g->b, v, pj_k(g, k), "");
  V neg = LLVMBuildICmp(g->b, LLVMIntSLT, r, pj_k(g, 0), "");
  if (rem) *rem = LLVMBuildSelect(g->b, neg, LLVMBuildAdd(g->b, r, pj_k(g, k), ""), r, "");
  return LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, q, pj_k(g, 1), ""), q, "");
}

/* Whether year (counted from 1970) is a leap year of the Gregorian calendar. */
static V pj_leap(PjCg *g, V year) {
  V y = LLVMBuildAdd(g->b, year, pj_k(g, 1970), "");
  V by4 = LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildAnd(g->b, y, pj_k(g, 3), ""), pj_k(g, 0), "");
  V not100 = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildSRem(g->b, y, pj_k(g, 100), ""), pj_k(g, 0), "");
  V by400 = LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildSRem(g->b, y, pj_k(g, 400), ""), pj_k(g, 0), "");
  return LLVMBuildAnd(g->b, by4, LLVMBuildOr(g->b, not100, by400, ""), "");
}

/* The day number (from 1970-01-01) of January 1st of a year counted from 1970: 365 a year and one
 * more for each leap year between, the leap years counted from the nearest century boundaries
 * (NumPy's get_datetimestruct_days, which numba follows). */
static V pj_year_days(PjCg *g, V year) {
  V days = LLVMBuildMul(g->b, year, pj_k(g, 365), "");
  /* from 1970 on: leap days of 1972, 1976, ... before this year, less centuries, plus 400s */
  V a = LLVMBuildAdd(g->b, year, pj_k(g, 1), ""); /* years since 1968, this one excluded */
  V c = LLVMBuildAdd(g->b, a, pj_k(g, 68), "");   /* since 1900 */
  V q = LLVMBuildAdd(g->b, c, pj_k(g, 300), "");  /* since 1600 */
  V after = LLVMBuildAdd(g->b, days, LLVMBuildSDiv(g->b, a, pj_k(g, 4), ""), "");
  after = LLVMBuildSub(g->b, after, LLVMBuildSDiv(g->b, c, pj_k(g, 100), ""), "");
  after = LLVMBuildAdd(g->b, after, LLVMBuildSDiv(g->b, q, pj_k(g, 400), ""), "");
  /* before 1970: the leap days from this year to 1972, back from the century 2000 */
  V b = LLVMBuildSub(g->b, year, pj_k(g, 2), "");  /* years to 1972 (negative) */
  V d = LLVMBuildSub(g->b, b, pj_k(g, 28), "");    /* to 2000 */
  V before = LLVMBuildAdd(g->b, days, LLVMBuildSDiv(g->b, b, pj_k(g, 4), ""), "");
  before = LLVMBuildSub(g->b, before, LLVMBuildSDiv(g->b, d, pj_k(g, 100), ""), "");
  before = LLVMBuildAdd(g->b, before, LLVMBuildSDiv(g->b, d, pj_k(g, 400), ""), "");
  return LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, year, pj_k(g, 0), ""), before, after, "");
}

/* The days of a year before month m (0..11), one more from March on in a leap year. */
static V pj_month_days(PjCg *g, V m, V leap) {
  static const int64_t acc[12] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
  V r = pj_k(g, acc[0]);
  for (int i = 1; i < 12; i++)
    r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, m, pj_k(g, i), ""), pj_k(g, acc[i]), r, "");
  V march = LLVMBuildICmp(g->b, LLVMIntSGE, m, pj_k(g, 2), "");
  return LLVMBuildAdd(g->b, r, LLVMBuildZExt(g->b, LLVMBuildAnd(g->b, march, leap, ""), pj_cg_i64(g), ""), "");
}

/* A datetime of unit `from` as a count of unit `to` (to is `from` or finer, as typing chose): years
 * and months become days (or weeks) through the calendar, then an integer factor. */
static V pj_datetime_to(PjCg *g, V v, int from, int to) {
  if (from <= PJ_UNIT_M && to >= PJ_UNIT_W && to != PJ_UNIT_GENERIC) {
    V days;
    if (from == PJ_UNIT_Y) {
      days = pj_year_days(g, v);
    } else {
      V month, year = pj_floordiv_k(g, v, 12, &month);
      days = LLVMBuildAdd(g->b, pj_year_days(g, year), pj_month_days(g, month, pj_leap(g, year)), "");
    }
    if (to == PJ_UNIT_W) return pj_floordiv_k(g, days, 7, NULL);
    v = days;
    from = PJ_UNIT_D;
  }
  int64_t f = pj_unit_factor(from, to);
  return pj_scale(g, v, f ? f : 1);
}

static V pj_timedelta_to(PjCg *g, V v, int from, int to) {
  int64_t f = pj_unit_factor(from, to);
  return pj_scale(g, v, f ? f : 1);
}

/* Two timedeltas in one unit: the coarser one scaled to the finer. */
static void pj_timedelta_pair(PjCg *g, V *a, int au, V *b, int bu) {
  if (pj_unit_factor(au, bu)) *a = pj_timedelta_to(g, *a, au, bu);
  else *b = pj_timedelta_to(g, *b, bu, au);
}

/* A float count as a timedelta: truncated toward zero; NaN and counts beyond int64 are NaT. */
static V pj_float_to_timedelta(PjCg *g, V x) {
  LLVMTypeRef ft = LLVMTypeOf(x);
  LLVMTypeRef ov[1] = {ft};
  V mag = pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &x, 1);
  V ok = LLVMBuildFCmp(g->b, LLVMRealOLT, mag, LLVMConstReal(ft, 9223372036854775808.0), ""); /* false for NaN */
  V safe = LLVMBuildSelect(g->b, ok, x, LLVMConstReal(ft, 0), "");
  return LLVMBuildSelect(g->b, ok, LLVMBuildFPToSI(g->b, safe, pj_cg_i64(g), ""), pj_k(g, PJ_NAT), "");
}

LLVMValueRef pj_cg_time_binary(PjCg *g, const PjExpr *e, LLVMValueRef a, LLVMValueRef b) {
  const PjType *lt = e->bin.l->type, *rt = e->bin.r->type;
  PjDtype l = lt->dtype, r = rt->dtype, res = e->type->dtype;
  int lu = pj_dtype_unit(l), ru = pj_dtype_unit(r), u = pj_dtype_unit(res);
  V nat = pj_k(g, PJ_NAT);
  switch (e->bin.op) {
  case PJ_OP_ADD:
  case PJ_OP_SUB: {
    V ok = LLVMBuildAnd(g->b, pj_not_nat(g, a), pj_not_nat(g, b), "");
    V x, y;
    if (pj_dtype_is_datetime(res)) { /* datetime +- timedelta, timedelta + datetime */
      bool ldt = pj_dtype_is_datetime(l);
      x = ldt ? pj_datetime_to(g, a, lu, u) : pj_timedelta_to(g, a, lu, u);
      y = ldt ? pj_timedelta_to(g, b, ru, u) : pj_datetime_to(g, b, ru, u);
    } else if (pj_dtype_is_datetime(l)) { /* datetime - datetime */
      x = pj_datetime_to(g, a, lu, u);
      y = pj_datetime_to(g, b, ru, u);
    } else {
      x = pj_timedelta_to(g, a, lu, u);
      y = pj_timedelta_to(g, b, ru, u);
    }
    V v = e->bin.op == PJ_OP_ADD ? LLVMBuildAdd(g->b, x, y, "") : LLVMBuildSub(g->b, x, y, "");
    return LLVMBuildSelect(g->b, ok, v, nat, "");
  }
  case PJ_OP_MUL: {
    bool ltd = pj_dtype_is_timedelta(l);
    V td = ltd ? a : b, n = ltd ? b : a;
    PjDtype nd = ltd ? r : l;
    V v = pj_dtype_is_float(nd) ? pj_float_to_timedelta(g, LLVMBuildFMul(g->b, LLVMBuildSIToFP(g->b, td, LLVMTypeOf(n), ""), n, ""))
                                : LLVMBuildMul(g->b, td, n, "");
    return LLVMBuildSelect(g->b, pj_not_nat(g, td), v, nat, "");
  }
  case PJ_OP_DIV:
  case PJ_OP_FLOORDIV: {
    if (pj_dtype_is_timedelta(r)) { /* timedelta / timedelta: float64 */
      V ok = LLVMBuildAnd(g->b, pj_not_nat(g, a), pj_not_nat(g, b), "");
      V x = a, y = b;
      pj_timedelta_pair(g, &x, lu, &y, ru);
      LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx);
      if (e->bin.op == PJ_OP_DIV) {
        V q = LLVMBuildFDiv(g->b, LLVMBuildSIToFP(g->b, x, f64, ""), LLVMBuildSIToFP(g->b, y, f64, ""), "");
        return LLVMBuildSelect(g->b, ok, q, LLVMConstReal(f64, __builtin_nan("")), "");
      }
      /* the floor of the quotient (NumPy's); 0 for NaT or a zero divisor, as numba */
      V zero = LLVMBuildICmp(g->b, LLVMIntEQ, y, pj_k(g, 0), "");
      V minus1 = LLVMBuildICmp(g->b, LLVMIntEQ, y, pj_k(g, -1), "");
      V safe = LLVMBuildSelect(g->b, LLVMBuildOr(g->b, zero, minus1, ""), pj_k(g, 1), y, "");
      V q = LLVMBuildSDiv(g->b, x, safe, ""), rem = LLVMBuildSRem(g->b, x, safe, "");
      V adjust = LLVMBuildAnd(g->b, LLVMBuildICmp(g->b, LLVMIntNE, rem, pj_k(g, 0), ""),
                              LLVMBuildICmp(g->b, LLVMIntSLT, LLVMBuildXor(g->b, rem, safe, ""), pj_k(g, 0), ""), "");
      q = LLVMBuildSub(g->b, q, LLVMBuildZExt(g->b, adjust, pj_cg_i64(g), ""), "");
      q = LLVMBuildSelect(g->b, minus1, LLVMBuildNeg(g->b, x, ""), q, "");
      V fq = LLVMBuildSIToFP(g->b, q, f64, "");
      return LLVMBuildSelect(g->b, LLVMBuildAnd(g->b, ok, LLVMBuildNot(g->b, zero, ""), ""), fq, LLVMConstReal(f64, 0), "");
    }
    if (pj_dtype_is_float(r)) { /* timedelta / float: NaT for NaT, a zero or a NaN divisor */
      LLVMTypeRef ft = LLVMTypeOf(b);
      V good = LLVMBuildFCmp(g->b, LLVMRealONE, b, LLVMConstReal(ft, 0), ""); /* neither 0 nor NaN */
      V v = pj_float_to_timedelta(g, LLVMBuildFDiv(g->b, LLVMBuildSIToFP(g->b, a, ft, ""), b, ""));
      return LLVMBuildSelect(g->b, LLVMBuildAnd(g->b, good, pj_not_nat(g, a), ""), v, nat, "");
    }
    /* timedelta / integer (int64): truncated toward zero, as NumPy and numba; NaT for 0 */
    V ok = LLVMBuildAnd(g->b, pj_not_nat(g, a), LLVMBuildICmp(g->b, LLVMIntNE, b, pj_k(g, 0), ""), "");
    V safe = LLVMBuildSelect(g->b, ok, b, pj_k(g, 1), ""); /* NaT / -1 would overflow */
    return LLVMBuildSelect(g->b, ok, LLVMBuildSDiv(g->b, a, safe, ""), nat, "");
  }
  default: return LLVMGetUndef(pj_cg_type(g, e->type)); /* the type checker allows nothing else */
  }
}

LLVMValueRef pj_cg_time_compare(PjCg *g, PjCmpOp op, LLVMValueRef a, PjDtype ad, LLVMValueRef b, PjDtype bd) {
  int au = pj_dtype_unit(ad), bu = pj_dtype_unit(bd);
  V ok = LLVMBuildAnd(g->b, pj_not_nat(g, a), pj_not_nat(g, b), "");
  if (pj_dtype_is_datetime(ad)) {
    int u = pj_unit_best(au, bu);
    a = pj_datetime_to(g, a, au, u);
    b = pj_datetime_to(g, b, bu, u);
  } else {
    pj_timedelta_pair(g, &a, au, &b, bu);
  }
  static const LLVMIntPredicate sp[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
  V c = LLVMBuildICmp(g->b, sp[op], a, b, "");
  /* NaT: every comparison false, != true */
  V when_nat = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), op == PJ_CMP_NE, 0);
  return LLVMBuildSelect(g->b, ok, c, when_nat, "");
}
