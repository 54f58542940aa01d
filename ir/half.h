/* IEEE binary16 (NumPy's float16) to and from double, round to nearest even; C11 has no half
 * type of its own. */
#ifndef PJ_IR_HALF_H
#define PJ_IR_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint16_t pj_half_from_double(double x) {
  float f = (float)x; /* binary16 values are exact in float; rounding from float is what matters */
  uint32_t b;
  memcpy(&b, &f, 4);
  uint16_t sign = (uint16_t)((b >> 16) & 0x8000u);
  uint32_t e = (b >> 23) & 0xffu, m = b & 0x7fffffu;
  if (e == 0xff) return (uint16_t)(sign | 0x7c00u | (m ? 0x200u : 0)); /* inf, nan */
  int exp = (int)e - 127 + 15;
  if (exp >= 31) return (uint16_t)(sign | 0x7c00u);                    /* overflow: inf */
  if (exp <= 0) {                                                      /* subnormal or zero */
    if (exp < -10) return sign;
    m |= 0x800000u;
    int shift = 14 - exp;
    uint32_t half = m >> shift, rest = m & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1))) half++;
    return (uint16_t)(sign | half);
  }
  uint32_t half = ((uint32_t)exp << 10) | (m >> 13), rest = m & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) half++;      /* may carry into inf: right */
  return (uint16_t)(sign | half);
}

static inline double pj_half_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
  return (h & 0x8000) ? -v : v;
}

/* bfloat16 (the top half of a float32) from double, rounded once to nearest even: the value is
 * scaled so that a bfloat16 step is 1, rounded to an integer, and scaled back (bfloat16 keeps
 * float32's exponent range; below 2^-126 the steps are those of its subnormals, 2^-133). */
static inline uint16_t pj_bf16_from_double(double x) {
  if (isnan(x)) return (uint16_t)(signbit(x) ? 0xffc0u : 0x7fc0u);
  float f;
  if (isinf(x) || x == 0) {
    f = (float)x;
  } else {
    int e;
    frexp(x, &e);                               /* |x| in [2^(e-1), 2^e) */
    int step = (e - 1 < -126 ? -126 : e - 1) - 7; /* exponent of one bfloat16 step at x */
    double r = ldexp(nearbyint(ldexp(x, -step)), step);
    f = fabs(r) >= 0x1p128 ? (float)(r > 0 ? INFINITY : -INFINITY) : (float)r; /* exact, or overflow */
  }
  uint32_t b;
  memcpy(&b, &f, 4);
  return (uint16_t)(b >> 16);
}

static inline double pj_bf16_to_double(uint16_t h) {
  uint32_t b = (uint32_t)h << 16;
  float f;
  memcpy(&f, &b, 4);
  return f;
}

#endif
