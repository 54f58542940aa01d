/* The CPU executor's libdevice: the cuda.libdevice functions that the C library lacks, or gives
 * other special values for (stdlib/libdevice.def's OWN rows), each with libdevice's C signature,
 * named pj_ld_<name>; the JIT finds them by pj_libdevice_host_address.
 *
 * - The functions of a rounding mode (_rn, _rz, _ru, _rd: arithmetic, square roots, conversions)
 *   round in that mode: the operation runs between fesetround() calls, this file being compiled with
 *   -frounding-math (CMakeLists.txt), and each operand and result passes an empty asm that the
 *   compiler cannot move the operation across. frsqrt_rn, with no such instruction, picks the
 *   nearest float by exact integer comparisons.
 * - Float to integer conversions saturate, and a NaN gives 0, or 1 << (bits - 1) from a float64 or
 *   into 64 bits, as PTX's cvt does.
 * - The float32 functions are their float64 functions rounded once to float32: below half an ulp
 *   more than the correctly rounded result.
 * - sinpi, cospi, erfinv, erfcinv, erfcx, normcdf, normcdfinv, rsqrt, cbrt, rcbrt and exp10 are written
 *   here in float64 from the C library's exp, log, sin, cos, erf and erfc, with the extra precision
 *   the products of their arguments need (fma). */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "backend/codegen.h"
#include "ir/half.h"

/* ---- in a rounding mode ----------------------------------------------------------------------- */

/* The value passes through memory here: an operation on it cannot move before or after this point. */
#define PJ_PIN(v) __asm__ volatile("" : "+m"(v))

#define PJ_RN FE_TONEAREST
#define PJ_RZ FE_TOWARDZERO
#define PJ_RU FE_UPWARD
#define PJ_RD FE_DOWNWARD

/* name(x, y) = x op y rounded by mode; rcp(x) = 1 / x; sqrt; fma. */
#define PJ_OP2(name, T, op, mode)                                                                  \
  static T pj_ld_##name(T x, T y) {                                                               \
    int old = fegetround();                                                                       \
    fesetround(mode);                                                                             \
    PJ_PIN(x);                                                                                    \
    PJ_PIN(y);                                                                                    \
    T r = x op y;                                                                                 \
    PJ_PIN(r);                                                                                    \
    fesetround(old);                                                                              \
    return r;                                                                                     \
  }
#define PJ_FN1(name, T, expr, mode)                                                                \
  static T pj_ld_##name(T x) {                                                                    \
    int old = fegetround();                                                                       \
    fesetround(mode);                                                                             \
    PJ_PIN(x);                                                                                    \
    T r = expr;                                                                                   \
    PJ_PIN(r);                                                                                    \
    fesetround(old);                                                                              \
    return r;                                                                                     \
  }
#define PJ_FMA(name, T, fn, mode)                                                                  \
  static T pj_ld_##name(T x, T y, T z) {                                                          \
    int old = fegetround();                                                                       \
    fesetround(mode);                                                                             \
    PJ_PIN(x);                                                                                    \
    PJ_PIN(y);                                                                                    \
    PJ_PIN(z);                                                                                    \
    T r = fn(x, y, z);                                                                            \
    PJ_PIN(r);                                                                                    \
    fesetround(old);                                                                              \
    return r;                                                                                     \
  }
/* a conversion: (To)(From)x */
#define PJ_CVT(name, To, From, mode)                                                               \
  static To pj_ld_##name(From x) {                                                                \
    int old = fegetround();                                                                       \
    fesetround(mode);                                                                             \
    PJ_PIN(x);                                                                                    \
    To r = (To)x;                                                                                 \
    PJ_PIN(r);                                                                                    \
    fesetround(old);                                                                              \
    return r;                                                                                     \
  }
#define PJ_FOUR(M, ...) M(__VA_ARGS__, rn, PJ_RN) M(__VA_ARGS__, rz, PJ_RZ) M(__VA_ARGS__, ru, PJ_RU) M(__VA_ARGS__, rd, PJ_RD)

