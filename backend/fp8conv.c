/* CUDA's 8-bit floats (numba.cuda._internal.cuda_fp8: fp8_e5m2, fp8_e4m3, fp8_e8m0) are kept as
 * their bits (an i8); every conversion is integer LLVM IR on a float32's bits, so both targets
 * compute it the same way and exactly.
 *
 * Into fp8, as CUDA's constructors do: a float32 is rounded from its bits; float16 and bfloat16
 * widen to float32 exactly first; a float64 is first brought to a float32 rounded to odd (its 24
 * leading bits, any lower nonzero bit folded into the last), which rounds once more to the same
 * fp8 as the float64 would (the fp8 keeps at most 4 significant bits); an integer is first
 * converted to float32 (rounded to nearest), as CUDA's integer constructors do.
 *   e5m2 and e4m3: to nearest, ties to even, saturating to the largest finite value (CUDA's
 *   __NV_SATFINITE); a NaN becomes 0x7f.
 *   e8m0 (a power of two 2^(k-127), k = 0..254, no sign, no zero; 0xff is NaN): the exponent of
 *   |x| rounded toward zero (cudaRoundZero), below 2^-127 it is 2^-127; saturating.
 * Out of fp8: the value as a float32 (exact for every fp8), then as a float32 converts, except
 * that integers are truncated toward zero and saturated (NaN: 0; a 64-bit NaN: 0x8000000000000000,
 * what CUDA's conversions give). */
#include <math.h>

#include "backend/codegen.h"
#include "stdlib/builtins.h"

typedef LLVMValueRef V;

static LLVMTypeRef i8t(PjCg *g) { return LLVMInt8TypeInContext(g->ctx); }
static LLVMTypeRef i32t(PjCg *g) { return LLVMInt32TypeInContext(g->ctx); }
static LLVMTypeRef f32t(PjCg *g) { return LLVMFloatTypeInContext(g->ctx); }
static V c32(PjCg *g, unsigned long long v) { return LLVMConstInt(i32t(g), v, 0); }
static V sel(PjCg *g, V c, V a, V b) { return LLVMBuildSelect(g->b, c, a, b, ""); }
static V ult(PjCg *g, V a, V b) { return LLVMBuildICmp(g->b, LLVMIntULT, a, b, ""); }
static V eq(PjCg *g, V a, V b) { return LLVMBuildICmp(g->b, LLVMIntEQ, a, b, ""); }

/* The fp8 layout: exponent bias and mantissa bits of e5m2 / e4m3. */
static int fp8_bias(PjDtype d) { return d == PJ_FP8_E5M2 ? 15 : 7; }
static int fp8_mbits(PjDtype d) { return d == PJ_FP8_E5M2 ? 2 : 3; }
static unsigned fp8_maxcode(PjDtype d) { return d == PJ_FP8_E5M2 ? 0x7b : 0x7e; }

/* float32 bits (i32) -> e5m2 / e4m3 bits (i32), to nearest even; sat: a constant or an i1 (whether
 * an overflow saturates; else e5m2 gives infinity and e4m3 NaN) */
V pj_cg_fp8_encode(PjCg *g, V bits, PjDtype d, V sat) {
  LLVMBuilderRef b = g->b;
  int M = fp8_mbits(d), bias = fp8_bias(d), emin = 1 - bias;
  V sign = LLVMBuildShl(b, LLVMBuildLShr(b, bits, c32(g, 31), ""), c32(g, 7), "");
  V a = LLVMBuildAnd(b, bits, c32(g, 0x7fffffff), "");
  V E = LLVMBuildLShr(b, a, c32(g, 23), "");
  V mant = LLVMBuildAnd(b, a, c32(g, 0x7fffff), "");
  V normal = LLVMBuildICmp(b, LLVMIntNE, E, c32(g, 0), "");
  V sig = LLVMBuildOr(b, mant, sel(g, normal, c32(g, 0x800000), c32(g, 0)), "");
  /* unbiased exponent, float32 subnormals counted at -126 */
  V e = LLVMBuildSub(b, sel(g, normal, E, c32(g, 1)), c32(g, 127), "");
  /* bits dropped from the 24-bit significand: 23 - M, more below the fp8's smallest normal */
  V below = LLVMBuildICmp(b, LLVMIntSLT, e, c32(g, (unsigned)emin), "");
  V sh = LLVMBuildAdd(b, c32(g, (unsigned)(23 - M)), sel(g, below, LLVMBuildSub(b, c32(g, (unsigned)emin), e, ""), c32(g, 0)), "");
  sh = sel(g, ult(g, sh, c32(g, 31)), sh, c32(g, 31));
  V q = LLVMBuildLShr(b, sig, sh, ""); /* the fp8 significand, implicit bit included when normal */
  V rem = LLVMBuildSub(b, sig, LLVMBuildShl(b, q, sh, ""), "");
  V half = LLVMBuildShl(b, c32(g, 1), LLVMBuildSub(b, sh, c32(g, 1), ""), "");
  /* the code (exponent field << M | mantissa): subnormal, q itself; normal, q plus the biased
   * exponent above its implicit bit's place */
  V code = sel(g, below, q, LLVMBuildAdd(b, q, LLVMBuildShl(b, LLVMBuildAdd(b, e, c32(g, (unsigned)(bias - 1)), ""), c32(g, (unsigned)M), ""), ""));
  V odd = LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, q, c32(g, 1), ""), c32(g, 0), "");
  V up = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntUGT, rem, half, ""), LLVMBuildAnd(b, eq(g, rem, half), odd, ""), "");
  code = LLVMBuildAdd(b, code, LLVMBuildZExt(b, up, i32t(g), ""), ""); /* a carry steps the exponent */
  V over = LLVMBuildICmp(b, LLVMIntSGT, code, c32(g, fp8_maxcode(d)), ""); /* infinity too */
  V ovf = sel(g, sat, c32(g, fp8_maxcode(d)), c32(g, d == PJ_FP8_E5M2 ? 0x7c : 0x7f));
  code = LLVMBuildOr(b, sel(g, over, ovf, code), sign, "");
  V nan = LLVMBuildICmp(b, LLVMIntUGT, a, c32(g, 0x7f800000), "");
  return sel(g, nan, c32(g, 0x7f), code);
}

