/* The cmath module's functions on complex numbers, lowered to straight-line LLVM IR for both
 * targets. Every function is computed in double precision (a complex64 argument is widened, the
 * result narrowed at the end), so complex64 results are the correctly rounded double results.
 * The special values (infinities, NaNs, signed zeros, branch cuts) follow CPython's cmath module,
 * which follows C99 Annex G: each special case is a select over the finite-case value, so no
 * branches are emitted. The real functions come from the target's math library (libdevice on
 * NVPTX, libm on the host) through the code generator's math hook. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "backend/codegen.h"
#include "stdlib/builtins.h"

typedef LLVMValueRef V;
typedef struct { V re, im; } Cx;
typedef struct { PjCg *g; LLVMBuilderRef b; LLVMTypeRef t; } M;

static V k(M *m, double v) { return LLVMConstReal(m->t, v); }
static V add(M *m, V a, V b) { return LLVMBuildFAdd(m->b, a, b, ""); }
static V sub(M *m, V a, V b) { return LLVMBuildFSub(m->b, a, b, ""); }
static V mul(M *m, V a, V b) { return LLVMBuildFMul(m->b, a, b, ""); }
static V dvd(M *m, V a, V b) { return LLVMBuildFDiv(m->b, a, b, ""); }
static V neg(M *m, V a) { return LLVMBuildFNeg(m->b, a, ""); }
static V sel(M *m, V c, V a, V b) { return LLVMBuildSelect(m->b, c, a, b, ""); }
static Cx selz(M *m, V c, Cx a, Cx b) { return (Cx){sel(m, c, a.re, b.re), sel(m, c, a.im, b.im)}; }
static V and_(M *m, V a, V b) { return LLVMBuildAnd(m->b, a, b, ""); }
static V or_(M *m, V a, V b) { return LLVMBuildOr(m->b, a, b, ""); }
static V not_(M *m, V a) { return LLVMBuildNot(m->b, a, ""); }
static V cmp(M *m, LLVMRealPredicate p, V a, V b) { return LLVMBuildFCmp(m->b, p, a, b, ""); }
static V lt(M *m, V a, V b) { return cmp(m, LLVMRealOLT, a, b); }
static V gt(M *m, V a, V b) { return cmp(m, LLVMRealOGT, a, b); }
static V eq(M *m, V a, V b) { return cmp(m, LLVMRealOEQ, a, b); }
static V intr(M *m, const char *name, V *a, unsigned n) { return pj_cg_call_intrinsic(m->g, name, &m->t, 1, a, n); }
static V fabs_(M *m, V a) { return intr(m, "llvm.fabs", &a, 1); }
static V sqrt_(M *m, V a) { return intr(m, "llvm.sqrt", &a, 1); }
static V csign(M *m, V mag, V sign) { return intr(m, "llvm.copysign", (V[]){mag, sign}, 2); }
static V isnan_(M *m, V a) { return cmp(m, LLVMRealUNO, a, a); }
static V isinf_(M *m, V a) { return eq(m, fabs_(m, a), k(m, INFINITY)); }
static V isfin_(M *m, V a) { return lt(m, fabs_(m, a), k(m, INFINITY)); }
/* A double function of the math library: "cos" is __nv_cos on NVPTX, cos on the host. */
static V lib(M *m, const char *name, V a, V b) {
  char dev[32];
  snprintf(dev, sizeof dev, "__nv_%s", name);
  V args[2] = {a, b};
  return m->g->hooks->math(m->g, dev, name, PJ_FLOAT64, args, b ? 2 : 1);
}
static V f1(M *m, const char *name, V a) { return lib(m, name, a, NULL); }
static V f2(M *m, const char *name, V a, V b) { return lib(m, name, a, b); }

static const double E = 2.718281828459045, PI_2 = 1.5707963267948966;
static const double LN2 = 0.6931471805599453, LN4 = 1.3862943611198906, LN10 = 2.302585092994046;
/* exp(x) overflows above this; CPython scales by e there */
static const double LOG_LARGE = 708.3964185322641;