#define PJ_ARITH(base, T, op, sfx, mode) PJ_OP2(base##_##sfx, T, op, mode)
PJ_FOUR(PJ_ARITH, fadd, float, +)
PJ_FOUR(PJ_ARITH, fsub, float, -)
PJ_FOUR(PJ_ARITH, fmul, float, *)
PJ_FOUR(PJ_ARITH, fdiv, float, /)
PJ_FOUR(PJ_ARITH, dadd, double, +)
PJ_FOUR(PJ_ARITH, dmul, double, *)
PJ_FOUR(PJ_ARITH, ddiv, double, /)
#define PJ_UNARY(base, T, expr, sfx, mode) PJ_FN1(base##_##sfx, T, expr, mode)
PJ_FOUR(PJ_UNARY, frcp, float, 1.0f / x)
PJ_FOUR(PJ_UNARY, drcp, double, 1.0 / x)
PJ_FOUR(PJ_UNARY, fsqrt, float, sqrtf(x))
PJ_FOUR(PJ_UNARY, dsqrt, double, sqrt(x))
#define PJ_FMAS(base, T, fn, sfx, mode) PJ_FMA(base##_##sfx, T, fn, mode)
PJ_FOUR(PJ_FMAS, fmaf, float, fmaf)
PJ_FOUR(PJ_FMAS, fma, double, fma)
#define PJ_CVTS(base, To, From, sfx, mode) PJ_CVT(base##_##sfx, To, From, mode)
PJ_FOUR(PJ_CVTS, double2float, float, double)
PJ_FOUR(PJ_CVTS, int2float, float, int32_t)
PJ_FOUR(PJ_CVTS, ll2float, float, int64_t)
PJ_FOUR(PJ_CVTS, ll2double, double, int64_t)
PJ_FOUR(PJ_CVTS, uint2float_u, float, uint32_t)
PJ_FOUR(PJ_CVTS, ull2float_u, float, uint64_t)
PJ_FOUR(PJ_CVTS, ull2double_u, double, uint64_t)
/* numba gives the unsigned ones their bits as int32 / int64 */
#define PJ_FROM_UNSIGNED(base, To, From, U, sfx, mode) \
  static To pj_ld_##base##_##sfx(From x) { return pj_ld_##base##_u_##sfx((U)x); }
PJ_FOUR(PJ_FROM_UNSIGNED, uint2float, float, int32_t, uint32_t)
PJ_FOUR(PJ_FROM_UNSIGNED, ull2float, float, int64_t, uint64_t)
PJ_FOUR(PJ_FROM_UNSIGNED, ull2double, double, int64_t, uint64_t)
static double pj_ld_int2double_rn(int32_t x) { return x; }             /* exact */
static double pj_ld_uint2double_rn(int32_t x) { return (uint32_t)x; } /* exact */

/* 1 / sqrt(x) rounded to the nearest float32. The float64 quotient is within 2^-52 of it, so the
 * nearest float32 is that quotient rounded or a neighbour: the one whose rounding interval holds
 * 1/sqrt(x), found by comparing m * m * x with 1 exactly at the two midpoints m around it. */
static int pj_ld_rsqrt_side(double m, float x) { /* sign of m*m*x - 1 */
  int em, ex;
  uint64_t M = (uint64_t)ldexp(frexp(m, &em), 53), X = (uint64_t)ldexp(frexp(x, &ex), 24);
  em -= 53;
  ex -= 24;
  int zm = __builtin_ctzll(M), zx = __builtin_ctzll(X);
  M >>= zm, em += zm, X >>= zx, ex += zx;
  unsigned __int128 p = (unsigned __int128)M * M * X; /* M < 2^25, X < 2^24 */
  int e = -(2 * em + ex);                             /* m*m*x - 1 has the sign of p - 2^e */
  if (e < 0) return 1;
  if (e >= 127) return -1;
  unsigned __int128 one = (unsigned __int128)1 << e;
  return p > one ? 1 : p < one ? -1 : 0;
}
static float pj_ld_frsqrt_rn(float x) {
  if (!(x > 0) || isinf(x)) return x == 0 ? 1.0f / x : x < 0 ? NAN : isinf(x) ? 0.0f : x;
  float r = (float)(1.0 / sqrt((double)x));
  double lo = ((double)r + nextafterf(r, 0)) / 2, hi = ((double)r + nextafterf(r, INFINITY)) / 2;
  if (pj_ld_rsqrt_side(lo, x) > 0) return nextafterf(r, 0); /* lo * lo * x > 1: 1/sqrt(x) < lo */
  if (pj_ld_rsqrt_side(hi, x) < 0) return nextafterf(r, INFINITY);
  return r;
}

/* ---- float to integer ------------------------------------------------------------------------- */

static double pj_round_mode(double v, int mode) {
  switch (mode) {
  case PJ_RZ: return trunc(v);
  case PJ_RU: return ceil(v);
  case PJ_RD: return floor(v);
  default: { /* halves to even (the C library's roundeven is newer than the wheel's glibc) */
    double r = floor(v), d = v - r; /* exact */
    return d > 0.5 || (d == 0.5 && fmod(r, 2) != 0) ? r + 1 : r;
  }
  }
}