/* float32 bits (i32) -> e8m0 bits (i32); up: an i1, whether to round up (cudaRoundPosInf) rather
 * than toward zero; sat: an i1 */
V pj_cg_e8m0_encode(PjCg *g, V bits, V up, V sat) {
  LLVMBuilderRef b = g->b;
  V a = LLVMBuildAnd(b, bits, c32(g, 0x7fffffff), "");
  V E = LLVMBuildLShr(b, a, c32(g, 23), "");
  V mant = LLVMBuildAnd(b, a, c32(g, 0x7fffff), "");
  /* normal: E, plus one when rounding up an inexact power; float32 subnormals (and zero) lie below
   * 2^-126: 2^-127 (k = 0), or 2^-126 rounding up one above 2^-127 */
  V k_norm = LLVMBuildAdd(b, E, LLVMBuildZExt(b, LLVMBuildAnd(b, up, LLVMBuildICmp(b, LLVMIntNE, mant, c32(g, 0), ""), ""), i32t(g), ""), "");
  V k_sub = LLVMBuildZExt(b, LLVMBuildAnd(b, up, LLVMBuildICmp(b, LLVMIntUGT, mant, c32(g, 0x400000), ""), ""), i32t(g), "");
  V k = sel(g, eq(g, E, c32(g, 0)), k_sub, k_norm);
  V ovf = sel(g, sat, c32(g, 0xfe), c32(g, 0xff));
  k = sel(g, LLVMBuildICmp(b, LLVMIntUGT, k, c32(g, 0xfe), ""), ovf, k); /* infinity too */
  V nan = LLVMBuildICmp(b, LLVMIntUGT, a, c32(g, 0x7f800000), "");
  return sel(g, nan, c32(g, 0xff), k);
}

/* fp8 bits (i8) -> the float32 of that value (exact) */
static V fp8_decode(PjCg *g, V v, PjDtype d) {
  LLVMBuilderRef b = g->b;
  V c = LLVMBuildZExt(b, v, i32t(g), "");
  if (d == PJ_FP8_E8M0) {
    V bits = sel(g, eq(g, c, c32(g, 0)), c32(g, 0x400000), LLVMBuildShl(b, c, c32(g, 23), "")); /* 2^-127: a subnormal */
    bits = sel(g, eq(g, c, c32(g, 0xff)), c32(g, 0x7fc00000), bits);
    return LLVMBuildBitCast(b, bits, f32t(g), "");
  }
  int M = fp8_mbits(d), bias = fp8_bias(d);
  V mag = LLVMBuildAnd(b, c, c32(g, 0x7f), "");
  V E = LLVMBuildLShr(b, mag, c32(g, (unsigned)M), "");
  V m = LLVMBuildAnd(b, mag, c32(g, (1u << M) - 1), "");
  V zeroE = eq(g, E, c32(g, 0));
  V sig = sel(g, zeroE, m, LLVMBuildOr(b, m, c32(g, 1u << M), ""));
  /* value = sig * 2^(max(E, 1) - bias - M): the scale as a float32 built from its exponent bits */
  V ex = LLVMBuildSub(b, sel(g, zeroE, c32(g, 1), E), c32(g, (unsigned)(bias + M - 127)), "");
  V scale = LLVMBuildBitCast(b, LLVMBuildShl(b, ex, c32(g, 23), ""), f32t(g), "");
  V f = LLVMBuildFMul(b, LLVMBuildUIToFP(b, sig, f32t(g), ""), scale, "");
  V special = d == PJ_FP8_E5M2 ? LLVMBuildICmp(b, LLVMIntUGE, mag, c32(g, 0x7c), "") : eq(g, mag, c32(g, 0x7f));
  V spv = d == PJ_FP8_E5M2 ? sel(g, eq(g, mag, c32(g, 0x7c)), LLVMConstReal(f32t(g), INFINITY), LLVMConstReal(f32t(g), NAN))
                           : LLVMConstReal(f32t(g), NAN);
  f = sel(g, special, spv, f);
  V neg = LLVMBuildICmp(b, LLVMIntUGE, c, c32(g, 0x80), "");
  return sel(g, neg, LLVMBuildFNeg(b, f, ""), f);
}