/* Complex division as CPython's: scaled by the larger part of the divisor (NaN when it has one). */
static Cx cdiv(M *m, Cx a, Cx b) {
  V big = cmp(m, LLVMRealOGE, fabs_(m, b.re), fabs_(m, b.im));
  V r1 = dvd(m, b.im, b.re), d1 = add(m, b.re, mul(m, b.im, r1));
  V r2 = dvd(m, b.re, b.im), d2 = add(m, mul(m, b.re, r2), b.im);
  Cx q1 = {dvd(m, add(m, a.re, mul(m, a.im, r1)), d1), dvd(m, sub(m, a.im, mul(m, a.re, r1)), d1)};
  Cx q2 = {dvd(m, add(m, mul(m, a.re, r2), a.im), d2), dvd(m, sub(m, mul(m, a.im, r2), a.re), d2)};
  return selz(m, big, q1, q2);
}

static Cx cexp_(M *m, V x, V y) {
  V c = f1(m, "cos", y), s = f1(m, "sin", y);
  V large = gt(m, x, k(m, LOG_LARGE)); /* exp(x - 1) * e keeps the finite results of large x */
  V r = f1(m, "exp", sel(m, large, sub(m, x, k(m, 1.0)), x));
  Cx fin = {mul(m, r, c), mul(m, r, s)};
  fin = selz(m, large, (Cx){mul(m, fin.re, k(m, E)), mul(m, fin.im, k(m, E))}, fin);
  V nan = k(m, NAN), zero = k(m, 0.0);
  V yfin = isfin_(m, y), xinf = isinf_(m, x), xpos = gt(m, x, zero);
  /* +inf with a finite angle: inf times each nonzero part, the zero parts kept (no inf * 0) */
  Cx pinf = {sel(m, eq(m, c, zero), c, mul(m, c, x)), sel(m, eq(m, s, zero), s, mul(m, s, x))};
  Cx res = fin;
  res = selz(m, and_(m, xinf, xpos), selz(m, yfin, pinf, (Cx){x, nan}), res);
  res = selz(m, and_(m, xinf, not_(m, xpos)), selz(m, yfin, fin, (Cx){zero, zero}), res);
  res = selz(m, and_(m, isfin_(m, x), not_(m, yfin)), (Cx){nan, nan}, res);
  res = selz(m, isnan_(m, x), selz(m, eq(m, y, zero), (Cx){x, y}, (Cx){x, x}), res);
  return res;
}

/* log|z| as CPython computes it: log1p near |z| == 1, scaled for huge and tiny parts. */
static V log_abs(M *m, V x, V y) {
  V ax = fabs_(m, x), ay = fabs_(m, y);
  V h = f2(m, "hypot", ax, ay);
  V am = sel(m, gt(m, ax, ay), ax, ay), an = sel(m, gt(m, ax, ay), ay, ax);
  V near = and_(m, cmp(m, LLVMRealOGE, h, k(m, 0.71)), cmp(m, LLVMRealOLE, h, k(m, 1.73)));
  V r = f1(m, "log", h);
  r = sel(m, near, mul(m, f1(m, "log1p", add(m, mul(m, sub(m, am, k(m, 1.0)), add(m, am, k(m, 1.0))), mul(m, an, an))), k(m, 0.5)), r);
  /* both finite but |z| overflows: log(|z| / 2) + log 2 */
  V over = and_(m, and_(m, isfin_(m, x), isfin_(m, y)), isinf_(m, h));
  r = sel(m, over, add(m, f1(m, "log", f2(m, "hypot", mul(m, ax, k(m, 0.5)), mul(m, ay, k(m, 0.5)))), k(m, LN2)), r);
  /* both below the normal range (and not both zero): scaled up by 2**53 */
  V tiny = and_(m, and_(m, lt(m, ax, k(m, DBL_MIN)), lt(m, ay, k(m, DBL_MIN))), gt(m, add(m, ax, ay), k(m, 0.0)));
  V up = k(m, 9007199254740992.0);
  r = sel(m, tiny, sub(m, f1(m, "log", f2(m, "hypot", mul(m, ax, up), mul(m, ay, up))), k(m, 53 * LN2)), r);
  return r;
}