/* v rounded by mode into an integer of `bits` (signed or not), saturated; NaN: as PTX's cvt gives it. */
static int64_t pj_to_int(double v, int mode, int bits, int is_signed, int from64) {
  if (isnan(v)) return from64 || bits == 64 ? (int64_t)((uint64_t)1 << (bits - 1)) : 0;
  double r = pj_round_mode(v, mode);
  double lo = is_signed ? -ldexp(1, bits - 1) : 0, top = ldexp(1, is_signed ? bits - 1 : bits); /* top: past max */
  if (r <= lo) return is_signed ? (int64_t)((uint64_t)-1 << (bits - 1)) : 0;
  if (r >= top) return (int64_t)(is_signed ? ((uint64_t)1 << (bits - 1)) - 1 : bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1);
  return is_signed ? (int64_t)r : (int64_t)(uint64_t)r;
}

#define PJ_TOINT(base, To, From, bits, sgn, sfx, mode) \
  static To pj_ld_##base##_##sfx(From x) { return (To)pj_to_int(x, mode, bits, sgn, sizeof(From) == 8); }
PJ_FOUR(PJ_TOINT, float2int, int32_t, float, 32, 1)
PJ_FOUR(PJ_TOINT, float2uint, int32_t, float, 32, 0)
PJ_FOUR(PJ_TOINT, float2ll, int64_t, float, 64, 1)
PJ_FOUR(PJ_TOINT, float2ull, int64_t, float, 64, 0)
PJ_FOUR(PJ_TOINT, double2int, int32_t, double, 32, 1)
PJ_FOUR(PJ_TOINT, double2uint, int32_t, double, 32, 0)
PJ_FOUR(PJ_TOINT, double2ll, int64_t, double, 64, 1)
PJ_FOUR(PJ_TOINT, double2ull, int64_t, double, 64, 0)
static int64_t pj_ld_llrint(double x) { return pj_to_int(x, PJ_RN, 64, 1, 1); }
static int64_t pj_ld_llrintf(float x) { return pj_to_int(x, PJ_RN, 64, 1, 0); }
/* llround: halves away from zero */
static int64_t pj_ld_llround(double x) { return isnan(x) ? INT64_MIN : pj_to_int(round(x), PJ_RZ, 64, 1, 1); }
static int64_t pj_ld_llroundf(float x) { return isnan(x) ? INT64_MIN : pj_to_int(round(x), PJ_RZ, 64, 1, 0); }

/* ---- bits ------------------------------------------------------------------------------------- */

static int64_t pj_ld_double_as_longlong(double x) { int64_t r; memcpy(&r, &x, 8); return r; }
static double pj_ld_longlong_as_double(int64_t x) { double r; memcpy(&r, &x, 8); return r; }
static int32_t pj_ld_float_as_int(float x) { int32_t r; memcpy(&r, &x, 4); return r; }
static float pj_ld_int_as_float(int32_t x) { float r; memcpy(&r, &x, 4); return r; }
static int32_t pj_ld_double2hiint(double x) { return (int32_t)((uint64_t)pj_ld_double_as_longlong(x) >> 32); }
static int32_t pj_ld_double2loint(double x) { return (int32_t)(uint32_t)pj_ld_double_as_longlong(x); }
static double pj_ld_hiloint2double(int32_t hi, int32_t lo) {
  return pj_ld_longlong_as_double((int64_t)(((uint64_t)(uint32_t)hi << 32) | (uint32_t)lo));
}
static int16_t pj_ld_float2half_rn(float x) { return (int16_t)pj_half_from_double(x); }
static float pj_ld_half2float(int16_t h) { return (float)pj_half_to_double((uint16_t)h); }

static int32_t pj_ld_isinfd(double x) { return isinf(x) != 0; }
static int32_t pj_ld_isinff(float x) { return isinf(x) != 0; }
static int32_t pj_ld_isnand(double x) { return isnan(x) != 0; }
static int32_t pj_ld_isnanf(float x) { return isnan(x) != 0; }
static int32_t pj_ld_isfinited(double x) { return isfinite(x) != 0; }
static int32_t pj_ld_finitef(float x) { return isfinite(x) != 0; }
static int32_t pj_ld_signbitd(double x) { return signbit(x) != 0; }
static int32_t pj_ld_signbitf(float x) { return signbit(x) != 0; }

/* ---- integers (in unsigned arithmetic: wrapping, as the GPU's) -------------------------------- */