/* any source (of dtype from) -> the bits (i32) of a float32 that rounds to the same fp8 */
V pj_cg_fp8_source_bits(PjCg *g, V v, PjDtype from) {
  LLVMBuilderRef b = g->b;
  if (from == PJ_FLOAT64) return pj_cg_f64_to_f32_odd(g, v);
  V f;
  if (pj_dtype_is_fp8(from)) f = fp8_decode(g, v, from);
  else if (pj_dtype_is_float(from)) f = from == PJ_FLOAT32 ? v : LLVMBuildFPExt(b, v, f32t(g), ""); /* exact */
  else if (from == PJ_BOOL) f = LLVMBuildUIToFP(b, v, f32t(g), "");
  else f = pj_dtype_is_signed(from) ? LLVMBuildSIToFP(b, v, f32t(g), "") : LLVMBuildUIToFP(b, v, f32t(g), "");
  return LLVMBuildBitCast(b, f, i32t(g), "");
}

V pj_cg_fp8_convert(PjCg *g, V v, PjDtype from, PjDtype to) {
  LLVMBuilderRef b = g->b;
  if (from == to) return v;
  LLVMTypeRef i1 = LLVMInt1TypeInContext(g->ctx);
  if (pj_dtype_is_fp8(to)) {
    if (pj_dtype_is_complex(from)) return NULL; /* the type checker refuses these */
    V bits = pj_cg_fp8_source_bits(g, v, from);
    V r = to == PJ_FP8_E8M0 ? pj_cg_e8m0_encode(g, bits, LLVMConstInt(i1, 0, 0), LLVMConstInt(i1, 1, 0))
                            : pj_cg_fp8_encode(g, bits, to, LLVMConstInt(i1, 1, 0));
    return LLVMBuildTrunc(b, r, i8t(g), "");
  }
  V f = fp8_decode(g, v, from);
  if (pj_dtype_is_float(to) || pj_dtype_is_complex(to) || to == PJ_BOOL) return pj_cg_convert_scalar(g, f, PJ_FLOAT32, to);
  /* integers: toward zero, saturated; NaN -> 0, or the minimum for 64 bits */
  LLVMTypeRef ft = f32t(g), it = pj_cg_dtype(g, to);
  f = pj_cg_call_intrinsic(g, "llvm.trunc", &ft, 1, &f, 1);
  LLVMTypeRef ov[2] = {it, ft};
  V r = pj_cg_call_intrinsic(g, pj_dtype_is_signed(to) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", ov, 2, &f, 1);
  if (pj_dtype_bits(to) == 64) r = sel(g, LLVMBuildFCmp(b, LLVMRealUNO, f, f, ""), LLVMConstInt(it, 1ull << 63, 0), r);
  return r;
}

/* ---- numba.cuda._internal.cuda_fp8's cvt_* intrinsics (CUDA's __nv_cvt_*_to_fp8 / _to_e8m0) ----
 * Into e5m2 / e4m3: to nearest even; an overflow (infinity too) saturates to the largest finite
 * code under SATFINITE (1), else gives e5m2's infinity 0x7c or e4m3's NaN 0x7f, the sign kept. A
 * float32 or bfloat16 NaN becomes 0x7f (CUDA makes it the float32 NaN 0x7fffffff first); a float64
 * NaN keeps its sign and, into e5m2, its two leading payload bits (0x7e | those). Into e8m0: the
 * exponent of |x| toward zero, or up (cudaRoundPosInf, 2) when x is no power of two (|x| at most
 * 2^-127 stays 2^-127); past 2^127 (infinity too) the largest code 0xfe under SATFINITE, else the
 * NaN 0xff; a float64 goes through a float32 rounded to odd, as CUDA's does. */

static LLVMTypeRef i16t(PjCg *g) { return LLVMInt16TypeInContext(g->ctx); }
static LLVMTypeRef i64t(PjCg *g) { return LLVMInt64TypeInContext(g->ctx); }

/* x (float32, float64, or a bfloat16's bits as i16) -> the bits (i32) of a float32 that converts
 * to the same fp8 or e8m0 */
static V cvt_source_bits(PjCg *g, V x, int from) {
  LLVMBuilderRef b = g->b;
  if (from == PJ_FP8CVT_DOUBLE) return pj_cg_f64_to_f32_odd(g, x);
  if (from == PJ_FP8CVT_BF16RAW) return LLVMBuildShl(b, LLVMBuildZExt(b, x, i32t(g), ""), c32(g, 16), "");
  return LLVMBuildBitCast(b, x, i32t(g), "");
}

/* one value into fp8 (i32 code); e4: an i1, e4m3 (else e5m2) */
static V cvt_to_fp8(PjCg *g, V x, int from, V sat, V e4) {
  LLVMBuilderRef b = g->b;
  V bits = cvt_source_bits(g, x, from);
  V r = sel(g, e4, pj_cg_fp8_encode(g, bits, PJ_FP8_E4M3, sat), pj_cg_fp8_encode(g, bits, PJ_FP8_E5M2, sat));
  if (from != PJ_FP8CVT_DOUBLE) return r;
  V hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, LLVMBuildBitCast(b, x, i64t(g), ""), LLVMConstInt(i64t(g), 32, 0), ""), i32t(g), "");
  V sign = LLVMBuildShl(b, LLVMBuildLShr(b, hi, c32(g, 31), ""), c32(g, 7), "");
  V nan4 = LLVMBuildOr(b, c32(g, 0x7f), sign, "");
  V nan5 = LLVMBuildOr(b, LLVMBuildOr(b, c32(g, 0x7e), LLVMBuildAnd(b, LLVMBuildLShr(b, hi, c32(g, 18), ""), c32(g, 3), ""), ""), sign, "");
  return sel(g, LLVMBuildFCmp(b, LLVMRealUNO, x, x, ""), sel(g, e4, nan4, nan5), r);
}