static Cx clog_(M *m, V x, V y) { return (Cx){log_abs(m, x, y), f2(m, "atan2", y, x)}; }

static Cx csqrt_(M *m, V x, V y) {
  V zero = k(m, 0.0), inf = k(m, INFINITY), nan = k(m, NAN);
  V ax = fabs_(m, x), ay = fabs_(m, y);
  /* s = sqrt((|x| + |z|) / 2), computed as 2 sqrt(|x|/8 + |z/8|); when both parts are below
   * the normal range, as sqrt(|x| 2**53 + |z| 2**53) / 2**27 */
  V ax8 = mul(m, ax, k(m, 0.125));
  V s = mul(m, k(m, 2.0), sqrt_(m, add(m, ax8, f2(m, "hypot", ax8, mul(m, ay, k(m, 0.125))))));
  V up = k(m, 9007199254740992.0);
  V axu = mul(m, ax, up);
  V st = mul(m, sqrt_(m, add(m, axu, f2(m, "hypot", axu, mul(m, ay, up)))), k(m, 1.0 / 134217728.0));
  V tiny = and_(m, lt(m, ax, k(m, DBL_MIN)), lt(m, ay, k(m, DBL_MIN)));
  s = sel(m, tiny, st, s);
  V d = dvd(m, ay, mul(m, s, k(m, 2.0)));
  V xpos = cmp(m, LLVMRealOGE, x, zero);
  Cx res = {sel(m, xpos, s, d), csign(m, sel(m, xpos, d, s), y)};
  /* special values, last wins */
  res = selz(m, isnan_(m, x), (Cx){nan, nan}, res);
  res = selz(m, and_(m, isinf_(m, x), isnan_(m, y)), (Cx){sel(m, gt(m, x, zero), x, nan), sel(m, gt(m, x, zero), y, inf)}, res);
  res = selz(m, isinf_(m, y), (Cx){inf, y}, res);
  res = selz(m, and_(m, eq(m, x, zero), eq(m, y, zero)), (Cx){zero, y}, res);
  return res;
}

/* cos y, sin y, cosh x and sinh x, what ccosh and csinh combine; cosh and sinh of a large |x|
 * as e * cosh(x - sign(x)), so that a finite product does not overflow on the way */
static void cos_sin_cosh_sinh(M *m, V x, V y, V *c, V *s, V *ch, V *sh) {
  *c = f1(m, "cos", y);
  *s = f1(m, "sin", y);
  V large = gt(m, fabs_(m, x), k(m, LOG_LARGE));
  V xs = sel(m, large, sub(m, x, csign(m, k(m, 1.0), x)), x);
  *ch = f1(m, "cosh", xs);
  *sh = f1(m, "sinh", xs);
  *ch = sel(m, large, mul(m, *ch, k(m, E)), *ch);
  *sh = sel(m, large, mul(m, *sh, k(m, E)), *sh);
}

static Cx ccosh_(M *m, V x, V y) {
  V zero = k(m, 0.0);
  V c, s, ch, sh;
  cos_sin_cosh_sinh(m, x, y, &c, &s, &ch, &sh);
  Cx res = {mul(m, c, ch), mul(m, s, sh)};
  /* x infinite: |x| and y for a NaN or zero angle, else infinities of cos y's and sin y's signs */
  V ax = fabs_(m, x);
  V keep = or_(m, isnan_(m, y), eq(m, y, zero));
  Cx inf = selz(m, keep, (Cx){ax, y}, (Cx){csign(m, ax, c), csign(m, ax, s)});
  inf.im = sel(m, lt(m, x, zero), neg(m, inf.im), inf.im);
  return selz(m, isinf_(m, x), inf, res);
}

static Cx csinh_(M *m, V x, V y) {
  V zero = k(m, 0.0);
  V c, s, ch, sh;
  cos_sin_cosh_sinh(m, x, y, &c, &s, &ch, &sh);
  Cx res = {mul(m, c, sh), mul(m, s, ch)};
  /* x infinite: x times cos y and |x| times sin y, zero parts kept; a NaN angle gives (x, y) */
  Cx inf = {sel(m, eq(m, c, zero), c, mul(m, c, x)), sel(m, eq(m, s, zero), s, mul(m, s, fabs_(m, x)))};
  inf = selz(m, isnan_(m, y), (Cx){x, y}, inf);
  return selz(m, isinf_(m, x), inf, res);
}