static int32_t pj_ld_abs(int32_t x) { return (int32_t)(x < 0 ? 0u - (uint32_t)x : (uint32_t)x); }
static int64_t pj_ld_llabs(int64_t x) { return (int64_t)(x < 0 ? 0u - (uint64_t)x : (uint64_t)x); }
static int32_t pj_ld_max(int32_t x, int32_t y) { return x > y ? x : y; }
static int32_t pj_ld_min(int32_t x, int32_t y) { return x < y ? x : y; }
static int64_t pj_ld_llmax(int64_t x, int64_t y) { return x > y ? x : y; }
static int64_t pj_ld_llmin(int64_t x, int64_t y) { return x < y ? x : y; }
static int32_t pj_ld_umax(int32_t x, int32_t y) { return (uint32_t)x > (uint32_t)y ? x : y; }
static int32_t pj_ld_umin(int32_t x, int32_t y) { return (uint32_t)x < (uint32_t)y ? x : y; }
static int64_t pj_ld_ullmax(int64_t x, int64_t y) { return (uint64_t)x > (uint64_t)y ? x : y; }
static int64_t pj_ld_ullmin(int64_t x, int64_t y) { return (uint64_t)x < (uint64_t)y ? x : y; }
static uint64_t pj_reverse64(uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555u) | ((v & 0x5555555555555555u) << 1);
  v = ((v >> 2) & 0x3333333333333333u) | ((v & 0x3333333333333333u) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((v & 0x0f0f0f0f0f0f0f0fu) << 4);
  return __builtin_bswap64(v);
}
static int32_t pj_ld_brev(int32_t x) { return (int32_t)(uint32_t)(pj_reverse64((uint32_t)x) >> 32); }
static int64_t pj_ld_brevll(int64_t x) { return (int64_t)pj_reverse64((uint64_t)x); }
/* byte n of the result: byte (s >> 4n) & 7 of the eight bytes y:x (x's low byte first) */
static int32_t pj_ld_byte_perm(int32_t x, int32_t y, int32_t s) {
  uint64_t bytes = ((uint64_t)(uint32_t)y << 32) | (uint32_t)x;
  uint32_t r = 0;
  for (int n = 0; n < 4; n++) r |= (uint32_t)((bytes >> (8 * (((uint32_t)s >> (4 * n)) & 7))) & 0xff) << (8 * n);
  return (int32_t)r;
}
static int32_t pj_ld_clz(int32_t x) { return x ? __builtin_clz((uint32_t)x) : 32; }
static int32_t pj_ld_clzll(int64_t x) { return x ? __builtin_clzll((uint64_t)x) : 64; }
static int32_t pj_ld_ffs(int32_t x) { return x ? __builtin_ctz((uint32_t)x) + 1 : 0; }
static int32_t pj_ld_ffsll(int64_t x) { return x ? __builtin_ctzll((uint64_t)x) + 1 : 0; }
static int32_t pj_ld_popc(int32_t x) { return __builtin_popcount((uint32_t)x); }
static int32_t pj_ld_popcll(int64_t x) { return __builtin_popcountll((uint64_t)x); }
/* halving adds, of the exact sums: floor((x + y) / 2), floor((x + y + 1) / 2) */
static int32_t pj_ld_hadd(int32_t x, int32_t y) { return (int32_t)(((int64_t)x + y) >> 1); }
static int32_t pj_ld_rhadd(int32_t x, int32_t y) { return (int32_t)(((int64_t)x + y + 1) >> 1); }
static int32_t pj_ld_uhadd(int32_t x, int32_t y) { return (int32_t)(uint32_t)(((uint64_t)(uint32_t)x + (uint32_t)y) >> 1); }
static int32_t pj_ld_urhadd(int32_t x, int32_t y) {
  return (int32_t)(uint32_t)(((uint64_t)(uint32_t)x + (uint32_t)y + 1) >> 1);
}
/* the low 32 bits of the product of the low 24 bits (signed, or not) */
static int32_t pj_ld_mul24(int32_t x, int32_t y) {
  int64_t a = (int32_t)((uint32_t)x << 8) >> 8, b = (int32_t)((uint32_t)y << 8) >> 8;
  return (int32_t)(uint32_t)(uint64_t)(a * b);
}
static int32_t pj_ld_umul24(int32_t x, int32_t y) {
  return (int32_t)(uint32_t)(((uint64_t)x & 0xffffff) * ((uint64_t)y & 0xffffff));
}
static int32_t pj_ld_mulhi(int32_t x, int32_t y) { return (int32_t)(((int64_t)x * y) >> 32); }
static int32_t pj_ld_umulhi(int32_t x, int32_t y) {
  return (int32_t)(uint32_t)(((uint64_t)(uint32_t)x * (uint32_t)y) >> 32);
}
static int64_t pj_ld_mul64hi(int64_t x, int64_t y) { return (int64_t)(((__int128)x * y) >> 64); }
static int64_t pj_ld_umul64hi(int64_t x, int64_t y) {
  return (int64_t)(uint64_t)(((unsigned __int128)(uint64_t)x * (uint64_t)y) >> 64);
}
/* |x - y| + z, the difference exact (it fits 32 unsigned bits), the sum wrapping */
static int32_t pj_ld_sad(int32_t x, int32_t y, int32_t z) {
  uint32_t d = x > y ? (uint32_t)x - (uint32_t)y : (uint32_t)y - (uint32_t)x;
  return (int32_t)(d + (uint32_t)z);
}
static int32_t pj_ld_usad(int32_t x, int32_t y, int32_t z) {
  uint32_t a = (uint32_t)x, b = (uint32_t)y;
  return (int32_t)((a > b ? a - b : b - a) + (uint32_t)z);
}