static V cvt_one(PjCg *g, V x, int from, int into, V sat, V mode) {
  return into == PJ_FP8CVT_TO_FP8 ? cvt_to_fp8(g, x, from, sat, mode) : pj_cg_e8m0_encode(g, cvt_source_bits(g, x, from), mode, sat);
}

LLVMValueRef pj_cg_fp8cvt(PjCg *g, const PjExpr *e, int dim) {
  LLVMBuilderRef b = g->b;
  int from = PJ_FP8CVT_FROM(dim), into = PJ_FP8CVT_INTO(dim), n = PJ_FP8CVT_COUNT(dim);
  V x = pj_cg_expr(g, e->builtin.args[0]);
  if (into == PJ_FP8CVT_TO_BF16RAW) { /* e8m0 -> bfloat16 bits: 2^(k-127); 0: 2^-127 (a subnormal), 0xff: NaN */
    V k = LLVMBuildZExt(b, x, i32t(g), "");
    V r = sel(g, eq(g, k, c32(g, 0)), c32(g, 0x40), LLVMBuildShl(b, k, c32(g, 7), ""));
    r = LLVMBuildTrunc(b, sel(g, eq(g, k, c32(g, 0xff)), c32(g, 0x7fff), r), i16t(g), "");
    return LLVMBuildInsertValue(b, LLVMGetUndef(pj_cg_type(g, e->type)), r, 0, "");
  }
  V s = pj_cg_expr(g, e->builtin.args[1]), m = pj_cg_expr(g, e->builtin.args[2]);
  LLVMTypeRef mt = LLVMTypeOf(s);
  V sat = LLVMBuildICmp(b, LLVMIntEQ, s, LLVMConstInt(mt, 1, 0), ""); /* __NV_SATFINITE */
  /* fp8: __NV_E4M3 (0), else e5m2; e8m0: cudaRoundPosInf (2) rounds up, else toward zero */
  V mode = LLVMBuildICmp(b, LLVMIntEQ, m, LLVMConstInt(LLVMTypeOf(m), into == PJ_FP8CVT_TO_FP8 ? 0 : 2, 0), "");
  if (from == PJ_FP8CVT_BF16RAW) x = LLVMBuildExtractValue(b, x, 0, "");
  if (n == 1) return LLVMBuildTrunc(b, cvt_one(g, x, from, into, sat, mode), i8t(g), "");
  V lo = cvt_one(g, LLVMBuildExtractValue(b, x, 0, ""), from, into, sat, mode);
  V hi = cvt_one(g, LLVMBuildExtractValue(b, x, 1, ""), from, into, sat, mode);
  return LLVMBuildTrunc(b, LLVMBuildOr(b, LLVMBuildShl(b, hi, c32(g, 8), ""), lo, ""), i16t(g), "");
}