static Cx ctanh_(M *m, V x, V y) {
  V one = k(m, 1.0), zero = k(m, 0.0);
  V tx = f1(m, "tanh", x), ty = f1(m, "tan", y), cx = dvd(m, one, f1(m, "cosh", x));
  V txty = mul(m, tx, ty), den = add(m, one, mul(m, txty, txty));
  Cx res = {dvd(m, mul(m, tx, add(m, one, mul(m, ty, ty))), den), mul(m, mul(m, dvd(m, ty, den), cx), cx)};
  /* |x| large (cosh overflows): the real part is +-1, the imaginary part 4 sin y cos y e**-2|x| */
  V big = and_(m, gt(m, fabs_(m, x), k(m, 354.0)), isfin_(m, x));
  V tail = mul(m, mul(m, mul(m, k(m, 4.0), f1(m, "sin", y)), f1(m, "cos", y)), f1(m, "exp", mul(m, k(m, -2.0), fabs_(m, x))));
  res = selz(m, big, (Cx){csign(m, one, x), tail}, res);
  Cx inf = {csign(m, one, x), sel(m, isinf_(m, y), zero, csign(m, zero, f1(m, "sin", mul(m, k(m, 2.0), y))))};
  return selz(m, isinf_(m, x), inf, res);
}

static const double LARGE = DBL_MAX / 4;

static Cx casinh_(M *m, V x, V y) {
  V one = k(m, 1.0), half = k(m, 0.5);
  V large = or_(m, gt(m, fabs_(m, x), k(m, LARGE)), gt(m, fabs_(m, y), k(m, LARGE)));
  V lg = add(m, f1(m, "log", f2(m, "hypot", mul(m, x, half), mul(m, y, half))), k(m, LN4));
  Cx big = {csign(m, lg, x), f2(m, "atan2", y, fabs_(m, x))};
  Cx s1 = csqrt_(m, add(m, one, y), neg(m, x)), s2 = csqrt_(m, sub(m, one, y), x);
  Cx res = {f1(m, "asinh", sub(m, mul(m, s1.re, s2.im), mul(m, s2.re, s1.im))),
            f2(m, "atan2", y, sub(m, mul(m, s1.re, s2.re), mul(m, s1.im, s2.im)))};
  return selz(m, large, big, res);
}

static Cx cacos_(M *m, V x, V y) {
  V one = k(m, 1.0), half = k(m, 0.5);
  V large = or_(m, gt(m, fabs_(m, x), k(m, LARGE)), gt(m, fabs_(m, y), k(m, LARGE)));
  V lg = add(m, f1(m, "log", f2(m, "hypot", mul(m, x, half), mul(m, y, half))), k(m, LN4));
  Cx big = {f2(m, "atan2", fabs_(m, y), x), csign(m, lg, neg(m, y))};
  Cx s1 = csqrt_(m, sub(m, one, x), neg(m, y)), s2 = csqrt_(m, add(m, one, x), y);
  Cx res = {mul(m, k(m, 2.0), f2(m, "atan2", s1.re, s2.re)),
            f1(m, "asinh", sub(m, mul(m, s2.re, s1.im), mul(m, s2.im, s1.re)))};
  return selz(m, large, big, res);
}

static Cx cacosh_(M *m, V x, V y) {
  V one = k(m, 1.0), half = k(m, 0.5);
  V large = or_(m, gt(m, fabs_(m, x), k(m, LARGE)), gt(m, fabs_(m, y), k(m, LARGE)));
  V lg = add(m, f1(m, "log", f2(m, "hypot", mul(m, x, half), mul(m, y, half))), k(m, LN4));
  Cx big = {lg, f2(m, "atan2", y, x)};
  Cx s1 = csqrt_(m, sub(m, x, one), y), s2 = csqrt_(m, add(m, x, one), y);
  Cx res = {f1(m, "asinh", add(m, mul(m, s1.re, s2.re), mul(m, s1.im, s2.im))),
            mul(m, k(m, 2.0), f2(m, "atan2", s1.im, s2.re))};
  return selz(m, large, big, res);
}