/* ---- float64 functions the C library lacks ----------------------------------------------------- */

static const double pj_pi_hi = 3.141592653589793116, pj_pi_lo = 1.2246467991473532e-16;
static const double pj_2_sqrtpi = 1.1283791670955126;  /* 2 / sqrt(pi) */
static const double pj_1_sqrtpi = 0.56418958354775628; /* 1 / sqrt(pi) */

/* sin(pi r) and cos(pi r) for |r| <= 1/4, pi r carried as two float64s */
static void pj_sincos_pi_small(double r, double *s, double *c) {
  double p = pj_pi_hi * r, q = fma(pj_pi_hi, r, -p) + pj_pi_lo * r;
  double sp = sin(p), cp = cos(p);
  *s = sp + q * cp;
  *c = cp - q * sp;
}
/* sin(pi x) and cos(pi x): x = n/2 + r, |r| <= 1/4, exactly; the quadrant n mod 4 */
static void pj_ld_sincospi(double x, double *s, double *c) {
  if (isinf(x) || isnan(x)) {
    *s = *c = x - x;
    return;
  }
  double n, r, sr, cr;
  if (fabs(x) >= 0x1p52) { /* an integer: 2x modulo 4 is 2 (x modulo 2) */
    n = 2 * fmod(x, 2.0);
    r = 0;
  } else {
    n = rint(2 * x); /* 2x exact */
    r = x - n / 2;   /* exact: x and n/2 are close */
  }
  pj_sincos_pi_small(r, &sr, &cr);
  int q = (int)fmod(fabs(n), 4.0);
  if (n < 0) q = (4 - q) & 3;
  double sv[4] = {sr, cr, -sr, -cr}, cv[4] = {cr, -sr, -cr, sr};
  *s = sv[q] == 0 ? copysign(0.0, x) : sv[q]; /* sinpi(n) is +0 or -0 as n, cospi(n + 1/2) is +0 */
  *c = cv[q] == 0 ? 0.0 : cv[q];
}
static double pj_ld_sinpi(double x) {
  double s, c;
  pj_ld_sincospi(x, &s, &c);
  return s;
}
static double pj_ld_cospi(double x) {
  double s, c;
  pj_ld_sincospi(x, &s, &c);
  return c;
}

/* exp(h + l) for |l| tiny: exp(h) (1 + l), keeping an infinite or zero exp(h) */
static double pj_exp2parts(double h, double l) {
  double e = exp(h);
  return isinf(e) || e == 0 ? e : e + e * l;
}

static double pj_ld_exp10(double x) {
  static const double ln10_hi = 2.302585092994045901, ln10_lo = -2.1707562233822494e-16;
  double h = x * ln10_hi;
  if (isinf(h) || isnan(h)) return exp(h);
  return pj_exp2parts(h, fma(x, ln10_hi, -h) + x * ln10_lo);
}

/* erfc(x) exp(x^2) for x >= 4, by its continued fraction
 * 1/sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...)))), summed from its far end */
static double pj_erfcx_cf(double x) {
  if (x > 1e8) return pj_1_sqrtpi / x;
  double t = x;
  for (int k = 120; k >= 1; k--) t = x + (k / 2.0) / t;
  return pj_1_sqrtpi / t;
}
static double pj_ld_erfcx(double x) {
  if (isnan(x)) return x;
  if (x >= 4) return pj_erfcx_cf(x);
  double h = x * x, l = fma(x, x, -h);
  if (x >= 0) return pj_exp2parts(h, l) * erfc(x);
  if (x < -26.7) return INFINITY; /* 2 exp(x^2) overflows */
  return 2 * pj_exp2parts(h, l) - pj_ld_erfcx(-x);
}

/* erfc(-x / sqrt(2)) / 2, the quotient carried as two float64s */
static double pj_ld_normcdf(double x) {
  static const double r_hi = 0.70710678118654757, r_lo = -4.8336466567264567e-17; /* 1 / sqrt(2) */
  if (isnan(x)) return x;
  double t = -x * r_hi, tl = fma(-x, r_hi, -t) - x * r_lo;
  double e = erfc(t);
  if (e == 0 || isinf(t)) return e / 2;
  return (e - tl * pj_2_sqrtpi * exp(-t * t)) / 2; /* erfc(t + tl) = erfc(t) - tl erfc'(t) */
}

/* erfinv(x) to about 3 digits from log(1 - x^2) (Winitzki's formula) */
static double pj_erfinv_guess(double l) {
  double b = 2 / (3.14159265358979 * 0.147) + l / 2;
  return sqrt(sqrt(b * b - l / 0.147) - b);
}
/* erfcinv(z) for 0 < z <= 1 by Newton's method on erfc(y) = z; for a tiny z (y beyond 6), where
 * erfc(y) is below its float64 precision, on log(erfc(y)) = -y^2 + log(erfcx(y)) = log(z), y^2 in
 * two parts */
