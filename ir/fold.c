/* Compile-time values (ir/fold.h). */
#include "ir/fold.h"

#include <math.h>

#include "ir/half.h"

static int64_t pj_floordiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a % b < 0) != (b < 0))); }

static bool pj_int_pow(int64_t a, int64_t b, int64_t *out) {
  if (b < 0) return false;
  if (a == 0 || a == 1) {
    *out = b == 0 ? 1 : a;
    return true;
  }
  if (a == -1) {
    *out = b % 2 ? -1 : 1;
    return true;
  }
  int64_t r = 1;
  for (int64_t k = 0; k < b; k++) /* |a| >= 2: at most 63 steps before an overflow */
    if (__builtin_mul_overflow(r, a, &r)) return false;
  *out = r;
  return true;
}

bool pj_fold_int(PjBinOp op, int64_t a, int64_t b, int64_t *out) {
  switch (op) {
  case PJ_OP_ADD: return !__builtin_add_overflow(a, b, out);
  case PJ_OP_SUB: return !__builtin_sub_overflow(a, b, out);
  case PJ_OP_MUL: return !__builtin_mul_overflow(a, b, out);
  case PJ_OP_FLOORDIV: case PJ_OP_MOD:
    if (b == 0 || (a == INT64_MIN && b == -1)) return false;
    *out = op == PJ_OP_FLOORDIV ? pj_floordiv(a, b) : a - pj_floordiv(a, b) * b;
    return true;
  case PJ_OP_POW: return pj_int_pow(a, b, out);
  case PJ_OP_LSHIFT:
    if (b < 0 || b > 62 || (a << b) >> b != a) return false;
    *out = a << b;
    return true;
  case PJ_OP_RSHIFT:
    if (b < 0) return false;
    *out = b > 63 ? (a < 0 ? -1 : 0) : a >> b;
    return true;
  case PJ_OP_BITAND: *out = a & b; return true;
  case PJ_OP_BITOR: *out = a | b; return true;
  case PJ_OP_BITXOR: *out = a ^ b; return true;
  default: return false;
  }
}

void pj_const_convert(PjDtype d, bool is_float, int64_t i, double f, int64_t *oi, double *of) {
  /* a float given to an integer dtype truncates toward zero, as np.int32(2.7) does */
  int64_t v = is_float ? (isfinite(f) && fabs(f) < 9.2e18 ? (int64_t)f : 0) : i;
  double x = is_float ? f : (double)i;
  *oi = 0;
  *of = 0;
  switch (d) {
  case PJ_BOOL: *oi = is_float ? f != 0 : i != 0; break;
  case PJ_INT8: *oi = (int8_t)v; break;
  case PJ_INT16: *oi = (int16_t)v; break;
  case PJ_INT32: *oi = (int32_t)v; break;
  case PJ_INT64: case PJ_UINT64: *oi = v; break;
  case PJ_UINT8: *oi = (uint8_t)v; break;
  case PJ_UINT16: *oi = (uint16_t)v; break;
  case PJ_UINT32: *oi = (uint32_t)v; break;
  case PJ_FLOAT16: *of = pj_half_to_double(pj_half_from_double(x)); break;
  case PJ_BFLOAT16: *of = pj_bf16_to_double(pj_bf16_from_double(x)); break;
  case PJ_FLOAT32: case PJ_COMPLEX64: *of = (double)(float)x; break;
  default:
    if (pj_dtype_unit(d) >= 0) *oi = v; /* datetime64, timedelta64: the count */
    else *of = x;
    break;
  }
}

PjExpr *pj_typed_const(PjArena *a, PjLoc loc, PjDtype d, bool is_float, int64_t i, double f) {
  PjExpr *lit = pj_arena_alloc(a, sizeof(PjExpr));
  PjExpr *cast = pj_arena_alloc(a, sizeof(PjExpr));
  int64_t vi;
  double vf;
  pj_const_convert(d, is_float, i, f, &vi, &vf);
  lit->loc = cast->loc = loc;
  if (pj_dtype_is_float(d) || pj_dtype_is_complex(d)) {
    lit->kind = PJ_EX_FLOAT;
    lit->fval = vf;
    lit->type = pj_type_scalar(PJ_FLOAT64);
  } else {
    lit->kind = PJ_EX_INT;
    lit->ival = vi;
    lit->big = d == PJ_UINT64 && vi < 0; /* [2**63, 2**64): the literal numba types uint64 */
    lit->type = pj_type_scalar(lit->big ? PJ_UINT64 : PJ_INT64);
  }
  cast->kind = PJ_EX_CAST;
  cast->type = pj_type_scalar(d);
  cast->cast.x = lit;
  return cast;
}

bool pj_is_typed_const(const PjExpr *e) {
  return e->kind == PJ_EX_CAST && e->type && (e->cast.x->kind == PJ_EX_INT || e->cast.x->kind == PJ_EX_FLOAT) &&
         e->cast.x->type;
}

bool pj_const_int(const PjExpr *e, int64_t *out) {
  if ((e->kind == PJ_EX_INT && !e->big) || e->kind == PJ_EX_BOOL) {
    *out = e->ival;
    return true;
  }
  if (pj_is_typed_const(e) && e->cast.x->kind == PJ_EX_INT && !e->cast.x->big && e->type->kind == PJ_TY_SCALAR &&
      !pj_dtype_is_float(e->type->dtype) && !pj_dtype_is_complex(e->type->dtype) && !pj_dtype_is_fp8(e->type->dtype) &&
      pj_dtype_unit(e->type->dtype) < 0) {
    double unused;
    pj_const_convert(e->type->dtype, false, e->cast.x->ival, 0, out, &unused); /* any cast of a literal */
    return e->type->dtype != PJ_UINT64 || *out >= 0;
  }
  return false;
}