static Cx catanh_(M *m, V x0, V y0) {
  V zero = k(m, 0.0), one = k(m, 1.0);
  V negate = lt(m, x0, zero); /* atanh is odd: computed for x >= 0 */
  V x = sel(m, negate, neg(m, x0), x0), y = sel(m, negate, neg(m, y0), y0);
  V ay = fabs_(m, y);
  V tl = k(m, sqrt(LARGE)), ts = k(m, sqrt(DBL_MIN));
  /* far from the origin (or x NaN): atanh z ~ 1/z */
  V far = or_(m, or_(m, isnan_(m, x), gt(m, x, tl)), gt(m, ay, tl));
  V h = f2(m, "hypot", mul(m, x, k(m, 0.5)), mul(m, y, k(m, 0.5)));
  V far_re = sel(m, isinf_(m, y), csign(m, zero, x), sel(m, isinf_(m, x), zero, dvd(m, dvd(m, dvd(m, x, k(m, 4.0)), h), h)));
  Cx far_z = {far_re, neg(m, csign(m, k(m, PI_2), neg(m, y)))};
  /* next to the singularity at 1 */
  V at1 = and_(m, eq(m, x, one), lt(m, ay, ts));
  V r1 = neg(m, f1(m, "log", dvd(m, sqrt_(m, ay), sqrt_(m, f2(m, "hypot", ay, k(m, 2.0))))));
  Cx one_z = {r1, csign(m, mul(m, f2(m, "atan2", k(m, 2.0), neg(m, ay)), k(m, 0.5)), y)};
  one_z = selz(m, eq(m, ay, zero), (Cx){k(m, INFINITY), y}, one_z);
  /* elsewhere */
  V zr1 = sub(m, one, x), sqay = mul(m, ay, ay);
  Cx mid = {mul(m, f1(m, "log1p", dvd(m, mul(m, k(m, 4.0), x), add(m, mul(m, zr1, zr1), sqay))), k(m, 0.25)),
            mul(m, neg(m, f2(m, "atan2", mul(m, k(m, -2.0), y), sub(m, mul(m, zr1, add(m, one, x)), sqay))), k(m, 0.5))};
  Cx res = selz(m, far, far_z, selz(m, at1, one_z, mid));
  res.im = sel(m, isnan_(m, y), k(m, NAN), res.im);
  return selz(m, negate, (Cx){neg(m, res.re), neg(m, res.im)}, res);
}

/* cos z = cosh(iz), sin z = -i sinh(iz), tan z = -i tanh(iz), asin z = -i asinh(iz), atan z = -i atanh(iz) */
static Cx crot(M *m, Cx r) { return (Cx){r.im, neg(m, r.re)}; }

static Cx crect_(M *m, V r, V phi) {
  V zero = k(m, 0.0);
  V c = f1(m, "cos", phi), s = f1(m, "sin", phi);
  V rinf = isinf_(m, r);
  /* an infinite radius along a zero part: that zero, signed by the radius (no inf * 0) */
  V sr = csign(m, k(m, 1.0), r);
  Cx res = {sel(m, and_(m, eq(m, c, zero), rinf), mul(m, c, sr), mul(m, c, r)),
            sel(m, and_(m, eq(m, s, zero), rinf), mul(m, s, sr), mul(m, s, r))};
  V phinf = not_(m, isfin_(m, phi));
  res = selz(m, and_(m, phinf, rinf), (Cx){r, phi}, res);
  res = selz(m, and_(m, phinf, eq(m, r, zero)), (Cx){fabs_(m, r), zero}, res);
  return res;
}