static double pj_erfcinv_pos(double z) {
  double y = pj_erfinv_guess(log(z * (2 - z)));
  if (z > 0x1p-60) {
    for (int i = 0; i < 20; i++) {
      double d = (erfc(y) - z) / (pj_2_sqrtpi * exp(-y * y));
      y += d;
      if (fabs(d) <= 1e-15 * y) break;
    }
    return y;
  }
  double lz = log(z);
  for (int i = 0; i < 20; i++) {
    double h = y * y, l = fma(y, y, -h), cx = pj_erfcx_cf(y);
    double g = ((-h - lz) - l) + log(cx);  /* log(erfc(y)) - log(z) */
    double d = g * cx * 0.88622692545275801; /* -g / g', g' = -2 / (sqrt(pi) erfcx(y)) */
    y += d;
    if (fabs(d) <= 1e-15 * y) break;
  }
  return y;
}
static double pj_ld_erfinv(double x);
static double pj_ld_erfcinv(double z) {
  if (isnan(z) || z < 0 || z > 2) return NAN;
  if (z == 0) return INFINITY;
  if (z == 2) return -INFINITY;
  if (z >= 0.5 && z <= 1.5) return pj_ld_erfinv(1 - z); /* 1 - z exact; erfc(y) near 1 would lose y's digits */
  if (z > 1) return -pj_erfcinv_pos(2 - z); /* 2 - z exact */
  return pj_erfcinv_pos(z);
}
/* erfinv(x): Newton's method on erf(y) = x for |x| <= 1/2; erfcinv(1 - |x|) beyond (1 - |x| exact) */
static double pj_ld_erfinv(double x) {
  if (isnan(x) || fabs(x) > 1) return NAN;
  if (fabs(x) == 1) return copysign(INFINITY, x);
  if (fabs(x) > 0.5) return copysign(pj_erfcinv_pos(1 - fabs(x)), x);
  if (x == 0) return x;
  double y = copysign(pj_erfinv_guess(log1p(-x * x)), x);
  if (y == 0) y = x * 0.88622692545275801;
  for (int i = 0; i < 20; i++) {
    double d = (x - erf(y)) / (pj_2_sqrtpi * exp(-y * y));
    y += d;
    if (fabs(d) <= 1e-15 * fabs(y)) break;
  }
  return y;
}
static double pj_ld_normcdfinv(double p) { return -1.4142135623730951 * pj_ld_erfcinv(2 * p); }

/* 1/sqrt(x): sqrt(x) = s + es and 1/s = q (1 + eq), each error exact with fma, then
 * 1/sqrt(x) = q (1 + eq - es / (2x)) to first order */
static double pj_ld_rsqrt(double x) {
  if (!(x > 0) || isinf(x)) return x == 0 ? 1 / x : x < 0 ? NAN : isinf(x) ? 0.0 : x;
  double scale = 1;
  if (x < 0x1p-900) x *= 0x1p200, scale = 0x1p100; /* keeps the products within the normal range */
  double s = sqrt(x), es = fma(-s, s, x), q = 1 / s, eq = fma(-q, s, 1);
  return (q + q * (eq - es / (2 * x))) * scale;
}
/* x^(1/3): x = m 2^(3k), m in [1/16, 1) scaled exactly; cbrt(m) refined by one Newton step on
 * y^3 = m, the residual m - y^3 from exact products (the C library's cbrt is off by up to 2 ulps) */
static double pj_ld_cbrt(double x) {
  if (x == 0 || isinf(x) || isnan(x)) return x;
  int e;
  double m = frexp(fabs(x), &e);
  int r = ((e % 3) + 3) % 3;
  m = ldexp(m, r - 3);
  int k = (e - r + 3) / 3;
  double y = cbrt(m);
  double y2 = y * y, y2l = fma(y, y, -y2);
  double y3 = y2 * y, y3l = fma(y2, y, -y3) + y2l * y;
  double res = (m - y3) - y3l; /* m - y3 exact: they are close */
  y += res / (3 * y2);
  return copysign(ldexp(y, k), x);
}

/* x^(-1/3): x = m 2^(3k), m in [1/8, 1) scaled exactly; y = 1/cbrt(m) refined by one Newton step
 * on y^-3 = m, the residual 1 - m y^3 from exact products */
static double pj_ld_rcbrt(double x) {
  if (x == 0 || isinf(x) || isnan(x)) return isnan(x) ? x : x == 0 ? 1 / x : copysign(0.0, x);
  int e;
  double m = frexp(fabs(x), &e); /* [1/2, 1) */
  int r = ((e % 3) + 3) % 3;
  m = ldexp(m, r - 3); /* m 2^(e - r + 3) with e - r + 3 a multiple of 3; m in [1/16, 1) */
  int k = (e - r + 3) / 3;
  double y = 1 / cbrt(m);
  double y2 = y * y, y2l = fma(y, y, -y2);           /* y^2 = y2 + y2l */
  double y3 = y2 * y, y3l = fma(y2, y, -y3) + y2l * y; /* y^3 = y3 + y3l */
  double p = m * y3, pl = fma(m, y3, -p) + m * y3l;   /* m y^3 = p + pl */
  double res = (1 - p) - pl;                          /* 1 - p exact: p is near 1 */
  y += y * res / 3;
  return copysign(ldexp(y, -k), x);
}

/* Bessel functions of order 0 and 1 near their zeros below 8, where the C library's lose their
 * relative accuracy (tens to thousands of ulps): the Taylor series at the zero, in d = x - zero
 * (exact, the zero in two parts), its coefficients from Bessel's equation
 * x^2 f'' + x f' + (x^2 - n^2) f = 0 and the slope at the zero. */
typedef struct PjZero {
  double at, at_lo, slope, radius; /* radius: where the series is used (converging fast: y0 has a pole at 0) */
} PjZero;
static const PjZero pj_j0_zeros[] = {{2.404825557695773, -1.176691651530894e-16, -0.5191474972894667, 0.25},
                                     {5.520078110286311, 8.088597146146722e-17, 0.34026480655836816, 0.25}};
static const PjZero pj_j1_zeros[] = {{3.8317059702075125, -1.5269184090088067e-16, -0.402759395702553, 0.25},
                                     {7.015586669815619, -9.414165653410389e-17, 0.30011575252613254, 0.25}};
static const PjZero pj_y0_zeros[] = {{0.8935769662791675, 2.6596231539720385e-17, 0.8794208024971948, 0.15},
                                     {3.957678419314858, -1.0764340697562706e-16, -0.40254267177502423, 0.25},
                                     {7.086051060301773, -8.835285723085408e-17, 0.3000976149104752, 0.25}};
static const PjZero pj_y1_zeros[] = {{2.197141326031017, -4.8259835876454966e-17, 0.5207864124022675, 0.25},
                                     {5.429681040794135, 4.162514026670377e-16, -0.3403180455234406, 0.25}};

/* fn(x) (order n), or its Taylor series where x is near one of the nzeros zeros */
static double pj_bessel(double (*fn)(double), int n, const PjZero *zeros, int nzeros, double x) {
  for (int i = 0; i < nzeros; i++) {
    double d = (x - zeros[i].at) - zeros[i].at_lo;
    if (!(fabs(d) < zeros[i].radius)) continue;
    enum { K = 24 };
    double a[K], z = zeros[i].at, nn = (double)(n * n);
    a[0] = 0;
    a[1] = zeros[i].slope;
    for (int k = 0; k + 2 < K; k++) {
      double am1 = k >= 1 ? a[k - 1] : 0, am2 = k >= 2 ? a[k - 2] : 0;
      a[k + 2] = -(z * (k + 1) * (2 * k + 1) * a[k + 1] + ((double)k * k + z * z - nn) * a[k] + 2 * z * am1 + am2) /
                 (z * z * (k + 2) * (k + 1));
    }
    double sum = 0;
    for (int k = K - 1; k >= 1; k--) sum = sum * d + a[k];
    return sum * d;
  }
  return fn(x);
}
static double pj_ld_j0(double x) { return pj_bessel(j0, 0, pj_j0_zeros, 2, fabs(x)); }
static double pj_ld_j1(double x) { return copysign(1.0, x) * pj_bessel(j1, 1, pj_j1_zeros, 2, fabs(x)); }
static double pj_ld_y0(double x) { return x > 0 ? pj_bessel(y0, 0, pj_y0_zeros, 3, x) : y0(x); }
static double pj_ld_y1(double x) { return x > 0 ? pj_bessel(y1, 1, pj_y1_zeros, 2, x) : y1(x); }

static double pj_ld_lgamma(double x) {
  int sign;
  return lgamma_r(x, &sign); /* lgamma writes the global signgam */
}
static int32_t pj_ld_ilogb(double x) {
  if (isnan(x) || x == 0) return INT32_MIN;
  return isinf(x) ? INT32_MAX : ilogb(x);
}
static int32_t pj_ld_ilogbf(float x) { return pj_ld_ilogb(x); }

/* x^n by squaring, 1 / that for n < 0: libdevice's own method, so the very same roundings */
#define PJ_POWI(name, T)                                                                           \
  static T pj_ld_##name(T x, int32_t n) {                                                         \
    uint32_t e = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;                                          \
    T r = 1;                                                                                      \
    for (;;) {                                                                                    \
      if (e & 1) r *= x;                                                                          \
      e >>= 1;                                                                                    \
      if (!e) break;                                                                              \
      x *= x;                                                                                     \
    }                                                                                             \
    return n < 0 ? 1 / r : r;                                                                     \
  }