LLVMValueRef pj_cg_cmath(PjCg *g, const PjExpr *e, int op) {
  M mm = {g, g->b, LLVMDoubleTypeInContext(g->ctx)}, *m = &mm;
  Cx a[2];
  PjDtype part = PJ_FLOAT64;
  for (int i = 0; i < e->builtin.nargs && i < 2; i++) {
    const PjExpr *x = e->builtin.args[i];
    PjDtype d = x->type->dtype;
    V v = pj_cg_expr(g, x);
    if (pj_dtype_is_complex(d)) {
      part = pj_dtype_part(d);
      a[i] = (Cx){pj_cg_convert_scalar(g, LLVMBuildExtractValue(g->b, v, 0, ""), part, PJ_FLOAT64),
                  pj_cg_convert_scalar(g, LLVMBuildExtractValue(g->b, v, 1, ""), part, PJ_FLOAT64)};
    } else {
      part = d;
      a[i] = (Cx){pj_cg_convert_scalar(g, v, d, PJ_FLOAT64), k(m, 0.0)};
    }
  }
  V x = a[0].re, y = a[0].im;
  Cx r;
  switch ((PjCmathOp)op) {
  case PJ_CMATH_EXP: r = cexp_(m, x, y); break;
  case PJ_CMATH_LOG:
    r = clog_(m, x, y);
    if (e->builtin.nargs == 2) r = cdiv(m, r, clog_(m, a[1].re, a[1].im));
    break;
  case PJ_CMATH_LOG10: r = clog_(m, x, y); r = (Cx){dvd(m, r.re, k(m, LN10)), dvd(m, r.im, k(m, LN10))}; break;
  case PJ_CMATH_LOG2: r = clog_(m, x, y); r = (Cx){dvd(m, r.re, k(m, LN2)), dvd(m, r.im, k(m, LN2))}; break;
  case PJ_CMATH_SQRT: r = csqrt_(m, x, y); break;
  case PJ_CMATH_COSH: r = ccosh_(m, x, y); break;
  case PJ_CMATH_SINH: r = csinh_(m, x, y); break;
  case PJ_CMATH_TANH: r = ctanh_(m, x, y); break;
  case PJ_CMATH_COS: r = ccosh_(m, neg(m, y), x); break;
  case PJ_CMATH_SIN: r = crot(m, csinh_(m, neg(m, y), x)); break;
  case PJ_CMATH_TAN: r = crot(m, ctanh_(m, neg(m, y), x)); break;
  case PJ_CMATH_ASINH: r = casinh_(m, x, y); break;
  case PJ_CMATH_ASIN: r = crot(m, casinh_(m, neg(m, y), x)); break;
  case PJ_CMATH_ACOS: r = cacos_(m, x, y); break;
  case PJ_CMATH_ACOSH: r = cacosh_(m, x, y); break;
  case PJ_CMATH_ATANH: r = catanh_(m, x, y); break;
  case PJ_CMATH_ATAN: {
    Cx t = catanh_(m, neg(m, y), x);
    /* atan(+-inf + nan j): the real part keeps its sign */
    r = selz(m, and_(m, isinf_(m, x), isnan_(m, y)), (Cx){t.im, t.re}, crot(m, t));
    break;
  }
  case PJ_CMATH_PHASE: return pj_cg_convert_scalar(g, f2(m, "atan2", y, x), PJ_FLOAT64, part);
  case PJ_CMATH_POLAR: {
    LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
    t = LLVMBuildInsertValue(g->b, t, pj_cg_convert_scalar(g, f2(m, "hypot", x, y), PJ_FLOAT64, part), 0, "");
    return LLVMBuildInsertValue(g->b, t, pj_cg_convert_scalar(g, f2(m, "atan2", y, x), PJ_FLOAT64, part), 1, "");
  }
  case PJ_CMATH_RECT: r = crect_(m, x, a[1].re); break;
  default: return LLVMGetUndef(pj_cg_type(g, e->type));
  }
  PjDtype rd = e->type->dtype, rp = pj_dtype_part(rd);
  V z = LLVMGetUndef(pj_cg_dtype(g, rd));
  z = LLVMBuildInsertValue(g->b, z, pj_cg_convert_scalar(g, r.re, PJ_FLOAT64, rp), 0, "");
  return LLVMBuildInsertValue(g->b, z, pj_cg_convert_scalar(g, r.im, PJ_FLOAT64, rp), 1, "");
}