PJ_POWI(powi, double)
PJ_POWI(powif, float)

static float pj_ld_saturatef(float x) { return !(x > 0) ? 0.0f : x > 1 ? 1.0f : x; } /* NaN: 0 */

/* ---- float32: the float64 function, rounded once -------------------------------------------- */

#define PJ_F1(name, expr) static float pj_ld_##name(float x) { return (float)(expr); }
#define PJ_F2(name, expr) static float pj_ld_##name(float x, float y) { return (float)(expr); }
PJ_F1(acosf, acos(x))
PJ_F1(acoshf, acosh(x))
PJ_F1(asinf, asin(x))
PJ_F1(asinhf, asinh(x))
PJ_F1(atanf, atan(x))
PJ_F2(atan2f, atan2(x, y))
PJ_F1(atanhf, atanh(x))
PJ_F1(cbrtf, pj_ld_cbrt(x))
PJ_F1(cosf, cos(x))
PJ_F1(coshf, cosh(x))
PJ_F1(cospif, pj_ld_cospi(x))
PJ_F1(erff, erf(x))
PJ_F1(erfcf, erfc(x))
PJ_F1(erfcinvf, pj_ld_erfcinv(x))
PJ_F1(erfcxf, pj_ld_erfcx(x))
PJ_F1(erfinvf, pj_ld_erfinv(x))
PJ_F1(exp10f, pj_ld_exp10(x))
PJ_F1(exp2f, pow(2, x)) /* exp2 would be glibc 2.29's, past the wheel's */
PJ_F1(expf, exp(x))
PJ_F1(expm1f, expm1(x))
PJ_F2(hypotf, hypot(x, y))
PJ_F1(j0f, pj_ld_j0(x))
PJ_F1(j1f, pj_ld_j1(x))
PJ_F1(lgammaf, pj_ld_lgamma(x))
PJ_F1(log10f, log10(x))
PJ_F1(log1pf, log1p(x))
PJ_F1(log2f, log2(x))
PJ_F1(logf, log(x))
PJ_F1(normcdff, pj_ld_normcdf(x))
PJ_F1(normcdfinvf, pj_ld_normcdfinv(x))
PJ_F2(powf, pow(x, y))
PJ_F1(rcbrtf, pj_ld_rcbrt(x))
PJ_F1(rsqrtf, 1 / sqrt((double)x))
PJ_F1(sinf, sin(x))
PJ_F1(sinhf, sinh(x))
PJ_F1(sinpif, pj_ld_sinpi(x))
PJ_F1(tanf, tan(x))
PJ_F1(tanhf, tanh(x))
PJ_F1(tgammaf, tgamma(x))
PJ_F1(y0f, pj_ld_y0(x))
PJ_F1(y1f, pj_ld_y1(x))
static float pj_ld_jnf(int32_t n, float x) { return (float)jn(n, x); }
static float pj_ld_ynf(int32_t n, float x) { return (float)yn(n, x); }
static void pj_ld_sincosf(float x, float *s, float *c) {
  *s = (float)sin(x);
  *c = (float)cos(x);
}
static void pj_ld_sincospif(float x, float *s, float *c) {
  double sd, cd;
  pj_ld_sincospi(x, &sd, &cd);
  *s = (float)sd;
  *c = (float)cd;
}

/* ---- by name ---------------------------------------------------------------------------------- */

static const struct {
  const char *name;
  void *addr;
} pj_ld_host[] = {
#define PJ_LD_OWN(sym) {"pj_ld_" #sym, (void *)pj_ld_##sym},
#define PJ_LD_LIBM(sym)
#define PJ_LIBDEVICE(name, result, params, kind, sym) PJ_LD_##kind(sym)
#include "stdlib/libdevice.def"
#undef PJ_LIBDEVICE
};

void *pj_libdevice_host_address(const char *symbol) {
  for (size_t i = 0; i < sizeof pj_ld_host / sizeof pj_ld_host[0]; i++)
    if (strcmp(pj_ld_host[i].name, symbol) == 0) return pj_ld_host[i].addr;
  return NULL;
}

/* The i-th host function's symbol and address (addr; NULL where an earlier row has that symbol, as
 * the float32 rows sharing one function do), or NULL past the last. */
const char *pj_libdevice_host_symbol(size_t i, void **addr) {
  if (i >= sizeof pj_ld_host / sizeof pj_ld_host[0]) return NULL;
  *addr = pj_ld_host[i].addr;
  for (size_t j = 0; j < i; j++)
    if (strcmp(pj_ld_host[j].name, pj_ld_host[i].name) == 0) *addr = NULL;
  return pj_ld_host[i].name;
}
